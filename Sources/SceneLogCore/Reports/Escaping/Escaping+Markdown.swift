extension Escaping {
    /// The most characters of log text a Markdown table cell shows.
    static let markdownCellLimit = 300

    /// `text` for a GitHub-flavoured Markdown table cell: on one line (``terminalLine(_:)``), cut
    /// to ``markdownCellLimit`` characters, with `|` escaped so the row keeps its columns, `<`, `>`
    /// and `&` as character references so no HTML gets in, and Markdown's emphasis, code, link,
    /// heading and strike-through characters backslash-escaped so they stay text.
    static func markdownCell(_ text: String) -> String {
        var result = ""
        for character in terminalLine(text).prefix(markdownCellLimit) {
            switch character {
            case "|": result += "\\|"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "*", "_", "`", "[", "]", "#", "~", "\\": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` (a rule's explanation or fix, from a rules file) as a Markdown paragraph: on one line
    /// (``terminalLine(_:)``), with `<`, `>` and `&` as character references so that no HTML gets
    /// in (`<role>` shows as written). Nothing is cut.
    static func markdownParagraph(_ text: String) -> String {
        var result = ""
        for character in terminalLine(text) {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` inside a Markdown code span in a table: on one line (``terminalLine(_:)``), a
    /// backtick, which would end the span, becomes `'`, and `|` is escaped.
    static func markdownCode(_ text: String) -> String {
        var result = ""
        for character in terminalLine(text) {
            switch character {
            case "`": result += "'"
            case "|": result += "\\|"
            default: result.append(character)
            }
        }
        return result
    }
}
