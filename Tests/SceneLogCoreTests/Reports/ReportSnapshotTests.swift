import Foundation
import Testing

@testable import SceneLogCore

/// Snapshots: one whole JSON report of Samples/ (the public contract, byte for byte), and each
/// renderer on ``smallReport()``, which shows what that renderer adds without churning when a rule
/// or a sample changes.
@Suite("report snapshots")
struct ReportSnapshotTests {
    @Test("json: the whole sample report, compared with a made-up yesterday")
    func json() throws {
        expectSnapshot(ReportFormat.json.render(try sampleReportWithBaseline()), named: "report.json")
    }

    @Test(
        "each renderer on a small report with a baseline",
        arguments: [
            (ReportFormat.text, "small.txt"), (.ndjson, "small.ndjson"), (.markdown, "small.md"), (.junit, "small.junit.xml"),
            (.sarif, "small.sarif.json"), (.github, "small.github.txt"),
        ])
    func small(format: ReportFormat, snapshot: String) {
        expectSnapshot(format.render(smallReport()), named: snapshot)
    }

    @Test("html: the small report's page body (styles and script are the same on every page)")
    func smallHTML() throws {
        let page = ReportFormat.html.render(smallReport())
        let start = try #require(page.range(of: "<body>\n")).upperBound
        let end = try #require(page.range(of: "<script>")).lowerBound
        expectSnapshot(String(page[start..<end]), named: "small.body.html")
    }

    @Test("markdown stays under 1 MiB, saying what it cut")
    func markdownLimit() throws {
        var report = try sampleReport()
        let finding = try #require(report.findings.first)
        report.findings = FindingLog((0..<4_000).map { index in
            var copy = finding
            copy.rule = "rule-\(index)"
            copy.message = String(repeating: "x", count: 300) + " \(index)"
            return copy
        })
        let capped = ReportFormat.markdown.render(report)
        #expect(capped.contains("_…and 3800 more._"), "tables keep 200 rows")
        // With no row cap, the size limit halves the rows until the text fits.
        let sized = MarkdownRenderer(maximumRows: 50_000).render(ReportDigest(report), options: RenderOptions())
        #expect(sized.utf8.count <= 1 << 20)
        #expect(sized.contains("rows to keep this under 1 MiB"))
    }

    @Test("log text cannot break a markdown table or inject HTML")
    func markdownEscaping() throws {
        var report = try sampleReport()
        var finding = try #require(report.findings.first)
        finding.message = "a | b <script>alert(1)</script> `x` [link](http://x)"
        report.findings = [finding]
        let text = ReportFormat.markdown.render(report)
        #expect(text.contains("a \\| b &lt;script&gt;alert(1)&lt;/script&gt; \\`x\\` \\[link\\](http://x)"))
        #expect(!text.contains("<script>"))
    }

    @Test("the made-up yesterday gives exactly one new, one fixed finding and one slower app")
    func baselineDiff() throws {
        let diff = try #require(try sampleReportWithBaseline().baseline)
        #expect(diff.newFindings.map(\.rule) == ["main-thread-hang"])
        #expect(diff.fixedFindings.map(\.rule) == ["root-view-controller-missing"])
        #expect(diff.launchRegressions.map(\.app) == ["com.trailmix.routebook"])
        #expect(diff.hasRegression(atOrAbove: .error))
        #expect(
            diff.timedToTheSecondNote == "10 launches timed to the second (whole-second stamps) are left out of the medians.",
            "5 launches of Samples/ print whole seconds, in the baseline and tonight")
    }
}
