extension Escaping {
    /// `text` as one word for a POSIX shell, for a command a user is told to paste: in single
    /// quotes, each `'` in it written `'\''`, so that nothing in it (`$(…)`, backquotes, `;`,
    /// globs) is expanded or run. With `asArgument`, a path that starts with `-` gets `./` in
    /// front, so that the command does not take it for an option.
    ///
    /// A name for which ``isShownSafely(_:)`` is false should get no command at all: its control
    /// characters could not be shown on the line.
    static func shellWord(_ text: String, asArgument: Bool = false) -> String {
        let word = asArgument && text.hasPrefix("-") ? "./" + text : text
        return "'" + replacingScalars(in: word.unicodeScalars) { $0 == "'" ? "'\\''" : nil } + "'"
    }

    /// Whether `name` can be shown on one line as it is: no control character (newline included),
    /// no bidirectional formatting character and no byte that is not UTF-8.
    static func isShownSafely(_ name: String) -> Bool {
        !name.unicodeScalars.contains { isControl($0) || isLayoutControl($0) || PathBytes.escapedByte($0) != nil }
    }
}
