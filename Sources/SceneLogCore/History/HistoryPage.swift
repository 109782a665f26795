/// The history as a self-contained HTML page (`scenelog history --format html`): a small chart per
/// app (time to active, p50 and p90, outliers clamped: ``HistoryChartSVG``; the slowest first), a
/// small chart per rule (findings per run, each rule in its own colour), then the runs as a table. Runs are named
/// by date and commit. It shares the report's styles (``HTMLStyles``): dark mode and the phone
/// layout. It has no script and loads nothing; what was recorded (commits, branches, rules, apps)
/// is escaped.
struct HistoryPage {
    let runs: [HistoryRun]
    /// The branch the runs were chosen by, if any.
    var branch: String? = nil

    /// Forbids every fetch and every script; inline styles only.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

    /// How many colours the rules' charts take in turn.
    static let paletteSize = 10

    func render() -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>scenelog history</title>
            <style>\(HTMLStyles.base)\(HTMLStyles.history)</style>
            </head>
            <body>

            """
        page += header()
        page += "<main>\n"
        if runs.isEmpty {
            page += "<p class=\"muted\">\(Escaping.markupText(HistoryRenderer.noRun(branch: branch.map(Escaping.terminalLine))))</p>\n"
        } else {
            page += apps() + rules() + table()
        }
        return page + "<footer>This file loads nothing: everything it shows is inside it.</footer>\n</main>\n</body>\n</html>\n"
    }

    private func header() -> String {
        var about = [HTMLText.count(runs.count, "run")]
        let branches = Set(runs.compactMap(\.branch))
        if branches.count == 1, let branch = branches.first { about.append("branch " + Escaping.markupLine(branch)) }
        if let first = runs.first, let last = runs.last {
            // The history file is as untrusted as a log: its days are escaped like any of its text.
            let (from, to) = (Escaping.markupLine(first.day), Escaping.markupLine(last.day))
            about.append(first.day == last.day ? from : "\(from) to \(to)")
        }
        return "<header class=\"page\"><div class=\"inner\">\n<h1>scenelog history</h1>\n"
            + "<span class=\"inputs\">\(about.joined(separator: " · "))</span>\n"
            + "<nav><a href=\"#apps\">Apps</a> <a href=\"#rules\">Rules</a> <a href=\"#runs\">Runs</a></nav>\n</div></header>\n"
    }

    /// A chart per rule, in the rule's colour, on its own scale.
    private func rules() -> String {
        let rules = Set(runs.flatMap(\.findingsByRule.keys)).sorted()
        var html = "<h2 id=\"rules\">Findings per rule<span class=\"sub\">a chart per rule, each on its own scale</span></h2>\n"
        guard !rules.isEmpty else { return html + "<p class=\"muted\">No finding in these runs.</p>\n" }
        html += "<div class=\"charts\">\n"
        for (index, rule) in rules.enumerated() {
            let style = "series-\(index % Self.paletteSize)"
            let counts = runs.map { Double($0.findingsByRule[rule] ?? 0) }
            let latest = runs.last?.findingsByRule[rule] ?? 0
            html += "<figure class=\"chart-card\"><figcaption><i class=\"swatch \(style)\"></i><code>\(Escaping.markupLine(rule))</code>"
                + "<span class=\"muted\">latest \(HTMLText.grouped(latest))</span></figcaption>\n"
                + HistoryChartSVG(runs: runs, series: [.init(name: rule, values: counts, style: style)]).render() + "</figure>\n"
        }
        return html + "</div>\n"
    }

    /// A chart per app, the slowest first: p50 and p90 time to active, outliers clamped; the apps
    /// with no time in any run are named after the charts.
    private func apps() -> String {
        let timed = Set(runs.flatMap { $0.apps.filter { $0.medianTimeToActiveMs != nil || $0.p90TimeToActiveMs != nil }.map(\.app) })
        // The slowest first: by the highest time each app had in these runs.
        let slowest = Dictionary(grouping: runs.flatMap(\.apps), by: \.app).mapValues { figures in
            figures.flatMap { [$0.medianTimeToActiveMs, $0.p90TimeToActiveMs].compactMap(\.self) }.max() ?? 0
        }
        let apps = timed.sorted { (slowest[$0] ?? 0, $1) > (slowest[$1] ?? 0, $0) }
        let untimed = Set(runs.flatMap { $0.apps.map(\.app) }).subtracting(timed).sorted()
        var html = "<h2 id=\"apps\">Time to active per app<span class=\"sub\">p50 and p90, ms</span></h2>\n"
        let untimedNote = untimed.isEmpty ? "" : "<p class=\"muted\">No launch timed to the millisecond in these runs: "
            + untimed.map { "<code>\(Escaping.markupLine($0))</code>" }.joined(separator: ", ") + ".</p>\n"
        guard !apps.isEmpty else { return html + (untimed.isEmpty ? "<p class=\"muted\">No launch in these runs.</p>\n" : untimedNote) }
        html += "<p class=\"legend\"><span><i class=\"swatch p50\"></i>p50</span><span><i class=\"swatch p90\"></i>p90</span>"
            + "<span>▲ a value above the scale, written next to it: a chart stops at twice the 75th percentile of its values "
            + "when one goes beyond it (marked +)</span></p>\n<div class=\"charts\">\n"
        // Each run's apps by name: a run may hold thousands of them.
        let figuresByRun = runs.map { run in Dictionary(run.apps.map { ($0.app, $0) }) { first, _ in first } }
        for app in apps {
            let figures = figuresByRun.map { $0[app] }
            let p50 = figures.map { $0?.medianTimeToActiveMs.map(Double.init) }
            let p90 = figures.map { $0?.p90TimeToActiveMs.map(Double.init) }
            let latest = [figures.last??.medianTimeToActiveMs, figures.last??.p90TimeToActiveMs].map { $0.map { HTMLText.grouped($0) } ?? "–" }
            html += "<figure class=\"chart-card\"><figcaption><code>\(Escaping.markupLine(app))</code>"
                + "<span class=\"muted\">latest \(latest[0]) / \(latest[1]) ms</span></figcaption>\n"
                + HistoryChartSVG(
                    // p90 first, so that p50 is drawn over it where they meet.
                    runs: runs, series: [.init(name: "\(app) p90", values: p90, style: "p90"), .init(name: "\(app) p50", values: p50, style: "p50")],
                    unit: " ms", clampsOutliers: true
                ).render() + "</figure>\n"
        }
        return html + "</div>\n" + untimedNote
    }

    /// The runs, oldest first, named by date and commit.
    private func table() -> String {
        var html = "<h2 id=\"runs\">Runs<span class=\"sub\">oldest first, times in UTC</span></h2>\n"
        html += "<div class=\"panel\"><table class=\"stack\">\n<thead><tr><th>Recorded</th><th>Commit</th><th>Branch</th><th>Errors</th>"
            + "<th>Warnings</th><th>Notes</th><th>Lines</th></tr></thead>\n<tbody>\n"
        for run in runs {
            let figures = zip(
                ["Errors", "Warnings", "Notes", "Lines"],
                [run.findingsBySeverity[.error] ?? 0, run.findingsBySeverity[.warning] ?? 0, run.findingsBySeverity[.note] ?? 0, run.lines])
            html += "<tr><td class=\"mono\">\(Escaping.markupLine(run.minute))</td>"
                + "<td class=\"mono\" data-label=\"Commit\">\(Escaping.markupLine(run.shortCommit))</td>"
                + "<td data-label=\"Branch\">\(Escaping.markupLine(run.branch ?? "–"))</td>"
                + figures.map { "<td class=\"number\" data-label=\"\($0)\">\(HTMLText.grouped($1))</td>" }.joined() + "</tr>\n"
        }
        return html + "</tbody>\n</table></div>\n"
    }
}
