import Testing

@testable import SceneLogCore

/// A baseline finding gone tonight is fixed only when its input was read and its app appeared.
@Suite("baseline: fixed or not seen")
struct BaselineNotSeenTests {
    static func finding(_ path: String, process: String?, launch: String? = nil) -> Finding {
        Finding(
            rule: "r", severity: .error, message: "\(process ?? "system") failed", location: SourceLocation(path: path, line: 1, byteOffset: 0),
            process: process, launch: launch, excerpt: "")
    }

    @Test("gone from an input read tonight, of an app seen tonight: fixed; of an input not read or an app absent: not seen")
    func split() {
        let launches = [
            BaselineReport.LaunchRecord(id: "L1", bundle: "com.example.alpha", process: "Alpha", outcome: .active, timeToActiveMs: 10),
            BaselineReport.LaunchRecord(id: "L2", bundle: "com.example.beta", process: "Beta", outcome: .active, timeToActiveMs: 10),
        ]
        let fixed = Self.finding("a.log", process: "Alpha", launch: "L1")
        let appAbsent = Self.finding("a.log", process: "Beta", launch: "L2")
        let inputAbsent = Self.finding("b.log", process: "Alpha", launch: "L1")
        let system = Self.finding("a.log", process: "SpringBoard")
        let baseline = BaselineReport(path: "b.json", findings: [fixed, appAbsent, inputAbsent, system], launches: launches)
        var tonight = Launch(id: "L1", path: "a.log")
        tonight.bundle = "com.example.alpha"
        let diff = BaselineDiff(baseline: baseline, inputs: ["a.log"], findings: FindingLog(), launches: [tonight])
        #expect(diff.fixedFindings == [fixed, system])
        #expect(diff.notSeenFindings == [appAbsent, inputAbsent])
        #expect(!diff.hasRegression(atOrAbove: .note))
    }
}
