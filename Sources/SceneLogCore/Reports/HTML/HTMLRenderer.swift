import Foundation

/// The HTML report (`--format html`): one self-contained HTML5 file to open in a browser or attach
/// to a ticket.
///
/// It holds summary cards, a timeline of every launch (``HTMLTimelineSVG``), the findings in a
/// table a small inline script can filter, the comparison with a baseline when there is one, and
/// the explanation and fix of each rule that fired. Styles and script are inline
/// (``HTMLAssets``) and its content security policy forbids every fetch, so opening it loads
/// nothing; links to Apple's documentation are plain `<a href>`s. Log text is escaped everywhere
/// (``Escaping/markupText(_:)``) and never reaches the script. Nothing depends on the date or on chance, so
/// the same report renders to the same bytes.
///
/// However many findings a run has, the page stays one a browser opens: each findings table
/// shows the first ``maximumFindingRows`` and says how many more there are, and the timeline
/// draws the worst ``maximumTimelineLaunches`` launches with at most ``maximumMarkersPerLaunch``
/// findings marked on each.
struct HTMLRenderer {
    /// The most rows a findings table shows.
    static let maximumFindingRows = 2_000
    /// The most launches the timeline draws.
    static let maximumTimelineLaunches = 500
    /// The most findings the timeline marks on one launch.
    static let maximumMarkersPerLaunch = 50

