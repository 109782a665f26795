import Foundation

/// The HTML report (`--format html`): one self-contained HTML5 file to open in a browser or attach
/// to a ticket.
///
/// It opens with the verdict (the Markdown report's: ``ReportVerdict``), then summary cards, the
/// per-app statistics, the findings in a table a small inline script can filter and sort (most
/// severe first until a column is tapped), a timeline of the launches (``HTMLTimelineSVG``), the
/// comparison with a baseline when there is one, and the explanation and fix of each rule that
/// fired. It reads on a phone: at 420 px the cards fold into two columns, each table row becomes a
/// card of labelled fields, long sections (many apps, the rules) start folded, details are behind
/// taps (`<details>`), never behind hover, and only the timeline scrolls sideways, in its own panel.
/// Styles and script are inline (``HTMLStyles``, ``HTMLAssets``) and its content security policy
/// forbids every fetch, so opening it loads
/// nothing; links to Apple's documentation are plain `<a href>`s. Log text is escaped everywhere
/// (``Escaping/markupText(_:)``) and never reaches the script. Nothing depends on the date or on chance, so
/// the same report renders to the same bytes.
///
/// However many findings a run has, the page stays one a browser opens: each findings table
/// shows the ``maximumFindingRows`` most severe and says how many more there are, and the timeline
/// draws every launch of a small night, but only the ``timelineLaunchesPerApp`` worst of each app
/// of a larger one (``maximumTimelineLaunches`` at most), saying how many are not drawn, with at
/// most ``maximumMarkersPerLaunch`` findings marked on each.
struct HTMLRenderer {
    /// The most rows a findings table shows.
    static let maximumFindingRows = 2_000
    /// The most launches the timeline draws.
    static let maximumTimelineLaunches = 200
    /// A night of more launches than this draws only the worst ``timelineLaunchesPerApp`` of each app.
    static let allLaunchesDrawnUpTo = 40
    /// The launches drawn of each app on a larger night.
    static let timelineLaunchesPerApp = 3
    /// The apps a phone shows without a tap.
    static let appsShownOnPhones = 5
    /// The most findings the timeline marks on one launch.
    static let maximumMarkersPerLaunch = 50

