/// GitHub-flavoured Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`: the verdict,
/// the baseline diff, launches, findings grouped by rule with their fix, and inputs. Kept under
/// ``maximumBytes`` by cutting the longest sections, with a note saying so.
struct MarkdownRenderer {
    /// GitHub refuses step summaries and comments beyond 1 MiB.
    static let maximumBytes = 1 << 20
    /// Rows per table before the rest is left out with a note.
    var maximumRows = 200

    func render(_ digest: ReportDigest, options: RenderOptions) -> String {
        var output = render(digest, options: options, rows: maximumRows)
        var rows = maximumRows
        while output.utf8.count > Self.maximumBytes, rows > 1 {
            rows /= 2
            output = render(digest, options: options, rows: rows)
        }
        return output
    }

    private func render(_ digest: ReportDigest, options: RenderOptions, rows: Int) -> String {
        let report = digest.report
        let verdict = ReportVerdict(report, options: options)
        var output = "## scenelog: \(verdict.symbol) \(verdict.text)\n\n"
        output += summary(digest)
        if report.readNothing { output += "> ⚠️ \(ScanReport.nothingReadNote)\n\n" }
        if report.interrupted { output += "> ⚠️ \(ScanReport.interruptedNote)\n\n" }
        if let note = report.unreadableNote { output += "> ⚠️ \(Escaping.markdownCell(note))\n\n" }
        if let baseline = digest.baseline { output += diff(baseline, rows: rows, showsDevices: digest.showsDevices) }
        output += apps(digest.apps, rows: rows, notListed: digest.launchesOfAppsNotListed)
        output += launches(report.launches, rows: rows, showsDevices: digest.showsDevices)
        output += findings(digest, rows: rows)
        output += inputs(report.inputs, rows: rows)
        if rows < maximumRows {
            output += "\n> Tables are cut to \(rows) rows to keep this under 1 MiB; the JSON or HTML report has everything.\n"
        }
        return output
    }

    private func summary(_ digest: ReportDigest) -> String {
        let outcomes = digest.outcomeCounts
        return "| Errors | Warnings | Notes | Launches | Lines |\n|---:|---:|---:|---|---:|\n"
            + "| \(digest.count(of: .error)) | \(digest.count(of: .warning)) | \(digest.count(of: .note)) | \(outcomes.total)"
            + (outcomes.entries.isEmpty ? "" : " (\(outcomes.list))") + " | \(digest.totals.lines) |\n\n"
    }

    private func diff(_ baseline: BaselineDigest, rows: Int, showsDevices: Bool) -> String {
        let diff = baseline.diff
        var output = "### Since the baseline\n\n"
        output += baseline.counts + " (compared with `\(code(diff.baselinePath))`).\n\n"
        if !diff.launchRegressions.isEmpty {
            output += diff.launchRegressions.map { "- ⏱ " + cell($0.summary) + "\n" }.joined() + "\n"
        }
        if let note = diff.timedToTheSecondNote { output += "_\(note)_\n\n" }
        let changes = baseline.newGroups.groups.map { ("🆕 new", $0) } + baseline.fixedGroups.groups.map { ("✔️ fixed", $0) }
            + baseline.notSeenGroups.groups.map { ("❔ not seen", $0) }
        guard !changes.isEmpty else { return output }
        output += "| | Rule | Process | Message | Where |\n|---|---|---|---|---|\n"
        for (label, group) in changes.prefix(rows) {
            output += "| \(label) | `\(code(group.first.rule))` | \(who(group.first, showsDevices)) | \(cell(group.first.message)) | "
                + "\(location(group.first)) |\n"
        }
        return output + omitted(changes.count, rows) + "\n"
    }

    /// One row per app: launches, outcomes, starts and time to active (p50, p90, max).
    private func apps(_ apps: [AppLaunchStatistics], rows: Int, notListed: Int) -> String {
        guard !apps.isEmpty else { return "" }
        var output = "### Apps\n\n| App | Launches | Outcomes | Starts | p50 | p90 | Max |\n|---|---:|---|---|---:|---:|---:|\n"
        for app in apps.prefix(rows) {
            let times = [app.timeToActiveP50Ms, app.timeToActiveP90Ms, app.timeToActiveMaxMs].map { $0.map { "\($0) ms" } ?? "–" }
            output += "| \(cell(app.app)) | \(app.launches) | \(app.outcomeCounts.list) | \(app.startList) | "
                + times.joined(separator: " | ") + " |\n"
        }
        let past = notListed > 0 ? "\n_" + AppLaunchStatistics.notListed(notListed) + "._\n" : ""
        return output + omitted(apps.count, rows) + past + "\n"
    }

