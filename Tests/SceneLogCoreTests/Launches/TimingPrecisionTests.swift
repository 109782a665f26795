import Foundation
import Testing

@testable import SceneLogCore

/// A time to active measured between whole-second stamps (idevicesyslog 1.3) is shown for what
/// it is, and stays out of medians; millisecond logs keep their figures.
@Suite("timing precision")
struct TimingPrecisionTests {
    /// An idevicesyslog 1.3 launch (whole seconds): Bootstrapping at `start`, active at `active`.
    static func wholeSecondLaunch(start: String = "14:03:11", active: String, pid: Int = 1519) -> String {
        """
        Dec  2 \(start) SpringBoard(FrontBoard)[34] <Notice>: Bootstrapping app<com.harborlane.tidetable> with intent foreground-interactive
        Dec  2 \(start) runningboardd(RunningBoard)[33] <Notice>: Now tracking process: [app<com.harborlane.tidetable(CFD66C1D-EE1A-67F6-CAF4-DE178EFF8153)>:\(pid)]
        Dec  2 \(start) SpringBoard(FrontBoard)[34] <Notice>: [app<com.harborlane.tidetable>:\(pid)] Bootstrap success!
        Dec  2 \(start) Runner(UIKitCore)[\(pid)] <Notice>: UIWindowScene: 0x30df77f40: Window became key in scene: UIWindow: 0x3027ef700; contextId: 0x6626de18
        Dec  2 \(active) Runner(UIKitCore)[\(pid)] <Notice>: Deactivation reason removed: 5; deactivation reasons: 32 -> 0; animating application lifecycle event: 0

        """
    }

    @Test("equal whole-second stamps read < 1 s, never 0 ms; two seconds apart read ≈ 2 s")
    func wholeSeconds() throws {
        let same = try #require(try launches(in: Self.wholeSecondLaunch(active: "14:03:11")).launches.first)
        #expect(same.timeToActiveMs == 0 && same.timeToActivePrecisionMs == 1000 && same.isTimedToTheSecond)
        #expect(same.timeToActiveText == "< 1 s")
        let later = try #require(try launches(in: Self.wholeSecondLaunch(active: "14:03:13")).launches.first)
        #expect(later.timeToActiveText == "≈ 2 s")
        for launch in [same, later] {
            let timeline = TimelineRenderer().render(launch, findings: [])
            #expect(!timeline.contains(" ms"), "no phase offset or time claims milliseconds: \(timeline)")
            #expect(!TimelineRenderer().renderSummaryLine(launch).contains("0 ms"))
        }
        #expect(TimelineRenderer().render(same, findings: []).contains("time to active: < 1 s"))
    }

    @Test("a phase stamped before the launch's start (a clock set back) shows no offset")
    func clockSetBack() throws {
        let launch = try #require(try launches(in: Self.wholeSecondLaunch(start: "14:03:11", active: "04:03:11")).launches.first)
        #expect(launch.timeToActiveMs == nil)
        let timeline = TimelineRenderer().render(launch, findings: [])
        #expect(!timeline.contains("+-") && !timeline.contains("≈ -"), "\(timeline)")
        #expect(launch.phases[.active].map { launch.offsetText(of: $0) } == .some(nil))
    }

    @Test("launch-slow fires on whole seconds only when even the shortest time they allow is over the threshold")
    func slowLaunchToTheSecond() throws {
        let maybe = try launches(in: Self.wholeSecondLaunch(active: "14:03:14")).findings
        #expect(!maybe.contains { $0.rule == "launch-slow" }, "3 s between whole-second stamps may be 2.01 s")
        let slow = try launches(in: Self.wholeSecondLaunch(active: "14:03:16")).findings
        let finding = try #require(slow.first { $0.rule == "launch-slow" })
        #expect(finding.message == "com.harborlane.tidetable took ≈ 5 s to become active (threshold 2000 ms)")
        #expect(finding.data["timeToActiveMs"] == "5000")
    }

    @Test("millisecond and microsecond logs keep their figures")
    func fineStamps() throws {
        let launch = try #require(try launches(in: LaunchTrackerTests.coldLaunch).launches.first)
        #expect(launch.timeToActiveMs == 457 && launch.timeToActivePrecisionMs == 1 && !launch.isTimedToTheSecond)
        #expect(launch.timeToActiveText == "457 ms")
        #expect(TimelineRenderer().render(launch, findings: []).contains("+457 ms"))
    }

