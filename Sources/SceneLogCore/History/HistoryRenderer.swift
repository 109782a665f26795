import Foundation

/// The trend of recorded runs: a text table (`scenelog history`) or a self-contained HTML page
/// with SVG charts of findings per rule and median time to active per app (`--format html`).
public struct HistoryRenderer: Sendable {
    public init() {}

    /// One row per run, then one row per rule with its count in each run and one per app with its
    /// median time to active in each run (oldest run first).
    public func text(_ runs: [HistoryRun]) -> String {
        guard !runs.isEmpty else { return "No run recorded yet: run scenelog report --record.\n" }
        var output = ["run", "recorded (UTC)", "commit", "branch", "errors", "warnings", "notes", "lines"]
            .enumerated().map { pad($1, [6, 17, 9, 14, 7, 9, 6, 8][$0]) }.joined(separator: " ") + "\n"
        for run in runs {
            let cells = [
                "#\(run.id ?? 0)", String(line(run.recordedAt).prefix(16)), String(line(run.commit ?? "–").prefix(8)),
                String(line(run.branch ?? "–").prefix(14)), "\(run.findingsBySeverity[.error] ?? 0)",
                "\(run.findingsBySeverity[.warning] ?? 0)", "\(run.findingsBySeverity[.note] ?? 0)", "\(run.lines)",
            ]
            output += cells.enumerated().map { pad($1, [6, 17, 9, 14, 7, 9, 6, 8][$0]) }.joined(separator: " ") + "\n"
        }
        let header = runs.map { pad("#\($0.id ?? 0)", 8, left: true) }.joined()
        let rules = Set(runs.flatMap(\.findingsByRule.keys)).sorted()
        if !rules.isEmpty {
            let width = rules.map(\.count).max() ?? 0
            output += "\nFindings per rule\n  " + pad("", width) + header + "\n"
            for rule in rules {
                output += "  " + pad(rule, width) + runs.map { pad("\($0.findingsByRule[rule] ?? 0)", 8, left: true) }.joined() + "\n"
            }
        }
        let apps = Set(runs.flatMap { $0.apps.map(\.app) }).sorted()
        let shownApps = Dictionary(apps.map { ($0, line($0)) }) { first, _ in first }
        if !apps.isEmpty {
            let width = shownApps.values.map(\.count).max() ?? 0
            for (title, figure) in [("Median", \HistoryRun.AppLaunches.medianTimeToActiveMs), ("p90", \.p90TimeToActiveMs)] {
                output += "\n\(title) time to active (ms) per app\n  " + pad("", width) + header + "\n"
                for app in apps {
                    output += "  " + pad(shownApps[app] ?? app, width) + runs.map { run in
                        pad(run.apps.first { $0.app == app }.flatMap { $0[keyPath: figure] }.map(String.init) ?? "–", 8, left: true)
                    }.joined() + "\n"
                }
            }
        }
        return output
    }

