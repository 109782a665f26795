extension Escaping {
    /// The most characters of log text a Markdown table cell shows.
    static let markdownCellLimit = 300

    /// `text` for a GitHub-flavoured Markdown table cell: on one line (``terminalLine(_:)``), cut
    /// to ``markdownCellLimit`` characters, with `|` escaped so the row keeps its columns, `<`, `>`
    /// and `&` as character references so no HTML gets in, and Markdown's emphasis, code, link,
    /// heading and strike-through characters backslash-escaped so they stay text.
    static func markdownCell(_ text: String) -> String {
        replacingCharacters(in: terminalLine(text).prefix(markdownCellLimit)) { character in
            switch character {
            case "|": "\\|"
            case "*", "_", "`", "[", "]", "#", "~", "\\": "\\" + String(character)
            default: characterReference(for: character)
            }
        }
    }

    /// `text` (a rule's explanation or fix, from a rules file) as a Markdown paragraph: on one line
    /// (``terminalLine(_:)``), with `<`, `>` and `&` as character references so that no HTML gets
    /// in (`<role>` shows as written). Nothing is cut.
    static func markdownParagraph(_ text: String) -> String {
        replacingCharacters(in: terminalLine(text), characterReference(for:))
    }

    /// `&lt;`, `&gt;` or `&amp;` for `<`, `>` or `&`, so that no HTML gets into Markdown; `nil` for
    /// any other character.
    private static func characterReference(for character: Character) -> String? {
        switch character {
        case "<": "&lt;"
        case ">": "&gt;"
        case "&": "&amp;"
        default: nil
        }
    }

    /// `characters` as a string, each character for which `replacement` gives a string replaced by it.
    private static func replacingCharacters(in characters: some Sequence<Character>, _ replacement: (Character) -> String?) -> String {
        var result = ""
        for character in characters {
            if let replaced = replacement(character) { result += replaced } else { result.append(character) }
        }
        return result
    }

    /// `text` inside a Markdown code span in a table: on one line (``terminalLine(_:)``), a
    /// backtick, which would end the span, becomes `'`, and `|` is escaped.
    static func markdownCode(_ text: String) -> String {
        replacingCharacters(in: terminalLine(text)) { character in
            switch character {
            case "`": "'"
            case "|": "\\|"
            default: nil
            }
        }
    }
}
