/// The styling the text renderers share: colours and padding (log text is made safe for a line by
/// ``Escaping/terminalLine(_:)``).
enum TerminalText {
    /// ANSI SGR styles.
    enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36"
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

    /// Appends `text` padded with spaces to `width` characters (on the left with `left`) to `output`.
    static func append(_ text: String, paddedTo width: Int, left: Bool = false, to output: inout String) {
        let padding = max(width - text.count, 0)
        if !left { output += text }
        for _ in 0..<padding { output.append(" ") }
        if left { output += text }
    }

    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        guard text.count < width else { return text }
        let padding = String(repeating: " ", count: width - text.count)
        return left ? padding + text : text + padding
    }
}