    /// A page with two SVG charts (findings per rule, median time to active per app) and the table.
    public func html(_ runs: [HistoryRun]) -> String {
        let rules = Set(runs.flatMap(\.findingsByRule.keys)).sorted()
        let apps = Set(runs.flatMap { $0.apps.map(\.app) }).sorted()
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>scenelog history</title>
            <style>
            body{font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;margin:2rem;color:#1d1d1f}
            h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}svg{background:#fafafa;border:1px solid #ddd;border-radius:6px}
            .legend span{display:inline-block;margin-right:1rem}.swatch{display:inline-block;width:10px;height:10px;margin-right:4px}
            table{border-collapse:collapse}td,th{border-bottom:1px solid #eee;padding:4px 8px;text-align:left}
            </style></head><body>
            <h1>scenelog history: \(runs.count) run\(runs.count == 1 ? "" : "s")</h1>

            """
        page += "<h2>Findings per rule</h2>\n" + chart(runs, series: rules.map { rule in (rule, runs.map { Double($0.findingsByRule[rule] ?? 0) }) }, unit: "")
        page += "<h2>Median time to active per app</h2>\n"
            + chart(runs, series: apps.map { app in (app, runs.map { run in run.apps.first { $0.app == app }?.medianTimeToActiveMs.map(Double.init) }) }, unit: " ms")
        page += "<h2>Runs</h2>\n<table><tr><th>run</th><th>recorded</th><th>commit</th><th>branch</th><th>errors</th><th>warnings</th><th>notes</th></tr>\n"
        for run in runs {
            page += "<tr><td>#\(run.id ?? 0)</td><td>\(escape(run.recordedAt))</td><td>\(escape(run.commit ?? "–"))</td>"
                + "<td>\(escape(run.branch ?? "–"))</td><td>\(run.findingsBySeverity[.error] ?? 0)</td>"
                + "<td>\(run.findingsBySeverity[.warning] ?? 0)</td><td>\(run.findingsBySeverity[.note] ?? 0)</td></tr>\n"
        }
        return page + "</table>\n</body></html>\n"
    }

    private static let palette = ["#0a84ff", "#ff453a", "#30d158", "#ff9f0a", "#bf5af2", "#64d2ff", "#ffd60a", "#ac8e68"]

    /// A line chart: one polyline per series over the runs (a missing value breaks the line).
    private func chart(_ runs: [HistoryRun], series: [(name: String, values: [Double?])], unit: String) -> String {
        guard !series.isEmpty, !runs.isEmpty else { return "<p>Nothing recorded.</p>\n" }
        let width = 720.0, height = 240.0, left = 48.0, bottom = 28.0, top = 12.0
        let maximum = max(series.flatMap { $0.values.compactMap { $0 } }.max() ?? 1, 1)
        let step = runs.count > 1 ? (width - left - 12) / Double(runs.count - 1) : 0
        func x(_ index: Int) -> Double { left + Double(index) * step }
        func y(_ value: Double) -> Double { top + (height - top - bottom) * (1 - value / maximum) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\">\n"
        svg += "<line x1=\"\(left)\" y1=\"\(y(0))\" x2=\"\(width - 12)\" y2=\"\(y(0))\" stroke=\"#999\"/>\n"
        svg += "<text x=\"4\" y=\"\(y(maximum) + 4)\" font-size=\"11\">\(format(maximum))\(unit)</text>"
            + "<text x=\"4\" y=\"\(y(0) + 4)\" font-size=\"11\">0</text>\n"
        for (index, run) in runs.enumerated() {
            svg += "<text x=\"\(x(index))\" y=\"\(height - 8)\" font-size=\"10\" text-anchor=\"middle\">#\(run.id ?? Int64(index + 1))</text>\n"
        }
        var legend = "<p class=\"legend\">"
        for (number, entry) in series.enumerated() {
            let color = Self.palette[number % Self.palette.count]
            var segment: [String] = []
            var segments: [[String]] = []
            for (index, value) in entry.values.enumerated() {
                guard let value else {
                    if !segment.isEmpty { segments.append(segment) }
                    segment = []
                    continue
                }
                segment.append("\(x(index)),\(y(value))")
                svg += "<circle cx=\"\(x(index))\" cy=\"\(y(value))\" r=\"3\" fill=\"\(color)\"><title>\(escape(entry.name)) #\(runs[index].id ?? 0): \(format(value))\(unit)</title></circle>\n"
            }
            if !segment.isEmpty { segments.append(segment) }
            for points in segments where points.count > 1 {
                svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>\n"
            }
            legend += "<span><i class=\"swatch\" style=\"background:\(color)\"></i>\(escape(entry.name))</span>"
        }
        return svg + "</svg>\n" + legend + "</p>\n"
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// Text recorded in the history (a commit or branch from the environment, an app, a rule) for
    /// the HTML page: one line, escaped for HTML.
    private func escape(_ text: String) -> String {
        Escaping.markupLine(text)
    }

    /// Text recorded in the history for the text table: one line, its controls shown.
    private func line(_ text: String) -> String {
        Escaping.terminalLine(text)
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        TerminalText.pad(text, width, left: left)
    }
}
