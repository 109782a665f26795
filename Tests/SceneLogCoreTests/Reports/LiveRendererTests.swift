import Foundation
import Testing

@testable import SceneLogCore

/// Snapshots of what `watch` prints: the live text lines and the NDJSON events.
@Suite("live renderers")
struct LiveRendererTests {
    static func watchdogLaunch() throws -> (launch: Launch, findings: [Finding]) {
        let result = try launches(in: try sample("idevicesyslog-1.4-microseconds-watchdog.log"))
        return (try #require(result.launches.first), result.findings)
    }

    @Test("phase and outcome lines")
    func phaseAndOutcome() throws {
        let (launch, _) = try Self.watchdogLaunch()
        let renderer = LiveTextRenderer()
        #expect(renderer.phase(launch, .spawned) == "L1  io.waypoint.tripplanner  spawned           +4 ms  runningboardd → pid 796  line 10\n")
        #expect(renderer.phase(launch, .sceneCreated) == "L1  io.waypoint.tripplanner  sceneCreated     +58 ms  SpringBoard  (watchdog 19.96 s)  line 33\n")
        #expect(renderer.phase(launch, .active) == "", "a phase the launch never reached prints nothing")
        #expect(renderer.outcome(launch) == "L1  io.waypoint.tripplanner  outcome: killed (watchdog 0x8badf00d)\n")
    }

    @Test("a finding with its fix, and its repeat counter")
    func findingAndRepeats() throws {
        let (_, findings) = try Self.watchdogLaunch()
        let first = try #require(findings.first)
        let rule = LaunchWatchdogTerminationRule().description
        let text = LiveTextRenderer().finding(first, rule: rule, explain: false)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "error   launch-watchdog-termination  Trip Planner[796]  L1  Mar  3 09:41:47.193741 line 42", "owned by the app killed")
        #expect(lines[1] == "        " + first.message)
        #expect(lines[2].hasPrefix("        fix: Make launch return quickly"))
        let explained = LiveTextRenderer().finding(first, rule: rule, explain: true)
        #expect(explained.contains(rule.explanation.split(separator: "\n").first.map(String.init) ?? "?"))
        var repeated = first
        repeated.location = SourceLocation(path: first.location.path, line: 43, byteOffset: -1)
        #expect(LiveTextRenderer().repeats(of: first, last: repeated, count: 2)
            == "        ↻ ×2 launch-watchdog-termination  Trip Planner  lines 42–43\n")
    }

    @Test("colour codes appear only when asked for")
    func colour() throws {
        let (launch, _) = try Self.watchdogLaunch()
        #expect(!LiveTextRenderer().outcome(launch).contains("\u{1B}["))
        #expect(LiveTextRenderer(options: RenderOptions(color: true)).outcome(launch).contains("\u{1B}[31mkilled\u{1B}[0m"))
    }

    @Test("the summary lists lines, launches and findings by rule")
    func summary() throws {
        let (launch, findings) = try Self.watchdogLaunch()
        var tally = FindingTally()
        findings.forEach { tally.add($0) }
        let input = InputSummary(
            path: "-", format: .idevicesyslog, bytes: 100, counts: LineCounts(records: 51), truncatedLines: 0)
        var result = ScanResult()
        result.inputs = [input]
        result.launches = [launch]
        let text = LiveTextRenderer().summary(of: result, tally: tally)
        #expect(text == """

            ── summary ──
            51 lines read: 51 records, 0 continuation, 0 unparsed.
            1 launch: 1 killed.
              L1  io.waypoint.tripplanner (pid 796)  killed (watchdog 0x8badf00d), 1 finding  test.log:7
            Findings by rule:
                   1  error    launch-watchdog-termination

            """)
        result.releasedLaunchOutcomes = [.active: 1_200, .crashed: 3]
        #expect(LiveTextRenderer().summary(of: result, tally: tally).contains(
            "1 launch: 1 killed.\n1203 earlier launches are not listed (outcomes when last kept: 1200 active, 3 crashed).\n"))
    }

    @Test("NDJSON events are one compact line each, type first")
    func ndjsonEvents() throws {
        let (launch, findings) = try Self.watchdogLaunch()
        let finding = NDJSONEvents.finding(try #require(findings.first))
        #expect(finding.hasPrefix("{\"type\":\"finding\",\"data\":{"))
        #expect(finding.hasSuffix("}\n") && finding.dropLast().contains("\n") == false)
        let event = NDJSONEvents.launch(launch, change: "spawned")
        #expect(event.hasPrefix("{\"type\":\"launch\",\"change\":\"spawned\",\"appFirstLine\":null,\"bundle\":\"io.waypoint.tripplanner\""))
        let object = try #require(JSONSerialization.jsonObject(with: Data(event.utf8)) as? [String: Any])
        #expect(object["outcome"] as? String == "killed")
        #expect(object["pid"] as? Int == 796)
        var tally = FindingTally()
        findings.forEach { tally.add($0) }
        let summary = NDJSONEvents.summary(inputs: [], tally: tally, launches: [launch])
        #expect(summary == "{\"type\":\"summary\",\"findings\":{\"error\":1,\"note\":0,\"warning\":0},\"findingsByRule\":{\"launch-watchdog-termination\":1},\"interrupted\":false,\"launches\":1,\"launchesByOutcome\":{\"killed\":1},\"lines\":0,\"unparsedLines\":0}\n")
    }
}
