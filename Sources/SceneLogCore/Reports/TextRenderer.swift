import Foundation

/// The human-readable report: the findings, grouped where they repeat, the launches (one line
/// each, up to ``launchListLimit`` of them unless every launch is asked for), each app's launch
/// statistics, then one line per input and the totals.
struct TextRenderer {
    /// From this many launches on, the report lists them only when asked (`--verbose`).
    static let launchListLimit = 50

    let options: RenderOptions

    func render(_ digest: ReportDigest) -> String {
        let report = digest.report
        var output = ""
        let findingGroups = FindingGroups(report.findings)
        for group in findingGroups.groups {
            output += render(group, rule: report.rules[group.first.rule], showsDevice: digest.showsDevices)
        }
        if let note = findingGroups.unlistedNote { output += paint(note, .dim) + "\n" }
        if !findingGroups.groups.isEmpty { output += "\n" }
        if !report.launches.isEmpty {
            let timeline = TimelineRenderer(options: options)
            output += paint("Launches", .bold) + "\n"
            if report.launches.count < Self.launchListLimit || options.listsEveryLaunch {
                for launch in report.launches { output += "  " + timeline.renderSummaryLine(launch, showsDevice: digest.showsDevices) }
            } else {
                output += "  \(grouped(report.launches.count)) launches; --verbose lists each, `scenelog timeline` draws them.\n"
            }
            output += "\n" + renderApps(digest.apps) + "\n"
        }
        output += renderInputs(digest)
        if let baseline = digest.baseline { output += render(baseline) }
        return output
    }

    /// What changed since the baseline.
    private func render(_ baseline: BaselineDigest) -> String {
        var output = "\n" + paint("Compared with \(Escaping.terminalLine(baseline.diff.baselinePath))", .bold) + ": " + baseline.counts + ".\n"
        for group in baseline.newGroups.groups {
            output += "  " + paint(BaselineState.new.rawValue, .red) + "    \(group.first.rule)  \(Escaping.terminalLine(group.first.message))  "
                + paint(Escaping.terminalLine(group.first.location.description), .dim) + "\n"
        }
        for group in baseline.fixedGroups.groups {
            output += "  " + paint("fixed", .green) + "  \(group.first.rule)  \(Escaping.terminalLine(group.first.message))\n"
        }
        for group in baseline.notSeenGroups.groups {
            output += "  " + paint("not seen", .yellow) + "  \(group.first.rule)  \(Escaping.terminalLine(group.first.message))  "
                + paint(Escaping.terminalLine(group.first.location.path) + " not read or its app absent", .dim) + "\n"
        }
        for regression in baseline.diff.launchRegressions {
            output += "  " + paint(regression.kind.name, .red) + " " + Escaping.terminalLine(regression.summary) + "\n"
        }
        if let note = baseline.diff.timedToTheSecondNote { output += "  " + paint(note, .dim) + "\n" }
        return output
    }

    private func render(_ group: FindingGroup, rule: RuleDescription?, showsDevice: Bool) -> String {
        let finding = group.first
        var line = paint(finding.severity.rawValue, TerminalText.style(of: finding.severity)) + " " + paint(finding.rule, .bold)
        if let process = finding.process { line += "  " + paint(Escaping.terminalLine(process), .cyan) }
        if showsDevice, let device = finding.device { line += " on " + Escaping.terminalLine(device) }
        if group.count > 1 {
            line += "  \(group.count)× \(Escaping.terminalLine(finding.location.description)) … \(Escaping.terminalLine(group.last.location.description))"
        } else {
            line += "  " + Escaping.terminalLine(finding.location.description)
        }
        var output = line + "\n    " + Escaping.terminalLine(finding.message) + "\n"
        if !finding.data.isEmpty {
            let pairs = finding.data.sorted { $0.key < $1.key }.map { "\($0.key)=\(quotedIfNeeded(Escaping.terminalLine($0.value)))" }
            output += "    " + paint("data:", .dim) + " " + pairs.joined(separator: " ") + "\n"
        }
        if !finding.evidence.isEmpty {
            let lines = finding.evidence.map { $0.path == finding.location.path ? "line \($0.line)" : $0.description }
            output += "    " + paint("also told at:", .dim) + " " + Escaping.terminalLine(lines.joined(separator: ", ")) + "\n"
        }
        if let fix = rule?.fix, let hint = Self.firstSentence(of: fix) {
            output += "    " + paint("fix:", .dim) + " " + Escaping.terminalLine(hint) + "\n"
        }
        return output
    }

    /// One line per app: launches by outcome and start, and time to active (p50, p90, max).
    private func renderApps(_ apps: [AppLaunchStatistics]) -> String {
        var output = paint("Apps", .bold) + "\n"
        let names = apps.map { Escaping.terminalLine($0.app) }
        let width = min(names.map(\.count).max() ?? 0, 40)
        for (app, name) in zip(apps, names) {
            output += "  " + pad(name, width) + "  \(app.launches) launch\(app.launches == 1 ? "" : "es") ("
                + app.outcomeCounts.list + "; " + app.startList + ")"
            if let p50 = app.timeToActiveP50Ms, let p90 = app.timeToActiveP90Ms, let max = app.timeToActiveMaxMs {
                output += "  time to active p50 \(p50) ms, p90 \(p90) ms, max \(max) ms"
                if app.timedLaunches < app.launches { output += paint(" (\(app.timedLaunches) timed)", .dim) }
            }
            output += "\n"
        }
        return output
    }

    private func renderInputs(_ digest: ReportDigest) -> String {
        let report = digest.report
        var output = ""
        let paths = report.inputs.map { Escaping.terminalLine($0.path) }
        let pathWidth = min(paths.map(\.count).max() ?? 0, 60)
        for (input, path) in zip(report.inputs, paths) {
            let note = input.note.map(Escaping.terminalLine)
            if input.lines == 0, let note {
                // Not read as text: a logarchive, say.
                output += pad(path, pathWidth) + "  " + paint(pad("not read", 15), .yellow) + "  " + note + "\n"
                continue
            }
            let format = input.formatName ?? "unknown format"
            output += pad(path, pathWidth) + "  " + paint(pad(format, 15), .cyan) + "  "
            output += "\(grouped(input.lines)) lines: \(grouped(input.records)) records, "
            output += "\(grouped(input.continuationLines)) continuation, "
            let unparsed = "\(grouped(input.unparsedLines)) unparsed"
            output += input.unparsedLines > 0 ? paint(unparsed, .yellow) : unparsed
            if input.truncatedLines > 0 { output += ", " + paint("\(grouped(input.truncatedLines)) cut", .yellow) }
            if let span = input.timeSpan, let first = span.first.iso8601, let last = span.last.iso8601 {
                output += "; \(first) → \(last)"
            }
            output += "\n"
            if let note { output += "    " + paint(note, .dim) + "\n" }
        }
        let totals = digest.totals
        let inputs = report.inputs.count == 1 ? "1 input" : "\(report.inputs.count) inputs"
        output += paint("Scanned \(inputs)", .bold)
        output += ": \(grouped(totals.lines)) lines, \(grouped(totals.records)) records, "
        output += "\(grouped(totals.continuationLines)) continuation, \(grouped(totals.unparsedLines)) unparsed.\n"
        output += "Findings: " + digest.severityCounts.map { severity, count in
            "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }.joined(separator: ", ") + ". Launches: \(report.launches.count).\n"
        if report.readNothing { output += paint(ScanReport.nothingReadNote, .yellow) + "\n" }
        if report.interrupted { output += paint(ScanReport.interruptedNote, .yellow) + "\n" }
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
