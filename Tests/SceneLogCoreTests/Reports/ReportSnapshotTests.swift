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

    @Test("the made-up yesterday gives exactly one new, one fixed finding and one slower app")
    func baselineDiff() throws {
        let diff = try #require(try sampleReportWithBaseline().baseline)
        #expect(diff.newFindings.map(\.rule) == ["main-thread-hang"])
        #expect(diff.fixedFindings.map(\.rule) == ["root-view-controller-missing"])
        #expect(diff.launchRegressions.map(\.app) == ["io.kestrel.shiftboard"])
        #expect(diff.hasRegression(atOrAbove: .error))
    }
}
