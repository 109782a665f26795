import Foundation

/// The human-readable report: the findings under a heading per file (its path), errors first, then
/// warnings, then notes, grouped where they repeat within the file, with the lines of the log
/// around each when asked (``RenderOptions/context``); the launches (one line each, up to
/// ``launchListLimit`` of them unless every launch is asked for), each app's launch statistics,
/// then one line per input and the totals. Lines are wrapped to ``RenderOptions/width``.
struct TextRenderer {
    /// From this many launches on, the report lists them only when asked (`--verbose`).
    static let launchListLimit = 50

    let options: RenderOptions

    func render(_ digest: ReportDigest) -> String {
        let report = digest.report
        var output = ""
        let findingGroups = FindingGroups(report.findings, byFile: true)
        for (index, file) in FileFindingGroups.byFile(findingGroups.groups).enumerated() {
            if index > 0 { output += "\n" }
            output += render(file, rules: report.rules, showsDevice: digest.showsDevices)
        }
        if let note = findingGroups.unlistedNote { output += wrap(paint(note, .dim), indent: 0) + "\n" }
        if !findingGroups.groups.isEmpty { output += "\n" }
        if !report.launches.isEmpty {
            let timeline = TimelineRenderer(options: options)
            output += paint("Launches", .bold) + "\n"
            if report.launches.count < Self.launchListLimit || options.listsEveryLaunch {
                for launch in report.launches {
                    output += wrapEach("  " + timeline.renderSummaryLine(launch, showsDevice: digest.showsDevices), indent: 6)
                }
            } else {
                output += "  \(grouped(report.launches.count)) launches; --verbose lists each, `scenelog timeline` draws them.\n"
            }
            output += "\n" + wrapEach(renderApps(digest.apps, notListed: digest.launchesOfAppsNotListed), indent: 4) + "\n"
        }
        output += wrapEach(renderInputs(digest), indent: 4)
        if let baseline = digest.baseline { output += wrapEach(render(baseline), indent: 4) }
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

    /// A file's heading, then its findings; with context asked for, the note that says why the
    /// file's lines cannot be shown, once.
    private func render(_ file: FileFindingGroups, rules: [String: RuleDescription], showsDevice: Bool) -> String {
        var output = wrap(paint(Escaping.terminalLine(file.path), .magenta), indent: 0) + "\n"
        var context = options.context.map { ContextRenderer(context: $0, options: options) }
        if let unavailable = options.context?.unavailability(of: file.path) {
            output += wrap(paint(unavailable.note, .dim), indent: 0) + "\n"
            context = nil
        }
        for group in file.groups {
            output += render(group, rule: rules[group.first.rule], showsDevice: showsDevice, context: context)
        }
        return output
    }

    /// Lines under a finding's first line start this far in.
    private static let bodyIndent = 4

    private func render(_ group: FindingGroup, rule: RuleDescription?, showsDevice: Bool, context: ContextRenderer?) -> String {
        let finding = group.first
        var line = paint(finding.severity.rawValue, TerminalText.style(of: finding.severity)) + " " + paint(finding.rule, .bold)
        if let process = finding.process { line += "  " + paint(Escaping.terminalLine(process), .cyan) }
        if showsDevice, let device = finding.device { line += " on " + Escaping.terminalLine(device) }
        let (first, last) = (finding.location.line, group.last.location.line)
        line += "  " + (group.count > 1 ? "\(group.count)× " : "") + (first == last ? "line \(first)" : "lines \(first) … \(last)")
        var output = wrap(line, indent: Self.bodyIndent) + "\n"
        output += body(Escaping.terminalLine(finding.message))
        if !finding.data.isEmpty {
            let pairs = finding.data.sorted { $0.key < $1.key }.map { "\($0.key)=\(quotedIfNeeded(Escaping.terminalLine($0.value)))" }
            output += body(pairs.joined(separator: " "), label: "data:")
        }
        if !finding.evidence.isEmpty {
            let lines = finding.evidence.map { $0.path == finding.location.path ? "line \($0.line)" : $0.description }
            output += body(Escaping.terminalLine(lines.joined(separator: ", ")), label: "also told at:")
        }
        if let fix = rule?.fix, let hint = Self.firstSentence(of: fix) {
            output += body(Escaping.terminalLine(hint), label: "fix:")
        }
        if let context { output += context.render(around: finding.location, indent: Self.bodyIndent + 2) }
        return output
    }

    /// A line under a finding, after its dim `label` when it has one, wrapped under its text.
    private func body(_ text: String, label: String? = nil) -> String {
        let indentation = String(repeating: " ", count: Self.bodyIndent)
        guard let label else { return wrap(indentation + text, indent: Self.bodyIndent) + "\n" }
        return wrap(indentation + paint(label, .dim) + " " + text, indent: Self.bodyIndent + label.count + 1) + "\n"
    }

    /// One line per app: launches by outcome and start, and time to active (p50, p90, max).
    private func renderApps(_ apps: [AppLaunchStatistics], notListed: Int) -> String {
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
        if notListed > 0 { output += "  " + paint(AppLaunchStatistics.notListed(notListed) + ".", .dim) + "\n" }
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
            output += "\(counted(input.lines, "line")): \(counted(input.records, "record")), "
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
        output += paint("Scanned \(counted(report.inputs.count, "input"))", .bold)
        output += ": \(counted(totals.lines, "line")), \(counted(totals.records, "record")), "
        output += "\(grouped(totals.continuationLines)) continuation, \(grouped(totals.unparsedLines)) unparsed.\n"
        output += "Findings: " + digest.severityCounts.map { severity, count in
            counted(count, severity.rawValue)
        }.joined(separator: ", ") + ". Launches: \(grouped(report.launches.count)).\n"
        if report.readNothing { output += paint(ScanReport.nothingReadNote, .yellow) + "\n" }
        if report.interrupted { output += paint(ScanReport.interruptedNote, .yellow) + "\n" }
        if let note = report.unreadableNote { output += paint(Escaping.terminalLine(note), .yellow) + "\n" }
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

    /// `line` wrapped to the terminal's width, continuation lines `indent` columns in.
    private func wrap(_ line: String, indent: Int) -> String {
        TextWrapper(width: options.width).wrap(line, indent: indent)
    }

    /// Each line of `text` wrapped (``wrap(_:indent:)``).
    private func wrapEach(_ text: String, indent: Int) -> String {
        guard options.width != nil else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { wrap(String($0), indent: indent) }
            .joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        TerminalText.pad(text, width)
    }

    private func quotedIfNeeded(_ text: String) -> String {
        text.contains(" ") || text.isEmpty ? "\"\(text)\"" : text
    }


    /// `count` grouped, and `noun` (`1 line`, `2 lines`).
    private func counted(_ count: Int, _ noun: String) -> String {
        "\(grouped(count)) \(noun)\(count == 1 ? "" : "s")"
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