    /// The launches, the worst first: by outcome (failed, crashed, killed…), then the slowest.
    private func launches(_ launches: LaunchLog, rows: Int, showsDevices: Bool) -> String {
        guard !launches.isEmpty else { return "" }
        var output = "### Launches\n\n| Launch | App | Outcome | Time to active | Findings | Where |\n|---|---|---|---:|---:|---|\n"
        for launch in launches.worst(rows) {
            let outcome = (launch.outcome == .active ? "✅ " : "❌ ") + launch.outcome.rawValue + launch.terminationSuffix
            let app = launch.appName + (showsDevices ? launch.device.map { " on \($0)" } ?? "" : "")
            output += "| \(launch.id) | \(cell(app)) | \(cell(outcome)) | "
                + "\(launch.timeToActiveText ?? "–") | \(launch.findings) | `\(code(launch.placeText))` |\n"
        }
        return output + omitted(launches.count, rows) + "\n"
    }

    private func findings(_ digest: ReportDigest, rows: Int) -> String {
        let report = digest.report
        guard !report.findings.isEmpty else { return "" }
        var output = "### Findings\n\n| Severity | Rule | Process | Message | Count | First seen |\n|---|---|---|---|---:|---|\n"
        let grouped = FindingGroups(report.findings)
        let groups = grouped.groups.sorted { $0.first.severity > $1.first.severity }
        for group in groups.prefix(rows) {
            output += "| \(group.first.severity.rawValue) | `\(code(group.first.rule))` | \(who(group.first, digest.showsDevices)) | "
                + "\(cell(group.first.message)) | \(group.count) | \(location(group.first)) |\n"
        }
        output += omitted(groups.count, rows)
        if let note = grouped.unlistedNote { output += "\n_\(cell(note))_\n" }
        output += "\n"
        let ruleIDs = digest.tally.byRule.keys.sorted()
        let described = ruleIDs.compactMap { report.rules[$0] }
        guard !described.isEmpty else { return output }
        output += "<details><summary>What the rules mean and how to fix them</summary>\n\n"
        for rule in described {
            output += "#### `\(code(rule.id))`: \(cell(rule.title))\n\n\(Escaping.markdownParagraph(rule.explanation))\n\n"
                + "**Fix:** \(Escaping.markdownParagraph(rule.fix))\n\n"
            if !rule.references.isEmpty { output += rule.references.map { "- \($0)\n" }.joined() + "\n" }
        }
        return output + "</details>\n\n"
    }

    private func inputs(_ inputs: [InputSummary], rows: Int) -> String {
        guard !inputs.isEmpty else { return "" }
        var output = "<details><summary>\(inputs.count) input\(inputs.count == 1 ? "" : "s")</summary>\n\n"
        output += "| Input | Format | Lines | Unparsed | Note |\n|---|---|---:|---:|---|\n"
        for input in inputs.prefix(rows) {
            output += "| `\(code(input.path))` | \(input.formatName ?? "unknown") | \(input.lines) | \(input.unparsedLines) | "
                + "\(cell(input.note ?? "")) |\n"
        }
        return output + omitted(inputs.count, rows) + "\n</details>\n"
    }

    /// The process cell of a finding: `Shiftboard`, or `Shiftboard on QA-iPad` when the report
    /// shows devices.
    private func who(_ finding: Finding, _ showsDevices: Bool) -> String {
        cell((finding.process ?? "") + (showsDevices ? finding.device.map { " on \($0)" } ?? "" : ""))
    }

    private func location(_ finding: Finding) -> String {
        "`\(code(finding.location.path)):\(finding.location.line)`"
    }

    private func omitted(_ count: Int, _ rows: Int) -> String {
        count > rows ? "\n_…and \(count - rows) more._\n" : ""
    }

    private func cell(_ text: String) -> String {
        Escaping.markdownCell(text)
    }

    private func code(_ text: String) -> String {
        Escaping.markdownCode(text)
    }
}