    /// The page of `digest`; `options` give the verdict its `--fail-on`.
    func render(_ digest: ReportDigest, options: RenderOptions) -> String {
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
            <style>\(HTMLStyles.base)\(HTMLStyles.report)</style>
            </head>
            <body>

            """
        html += header(report)
        html += "<main>\n"
        html += verdict(ReportVerdict(report, options: options))
        html += cards(digest)
        html += apps(digest.apps, notListed: digest.launchesOfAppsNotListed)
        html += findings(report, showsDevices: digest.showsDevices)
        html += launches(report, showsDevices: digest.showsDevices)
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
        var nav = report.launches.isEmpty ? [] : ["<a href=\"#apps\">Apps</a>"]
        nav += ["<a href=\"#findings\">Findings</a>", "<a href=\"#launches\">Launches</a>"]
        if report.baseline != nil { nav.append("<a href=\"#baseline\">Baseline</a>") }
        nav += ["<a href=\"#rules\">Rules</a>", "<a href=\"#inputs\">Inputs</a>"]
        return "<header class=\"page\"><div class=\"inner\">\n"
            + "<h1>\(Escaping.markupText(report.tool.name))<span class=\"version\">\(Escaping.markupText(report.tool.version))</span></h1>\n"
            + "<span class=\"inputs\">Launch report · \(HTMLText.count(report.inputs.count, "input")) scanned</span>\n"
            + (report.readNothing ? "<p class=\"interrupted\">\(ScanReport.nothingReadNote)</p>\n" : "")
            + (report.interrupted ? "<p class=\"interrupted\">\(ScanReport.interruptedNote)</p>\n" : "")
            + (report.unreadableNote.map { "<p class=\"interrupted\">\(Escaping.markupText($0))</p>\n" } ?? "")
            + "<nav>" + nav.joined(separator: " ") + "</nav>\n</div></header>\n"
    }

    /// The headline: pass, regressions, failures, as the Markdown report's.
    private func verdict(_ verdict: ReportVerdict) -> String {
        "<p class=\"verdict verdict-\(verdict.kind.rawValue)\" id=\"verdict\" role=\"status\">"
            + "<span class=\"verdict-mark\" aria-hidden=\"true\"></span>\(Escaping.markupText(verdict.text))</p>\n"
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

    /// The timeline: every launch of a small night; of a larger one, the worst of each app, saying
    /// how many are not drawn.
    private func launches(_ report: ScanReport, showsDevices: Bool) -> String {
        var html = "<h2 id=\"launches\">Launches<span class=\"sub\">\(HTMLText.count(report.launches.count, "launch", plural: "launches"))</span></h2>\n"
        guard !report.launches.isEmpty else { return html + "<p class=\"muted\">No launch was found in the inputs.</p>\n" }
        let drawn =
            report.launches.count <= Self.allLaunchesDrawnUpTo
            ? Array(report.launches) : report.launches.worstOfEachApp(Self.timelineLaunchesPerApp, limit: Self.maximumTimelineLaunches)
        let drawnIDs = Set(drawn.map(\.id))
        var findings: [String: [Finding]] = [:]
        for finding in report.findings {
            guard let launch = finding.launch, drawnIDs.contains(launch),
                findings[launch, default: []].count < Self.maximumMarkersPerLaunch
            else { continue }
            findings[launch, default: []].append(finding)
        }
        if report.launches.count > drawn.count {
            html += "<p class=\"note-line\">\(HTMLText.count(drawn.count, "launch", plural: "launches")) drawn: the "
                + "\(Self.timelineLaunchesPerApp) worst of each app (failed, crashed, killed, then the slowest). "
                + "<strong>\(HTMLText.count(report.launches.count - drawn.count, "launch is", plural: "launches are")) not drawn</strong>: "
                + "<a href=\"#apps\">Apps</a> counts them all, the JSON report and <code>scenelog timeline</code> list them.</p>\n"
        }
        html += "<div class=\"panel timeline-panel hscroll\">\n"
            + HTMLTimelineSVG(launches: drawn, findings: findings, showsDevices: showsDevices).render() + "</div>\n"
        html += "<div class=\"legend\"><span><span class=\"dot outcome-active\"></span>active</span>"
            + "<span><span class=\"dot outcome-crashed\"></span>crashed, killed, launch failed</span>"
            + "<span><span class=\"dot outcome-black-screen-suspected\"></span>black screen suspected</span>"
            + "<span><span class=\"dot outcome-exited\"></span>exited</span><span><span class=\"dot\"></span>incomplete</span>"
            + "<span>○ phase, named below the track · ◆ finding, coloured by severity (listed in <a href=\"#findings\">Findings</a>) · ╵ event</span></div>\n"
        return html
    }

    /// One row per app: launches by outcome and start, and time to active (p50, p90, max); folded
    /// on a phone when there are more than ``appsShownOnPhones`` apps.
    private func apps(_ apps: [AppLaunchStatistics], notListed: Int) -> String {
        guard !apps.isEmpty else { return "" }
        var html = fold(
            id: "apps", title: "Apps<span class=\"sub\">\(HTMLText.count(apps.count, "app"))</span>",
            onPhones: apps.count > Self.appsShownOnPhones)
        html += "<div class=\"panel\"><table class=\"stack\">\n<thead><tr><th>App</th><th>Launches</th><th>Outcomes</th><th>Starts</th>"
            + "<th>p50</th><th>p90</th><th>Max</th></tr></thead>\n<tbody>\n"
        for app in apps {
            let outcomes = app.outcomeCounts.entries.map { entry in
                "<span><span class=\"dot outcome-\(entry.outcome.rawValue)\"></span>\(entry.count) \(entry.outcome.rawValue)</span> "
            }
            let times = zip(["p50", "p90", "Max"], [app.timeToActiveP50Ms, app.timeToActiveP90Ms, app.timeToActiveMaxMs])
                .map { label, time in "<td class=\"mono\" data-label=\"\(label)\">" + (time.map { "\(HTMLText.grouped($0)) ms" } ?? "–") + "</td>" }
            html += "<tr><td class=\"mono app-name\">\(Escaping.markupLine(app.app))</td>"
                + "<td data-label=\"Launches\">\(HTMLText.grouped(app.launches))</td>"
                + "<td data-label=\"Outcomes\">\(outcomes.joined())</td><td data-label=\"Starts\">\(app.startList)</td>\(times.joined())</tr>\n"
        }
        html += "</tbody>\n</table></div>\n"
        if notListed > 0 { html += "<p class=\"muted\">\(AppLaunchStatistics.notListed(notListed)).</p>\n" }
        return html + "</details>\n"
    }

    /// The opening of a section that folds under its heading: open, but closed by the script on a
    /// phone when `onPhones`; the caller closes the `<details>`.
    private func fold(id: String, title: String, onPhones: Bool) -> String {
        "<details class=\"fold\(onPhones ? " fold-on-phone" : "")\" id=\"\(id)\" open><summary><h2>\(title)</h2></summary>\n"
    }

    private func findings(_ report: ScanReport, showsDevices: Bool) -> String {
        var html = "<h2 id=\"findings\">Findings<span class=\"sub\">\(HTMLText.count(report.findings.count, "finding"))</span></h2>\n"
        guard !report.findings.isEmpty else { return html + "<p class=\"muted\">No findings.</p>\n" }
        html += "<div class=\"filter-bar\"><input id=\"filter\" type=\"search\" placeholder=\"Filter findings: rule, app, text…\""
            + " aria-label=\"Filter findings\" autocomplete=\"off\" hidden><span id=\"filter-count\" class=\"count\"></span></div>\n"
        html += findingTable(report.findings, id: "findings-table", launches: true, showsDevices: showsDevices)
        return html
    }

    /// A table of the ``maximumFindingRows`` most severe of `findings` (errors first, then in the
    /// order given), sortable by any column with a tap, with a line saying how many more there are;
    /// `launches` adds the launch column; `showsDevices` names each finding's device after its
    /// process; `fixed` shows findings that are gone since the baseline, their severity as it was
    /// and not as an alarm.
    private func findingTable(
        _ findings: some Sequence<Finding>, id: String? = nil, launches: Bool, showsDevices: Bool, fixed: Bool = false
    ) -> String {
        let columns = ["Severity", "Rule", "Process", "Message", "Location"] + (launches ? ["Launch"] : [])
        let headers = columns.enumerated().map { index, name in
            "<th\(index == 0 ? " aria-sort=\"descending\"" : "")><button type=\"button\" class=\"sort\">\(name)</button></th>"
        }
        var html = "<div class=\"panel\"><table class=\"stack sortable\"\(id.map { " id=\"\($0)\"" } ?? "")>\n<thead><tr>"
            + headers.joined() + "</tr></thead>\n<tbody>\n"
        let (rows, more) = Self.mostSevere(findings, limit: Self.maximumFindingRows)
        for finding in rows {
            let severity = finding.severity.rawValue
            let rule = Escaping.markupText(finding.rule)
            let rank = Severity.allCases.firstIndex(of: finding.severity) ?? 0
            html += fixed ? "<tr class=\"state-fixed\">" : "<tr class=\"severity-row-\(severity)\">"
            html += "<td data-sort=\"\(rank)\">" + (fixed ? "<span class=\"badge was\">was \(severity)</span>" : "<span class=\"badge \(severity)\">\(severity)</span>")
            html += "</td><td class=\"rule-id\"><a href=\"#rule-\(rule)\"><code>\(rule)</code></a></td>"
            html += "<td data-label=\"Process\">\(finding.process.map(Escaping.markupLine) ?? "<span class=\"muted\">—</span>")"
            if showsDevices, let device = finding.device { html += " <span class=\"muted\">on \(Escaping.markupLine(device))</span>" }
            html += "</td>"
            html += "<td class=\"message\">\(Escaping.markupLine(finding.message))\(lineDetails(finding))</td>"
            html += "<td class=\"location mono\" data-label=\"Where\">\(Escaping.markupLine(finding.location.description))</td>"
            if launches {
                let launch = finding.launch.map { "<a href=\"#launch-\(Escaping.markupText($0))\">\(Escaping.markupText($0))</a>" }
                html += "<td data-label=\"Launch\">\(launch ?? "<span class=\"muted\">—</span>")</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table></div>\n"
        if more > 0 {
            html += "<p class=\"muted\">\(HTMLText.count(more, "more finding")) not shown here; the JSON report lists every finding.</p>\n"
        }
        return html
    }

    /// The `limit` most severe of `findings`, errors first and in the order given within a
    /// severity, and how many are left out; read in one pass, holding at most `limit` of each severity.
    static func mostSevere(_ findings: some Sequence<Finding>, limit: Int) -> (rows: [Finding], more: Int) {
        var bySeverity: [Severity: [Finding]] = [:]
        var total = 0
        for finding in findings {
            total += 1
            if bySeverity[finding.severity, default: []].count < limit { bySeverity[finding.severity, default: []].append(finding) }
        }
        let rows = Array(Severity.allCases.reversed().flatMap { bySeverity[$0] ?? [] }.prefix(limit))
        return (rows, total - rows.count)
    }

    /// The log line and data of a finding, folded away.
    private func lineDetails(_ finding: Finding) -> String {
        guard !finding.excerpt.isEmpty || !finding.data.isEmpty else { return "" }
        var html = "<details class=\"line\"><summary>log line\(finding.timestamp.map { " at " + Escaping.markupLine($0) } ?? "")</summary>"
        if !finding.excerpt.isEmpty { html += "<pre>\(Escaping.markupLine(finding.excerpt))</pre>" }
        if !finding.data.isEmpty {
            html += "<dl class=\"data\">"
            for (key, value) in finding.data.sorted(by: { $0.key < $1.key }) {
                html += "<dt>\(Escaping.markupText(key))</dt><dd>\(Escaping.markupLine(value))</dd>"
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
        html += diff.fixedFindings.isEmpty ? "<p class=\"muted\">None.</p>\n" : findingTable(diff.fixedFindings, launches: false, showsDevices: showsDevices, fixed: true)
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
        guard !counts.isEmpty else {
            return "<h2 id=\"rules\">Rules that fired</h2>\n<p class=\"muted\">None.</p>\n"
        }
        var html = fold(id: "rules", title: "Rules that fired<span class=\"sub\">what each finding means and how to fix it</span>", onPhones: true)
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
        return html + "</div>\n</details>\n"
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
        html += "<div class=\"panel\"><table class=\"stack\">\n<thead><tr><th>Path</th><th>Format</th><th>Lines</th><th>Records</th>"
            + "<th>Continuation</th><th>Unparsed</th><th>Note</th></tr></thead>\n<tbody>\n"
        for input in report.inputs {
            html += "<tr><td class=\"mono\">\(Escaping.markupLine(input.path))</td>"
                + "<td data-label=\"Format\">\(input.formatName.map(Escaping.markupText) ?? "<span class=\"muted\">unknown</span>")</td>"
            for (label, number) in zip(["Lines", "Records", "Continuation", "Unparsed"], [input.lines, input.records, input.continuationLines, input.unparsedLines]) {
                html += "<td class=\"number\" data-label=\"\(label)\">\(HTMLText.grouped(number))</td>"
            }
            html += "<td>\(input.note.map(Escaping.markupLine) ?? "")</td></tr>\n"
        }
        return html + "</tbody>\n</table></div>\n</details>\n"
    }
}
