/// The human-readable report: one line per input, then the totals.
struct TextRenderer {
    let options: RenderOptions

    func render(_ report: ScanReport) -> String {
        var output = ""
        let pathWidth = min(report.inputs.map(\.path.count).max() ?? 0, 60)
        for input in report.inputs {
            let format = input.format?.rawValue ?? "unknown format"
            output += pad(input.path, pathWidth) + "  " + paint(pad(format, 15), .cyan) + "  "
            output += "\(grouped(input.lines)) lines: \(grouped(input.records)) records, "
            output += "\(grouped(input.continuationLines)) continuation, "
            let unparsed = "\(grouped(input.unparsedLines)) unparsed"
            output += input.unparsedLines > 0 ? paint(unparsed, .yellow) : unparsed
            if input.truncatedLines > 0 { output += ", " + paint("\(grouped(input.truncatedLines)) cut", .yellow) }
            if let span = input.timeSpan, let first = span.first.iso8601, let last = span.last.iso8601 {
                output += "; \(first) → \(last)"
            }
            output += "\n"
        }
        let totals = report.totals
        let inputs = report.inputs.count == 1 ? "1 input" : "\(report.inputs.count) inputs"
        output += paint("Scanned \(inputs)", .bold)
        output += ": \(grouped(totals.lines)) lines, \(grouped(totals.records)) records, "
        output += "\(grouped(totals.continuationLines)) continuation, \(grouped(totals.unparsedLines)) unparsed.\n"
        return output
    }

    private enum Style: String {
        case bold = "1"
        case cyan = "36"
        case yellow = "33"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        options.color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// `1234567` → `1,234,567`.
    private func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}