    @Test("the idevicesyslog 1.3 sample: ≈ 1 s in every renderer, and its precision in JSON")
    func sampleInEveryRenderer() throws {
        let result = Scanner(options: try testScanOptions()).scan(
            bytes: Array(try sample("idevicesyslog-1.3-flutter-scene-adopted.log").utf8), name: "Samples/idevicesyslog-1.3.log")
        let report = ScanReport(result, ruleSet: try testScanOptions().ruleSet)
        for format in [ReportFormat.text, .markdown, .html, .junit] {
            let text = format.render(report)
            #expect(![" 0 ms", ">0 ms", "+0 ms", "1000 ms"].contains { text.contains($0) }, "\(format) claims milliseconds")
        }
        #expect(ReportFormat.text.render(report).contains("active after ≈ 1 s"))
        #expect(ReportFormat.markdown.render(report).contains("| ≈ 1 s |"))
        #expect(ReportFormat.html.render(report).contains(">≈ 1 s</text>"))
        #expect(!ReportFormat.junit.render(report).contains("time=\"1.000\""), "JUnit's time is not claimed to the millisecond")
        let json = try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(report).utf8)) as? [String: Any]
        let launch = try #require((json?["launches"] as? [[String: Any]])?.first)
        #expect(launch["timeToActiveMs"] as? Int == 1000 && launch["timeToActivePrecisionMs"] as? Int == 1000)
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(ReportFormat.json.render(report).utf8))
        #expect(document.launches.first?.timeToActivePrecisionMs == 1000, "the report reader keeps the field")
    }

    @Test("launches timed to the second stay out of regression medians, and the diff says so")
    func mediansLeaveThemOut() throws {
        let coarse = try launches(in: Self.wholeSecondLaunch(active: "14:03:15")).launches
        let fine = try launches(in: LaunchTrackerTests.coldLaunch).launches
        let baseline = BaselineReport(
            path: "yesterday.json", findings: [],
            launches: [
                .init(id: "L1", bundle: "com.harborlane.tidetable", process: "Runner", outcome: .active, timeToActiveMs: 300,
                    timeToActivePrecisionMs: 1),
                .init(id: "L2", bundle: "com.example.app", process: "Example", outcome: .active, timeToActiveMs: 0,
                    timeToActivePrecisionMs: 1000),
            ])
        let diff = BaselineDiff(baseline: baseline, inputs: [], findings: FindingLog(), launches: coarse + fine)
        #expect(diff.launchRegressions.isEmpty, "4 s between whole-second stamps is not compared with 300 ms")
        #expect(diff.launchesTimedToTheSecond == 2)
        #expect(diff.timedToTheSecondNote == "2 launches timed to the second (whole-second stamps) are left out of the medians.")
        var report = ScanReport(inputs: [], launches: LaunchLog(coarse + fine))
        report.baseline = diff
        for format in [ReportFormat.text, .markdown, .html] {
            #expect(format.render(report).contains("left out of the medians"), "\(format) says why")
        }
        let run = HistoryRun(report: report, recordedAt: "2026-11-23T00:00:00Z", commit: nil, branch: nil)
        #expect(run.apps.map(\.medianTimeToActiveMs) == [457, nil], "the history's medians leave them out too")
    }

    @Test("a live stream of whole-second stamps is timed by when its lines arrive, and says so once")
    func liveArrival() throws {
        let observer = DiagnosticsObserver()
        var options = try testScanOptions()
        options.timesByArrival = true
        let scan = Scanner(options: options, observer: observer).live(name: "-")
        let lines = Self.wholeSecondLaunch(active: "14:03:11").split(separator: "\n").map { String($0) + "\n" }
        for (index, line) in lines.enumerated() {
            if index == lines.count - 1 { Thread.sleep(forTimeInterval: 0.06) }
            let bytes = Array(line.utf8)
            try bytes.withUnsafeBufferPointer { try scan.take($0) }
            try scan.flush()
        }
        let launch = try #require(scan.finish().launches.first)
        #expect(launch.timeToActivePrecisionMs == 1, "arrival times are known to the millisecond")
        #expect((60..<1000).contains(launch.timeToActiveMs ?? -1), "the 60 ms pause shows: \(String(describing: launch.timeToActiveMs))")
        #expect(observer.notes == [StreamAnalysis.arrivalTimingNote])
    }

    @Test("a whole-second log replayed into a live scan faster than it was written keeps its stamps")
    func replayKeepsStamps() throws {
        var options = try testScanOptions()
        options.timesByArrival = true
        let observer = DiagnosticsObserver()
        let scan = Scanner(options: options, observer: observer).live(name: "-")
        let text = Self.wholeSecondLaunch(start: "14:03:11", active: "14:03:12", pid: 1519)
            + Self.wholeSecondLaunch(start: "14:03:20", active: "14:03:23", pid: 1600)
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { try scan.take($0) }
        let found = Array(scan.finish().launches)
        #expect(found.count == 2)
        #expect(found.last?.timeToActiveText == "≈ 3 s", "after the log's clock ran ahead, its own stamps time it")
        #expect(found.allSatisfy { $0.timeToActiveMs != nil && $0.timeToActiveText != "0 ms" })
        #expect(observer.notes == [StreamAnalysis.arrivalTimingNote, StreamAnalysis.arrivalTimingStoppedNote])
    }
}

/// Keeps the notes a scan reports.
private final class DiagnosticsObserver: ScanObserver, @unchecked Sendable {
    private(set) var notes: [String] = []

    func scanDidReport(_ diagnostic: ScanDiagnostic) {
        if diagnostic.level == .note { notes.append(diagnostic.message) }
    }
}
