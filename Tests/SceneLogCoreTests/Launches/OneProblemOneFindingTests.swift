import Foundation
import Testing

@testable import SceneLogCore

/// A termination told over several lines is one finding, owned by the app killed, with the other
/// lines as its evidence.
@Suite("one problem, one finding")
struct OneProblemOneFindingTests {
    @Test("the two-device watchdog sample: one finding for the kill, the app's, with lines 91 and 94 as evidence")
    func watchdogKillIsTheAppsFinding() throws {
        let result = Scanner(options: try testScanOptions()).scan([samplePath("two-devices-idevicesyslog.log")])
        let kills = result.findings.filter { $0.rule == "launch-watchdog-termination" }
        #expect(kills.count == 1)
        let kill = try #require(kills.first)
        #expect(kill.process == "Shiftboard" && kill.pid == 812)
        #expect(kill.data["bundle"] == "io.kestrel.shiftboard" && kill.data["reportedBy"] == "SpringBoard")
        #expect(kill.location.line == 90 && kill.evidence.map { $0.line } == [91, 94])
        let launch = try #require(result.launches.first { $0.id == kill.launch })
        #expect(launch.device == "QA-iPad" && launch.outcome == .killed)
    }

    @Test("--app finds the kill by the app's process name and by its bundle id", arguments: ["Shiftboard", "io.kestrel.shiftboard"])
    func appFilterFindsTheKill(app: String) throws {
        var options = try testScanOptions()
        options.app = app
        let result = Scanner(options: options).scan([samplePath("two-devices-idevicesyslog.log")])
        #expect(result.findings.map(\.rule).contains("launch-watchdog-termination"))
    }

    /// As pasted into CherryHQ/cherry-studio-app#990: the iOS 27 trap's message hard-wrapped
    /// after "Application failed to launch:", each half matching a pattern of the rule.
    @Test("a launch failure's message wrapped onto two lines is one finding, the second line its evidence")
    func wrappedLaunchFailureIsOneFinding() throws {
        let text = """
            [] failure in void _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke (UIApplication_RuntimeIssues.m:106) : Application failed to launch:
            UIScene life cycle is required for apps built with this SDK. See "Transitioning to the UIKit scene-based life cycle" in the UIKit documentation for more information on
            migration.
            """
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(text.utf8), name: "paste.log")
        let failures = result.findings.filter { $0.rule == "scene-lifecycle-required" }
        #expect(failures.count == 1)
        #expect(failures.first?.location.line == 1 && failures.first?.evidence.map(\.line) == [2])
        #expect(result.launches.map(\.outcome) == [.launchFailed])
    }

    @Test("launch failures of two processes stay two findings")
    func failuresOfTwoProcessesAreTwoFindings() throws {
        let failure = "(UIKitCore) failure in void _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke (UIApplication_RuntimeIssues.m:106) : Application failed to launch: UIScene life cycle is required for apps built with this SDK."
        let text = """
            2026-09-22 15:07:18.506 E  App[40455:17a9f] \(failure)
            2026-09-22 15:07:31.112 E  App[40461:17b02] \(failure)
            """
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(text.utf8), name: "two-runs.log")
        #expect(result.findings.filter { $0.rule == "scene-lifecycle-required" }.map(\.pid) == [40455, 40461])
    }

    /// A Console.app copy from flutter/flutter#68558: Xcode's debugger holds the app, SpringBoard
    /// ignores its launch watchdog, logs the overrun all the same, and does not terminate it.
    static let debuggedOverrun = [
        "default\t08:16:48.296225-0700\tSpringBoard\t[application<com.example.helloFlutter>:1462] Ignoring <FBProcessWatchdog: 0x28175f7f0; name: process-launch> for reason: process is being debugged",
        "error\t08:16:48.297075-0700\tSpringBoard\t[application<com.example.helloFlutter>:1462] Provision violated for watchdog process-launch: <FBSProcessResourceProvision: 0x281830800; allowance: <; FBSProcessResourceAllowance; type: realTime; timeValue: 20.0s>; violated: YES>",
        "error\t08:16:48.297709-0700\tSpringBoard\tNot terminating \"application<com.example.helloFlutter>:1462\"",
    ]

    @Test("a watchdog overrun SpringBoard ignores because a debugger is attached is no kill")
    func debuggedOverrunIsNoKill() throws {
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(Self.debuggedOverrun.joined(separator: "\n").utf8), name: "debugged.log")
        #expect(!result.findings.map(\.rule).contains("launch-watchdog-termination"))
        #expect(!result.launches.map(\.outcome).contains(.killed))
    }

    @Test("the overrun of another process, or with no word of a debugger, is still a kill")
    func undebuggedOverrunIsAKill() throws {
        for lines in [Array(Self.debuggedOverrun.dropFirst()), [Self.debuggedOverrun[0].replacingOccurrences(of: ":1462]", with: ":1400]")] + Self.debuggedOverrun.dropFirst()] {
            let result = Scanner(options: try testScanOptions()).scan(bytes: Array(lines.joined(separator: "\n").utf8), name: "overrun.log")
            #expect(result.findings.map(\.rule) == ["launch-watchdog-termination"])
        }
    }

    @Test("kills of two apps are two groups, and the findings after a kill keep their line order")
    func killsOfTwoAppsAreNotOneGroup() throws {
        let first = try sample("idevicesyslog-1.4-microseconds-watchdog.log")
        let second = try sample("two-devices-idevicesyslog.log")
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array((first + second).utf8), name: "night.log")
        let kills = result.findings.filter { $0.rule == "launch-watchdog-termination" }
        #expect(Set(kills.compactMap { $0.data["bundle"] }) == ["io.waypoint.tripplanner", "io.kestrel.shiftboard"])
        #expect(FindingGroups(kills).groups.count == 2)
        let lines = result.findings.map(\.location.line)
        #expect(lines == lines.sorted(), "held kill findings come back in line order")
    }
}
