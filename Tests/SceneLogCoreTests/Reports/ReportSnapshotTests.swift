import Testing

@testable import SceneLogCore

/// Every renderer on the same report: all of Samples/, compared with a made-up yesterday.
@Suite("report snapshots")
struct ReportSnapshotTests {
    @Test("text")
    func text() throws {
        expectSnapshot(ReportFormat.text.render(try sampleReportWithBaseline()), named: "report.txt")
    }

    @Test("json")
    func json() throws {
        expectSnapshot(ReportFormat.json.render(try sampleReportWithBaseline()), named: "report.json")
    }

    @Test("ndjson")
    func ndjson() throws {
        expectSnapshot(ReportFormat.ndjson.render(try sampleReportWithBaseline()), named: "report.ndjson")
    }

    @Test("markdown")
    func markdown() throws {
        expectSnapshot(ReportFormat.markdown.render(try sampleReportWithBaseline()), named: "report.md")
    }

    @Test("markdown stays under 1 MiB, saying what it cut")
    func markdownLimit() throws {
        var report = try sampleReport()
        let finding = try #require(report.findings.first)
        report.findings = (0..<8_000).map { index in
            var copy = finding
            copy.rule = "rule-\(index)"
            copy.message = String(repeating: "x", count: 100) + " \(index)"
            return copy
        }
        let capped = ReportFormat.markdown.render(report)
        #expect(capped.contains("_…and 7800 more._"), "tables keep 200 rows")
        // With no row cap, the size limit halves the rows until the text fits.
        let sized = MarkdownRenderer(maximumRows: 50_000).render(report, options: RenderOptions())
        #expect(sized.utf8.count <= 1 << 20)
        #expect(sized.contains("rows to keep this under 1 MiB"))
    }

    @Test("log text cannot break a markdown table or inject HTML")
    func markdownEscaping() throws {
        var report = try sampleReport()
        report.findings = [try #require(report.findings.first)]
        report.findings[0].message = "a | b <script>alert(1)</script> `x` [link](http://x)"
        let text = ReportFormat.markdown.render(report)
        #expect(text.contains("a \\| b &lt;script&gt;alert(1)&lt;/script&gt; \\`x\\` \\[link\\](http://x)"))
        #expect(!text.contains("<script>"))
    }

    @Test("the made-up yesterday gives exactly one new, one fixed finding and one slower app")
    func baselineDiff() throws {
        let diff = try #require(try sampleReportWithBaseline().baseline)
        #expect(diff.newFindings.map(\.rule) == ["main-thread-hang"])
        #expect(diff.fixedFindings.map(\.rule) == ["root-view-controller-missing"])
        #expect(diff.launchRegressions.map(\.app) == ["io.kestrel.shiftboard"])
        #expect(diff.hasRegression(atOrAbove: .error))
    }
}
