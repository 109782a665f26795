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

    /// mesibo/messenger-app-ios-swift#11 (Xcode console, iOS 14.5): the exception's reason is the
    /// missing root view controller, which that rule names; the app still aborts next.
    @Test("an uncaught exception whose reason another rule names on the line is that rule's one finding, of the launch that crashed")
    func explainedExceptionIsOneFinding() throws {
        let text = """
            MesiboMessenger[69816:1143051] [Application] Failed to instantiate the default view controller for UIMainStoryboardFile 'Main' - perhaps the designated entry point is not set?
            libc++abi: terminating with uncaught exception of type NSException
            *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Application windows are expected to have a root view controller at the end of application launch'
            terminating with uncaught exception of type NSException

            """
        let (read, findings) = try launches(in: text)
        #expect(findings.map(\.rule) == ["storyboard-entry-point-missing", "root-view-controller-missing"])
        // The abort came first in the paste; the exception's line after it is still of that launch.
        #expect(read.count == 1 && read.first?.outcome == .crashed && read.first?.findings == 2)
        #expect(Set(findings.map(\.launch)) == [read.first?.id])
        #expect(read.first?.termination == Termination(kind: .signal, detail: "SIGABRT(6)"))
        // The bare lines are the app's standard error: their finding names the launch's process.
        #expect(findings.last?.process == "MesiboMessenger" && findings.last?.pid == 69816)
        #expect(findings.last?.message.hasPrefix("MesiboMessenger ") == true, "\(findings.last?.message ?? "")")
        // A run that keeps only some rules keeps the exception's own finding.
        var options = try testScanOptions()
        options.filters.rules = ["uncaught-exception"]
        #expect(try launches(in: text, options: options).findings.map(\.rule) == ["uncaught-exception"])
    }

    /// Dimillian/IceCubesApp#1275 (Xcode console, iOS 16.1): the exception's line, then the same
    /// line again, bare, from the app's standard error (cut short in the paste).
    @Test("an uncaught exception printed again on a bare line is one finding and one crashed launch")
    func echoedExceptionIsOneFinding() throws {
        let text = #"""
            2023-03-18 23:18:00.213384+1100 IceCubesApp[41413:11230738] *** Assertion failure in -[UICollectionViewData indexPathForItemAtGlobalIndex:], UICollectionViewData.mm:835
            2023-03-18 23:18:00.213675+1100 IceCubesApp[41413:11230738] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'request for index path for global index 7 when there are only 7 items in the collection view'
            *** First throw call stack:
            (0x187c29e88 0x180f538d8 0x182541b4c 0x189e3f5f0 0x18a4e1338 0x18a4e1224 0x189f9f078 0x18a4e52b8 0x189e0e564 0x18a0f073c 0x18a0efd58 0x18a04d7bc 0x18bd90674 0x18b687ef8 0x18b7d2fa0 0x189e0e564 0x18bd904bc 0x18b6df234 0x18a4e6a38 0x18ae11334 0x18a24d1ec 0x1056c45a8 0x1056c605c 0x1056d6810 0x1056d6354 0x187cba6f8 0x187c9c058 0x187ca0ed4 0x1c0fa2368 0x18a17f3d0 0x18a17f034 0x18b78c014 0x18b6ed16c 0x18b6d64bc 0x10260c720 0x10260e0d4 0x1a6308960)
            libc++abi: terminating with uncaught exception of type NSException
            *** Terminating app due to uncaught exception 'NSInternalI
            """#
        let (read, findings) = try launches(in: text)
        #expect(findings.map(\.rule) == ["uncaught-exception"])
        // libc++abi's line (5) and the bare echo (6) tell the same crash.
        #expect(findings.first?.location.line == 2 && findings.first?.evidence.map(\.line) == [5, 6])
        #expect(read.count == 1 && read.first?.process == "IceCubesApp" && read.first?.outcome == .crashed)
    }

    /// A crash loop's exception, or a log flooded with one line: one finding, its evidence bounded.
    @Test("an uncaught exception repeated thousands of times is one finding with the first 64 repeats as evidence")
    func repeatedExceptionKeepsBoundedEvidence() throws {
        let line = "2023-03-18 23:18:00.213675+1100 IceCubesApp[41413:11230738] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'request for index path for global index 7 when there are only 7 items in the collection view'"
        let (_, findings) = try launches(in: Array(repeating: line, count: 5_000).joined(separator: "\n"))
        #expect(findings.count == 1 && findings.first?.evidence.count == 64)
    }

    /// react/react-native#11354 (React Native 0.38, Xcode console): the console's last lines, in
    /// which libc++abi's line is the one sign of the crash.
    @Test("libc++abi's line for an NSException alone is the crash's finding")
    func libcxxLineAloneIsTheFinding() throws {
        let text = """
            2016-12-07 18:14:38.722 [info][tid:main][RCTBatchedBridge.m:73] Initialising <RCTBatchedBridge: 0x1454b170> (parent: <RCTBridge: 0x14549eb0>, executor: RCTJSCExecutor)
            libc++abi.dylib: terminating with uncaught exception of type NSException
            (lldb)\u{20}
            """
        let (read, findings) = try launches(in: text)
        #expect(findings.map(\.rule) == ["uncaught-exception"])
        #expect(findings.first?.data["exception"] == "NSException" && findings.first?.location.line == 2)
        #expect(read.map(\.outcome) == [.crashed])
    }

    /// react/react-native#5110 and #10498 (Xcode console): the runtime's line, the first throw call
    /// stack one frame per line (longer than a watchdog kill's lines are apart), then libc++abi's
    /// line; and the same two lines the other way round, as a paste may order stderr and the log.
    @Test("libc++abi's line before or long after the runtime's line of the same exception adds no finding")
    func libcxxLineRestatesTheRuntimeLine() throws {
        let terminating = "2016-01-04 12:22:37.405 myapp[16916:350051] *** Terminating app due to uncaught exception 'NSRangeException', reason: '*** -[__NSCFString substringFromIndex:]: Index 175 out of bounds; string length 174'"
        let frames = (0..<60).map { "\t\($0)   CoreFoundation                      0x000000010ea9ce65 __exceptionPreprocess + 165" }
        let libcxx = "libc++abi.dylib: terminating with uncaught exception of type NSException"
        for lines in [[terminating, "*** First throw call stack:", "("] + frames + [")", libcxx], [libcxx, terminating]] {
            let (read, findings) = try launches(in: lines.joined(separator: "\n") + "\n")
            #expect(findings.map(\.rule) == ["uncaught-exception"])
            #expect(findings.first?.data["exception"] == "NSRangeException")
            #expect(read.count == 1 && read.first?.outcome == .crashed && read.first?.findings == 1)
        }
        // Two lines apart: libc++abi's line is the evidence of the runtime's.
        let (_, findings) = try launches(in: [libcxx, terminating].joined(separator: "\n"))
        #expect(findings.first?.location.line == 2 && findings.first?.evidence.map(\.line) == [1])
    }

    /// AloneMonkey/MonkeyDev#294 (iOS 13.4): libc++abi's line for a C++ exception, printed twice,
    /// with its image's name and without: one crash of the console's one app.
    @Test("a C++ exception's libc++abi line printed twice in a plain console is one finding")
    func doubledCxxExceptionIsOneFinding() throws {
        let text = """
            libc++abi.dylib: terminating with uncaught exception of type CYPoolError
            terminating with uncaught exception of type CYPoolError
            """
        let (read, findings) = try launches(in: text)
        #expect(findings.map(\.rule) == ["uncaught-exception"])
        #expect(findings.first?.data["exception"] == "CYPoolError" && findings.first?.evidence.map(\.line) == [2])
        #expect(read.count == 1 && read.first?.outcome == .crashed)
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

    /// A legacy crash report's excerpt, from https://github.com/mozilla-lockwise/lockwise-ios/issues/924:
    /// the termination reason gives the watchdog's code alone, the description names the app.
    static let lockwiseExcerpt = [
        "Exception Type:  EXC_CRASH (SIGKILL)",
        "Exception Codes: 0x0000000000000000, 0x0000000000000000",
        "Exception Note:  EXC_CORPSE_NOTIFY",
        "Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d",
        #"Termination Description: SPRINGBOARD, scene-create watchdog transgression: org.mozilla.ios.Lockbox exhausted real (wall clock) time allowance of 10.00 seconds |  | ProcessVisibility: Foreground | ProcessState: Running | WatchdogEvent: scene-create | WatchdogVisibility: Foreground | WatchdogCPUStatistics: ( | "Elapsed total CPU time (seconds): 5.280 (user 5.280, system 0.000), 16% CPU", | "Elapsed application CPU time (seconds): 0.576, 2% CPU" | )"#,
        "Triggered by Thread:  0",
    ]

    /// A termination description hard-wrapped over blank lines, in a Markdown fence (its author's
    /// stray fence included), from https://github.com/ContactAssistApp/mobile/issues/97.
    static let wrappedDescription = [
        "```",
        "Termination Description: SPRINGBOARD, scene-create watchdog transgression:",
        "",
        " edu.uw.CovidSafe exhausted real (wall clock) time allowance of 19.25 seconds | ",
        "ProcessVisibility: Foreground | ProcessState: Running | ",
        "WatchdogEvent: scene-create | WatchdogVisibility: Foreground | WatchdogCPUStatistics:",
        "",
        #" ( | "Elapsed total CPU time (seconds): 15.970 (user 15.970, system 0.000), 40% CPU", | "Elapsed application CPU time (seconds): 4.343, 11% CPU" | )```"#,
        "```",
    ]

    @Test("a crash report quoted from its exception lines is read as one: one watchdog kill, of the app its description names")
    func quotedCrashReportIsOneKill() throws {
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(Self.lockwiseExcerpt.joined(separator: "\n").utf8), name: "excerpt.log")
        #expect(result.inputs.first?.formatName == "ips")
        let kills = result.findings.filter { $0.rule == "launch-watchdog-termination" }
        #expect(kills.count == 1 && result.findings.count == 1)
        #expect(kills.first?.message.contains("org.mozilla.ios.Lockbox") == true)
        #expect(result.launches.isEmpty, "a crash report alone invents no launch")
    }

    @Test("a crash report's termination reason and description quoted in a console are one kill: the description is its evidence and names the app")
    func terminationReasonAndDescriptionAreOneKill() throws {
        let console = Self.lockwiseExcerpt.dropFirst(3).joined(separator: "\n")
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(console.utf8), name: "excerpt.log")
        let kills = result.findings.filter { $0.rule == "launch-watchdog-termination" }
        #expect(kills.count == 1)
        let kill = try #require(kills.first)
        #expect(kill.location.line == 1 && kill.evidence.map(\.line) == [2])
        #expect(kill.data["bundle"] == "org.mozilla.ios.Lockbox" && kill.data["watchdogEvent"] == "scene-create")
        #expect(kill.message == "the process reports a watchdog kill (0x8BADF00D): org.mozilla.ios.Lockbox took too long to launch")
        #expect(result.launches.isEmpty, "the lines of a crash report are not the app's: they start no launch of it")
    }

    /// firebase/quickstart-unity#1073: the description, cut short in the paste, says the kill
    /// came in a scene update (the app was going to the background), not at launch.
    @Test("a termination reason, then a description cut short that names a scene update: the kill is no slow launch")
    func sceneUpdateKillIsNoSlowLaunch() throws {
        let console = [
            "Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d",
            "Termination Description: SPRINGBOARD, <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transg",
        ].joined(separator: "\n")
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(console.utf8), name: "excerpt.log")
        let kill = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(kill.data["watchdogEvent"] == "scene-update" && kill.evidence.map(\.line) == [2])
        #expect(kill.message == "the process reports a watchdog kill (0x8BADF00D): an app took too long to update its scene")
    }

    @Test("a termination description wrapped over a blank line is one kill of the app it names")
    func wrappedDescriptionIsOneKill() throws {
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(Self.wrappedDescription.joined(separator: "\n").utf8), name: "wrapped.log")
        let kills = result.findings.filter { $0.rule == "launch-watchdog-termination" }
        #expect(kills.count == 1)
        #expect(kills.first?.location.line == 2)
        #expect(kills.first?.data["bundle"] == "edu.uw.CovidSafe" && kills.first?.data["watchdogBudget"] == "19.25")
    }

    @Test("a termination reason, then its description wrapped over a blank line, are one kill")
    func reasonThenWrappedDescriptionIsOneKill() throws {
        // The reason line of the lockwise excerpt, then the wrapped description as pasted.
        let lines = [Self.lockwiseExcerpt[3]] + Self.wrappedDescription.dropFirst()
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(lines.joined(separator: "\n").utf8), name: "wrapped.log")
        let kills = result.findings.filter { $0.rule == "launch-watchdog-termination" }
        #expect(kills.count == 1)
        #expect(kills.first?.location.line == 1 && kills.first?.evidence.map(\.line) == [2])
        #expect(kills.first?.data["bundle"] == "edu.uw.CovidSafe")
    }

    /// react/react-native#29088 (TestFlight, a background push): the report's bundle masked as `****`.
    @Test("a termination reason, then its description naming no app, are one kill that keeps the description's event and budget")
    func reasonThenMaskedDescriptionKeepsItsData() throws {
        let lines = [
            "Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d",
            "Termination Description: SPRINGBOARD, scene-create watchdog transgression: application<****>:7778 exhausted real (wall clock) time allowance of 19.56 seconds",
        ]
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(lines.joined(separator: "\n").utf8), name: "masked.log")
        let kills = result.findings.filter { $0.rule == "launch-watchdog-termination" }
        #expect(kills.count == 1)
        #expect(kills.first?.evidence.map(\.line) == [2])
        #expect(kills.first?.data["watchdogEvent"] == "scene-create" && kills.first?.data["watchdogBudget"] == "19.56")
        #expect(kills.first?.data["bundle"] == nil)
    }

    @Test("ReportCrash's reason line, then its description naming the app: one kill, of the app's launch seen by its end")
    func reportCrashReasonThenDescriptionIsOneKill() throws {
        // The rule's own examples: the two lines as ReportCrash logs them in a Console export.
        let examples = LaunchWatchdogTerminationRule.description.triggeringExamples.map(\.text)
        let lines = try ["\tTermination Reason: ", "\tTermination Description: "].map { field in
            try #require(examples.first { $0.contains("\tReportCrash" + field) })
        }
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(lines.joined(separator: "\n").utf8), name: "console.txt")
        let kills = result.findings.filter { $0.rule == "launch-watchdog-termination" }
        #expect(kills.count == 1)
        let kill = try #require(kills.first)
        #expect(kill.location.line == 1 && kill.evidence.map(\.line) == [2])
        #expect(kill.pid == 517 && kill.data["bundle"] == "redacted" && kill.data["reportedBy"] == "ReportCrash")
        let launch = try #require(result.launches.first { $0.id == kill.launch })
        #expect(launch.outcome == .killed && launch.evidence == .endOnly && launch.findings == 1)
    }

    /// `flutter run` on an iOS 9 device, from https://github.com/flutter/flutter/issues/4840: each
    /// line of the app is printed bare, then with its prefix; three launches.
    static let flutterRun = [
        "```",
        "~/Code/flutter/examples/flutter_gallery[master] $ flutter run --debug",
        "Running lib/main.dart on iPhone...",
        "Unknown class ViewController in Interface Builder file.",
        "2016-07-07 08:44:32.164 Runner[10828:7368176] Unknown class ViewController in Interface Builder file.",
        "[INFO:FlutterDynamicServiceLoader.mm(129)] Could not find the service definitions manifest. No custom services will be available.",
        "[INFO:FlutterDynamicServiceLoader.mm(107)] 0 custom service definitions registered",
        "Unknown class ViewController in Interface Builder file.",
        "2016-07-07 08:45:41.170 Runner[10833:7368685] Unknown class ViewController in Interface Builder file.",
        "[INFO:FlutterDynamicServiceLoader.mm(129)] Could not find the service definitions manifest. No custom services will be available.",
        "[INFO:FlutterDynamicServiceLoader.mm(107)] 0 custom service definitions registered",
        "Unknown class ViewController in Interface Builder file.",
        "2016-07-07 08:49:34.465 Runner[10838:7369658] Unknown class ViewController in Interface Builder file.",
        "[INFO:FlutterDynamicServiceLoader.mm(129)] Could not find the service definitions manifest. No custom services will be available.",
        "[INFO:FlutterDynamicServiceLoader.mm(107)] 0 custom service definitions registered",
    ]

    /// The unknown-class findings of `lines`.
    private func unknownClassFindings(_ lines: [String]) throws -> (findings: [Finding], launches: [Launch]) {
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(lines.joined(separator: "\n").utf8), name: "flutter-run.log")
        return (result.findings.filter { $0.rule == "unknown-interface-builder-class" }, Array(result.launches))
    }

    @Test("flutter run's bare echo of the device's line is no second finding: one per launch, on the prefixed line")
    func bareEchoIsNoSecondFinding() throws {
        let (findings, launches) = try unknownClassFindings(Self.flutterRun)
        #expect(findings.map(\.location.line) == [5, 9, 13])
        #expect(findings.map(\.pid) == [10828, 10833, 10838])
        #expect(launches.map(\.findings) == [1, 1, 1])
        #expect(findings.map(\.launch) == launches.map(\.id))
    }

    @Test("the echo after the prefixed line is no second finding either")
    func echoAfterThePrefixedLine() throws {
        // The capture's bare line and prefixed line, the other way round.
        let (findings, _) = try unknownClassFindings([Self.flutterRun[4], Self.flutterRun[3]])
        #expect(findings.map(\.location.line) == [1])
    }

    @Test("lines repeated each with a prefix of its own, or bare lines repeated, are findings each")
    func repeatedLinesAreNotEchoes() throws {
        // The capture's lines side by side: two prefixed lines of two processes; two bare lines.
        let (prefixed, _) = try unknownClassFindings([Self.flutterRun[4], Self.flutterRun[8]])
        #expect(prefixed.map(\.location.line) == [1, 2])
        let (bare, _) = try unknownClassFindings([Self.flutterRun[3], Self.flutterRun[7]])
        #expect(bare.map(\.location.line) == [1, 2])
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