    func render(_ digest: ReportDigest) -> String {
        let report = digest.report
        let tool = Escaping.markupText(report.tool.name)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(HTMLAssets.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="\(tool) \(Escaping.markupText(report.tool.version))">
            <title>\(tool) report</title>
            <style>\(HTMLAssets.stylesheet)</style>
            </head>
            <body>

            """
        html += header(report)
        html += "<main>\n"
        html += cards(digest)
        html += launches(report, showsDevices: digest.showsDevices)
        html += apps(digest.apps)
        html += findings(report, showsDevices: digest.showsDevices)
        if let baseline = digest.baseline { html += self.baseline(baseline.diff, showsDevices: digest.showsDevices) }
        html += rules(digest)
        html += inputs(report)
        html += "<footer>Made by \(tool) \(Escaping.markupText(report.tool.version)). "
            + "This file loads nothing: everything it shows is inside it.</footer>\n"
        html += "</main>\n<script>\(HTMLAssets.script)</script>\n</body>\n</html>\n"
        return html
    }

    // MARK: - Header and cards

    private func header(_ report: ScanReport) -> String {
        var nav = ["<a href=\"#launches\">Launches</a>"]
        if !report.launches.isEmpty { nav.append("<a href=\"#apps\">Apps</a>") }
        nav.append("<a href=\"#findings\">Findings</a>")
        if report.baseline != nil { nav.append("<a href=\"#baseline\">Baseline</a>") }
        nav += ["<a href=\"#rules\">Rules</a>", "<a href=\"#inputs\">Inputs</a>"]
        return "<header class=\"page\"><div class=\"inner\">\n"
            + "<h1>\(Escaping.markupText(report.tool.name))<span class=\"version\">\(Escaping.markupText(report.tool.version))</span></h1>\n"
            + "<span class=\"inputs\">Launch report · \(HTMLText.count(report.inputs.count, "input")) scanned</span>\n"
            + (report.readNothing ? "<p class=\"interrupted\">\(ScanReport.nothingReadNote)</p>\n" : "")
            + (report.interrupted ? "<p class=\"interrupted\">\(ScanReport.interruptedNote)</p>\n" : "")
            + "<nav>" + nav.joined(separator: " ") + "</nav>\n</div></header>\n"
    }

    /// Findings by severity, launches by outcome, lines read; and what changed since the baseline.
    private func cards(_ digest: ReportDigest) -> String {
        let report = digest.report
        let severityDetail = digest.severityCounts.map { severity, count in
            "<span><span class=\"dot \(severity.rawValue)\"></span>" + HTMLText.count(count, severity.rawValue) + "</span>"
        }
        let outcomeDetail = digest.outcomeCounts.entries.map { entry in
            "<span><span class=\"dot outcome-\(entry.outcome.rawValue)\"></span>\(entry.count) \(entry.outcome.rawValue)</span>"
        }
        let totals = digest.totals
        var lineDetail = ["\(HTMLText.grouped(totals.records)) records", "\(HTMLText.grouped(totals.continuationLines)) continuation"]
        lineDetail.append("\(HTMLText.grouped(totals.unparsedLines)) unparsed")
        var html = "<section class=\"cards\" aria-label=\"Summary\">\n"
        html += card("Findings", value: report.findings.count, detail: severityDetail, highlight: digest.count(of: .error) > 0 ? "alert" : nil)
        html += card("Launches", value: report.launches.count, detail: outcomeDetail)
        html += card("Lines read", value: totals.lines, detail: lineDetail.map { "<span>\($0)</span>" })
        html += "</section>\n"
        guard let diff = report.baseline else { return html }
        let against = ["<span>vs <span class=\"mono\">\(Escaping.markupLine(diff.baselinePath))</span></span>"]
        html += "<section class=\"cards baseline-cards\" aria-label=\"Compared with the baseline\">\n"
        html += card("New findings", value: diff.newFindingCount, detail: against, highlight: diff.newFindingCount == 0 ? nil : "alert")
        html += card("Fixed findings", value: diff.fixedFindings.count, detail: against, highlight: diff.fixedFindings.isEmpty ? nil : "good")
        html += card("Not seen", value: diff.notSeenFindings.count, detail: ["<span>input or app absent from this run</span>"])
        html += card("Unchanged findings", value: diff.unchangedFindingCount, detail: against)
        html += card(
            "Launch regressions", value: diff.launchRegressions.count, detail: against,
            highlight: diff.launchRegressions.isEmpty ? nil : "alert")
        return html + "</section>\n"
    }

    /// One summary card; `detail` is HTML already.
    private func card(_ title: String, value: Int, detail: [String], highlight: String? = nil) -> String {
        "<div class=\"card\(highlight.map { " \($0)" } ?? "")\"><h3>\(title)</h3><div class=\"value\">\(HTMLText.grouped(value))</div>"
            + "<div class=\"detail\">\(detail.joined())</div></div>\n"
    }

    // MARK: - Sections

    private func launches(_ report: ScanReport, showsDevices: Bool) -> String {
        var html = "<h2 id=\"launches\">Launches<span class=\"sub\">\(HTMLText.count(report.launches.count, "launch", plural: "launches"))</span></h2>\n"
        guard !report.launches.isEmpty else { return html + "<p class=\"muted\">No launch was found in the inputs.</p>\n" }
        // A night of more launches draws its worst ones, in the order they started.
        let worst = Set(report.launches.worst(Self.maximumTimelineLaunches).map(\.id))
        let drawn = report.launches.filter { worst.contains($0.id) }
        var findings: [String: [Finding]] = [:]
        for finding in report.findings {
            guard let launch = finding.launch, worst.contains(launch),
                findings[launch, default: []].count < Self.maximumMarkersPerLaunch
            else { continue }
            findings[launch, default: []].append(finding)
        }
        html += "<div class=\"panel timeline-panel\">\n" + HTMLTimelineSVG(launches: drawn, findings: findings, showsDevices: showsDevices).render() + "</div>\n"
        if report.launches.count > drawn.count {
            html += "<p class=\"muted\">The \(HTMLText.grouped(drawn.count)) worst launches are drawn (failed, crashed, killed, "
                + "then the slowest); "
                + "\(HTMLText.count(report.launches.count - drawn.count, "more launch", plural: "more launches")) are in the JSON report and in <code>scenelog timeline</code>.</p>\n"
        }
        html += "<div class=\"legend\"><span><span class=\"dot outcome-active\"></span>active</span>"
            + "<span><span class=\"dot outcome-crashed\"></span>crashed, killed, launch failed</span>"
            + "<span><span class=\"dot outcome-black-screen-suspected\"></span>black screen suspected</span>"
            + "<span><span class=\"dot outcome-exited\"></span>exited</span><span><span class=\"dot\"></span>incomplete</span>"
            + "<span>○ phase · ◆ finding, coloured by severity · ╵ event; hover any of them for details</span></div>\n"
        return html
    }

    /// One row per app: launches by outcome and start, and time to active (p50, p90, max).
    private func apps(_ apps: [AppLaunchStatistics]) -> String {
        guard !apps.isEmpty else { return "" }
        var html = "<h2 id=\"apps\">Apps<span class=\"sub\">\(HTMLText.count(apps.count, "app"))</span></h2>\n"
        html += "<div class=\"panel\"><table>\n<thead><tr><th>App</th><th>Launches</th><th>Outcomes</th><th>Starts</th>"
            + "<th>p50</th><th>p90</th><th>Max</th></tr></thead>\n<tbody>\n"
        for app in apps {
            let outcomes = app.outcomeCounts.entries.map { entry in
                "<span><span class=\"dot outcome-\(entry.outcome.rawValue)\"></span>\(entry.count) \(entry.outcome.rawValue)</span> "
            }
            let times = [app.timeToActiveP50Ms, app.timeToActiveP90Ms, app.timeToActiveMaxMs]
                .map { "<td class=\"mono\">" + ($0.map { "\(HTMLText.grouped($0)) ms" } ?? "–") + "</td>" }
            html += "<tr><td class=\"mono\">\(Escaping.markupLine(app.app))</td><td>\(HTMLText.grouped(app.launches))</td>"
                + "<td>\(outcomes.joined())</td><td>\(app.startList)</td>\(times.joined())</tr>\n"
        }
        return html + "</tbody>\n</table></div>\n"
    }

    private func findings(_ report: ScanReport, showsDevices: Bool) -> String {
        var html = "<h2 id=\"findings\">Findings<span class=\"sub\">\(HTMLText.count(report.findings.count, "finding"))</span></h2>\n"
        guard !report.findings.isEmpty else { return html + "<p class=\"muted\">No findings.</p>\n" }
        html += "<div class=\"filter-bar\"><input id=\"filter\" type=\"search\" placeholder=\"Filter findings: rule, app, text…\""
            + " aria-label=\"Filter findings\" autocomplete=\"off\" hidden><span id=\"filter-count\" class=\"count\"></span></div>\n"
        html += findingTable(report.findings, id: "findings-table", launches: true, showsDevices: showsDevices)
        return html
    }

    /// A table of the first ``maximumFindingRows`` of `findings`, with a line saying how many more
    /// there are; `launches` adds the launch column; `showsDevices` names each finding's device
    /// after its process.
    private func findingTable(_ findings: some Sequence<Finding>, id: String? = nil, launches: Bool, showsDevices: Bool) -> String {
        var html = "<div class=\"panel\"><table\(id.map { " id=\"\($0)\"" } ?? "")>\n<thead><tr><th>Severity</th><th>Rule</th>"
            + "<th>Process</th><th>Message</th><th>Location</th>\(launches ? "<th>Launch</th>" : "")</tr></thead>\n<tbody>\n"
        var rows = 0
        var more = 0
        for finding in findings {
            guard rows < Self.maximumFindingRows else {
                more += 1
                continue
            }
            rows += 1
            let severity = finding.severity.rawValue
            let rule = Escaping.markupText(finding.rule)
            html += "<tr class=\"severity-row-\(severity)\"><td><span class=\"badge \(severity)\">\(severity)</span></td>"
            html += "<td class=\"rule-id\"><a href=\"#rule-\(rule)\"><code>\(rule)</code></a></td>"
            html += "<td>\(finding.process.map(Escaping.markupLine) ?? "<span class=\"muted\">—</span>")"
            if showsDevices, let device = finding.device { html += " <span class=\"muted\">on \(Escaping.markupLine(device))</span>" }
            html += "</td>"
            html += "<td class=\"message\">\(Escaping.markupText(finding.message))\(lineDetails(finding))</td>"
            html += "<td class=\"location mono\">\(Escaping.markupLine(finding.location.description))</td>"
            if launches {
                let launch = finding.launch.map { "<a href=\"#launch-\(Escaping.markupText($0))\">\(Escaping.markupText($0))</a>" }
                html += "<td>\(launch ?? "<span class=\"muted\">—</span>")</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table></div>\n"
        if more > 0 {
            html += "<p class=\"muted\">\(HTMLText.count(more, "more finding")) not shown here; the JSON report lists every finding.</p>\n"
        }
        return html
    }

    /// The log line and data of a finding, folded away.
    private func lineDetails(_ finding: Finding) -> String {
        guard !finding.excerpt.isEmpty || !finding.data.isEmpty else { return "" }
        var html = "<details class=\"line\"><summary>log line\(finding.timestamp.map { " at " + Escaping.markupText($0) } ?? "")</summary>"
        if !finding.excerpt.isEmpty { html += "<pre>\(Escaping.markupText(finding.excerpt))</pre>" }
        if !finding.data.isEmpty {
            html += "<dl class=\"data\">"
            for (key, value) in finding.data.sorted(by: { $0.key < $1.key }) {
                html += "<dt>\(Escaping.markupText(key))</dt><dd>\(Escaping.markupText(value))</dd>"
            }
            html += "</dl>"
        }
        return html + "</details>"
    }

    /// New, fixed and not-seen findings and launch regressions.
    private func baseline(_ diff: BaselineDiff, showsDevices: Bool) -> String {
        var html = "<h2 id=\"baseline\">Compared with the baseline<span class=\"sub mono\">\(Escaping.markupLine(diff.baselinePath))</span></h2>\n"
        html += "<p>\(HTMLText.count(diff.newFindingCount, "new finding")), \(HTMLText.count(diff.fixedFindings.count, "fixed finding")), "
            + "\(diff.notSeenFindings.count) not seen, \(diff.unchangedFindingCount) unchanged; \(HTMLText.count(diff.launchRegressions.count, "launch regression")).</p>\n"
        html += "<h3 class=\"list-title\">Launch regressions</h3>\n"
        if diff.launchRegressions.isEmpty {
            html += "<p class=\"muted\">None.</p>\n"
        } else {
            html += "<div class=\"panel\"><ul class=\"regressions\">\n"
            for regression in diff.launchRegressions {
                html += "<li><span class=\"badge error\">\(regression.kind.name)</span> \(Escaping.markupText(regression.summary))</li>\n"
            }
            html += "</ul></div>\n"
        }
        if let note = diff.timedToTheSecondNote { html += "<p class=\"muted\">\(Escaping.markupText(note))</p>\n" }
        html += "<h3 class=\"list-title\"><span class=\"badge new\">new</span> New findings</h3>\n"
        html += diff.newFindingCount == 0 ? "<p class=\"muted\">None.</p>\n" : findingTable(diff.newFindings, launches: false, showsDevices: showsDevices)
        html += "<h3 class=\"list-title\"><span class=\"badge fixed\">fixed</span> Fixed findings</h3>\n"
        html += diff.fixedFindings.isEmpty ? "<p class=\"muted\">None.</p>\n" : findingTable(diff.fixedFindings, launches: false, showsDevices: showsDevices)
        html += "<h3 class=\"list-title\"><span class=\"badge not-seen\">not seen</span> Not seen: their input was not read "
            + "or their app did not appear, so nothing says they are fixed</h3>\n"
        html += diff.notSeenFindings.isEmpty
            ? "<p class=\"muted\">None.</p>\n" : findingTable(diff.notSeenFindings, launches: false, showsDevices: showsDevices)
        return html
    }

    /// The explanation, fix and references of each rule with findings, by id.
    private func rules(_ digest: ReportDigest) -> String {
        let report = digest.report
        let counts = digest.tally.byRule
        var html = "<h2 id=\"rules\">Rules that fired<span class=\"sub\">what each finding means and how to fix it</span></h2>\n"
        guard !counts.isEmpty else { return html + "<p class=\"muted\">None.</p>\n" }
        html += "<div class=\"rules\">\n"
        for (id, count) in counts.sorted(by: { $0.key < $1.key }) {
            let escapedID = Escaping.markupText(id)
            guard let rule = report.rules[id] else {
                html += "<article class=\"rule\" id=\"rule-\(escapedID)\"><h3><code>\(escapedID)</code>"
                    + "<span class=\"count\">\(HTMLText.count(count, "finding"))</span></h3><p class=\"muted\">No description.</p></article>\n"
                continue
            }
            let severity = rule.severity.rawValue
            html += "<article class=\"rule \(severity)\" id=\"rule-\(escapedID)\">\n"
            html += "<h3>\(Escaping.markupText(rule.title)) <code>\(escapedID)</code><span class=\"badge \(severity)\">\(severity)</span>"
                + "<span class=\"count\">\(HTMLText.count(count, "finding"))</span></h3>\n"
            html += "<h4>What it means</h4><p>\(HTMLText.prose(rule.explanation))</p>\n"
            html += "<h4>How to fix it</h4><p>\(HTMLText.prose(rule.fix))</p>\n"
            if !rule.references.isEmpty {
                html += "<h4>References</h4><ul>" + rule.references.map { "<li>\(reference($0))</li>" }.joined() + "</ul>\n"
            }
            html += "</article>\n"
        }
        return html + "</div>\n"
    }

    /// `Title — https://…` as a link; anything else (and any other scheme) as text.
    private func reference(_ text: String) -> String {
        guard let separator = text.range(of: " — ", options: .backwards) else { return Escaping.markupText(text) }
        let url = String(text[separator.upperBound...])
        guard url.hasPrefix("https://") || url.hasPrefix("http://"), !url.contains(where: \.isWhitespace) else {
            return Escaping.markupText(text)
        }
        return "<a href=\"\(Escaping.markupText(url))\" rel=\"noreferrer\">\(Escaping.markupText(String(text[..<separator.lowerBound])))</a>"
    }

    private func inputs(_ report: ScanReport) -> String {
        var html = "<details class=\"inputs\" id=\"inputs\"><summary>Inputs (\(report.inputs.count))</summary>\n"
        html += "<div class=\"panel\"><table>\n<thead><tr><th>Path</th><th>Format</th><th>Lines</th><th>Records</th>"
            + "<th>Continuation</th><th>Unparsed</th><th>Note</th></tr></thead>\n<tbody>\n"
        for input in report.inputs {
            html += "<tr><td class=\"mono\">\(Escaping.markupLine(input.path))</td>"
                + "<td>\(input.formatName.map(Escaping.markupText) ?? "<span class=\"muted\">unknown</span>")</td>"
            for number in [input.lines, input.records, input.continuationLines, input.unparsedLines] {
                html += "<td class=\"number\">\(HTMLText.grouped(number))</td>"
            }
            html += "<td>\(input.note.map(Escaping.markupLine) ?? "")</td></tr>\n"
        }
        return html + "</tbody>\n</table></div>\n</details>\n"
    }
}
