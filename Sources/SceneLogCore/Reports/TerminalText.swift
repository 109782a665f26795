/// Log text made safe for one terminal line, and the styling the text renderers share.
enum TerminalText {
    /// ANSI SGR styles.
    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", cyan = "36"
    }

    /// The colour of a severity: error red, warning yellow, note blue.
    static func style(of severity: Severity) -> Style {
        switch severity {
        case .error: .red
        case .warning: .yellow
        case .note: .blue
        }
    }

    /// The colour of an outcome: active green, incomplete dim, every other ending red.
    static func style(of outcome: LaunchOutcome) -> Style {
        switch outcome {
        case .active: .green
        case .incomplete: .dim
        default: .red
        }
    }

    /// `text` in `style` when `color` is on.
    static func paint(_ text: String, _ style: Style, color: Bool) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// `text` padded with spaces to `width` characters (on the left with `left`).
    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        guard text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return left ? padding + text : text + padding
    }

    /// `text` with control characters (ANSI escapes, CR, C1 controls) shown as `\u{…}`; a newline
    /// becomes ` ⏎ `.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                result += scalar == "\n" ? " ⏎ " : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
