import Testing

@testable import SceneLogCore

/// The exit-code table as ``FailurePolicy`` decides it.
@Suite("failure policy")
struct FailurePolicyTests {
    /// A run of one input of `records` records with one warning finding.
    /// A result of one input of `records` records, with a finding when it has records.
    static func result(records: Int = 3, unreadable: Int = 0) -> ScanResult {
        var result = ScanResult()
        result.inputs = [InputSummary(path: "a.log", format: .idevicesyslog, bytes: 10, counts: LineCounts(records: records), truncatedLines: 0)]
        guard records > 0 else { return result }
        result.findings = FindingLog([
            Finding(
                rule: "r", severity: .warning, message: "m", location: SourceLocation(path: "a.log", line: 1, byteOffset: 0), excerpt: "")
        ])
        result.unreadableInputs = unreadable
        return result
    }

    @Test("findings fail at or above --fail-on; never passes")
    func findings() {
        #expect(FailurePolicy(failOn: .warning).verdict(on: Self.result()) == .failed)
        #expect(FailurePolicy(failOn: .error).verdict(on: Self.result()) == .passed)
        #expect(FailurePolicy(failOn: nil).verdict(on: Self.result()) == .passed)
    }

    @Test("nothing read, an unreadable input or an interrupted run is incomplete, whatever --fail-on; --allow-empty lets nothing read pass")
    func incomplete() {
        #expect(FailurePolicy(failOn: nil).verdict(on: Self.result(records: 0)) == .incomplete)
        #expect(FailurePolicy(failOn: nil, allowsEmpty: true).verdict(on: Self.result(records: 0)) == .passed)
        #expect(FailurePolicy(failOn: nil, allowsEmpty: true).verdict(on: Self.result(unreadable: 1)) == .incomplete)
        var interrupted = Self.result()
        interrupted.interrupted = true
        #expect(FailurePolicy(failOn: nil).verdict(on: interrupted) == .incomplete)
    }

    @Test("a regression fails unless --fail-on never or --no-fail-on-regression")
    func regressions() {
        let result = Self.result()
        let baseline = BaselineReport(path: "b.json", findings: [], launches: [])
        let diff = BaselineDiff(baseline: baseline, inputs: ["a.log"], findings: result.findings, launches: [])
        #expect(FailurePolicy(failOn: .warning).verdict(on: result, baseline: diff) == .failed, "a new warning")
        #expect(FailurePolicy(failOn: .error).verdict(on: result, baseline: diff) == .passed)
        #expect(FailurePolicy(failOn: nil).verdict(on: result, baseline: diff) == .passed)
        #expect(FailurePolicy(failOn: .warning, failsOnRegression: false).verdict(on: result, baseline: diff) == .failed, "the warning itself")
        let unchanged = BaselineDiff(
            baseline: BaselineReport(path: "b.json", findings: Array(result.findings), launches: []), inputs: ["a.log"],
            findings: result.findings, launches: [])
        #expect(FailurePolicy(failOn: .warning).verdict(on: result, baseline: unchanged) == .passed, "nothing new")
        #expect(FailurePolicy(failOn: .warning, failsOnRegression: false).verdict(on: result, baseline: unchanged) == .failed)
    }
}
