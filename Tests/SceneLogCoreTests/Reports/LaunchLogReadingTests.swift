import Foundation
import Testing

@testable import SceneLogCore

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Renderers read a report's launches as a sequence, holding a bounded part of them.
@Suite("reading a launch log")
struct LaunchLogReadingTests {
    private func launch(_ sequence: Int, path: String, outcome: LaunchOutcome, activeAfterMs: Int?) -> Launch {
        var launch = Launch(id: "L\(sequence)", path: path)
        launch.bundle = "com.example.app\(sequence % 3)"
        let mark = LaunchMark(timestamp: nil, seconds: 100, location: SourceLocation(path: path, line: sequence, byteOffset: 0), process: nil)
        launch.phases[.requested] = mark
        if let activeAfterMs {
            var active = mark
            active.seconds = 100 + Double(activeAfterMs) / 1000
            launch.phases[.active] = active
            launch.phases[.windowKey] = active
        }
        switch outcome {
        case .crashed: launch.termination = Termination(kind: .signal, detail: "SIGABRT(6)")
        case .killed: launch.termination = Termination(kind: .watchdog)
        case .launchFailed: launch.hitLaunchTrap = true
        default: break
        }
        return launch
    }

    @Test("the worst launches picked in one pass are those a whole sort picks, in the same order")
    func worstInOnePass() {
        let outcomes: [LaunchOutcome] = [.active, .crashed, .killed, .launchFailed, .incomplete]
        let launches = (1...1_300).map { sequence in
            launch(sequence, path: "a.log", outcome: outcomes[(sequence * 7) % outcomes.count], activeAfterMs: sequence.isMultiple(of: 4) ? nil : (sequence * 37) % 900)
        }
        let sorted = launches.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.outcome.badness != b.outcome.badness { return a.outcome.badness > b.outcome.badness }
            if (a.timeToActiveMs ?? -1) != (b.timeToActiveMs ?? -1) { return (a.timeToActiveMs ?? -1) > (b.timeToActiveMs ?? -1) }
            return left.offset < right.offset
        }.map(\.element)
        for limit in [0, 1, 20, 500, 2_000] {
            #expect(LaunchLog(launches).worst(limit) == Array(sorted.prefix(limit)), "the worst \(limit)")
        }
    }

    @Test("JUnit lists each input's launches in its suite, whether the launches come input by input or not")
    func junitLaunchesBySuite() throws {
        let inputs = ["a.log", "b.log"].map { InputSummary(path: $0, format: nil, bytes: 0, counts: LineCounts(records: 1), truncatedLines: 0) }
        let grouped = [(1, "a.log"), (2, "a.log"), (3, "b.log")]
        let interleaved = [(1, "b.log"), (2, "a.log"), (3, "b.log"), (4, "a.log")]
        for order in [grouped, interleaved] {
            let launches = order.map { launch($0.0, path: $0.1, outcome: $0.0.isMultiple(of: 2) ? .crashed : .active, activeAfterMs: 300) }
            let report = ScanReport(inputs: inputs, launches: LaunchLog(launches))
            let document = try XMLDocument(xmlString: ReportFormat.junit.render(report))
            let suites = try #require(document.rootElement()).elements(forName: "testsuite")
            #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["a.log", "b.log"])
            for suite in suites {
                let path = try #require(suite.attribute(forName: "name")?.stringValue)
                let cases = suite.elements(forName: "testcase").filter { $0.attribute(forName: "classname")?.stringValue == "scenelog.launches" }
                let expected = launches.filter { $0.path == path }
                #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == expected.map { "launch \($0.id) \($0.bundle ?? "")" })
                #expect(suite.attribute(forName: "tests")?.stringValue == String(suite.elements(forName: "testcase").count))
                #expect(suite.attribute(forName: "failures")?.stringValue == String(expected.count { $0.outcome != .active }))
            }
        }
    }
}
