/// The escapers the command line needs for its own messages on standard error: names (paths,
/// arguments) and messages are untrusted, and are shown as the library's diagnostics show them.
public enum DiagnosticText {
    /// `text` with every control character and bidirectional formatting character shown as
    /// `\u{…}` (``Escaping/visible(_:limit:)``), line by line: the newlines a message is written
    /// with stay, nothing else reaches the terminal. Already escaped text is left as it is.
    public static func visibleLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Escaping.visible(String($0), limit: Int.max) }.joined(separator: "\n")
    }

    /// `text` as one POSIX shell word (``Escaping/shellWord(_:asArgument:)``), or nil when it
    /// cannot be shown safely on one line.
    public static func shellWord(_ text: String) -> String? {
        Escaping.isShownSafely(text) ? Escaping.shellWord(text, asArgument: true) : nil
    }
}
