import Foundation

/// The human-readable report: the findings, grouped where they repeat, then one line per input and
/// the totals.
struct TextRenderer {
    let options: RenderOptions

    func render(_ report: ScanReport) -> String {
        var output = ""
        let groups = FindingGroup.grouping(report.findings)
        for group in groups {
            output += render(group, rule: report.rules[group.first.rule])
        }
        if !groups.isEmpty { output += "\n" }
        if !report.launches.isEmpty {
            let timeline = TimelineRenderer(options: options)
            output += paint("Launches", .bold) + "\n" + report.launches.map { "  " + timeline.renderSummaryLine($0) }.joined() + "\n"
        }
        output += renderInputs(report)
        if let baseline = report.baseline { output += render(baseline) }
        return output
    }

    /// What changed since the baseline.
    private func render(_ diff: BaselineDiff) -> String {
        var output = "\n" + paint("Compared with \(diff.baselinePath)", .bold) + ": "
        output += "\(diff.newFindings.count) new, \(diff.fixedFindings.count) fixed, \(diff.unchangedFindings.count) unchanged findings; "
        output += "\(diff.launchRegressions.count) launch regression\(diff.launchRegressions.count == 1 ? "" : "s").\n"
        for group in FindingGroup.grouping(diff.newFindings) {
            output += "  " + paint("new", .red) + "    \(group.first.rule)  \(TerminalText.printable(group.first.message))  "
                + paint("\(group.first.location)", .dim) + "\n"
        }
        for group in FindingGroup.grouping(diff.fixedFindings) {
            output += "  " + paint("fixed", .green) + "  \(group.first.rule)  \(TerminalText.printable(group.first.message))\n"
        }
        for regression in diff.launchRegressions {
            let label = if case .slower = regression.kind { "slower" } else { "worse" }
            output += "  " + paint(label, .red) + " " + TerminalText.printable(regression.summary) + "\n"
        }
        return output
    }

    private func render(_ group: FindingGroup, rule: RuleDescription?) -> String {
        let finding = group.first
        var line = paint(finding.severity.rawValue, TerminalText.style(of: finding.severity)) + " " + paint(finding.rule, .bold)
        if let process = finding.process { line += "  " + paint(process, .cyan) }
        if group.count > 1 {
            line += "  \(group.count)× \(finding.location) … \(group.last.location)"
        } else {
            line += "  \(finding.location)"
        }
        var output = line + "\n    " + TerminalText.printable(finding.message) + "\n"
        if !finding.data.isEmpty {
            let pairs = finding.data.sorted { $0.key < $1.key }.map { "\($0.key)=\(quotedIfNeeded(TerminalText.printable($0.value)))" }
            output += "    " + paint("data:", .dim) + " " + pairs.joined(separator: " ") + "\n"
        }
        if let fix = rule?.fix, let hint = Self.firstSentence(of: fix) {
            output += "    " + paint("fix:", .dim) + " " + hint + "\n"
        }
        return output
    }

    private func renderInputs(_ report: ScanReport) -> String {
        var output = ""
        let pathWidth = min(report.inputs.map(\.path.count).max() ?? 0, 60)
        for input in report.inputs {
            if input.lines == 0, let note = input.note {
                // Not read as text: a logarchive, say.
                output += pad(input.path, pathWidth) + "  " + paint(pad("not read", 15), .yellow) + "  " + note + "\n"
                continue
            }
            let format = input.formatName ?? "unknown format"
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
            if let note = input.note { output += "    " + paint(note, .dim) + "\n" }
        }
        let totals = report.totals
        let inputs = report.inputs.count == 1 ? "1 input" : "\(report.inputs.count) inputs"
        output += paint("Scanned \(inputs)", .bold)
        output += ": \(grouped(totals.lines)) lines, \(grouped(totals.records)) records, "
        output += "\(grouped(totals.continuationLines)) continuation, \(grouped(totals.unparsedLines)) unparsed.\n"
        let counts = report.findingsBySeverity
        output += "Findings: " + Severity.allCases.reversed().map { severity in
            let count = counts[severity] ?? 0
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }.joined(separator: ", ") + ". Launches: \(report.launches.count).\n"
        return output
    }

    /// The fix's first sentence, as a one-line hint.
    static func firstSentence(of text: String) -> String? {
        let trimmed = text.split(separator: "\n").joined(separator: " ")
        guard !trimmed.isEmpty else { return nil }
        if let end = trimmed.range(of: ". ") { return String(trimmed[..<end.lowerBound]) + "." }
        return trimmed
    }

    private typealias Style = TerminalText.Style

    private func paint(_ text: String, _ style: Style) -> String {
        TerminalText.paint(text, style, color: options.color)
    }

    private func pad(_ text: String, _ width: Int) -> String {
        TerminalText.pad(text, width)
    }

    private func quotedIfNeeded(_ text: String) -> String {
        text.contains(" ") || text.isEmpty ? "\"\(text)\"" : text
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
