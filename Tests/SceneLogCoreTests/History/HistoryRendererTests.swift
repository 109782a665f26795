import Foundation
import Testing

@testable import SceneLogCore

/// `scenelog history`: the text within the terminal's width, runs as rows named by date and
/// commit; the page's charts (a colour per rule, p50 and p90 per app, an outlier clamped and
/// marked); a filter by branch.
@Suite("history rendering")
struct HistoryRendererTests {
    /// Six nights on two branches: twelve rules, three apps with long names and one never timed, one slow night.
    static func runs() -> [HistoryRun] {
        let rules = (1...12).map { "rule-number-\($0)-with-a-long-identifier" }
        return (1...6).map { night in
            HistoryRun(
                id: Int64(night), recordedAt: "2026-11-1\(night)T02:30:00Z", commit: "\(night)f2a9c1d0e4b5a6978", branch: night == 4 ? "feature/a-very-long-branch-name-for-a-test" : "main",
                inputs: 3, lines: 120_000 * night, findingsBySeverity: [.error: night, .warning: 2, .note: 0],
                findingsByRule: Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, ($0 + night) % 5) }),
                apps: ["io.kestrel.shiftboard.enterprise.internal-build", "com.example.<b>alpha</b>", "net.fernhill.fieldnotes"].map { app in
                    let slow = night == 5 && app.hasPrefix("io.")
                    return HistoryRun.AppLaunches(
                        app: app, launches: 4, active: 3, medianTimeToActiveMs: slow ? 24_000 : 300 + 10 * night,
                        p90TimeToActiveMs: slow ? 31_000 : 420 + 12 * night)
                } + [HistoryRun.AppLaunches(app: "org.example.untimed", launches: 1, active: 0, medianTimeToActiveMs: nil)])
        }
    }

    @Test("text at 80 columns: every line fits, runs are rows named by date and commit, all rules and apps shown")
    func textWidth() {
        let text = HistoryRenderer(width: 80).text(Self.runs())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(line.count <= 80, "\(line)") }
        #expect(!text.contains("#1"), "runs are named by date and commit, not by number")
        // The summary, two tables of rules (twelve do not fit one) and the apps: a row per run in each.
        #expect(lines.filter { $0.hasPrefix("2026-11-13 02:30 3f2a9c1 ") }.count == 4)
        #expect(text.contains("Findings per rule (1–8 of 12)") && text.contains("Findings per rule (9–12 of 12)"))
        #expect(text.contains("  R4   rule-number-12-with-a-long-identifier\n") && text.contains("  R12  rule-number-9-with"))
        #expect(text.contains("  A3  net.fernhill.fieldnotes\n"))
        #expect(lines.contains { $0.hasPrefix("2026-11-15 02:30 5f2a9c1") && $0.contains(" 24000/31000 ") })
        #expect(text.contains(" feature/a-very-long-b… "))
        let wide = HistoryRenderer(width: 200).text(Self.runs())
        #expect(wide.contains("Findings per rule\n") && !wide.contains("of 12)"), "a wide terminal takes every rule in one table")
    }

    /// A history from elsewhere, or of many user rules, may name a rule per run: every rule a
    /// column of every run made the text grow as runs times rules.
    @Test("at most 96 rules and apps are tables' columns, those with the most findings and launches, and the rest are said to be left out")
    func manyRulesAreCut() {
        let runs = (0..<300).map { index in
            HistoryRun(
                recordedAt: "2025-06-03T10:00:00Z", commit: "3f2a9c1", branch: "main", inputs: 1, lines: 10,
                findingsBySeverity: [.error: 1], findingsByRule: ["rule-\(index)": index == 7 ? 50 : 1, "steady": 1],
                apps: [HistoryRun.AppLaunches(app: "app-\(index)", launches: 1, active: 1, medianTimeToActiveMs: 100)])
        }
        let text = HistoryRenderer().text(runs)
        #expect(text.contains("(the 96 rules with the most findings of 301 are shown: the others are left out)"))
        #expect(text.contains("(the 96 apps with the most launches of 300 are shown: the others are left out)"))
        #expect(text.contains(" rule-7\n") && text.contains(" steady\n"))
        #expect(text.utf8.count < 2_000_000, "\(text.utf8.count) bytes")
    }

    @Test("an absurd terminal width ($COLUMNS from the environment) is taken as the widest laid out")
    func absurdWidth() {
        #expect(HistoryRenderer(width: .max).width == HistoryRenderer.maximumWidth)
        #expect(HistoryRenderer(width: .max).text(Self.runs()) == HistoryRenderer(width: HistoryRenderer.maximumWidth).text(Self.runs()))
    }

    @Test("the page: a chart and a colour per rule, p50 and p90 per app, the slow night clamped and written")
    func page() throws {
        let html = HistoryRenderer().html(Self.runs())
        #expect(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline';") && !html.contains("<script"))
        #expect(html.matches(of: /<figure class="chart-card">/).count == 12 + 3)
        for index in 0..<10 { #expect(html.contains("<i class=\"swatch series-\(index)\"></i>")) }
        #expect(html.contains("class=\"line series-0\"") && html.contains("class=\"line p50\"") && html.contains("class=\"line p90\""))
        // The slow night of the first app: above the scale, drawn as ▲ with its value; the others stay on it.
        #expect(html.matches(of: /<path class="outlier p(50|90)"/).count == 2)
        #expect(html.contains(">24,000 ms</text>") && html.contains(">31,000 ms</text>"))
        #expect(html.contains(">11-13</text>") && html.contains(">3f2a9c1</text>"), "runs named by date and commit")
        #expect(html.contains("com.example.&lt;b&gt;alpha&lt;/b&gt;") && !html.contains("<b>alpha"))
        #expect(html.contains("No launch timed to the millisecond in these runs: <code>org.example.untimed</code>."), "no empty chart")
        #expect(html.contains("<td class=\"mono\">2026-11-16 02:30</td><td class=\"mono\" data-label=\"Commit\">6f2a9c1</td>"))
    }

    @Test("the page's header escapes the days it names: a history file is as untrusted as a log")
    func headerEscapesDays() {
        var runs = Self.runs()
        runs[0].recordedAt = "<!--\u{1B}[2J-->x"
        let html = HistoryRenderer().html(runs)
        #expect(!html.contains("<!--") && !html.contains("\u{1B}"))
        #expect(html.contains("&lt;!--\\u{1b}[2J-- to 2026-11-16"), "\(html.prefix(2_000))")
    }

    @Test("runs(branch:) keeps the runs of that branch, the latest first cut by limit")
    func branchFilter() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.path("history.sqlite"))
        for run in Self.runs() {
            var copy = run
            copy.id = nil
            try store.record(copy)
        }
        #expect(try store.runs(branch: "main").map(\.day) == ["2026-11-11", "2026-11-12", "2026-11-13", "2026-11-15", "2026-11-16"])
        #expect(try store.runs(limit: 2, branch: "main").map(\.day) == ["2026-11-15", "2026-11-16"])
        #expect(try store.runs(branch: "feature/a-very-long-branch-name-for-a-test").map(\.shortCommit) == ["4f2a9c1"])
        #expect(try store.runs(branch: "none").isEmpty && store.runs().count == 6)
    }
}
