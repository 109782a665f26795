import Foundation
import Testing

@testable import SceneLogCore

/// The captures people really have — app-only Xcode consoles with or without metadata, console
/// exports filtered to the app, captures that begin late, Unity's trampoline, lldb output — each
/// rebuilt into what its lines support, through the one Scanner (Samples/README.md describes them).
@Suite("partial captures")
struct PartialCaptureTests {
    /// What one launch of a sample must be.
    struct Expected {
        var evidence: LaunchEvidence
        var startSeen: Bool
        var outcome: LaunchOutcome
        var termination: Termination? = nil
        var pid: Int? = nil
        /// The callbacks in order, `step` for the app delegate's and `scene:step` (or `0x…:step`) for a scene's.
        var callbacks: [String]
    }

    private func scan(_ name: String) throws -> ScanResult {
        Scanner(options: try testScanOptions()).scan(bytes: Array(try sample(name).utf8), name: name)
    }

    private func check(_ name: String, _ expected: [Expected], findings: [String]) throws {
        let result = try scan(name)
        #expect(result.inputs.first?.unparsedLines == 0, "\(name): every line is a record or a continuation")
        #expect(result.launches.count == expected.count, "\(name): \(result.launches.map(\.outcome))")
        for (launch, expected) in zip(result.launches, expected) {
            #expect(launch.evidence == expected.evidence, "\(name) \(launch.id)")
            #expect(launch.startSeen == expected.startSeen, "\(name) \(launch.id)")
            #expect(launch.outcome == expected.outcome, "\(name) \(launch.id)")
            #expect(launch.termination == expected.termination, "\(name) \(launch.id)")
            #expect(launch.pid == expected.pid, "\(name) \(launch.id)")
            let callbacks = launch.callbacks.map { callback in
                callback.delegate == .app ? callback.step.rawValue : (callback.scene ?? "scene") + ":" + callback.step.rawValue
            }
            #expect(callbacks == expected.callbacks, "\(name) \(launch.id)")
        }
        #expect(result.findings.map(\.rule) == findings, "\(name)")
        #expect(result.findings.allSatisfy { $0.launch != nil }, "\(name): every finding belongs to its launch")
    }

    @Test("Xcode console with metadata: print(#function) cold launch of a scene-based app")
    func sceneColdLaunch() throws {
        try check(
            "xcode-console-print-function-scene-cold-launch.log",
            [
                Expected(
                    evidence: .app, startSeen: true, outcome: .active, pid: 1766,
                    callbacks: [
                        "willFinishLaunching", "didFinishLaunching", "configurationForConnecting", "scene:willConnect",
                        "scene:willEnterForeground", "scene:didBecomeActive", "scene:willResignActive",
                        "scene:didEnterBackground", "scene:willEnterForeground", "scene:didBecomeActive",
                    ])
            ], findings: [])
    }

    @Test("plain Xcode 15 copy of an app-based app with the iOS 26 warning: the scene never connected")
    func plainAppBasedConsole() throws {
        try check(
            "xcode-console-plain-app-based-ios26-warning.txt",
            [
                Expected(
                    evidence: .app, startSeen: true, outcome: .active,
                    callbacks: [
                        "didFinishLaunching", "didBecomeActive", "willResignActive", "didEnterBackground", "willEnterForeground",
                        "didBecomeActive",
                    ])
            ], findings: ["scene-lifecycle-not-adopted", "scene-never-connected"])
        let input = try #require(try scan("xcode-console-plain-app-based-ios26-warning.txt").inputs.first)
        #expect(input.format == .xcodeConsole && input.note?.hasPrefix("plain Xcode console") == true)
    }

    @Test("console export filtered to the app: a slow launch timed from the app's first line, and one background cycle")
    func filteredConsoleExport() throws {
        try check(
            "console-export-filtered-to-app-slow-launch-background-cycle.txt",
            [Expected(evidence: .app, startSeen: true, outcome: .active, callbacks: [])], findings: ["launch-slow"])
        let launch = try #require(try scan("console-export-filtered-to-app-slow-launch-background-cycle.txt").launches.first)
        #expect(launch.timeToActiveMs == 2570 && launch.timeToActiveFrom == "appFirstLine")
        #expect(launch.phases[.background] != nil && launch.phases[.foreground] != nil)
    }

    @Test("idevicesyslog that begins after the launch: only the watchdog exit, one finding")
    func captureStartingLate() throws {
        try check(
            "idevicesyslog-starts-after-launch-watchdog-exit.log",
            [
                Expected(
                    evidence: .endOnly, startSeen: false, outcome: .killed,
                    termination: Termination(kind: .watchdog, detail: "0x8badf00d"), pid: 1287, callbacks: [])
            ], findings: ["launch-watchdog-termination"])
    }

    @Test("Unity's app-delegate trampoline: callbacks, and no scene diagnosis for an app that claims no scenes")
    func unityAppBased() throws {
        try check(
            "unity-trampoline-app-based.log",
            [
                Expected(
                    evidence: .app, startSeen: true, outcome: .active, pid: 3120,
                    callbacks: [
                        "didFinishLaunching", "didBecomeActive", "willResignActive", "didEnterBackground", "willEnterForeground",
                        "didBecomeActive",
                    ])
            ], findings: [])
    }

    @Test("Unity's UIScene trampoline: each scene line and its forwarded application twin, no diagnosis")
    func unityScene() throws {
        let steps = ["willEnterForeground", "didBecomeActive", "willResignActive", "didEnterBackground", "willEnterForeground", "didBecomeActive"]
        try check(
            "unity-trampoline-uiscene.log",
            [
                Expected(
                    evidence: .app, startSeen: true, outcome: .active,
                    callbacks: ["didFinishLaunching"] + steps.flatMap { ["scene:" + $0, $0] })
            ], findings: [])
    }

    @Test("a warm deep link arrives as openURLContexts on the connected scene")
    func warmDeepLink() throws {
        let launch = try #require(try scan("xcode-console-warm-deep-link.log").launches.first)
        let steps = launch.callbacks.map(\.step)
        let open = try #require(steps.lastIndex(of: .openURLContexts))
        #expect(steps[..<open].contains(.willConnect) && !steps.contains(.openURL))
        #expect(try scan("xcode-console-warm-deep-link.log").findings.isEmpty)
    }

    @Test("a cold deep link arrives inside willConnect: no openURLContexts, no finding")
    func coldDeepLink() throws {
        let result = try scan("xcode-console-cold-deep-link.log")
        let launch = try #require(result.launches.first)
        #expect(launch.evidence == .app && launch.startSeen && launch.outcome == .active && launch.pid == 2291)
        #expect(launch.callbacks.contains { $0.step == .willConnect })
        #expect(!launch.callbacks.contains { $0.step == .openURLContexts || $0.step == .openURL })
        #expect(result.findings.isEmpty)
    }

    @Test("a background launch: didFinishLaunching and no scene, no diagnosis")
    func backgroundLaunch() throws {
        try check(
            "xcode-console-background-launch.log",
            [Expected(evidence: .app, startSeen: true, outcome: .incomplete, pid: 1432, callbacks: ["willFinishLaunching", "didFinishLaunching"])],
            findings: [])
    }

    @Test("an external-display scene stays on the same launch, with its scene")
    func externalDisplayScene() throws {
        try check(
            "xcode-console-external-display-scene.log",
            [
                Expected(
                    evidence: .app, startSeen: true, outcome: .active, pid: 1893,
                    callbacks: [
                        "didFinishLaunching", "configurationForConnecting", "0x10270b110:willEnterForeground",
                        "0x10270b110:didBecomeActive", "configurationForConnecting", "0x103e06510:willEnterForeground",
                        "0x10270b110:willResignActive", "0x10270b110:didBecomeActive",
                    ])
            ], findings: [])
    }

    @Test("the iOS 27 trap then lldb's EXC_BREAKPOINT: launch-failed, ended at the trap, seen only by its end, pid from lldb")
    func trapInTheDebugger() throws {
        try check(
            "xcode-console-ios27-trap-lldb-breakpoint.txt",
            [
                Expected(
                    evidence: .endOnly, startSeen: false, outcome: .launchFailed,
                    termination: Termination(kind: .signal, detail: "EXC_BREAKPOINT (code=1, subcode=0x1a4c3e27c), caught by the debugger"),
                    pid: 2281, callbacks: [])
            ],
            findings: ["scene-lifecycle-required"])
        let launch = try #require(try scan("xcode-console-ios27-trap-lldb-breakpoint.txt").launches.first)
        #expect(launch.events.contains { $0.name == "debugger:stopped" && $0.detail?.hasPrefix("EXC_BREAKPOINT") == true })
    }

    /// ampxagency/ios-unity5#55: the end of a Unity-in-Swift console, then Xcode's banner; a
    /// developer's breakpoint is no crash.
    @Test("a crash the debugger caught (lldb's stop reason, Xcode's banner) ends the console's launch")
    func crashCaughtByTheDebugger() throws {
        func launch(_ text: String) throws -> Launch {
            try #require(Scanner(options: try testScanOptions()).scan(bytes: Array(text.utf8), name: "console.log").launches.first)
        }
        let banner = try launch(
            "**-> applicationDidBecomeActive()\nInitialize engine version: 2017.2.0f2 (472de62575d5)\n(lldb)** \n"
                + "Thread 1: EXC_BAD_ACCESS (code=1, address=0x109)**\n")
        #expect(banner.outcome == .crashed)
        #expect(banner.termination == Termination(kind: .signal, detail: "EXC_BAD_ACCESS (code=1, address=0x109), caught by the debugger"))
        #expect(banner.phases[.terminated]?.location.line == 4)
        let lldb = try launch(
            "applicationDidBecomeActive\nProcess 1198 stopped\n* thread #1, queue = 'com.apple.main-thread', stop reason = signal SIGABRT\n")
        #expect(lldb.outcome == .crashed)
        #expect(lldb.pid == 1198)
        let breakpoint = try launch(
            "applicationDidBecomeActive\nProcess 1198 stopped\n* thread #1, queue = 'com.apple.main-thread', stop reason = breakpoint 1.1\n")
        #expect(breakpoint.outcome == .active)
    }

    /// react/react-native#15847 (a release build): RCTLog's fatal line names the JavaScript error
    /// that RCTFatal raised as the NSException libc++abi's line names alone.
    @Test("React Native's unhandled JavaScript error is the reason of the NSException that follows it")
    func reactNativeJavaScriptErrorExplainsTheAbort() throws {
        let text = """
            2017-09-07 15:45:37.158 [error][tid:com.facebook.react.JavaScript] undefined is not an object (evaluating 'console.tron.log')
            2017-09-07 15:45:37.169 [fatal][tid:com.facebook.react.ExceptionsManagerQueue] Unhandled JS Exception: undefined is not an object (evaluating 'console.tron.log')
            libc++abi.dylib: terminating with uncaught exception of type NSException

            """
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(text.utf8), name: "console.log")
        let finding = try #require(result.findings.first)
        #expect(result.findings.map(\.rule) == ["uncaught-exception"])
        #expect(finding.data["reason"] == "Unhandled JS Exception: undefined is not an object (evaluating 'console.tron.log')")
        #expect(finding.evidence.map(\.line) == [2])
        let launch = try #require(result.launches.first)
        #expect(launch.outcome == .crashed)
        #expect(
            launch.events.map { "\($0.name) \($0.detail ?? "")" }
                == ["react-native:unhandled-js-exception undefined is not an object (evaluating 'console.tron.log')"])
        // Two errors: the abort's reason is the latest; one told long before is no reason of it.
        let twoErrors = """
            2017-09-07 15:45:30.000 [fatal][tid:com.facebook.react.ExceptionsManagerQueue] Unhandled JS Exception: TypeError: an earlier one
            2017-09-07 15:45:37.169 [fatal][tid:com.facebook.react.ExceptionsManagerQueue] Unhandled JS Exception: TypeError: the latest one
            libc++abi.dylib: terminating with uncaught exception of type NSException

            """
        let latest = Scanner(options: try testScanOptions()).scan(bytes: Array(twoErrors.utf8), name: "console.log")
        #expect(latest.findings.first?.data["reason"] == "Unhandled JS Exception: TypeError: the latest one")
        let longBefore = """
            2017-09-07 13:00:00.000 MyApp[17041:228396] Unhandled JS Exception: TypeError: survived
            2017-09-07 15:45:37.169 MyApp[17041:228396] libc++abi.dylib: terminating with uncaught exception of type NSException

            """
        let survived = Scanner(options: try testScanOptions()).scan(bytes: Array(longBefore.utf8), name: "console.log")
        #expect(survived.findings.first?.data["reason"] == nil)
        // Without the fatal line, the finding says what libc++abi's line says, no more.
        let alone = Scanner(options: try testScanOptions()).scan(
            bytes: Array("libc++abi.dylib: terminating with uncaught exception of type NSException\n".utf8), name: "console.log")
        #expect(alone.findings.first?.data["reason"] == nil)
    }

    /// A bug report's sentence before the console it quotes: the app's launch starts at the app's
    /// first line, not at the sentence, and its time to active counts from there. A console whose
    /// print() lines, a callback among them, come before its first NSLog line still starts at its
    /// first line.
    @Test("a sentence before a quoted console does not move the start of the app's launch")
    func sentenceBeforeTheConsole() throws {
        let console = """
            2023-10-15 14:43:44.478000+0200 MyApp[6025:707] hello one
            2023-10-15 14:43:44.479000+0200 MyApp[6025:707] hello two
            2023-10-15 14:43:45.479000+0200 MyApp[6025:707] sceneDidBecomeActive
            """
        let quoted = "The app shows a black screen, here is the log:\n" + console
        let launch = try #require(
            Scanner(options: try testScanOptions()).scan(bytes: Array(quoted.utf8), name: "issue.md").launches.first)
        #expect(launch.appFirstLine?.location.line == 2)
        #expect(launch.process == "MyApp" && launch.pid == 6025)
        #expect(launch.timeToActiveMs == 1001)
        #expect(
            Scanner(options: try testScanOptions()).scan(bytes: Array(quoted.utf8), name: "issue.md").findings.isEmpty,
            "a launch whose start is not in the capture is not called slow")
        let printFirst = "AppDelegate.init\nAppDelegate.application(_:didFinishLaunchingWithOptions:)\n" + console
        let printed = try #require(
            Scanner(options: try testScanOptions()).scan(bytes: Array(printFirst.utf8), name: "console.log").launches.first)
        #expect(printed.appFirstLine?.location.line == 1)
        // Unity's trampoline prints its callbacks bare, after one NSLog line that names the app: the
        // launch is that app's.
        let unity = """
            The app stopped in the splash screen and logs no error:

            2014-10-15 14:43:44.478 MyApp[6025:707] -> registered mono modules 0x1c096d0
            -> applicationDidFinishLaunching()
            -> applicationDidBecomeActive()
            """
        let trampoline = try #require(
            Scanner(options: try testScanOptions()).scan(bytes: Array(unity.utf8), name: "issue.md").launches.first)
        #expect(trampoline.process == "MyApp" && trampoline.pid == 6025)
        #expect(trampoline.callbacks.map(\.step) == [.didFinishLaunching, .didBecomeActive])
    }

    /// NativeScript/sample-ios-background-execution#1 (an iOS 8.1 simulator's console, pasted with a
    /// star escaped), and the V8 runtime's form; with a debugger attached the older runtime prints
    /// the words without stars and the app waits, still running.
    @Test("NativeScript's fatal JavaScript exception ends the app's launch; its words alone do not")
    func nativeScriptFatalJavaScriptException() throws {
        let escaped = """
            The Nativescript splash screen appears and then crashes. Error log:
            NativeScript loaded bundle file:///System/Library/Frameworks/UIKit.framework
            ****\\* Fatal JavaScript exception - application has been terminated. *****
            Native stack trace:
            1   0x5723fc -[TNSRuntime executeModule:]
            """
        let v8 = """
            2024-03-02 10:11:12.345678+0100 context[2041:88123] ***** Fatal JavaScript exception - application has been terminated. *****
            2024-03-02 10:11:12.345901+0100 context[2041:88123] NativeScript encountered a fatal error: Uncaught TypeError: Cannot destructure property 'testInformation'
            """
        for capture in [escaped, v8] {
            let result = Scanner(options: try testScanOptions()).scan(bytes: Array(capture.utf8), name: "console.log")
            let launch = try #require(result.launches.first)
            #expect(result.launches.count == 1)
            #expect(launch.outcome == .crashed)
            #expect(launch.termination == Termination(kind: .unknown, detail: "fatal JavaScript exception"))
            #expect(launch.evidence == .app)
            #expect(launch.process == (capture == v8 ? "context" : nil) && launch.pid == (capture == v8 ? 2041 : nil))
        }
        let debugged = "CONSOLE ERROR file:///app/app.js:3:10: Fatal JavaScript exception - application has been terminated.\n"
        #expect(Scanner(options: try testScanOptions()).scan(bytes: Array(debugged.utf8), name: "console.log").launches.isEmpty)
    }

    /// A MAUI app's console (a sample's README, MauiCollectionViewGroupChanging): Mono's report of
    /// a crash in native code names the signal; a sentence about one names none.
    @Test("Mono's native crash report ends the .NET app's launch with its signal")
    func monoNativeCrash() throws {
        let console = """
            2025-02-14 11:23:47.058524+0000 MauiCollectionViewGroupChanging.iOS[17426:2337379] 
            Unhandled Exception:
            =================================================================
            \tNative Crash Reporting
            =================================================================
            Got a SIGABRT while executing native code. This usually indicates
            a fatal error in the mono runtime or one of the native libraries 
            used by your application.
            """
        let launch = try #require(
            Scanner(options: try testScanOptions()).scan(bytes: Array(console.utf8), name: "console.log").launches.first)
        #expect(launch.outcome == .crashed)
        #expect(launch.termination == Termination(kind: .signal, detail: "SIGABRT(6)"))
        #expect(launch.process == "MauiCollectionViewGroupChanging.iOS" && launch.pid == 17426)
        let prose = "Got a fix while executing native code. This usually indicates nothing.\n"
        #expect(Scanner(options: try testScanOptions()).scan(bytes: Array(prose.utf8), name: "console.log").launches.isEmpty)
    }

    /// react/react-native#58606: a heading and sentences, then the console in a fenced block. The
    /// launch starts at the block's first line, not at the heading: here its end, all it shows.
    @Test("a Markdown fence after a question's prose opens the pasted console")
    func fenceAfterProse() throws {
        let issue = """
            ### Description

            App will crash with the next error:

            ```swift
            failure in void _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke (UIApplication_RuntimeIssues.m:106) : Application failed to launch: UIScene life cycle is required for apps built with this SDK. See "Transitioning to the UIKit scene-based life cycle" in the UIKit documentation for more information on migration.
            ```
            """
        let launch = try #require(
            Scanner(options: try testScanOptions()).scan(bytes: Array(issue.utf8), name: "issue.md").launches.first)
        #expect(launch.outcome == .launchFailed)
        #expect(launch.evidence == .endOnly && launch.appFirstLine == nil)
        let twoLines = issue.replacingOccurrences(of: "```swift\n", with: "```swift\nRN88Duo: loading\n")
        let started = try #require(
            Scanner(options: try testScanOptions()).scan(bytes: Array(twoLines.utf8), name: "issue.md").launches.first)
        #expect(started.evidence == .app && started.appFirstLine?.location.line == 6)
    }

    /// Korean notes on the life cycle (code corpus 9488824480): which callbacks an app-based and a
    /// scene-based app get, listed in fences under `// App-Based` and `// Scene-Based`. A page's
    /// listing is no run of the app: no launch, and no finding on the order of two listings read
    /// as one. The same names in a fence without such a line are a console pasted there.
    @Test("callbacks listed under a comment in a fenced block are a page's code, not a trace")
    func callbackListingInFencedCode() throws {
        let listing = """
            **앱 실행:**

            ```swift
            // App-Based
            application(_:willFinishLaunchingWithOptions:)
            application(_:didFinishLaunchingWithOptions:)
            applicationDidBecomeActive(_:)

            // Scene-Based
            application(_:willFinishLaunchingWithOptions:)
            application(_:didFinishLaunchingWithOptions:)
            scene(_:willConnectTo:options:)
            sceneWillEnterForeground(_:)
            sceneDidBecomeActive(_:)
            ```

            **앱 종료:**

            ```swift
            // App-Based
            applicationWillResignActive(_:)
            applicationWillTerminate(_:)

            // Scene-Based
            sceneWillResignActive(_:)
            sceneDidDisconnect(_:)
            applicationWillTerminate(_:)
            ```

            """
        let (read, findings) = try launches(in: listing)
        #expect(read.isEmpty && findings.isEmpty, "\(read.map(\.id)) \(findings.map(\.rule))")
        let pasted = listing.replacingOccurrences(of: "// App-Based\n", with: "").replacingOccurrences(of: "// Scene-Based\n", with: "")
        #expect(try launches(in: pasted).launches.count >= 1, "a console pasted in a fence is read")
        // A fence and a comment an app logged, never closed, hide none of its later callbacks.
        let logged = """
            2024-05-02 10:00:00.100 Chat[812:9001] ```swift
            2024-05-02 10:00:00.101 Chat[812:9001] // the model's reply, cut here
            2024-05-02 10:00:00.200 Chat[812:9001] application(_:didFinishLaunchingWithOptions:)
            2024-05-02 10:00:00.300 Chat[812:9001] sceneDidBecomeActive(_:)

            """
        #expect(try launches(in: logged).launches.first?.outcome == .active)
    }

    /// theos/theos-jailed#29 (iOS 10, a device log quoted in an issue): ReportCrash relays the
    /// report's Dyld Error Message section. The finding and the failed launch are the app's that
    /// `Referenced from` names, not ReportCrash's.
    @Test("dyld's error relayed by ReportCrash is the app's failed launch")
    func dyldErrorRelayedByReportCrash() throws {
        let capture = """
            > Aug 15 06:13:40 arthurpad ReportCrash[6470] <Error>: Dyld Error Message:
            > Dyld Message: Library not loaded: @rpath/pb.dylib
            > Referenced  from: /var/containers/Bundle/Application/087ED5C3-B94F-4509-A446-1AA67F92D5E0/NvwaStone.app/NvwaStone
            > Reason: image not found
            > Dyld Version: 390.7

            """
        let (read, findings) = try launches(in: capture)
        let finding = try #require(findings.first)
        #expect(findings.count == 1 && finding.rule == "library-not-loaded" && finding.process == "NvwaStone")
        #expect(finding.data["reportedBy"] == "ReportCrash" && finding.data["library"] == "@rpath/pb.dylib")
        let launch = try #require(read.first)
        #expect(read.count == 1 && launch.process == "NvwaStone" && launch.pid == nil && launch.outcome == .launchFailed)
        #expect(launch.evidence == .endOnly && finding.launch == launch.id)
    }

    @Test("prose that quotes callback names, and stack frames, are no callbacks: no launch, no finding")
    func proseQuotingCallbacks() throws {
        try check("xcode-console-prose-quoting-callbacks.txt", [], findings: [])
    }

    /// The framework's own start line is the app's launch: React Native running a root component
    /// registered under the app's name (asmadsen/react-native-unity-view#3), in the older wording
    /// (wix/react-native-navigation#5516), and Flutter's VM service under its name before 3.0
    /// (flutter/flutter#6027).
    @Test(
        "a framework's start line in its other wordings starts the app's launch",
        arguments: [
            (
                #"""
                2020-03-03 19:04:03.164569-0300 unityTest[1736:1593260] TCP Conn 0x2838f12c0 Failed : error 0:61 [61]
                2020-03-03 19:04:18.711 [info][tid:com.facebook.react.JavaScript] Running "unityTest" with {"rootTag":1,"initialProps":{}}
                """#,
                "unityTest", 1736, "react-native:running-main"
            ),
            (
                "2019-09-24 17:42:51.863879-0500 myApp[17041:228396] Running application screen_welcome ({",
                "myApp", 17041, "react-native:running-main"
            ),
            (
                "Sep 23 15:52:02 cbracken-iPhone Runner(libsystem_asl.dylib)[6166] <Info>: Observatory listening on http://127.0.0.1:54951",
                "Runner", 6166, "flutter:vm-service"
            ),
            // apache/cordova-ios#975 (Cordova iOS 6.1.0, Xcode console).
            (
                "2020-08-27 15:03:46.102298+0530 MBAZ[89517:4250528] Apache Cordova native platform version 6.1.0 is starting.",
                "MBAZ", 89517, "cordova:starting"
            ),
            // Capacitor's bridge, as CAPBridgeViewController prints it (ionic-team/capacitor), in an
            // Xcode console with metadata.
            (
                "2022-03-09 14:14:30.964588-0500 App[3887:1081402] \u{26A1}\u{FE0F}  Loading app at capacitor://localhost...",
                "App", 3887, "capacitor:loading-app"
            ),
        ])
    func frameworkStartLines(capture: String, process: String, pid: Int, event: String) throws {
        let launch = try #require(try launches(in: capture).launches.first)
        #expect(launch.process == process && launch.pid == pid)
        #expect(launch.events.map(\.name) == [event])
    }

    /// Capacitor's lines in a plain Xcode console (ionic-team/capacitor#1302, quoted); an app's own
    /// words that only look like them are no marker.
    @Test("Capacitor's loading and loaded lines are its launch's events; look-alikes are not")
    func capacitorLines() throws {
        let capacitor = "\u{26A1}\u{FE0F}  Loading app at capacitor://localhost...\n\u{26A1}\u{FE0F}  WebView loaded\n"
        let launch = try #require(try launches(in: capacitor).launches.first)
        #expect(launch.events.map(\.name) == ["capacitor:loading-app", "capacitor:webview-loaded"])
        let others = "Loading app at startup\nThe WebView loaded\n\u{26A1}\u{FE0F}  WebView loaded twice\n"
        #expect(try launches(in: others).launches.isEmpty)
    }

    @Test("line accounting holds on every partial capture")
    func lineAccounting() throws {
        for name in try sampleNames() where !name.hasSuffix(".ips") {
            let input = try #require(try scan(name).inputs.first)
            #expect(input.lines == input.records + input.continuationLines + input.unparsedLines, "\(name)")
        }
    }

    /// dotnet/macios#4895 (Xamarin.iOS, Xcode console): the runtime's line ends at its colon, the
    /// message and the exception's type are the next line, a record of their own.
    @Test("Xamarin's unhandled managed exception with its message on the next line is a crash of the app's launch")
    func xamarinExceptionOverTwoLines() throws {
        let text = """
            2018-09-30 14:23:45.302 InternalsVisibleStrongNamed[387:147683] Unhandled managed exception:
            Method `Bla.DoNothing()' is inaccessible from method `Ble.DontThrow()' (System.MethodAccessException)
              at (wrapper managed-to-native) System.Object.__icall_wrapper_mono_throw_method_access(intptr,intptr)
            2018-09-30 14:23:45.302 InternalsVisibleStrongNamed[387:147683] critical: Stacktrace:

            """
        let (read, findings) = try launches(in: text)
        #expect(findings.map(\.rule) == ["uncaught-exception"])
        #expect(findings.first?.message == "InternalsVisibleStrongNamed crashed with an uncaught exception: its type is not on this line")
        #expect(read.map(\.outcome) == [.crashed] && read.first?.pid == 387)
        // A format that keeps the next line in the record reads the message and the type from it.
        let (_, together) = try launches(
            in: "2018-09-30 14:23:45.302 InternalsVisibleStrongNamed[387:147683] Unhandled managed exception:\n"
                + "\tMethod `Bla.DoNothing()' is inaccessible from method `Ble.DontThrow()' (System.MethodAccessException)\n")
        #expect(together.first?.data["exception"] == "System.MethodAccessException")
    }

    /// nerdyc/Squeal#25 (Xcode console, iOS 8): dyld stops the app before main; the console holds
    /// only its three lines.
    @Test("dyld's Library not loaded is a launch that failed, seen by its end")
    func libraryNotLoadedFailsTheLaunch() throws {
        let text = """
            dyld: Library not loaded: @rpath/Squeal.framework/Squeal
              Referenced from: /private/var/mobile/Containers/Bundle/Application/91F3700E-F93C-4259-9E47-861E0B6069B7/MyApp.app/MyApp
              Reason: image not found

            """
        let (read, findings) = try launches(in: text)
        #expect(findings.map(\.rule) == ["library-not-loaded"])
        #expect(findings.first?.data["library"] == "@rpath/Squeal.framework/Squeal")
        // The app's executable, on the `Referenced from:` line, names the process the bare line does not.
        #expect(findings.first?.process == "MyApp" && read.first?.process == "MyApp")
        #expect(findings.first?.message == "MyApp stopped at launch: dyld could not load @rpath/Squeal.framework/Squeal")
        #expect(read.map(\.outcome) == [.launchFailed] && read.first?.evidence == .endOnly)
        #expect(read.first?.termination == Termination(kind: .dyld, detail: "library not loaded: @rpath/Squeal.framework/Squeal"))

        // flutter/samples#982: the debugger's word on the SIGABRT that dyld's stop raises says less.
        let (debugged, _) = try launches(
            in: """
                dyld: Library not loaded: @rpath/App.framework/App
                  Referenced from: /var/containers/Bundle/Application/5E2B0094-6147-4A69-8C98-4C0FEE40A629/IOSUsingPlugin.app/IOSUsingPlugin
                  Reason: image not found
                Message from debugger: Terminated due to signal 6

                """)
        #expect(debugged.map(\.outcome) == [.launchFailed])
        #expect(debugged.first?.termination == Termination(kind: .dyld, detail: "library not loaded: @rpath/App.framework/App"))

        // flutter/flutter#109671: newer dyld quotes the paths and gives its pid, the launch's.
        let (quoted, quotedFindings) = try launches(
            in: """
                dyld[13960]: Library not loaded: '@rpath/AppAuth.framework/AppAuth'
                  Referenced from: '/private/var/containers/Bundle/Application/F04D9440-7004-4696-AE09-0C34840184BD/Runner.app/Runner'
                  Reason: tried: '/usr/lib/swift/AppAuth.framework/AppAuth' (no such file)

                """)
        #expect(quotedFindings.first?.message == "Runner stopped at launch: dyld could not load @rpath/AppAuth.framework/AppAuth")
        #expect(quoted.first?.process == "Runner" && quoted.first?.pid == 13960 && quoted.map(\.outcome) == [.launchFailed])
    }

    /// RodrigoSMarques/flutter_branch_sdk#440 (iOS 26, Xcode console): dyld's message shown without
    /// its prefix, a framework built against a newer SDK than the device's.
    @Test("dyld's Symbol not found is a launch that failed, the symbol its detail")
    func symbolNotFoundFailsTheLaunch() throws {
        let text = """
            Symbol not found: _NSUserActivityTypeBrowsingWeb
              Referenced from: <82A71BC7-8C1C-33DD-83B1-E5CDDFCF95A4> /private/var/containers/Bundle/Application/CEE2A9AE-A488-4B05-AD7E-CA64425389D9/Runner.app/Frameworks/BranchSDK.framework/BranchSDK
              Expected in:     <050203DD-7488-307D-A999-E587314B041A> /System/Library/Frameworks/CoreServices.framework/CoreServices
            dyld config: DYLD_LIBRARY_PATH=/usr/lib/system/introspection DYLD_INSERT_LIBRARIES=/usr/lib/libLogRedirect.dylib:/usr/lib/libBacktraceRecording.dylib:/usr/lib/libMainThreadChecker.dylib:/usr/lib/libRPAC.dylib:/usr/lib/libViewDebuggerSupport.dylib

            """
        let (read, findings) = try launches(in: text)
        #expect(findings.map(\.rule) == ["symbol-not-found"])
        #expect(findings.first?.data["symbol"] == "_NSUserActivityTypeBrowsingWeb")
        #expect(read.map(\.outcome) == [.launchFailed] && read.first?.evidence == .endOnly)
        #expect(read.first?.termination == Termination(kind: .dyld, detail: "symbol not found: _NSUserActivityTypeBrowsingWeb"))
    }

    /// Lines pasted into a bug report with the Markdown code mark glued to their start:
    /// nek023/QBImagePicker#182 (inline code) and react/react-native#31759 (a fence).
    @Test("a code mark glued to a line's start is not part of the line")
    func gluedCodeMarks() throws {
        let inline = "`QBImagePickerDemo[1946:43442] [access] This app has crashed because it attempted to access privacy-sensitive data without a usage description.  The app's Info.plist must contain an NSPhotoLibraryUsageDescription key with a string value explaining to the user how the app uses this data.`\n"
        let (killed, privacy) = try launches(in: inline)
        #expect(privacy.map(\.rule) == ["privacy-usage-description-missing"])
        #expect(privacy.first?.process == "QBImagePickerDemo" && privacy.first?.pid == 1946)
        #expect(killed.map(\.pid) == [1946])

        let fenced = """
            ```dyld: Library not loaded: @rpath/RCTActionSheet.framework/RCTActionSheet
              Referenced from: /private/var/containers/Bundle/Application/7FE43B14-CAF9-4924-A3EB-EDCA64C307A3/myapp.app/Frameworks/TestFramework.framework/TestFramework
              Reason: image not found

            """
        let (failed, dyld) = try launches(in: fenced)
        #expect(dyld.map(\.rule) == ["library-not-loaded"])
        #expect(failed.map(\.outcome) == [.launchFailed])
        // A fence alone or with its language stays a fence: no line of the log.
        let (_, none) = try launches(in: "```text\n```\n")
        #expect(none.isEmpty)
    }

    /// bisq-network/bisq-mobile#104 (Compose Multiplatform, Xcode console): the app's output and
    /// Kotlin's standard error interleaved, the exception's class printed a line before the runtime's
    /// words and a stack frame after them.
    @Test("Kotlin's uncaught exception followed by a stack frame names no class")
    func kotlinExceptionWithoutItsClass() throws {
        let text = """
            kotlin.IllegalStateException: ViewModelStore should be set before setGraph call
            Uncaught Kotlin exception:     at 0   presentation                        0x1096baab3        kfun:kotlin.Throwable#<init>(kotlin.String?){} + 119
            """
        let (_, findings) = try launches(in: text)
        #expect(findings.map(\.rule) == ["uncaught-exception"])
        #expect(findings.first?.data["exception"] == nil)
        #expect(findings.first?.message.hasSuffix("crashed with an uncaught exception: its type is not on this line") == true)
    }

    /// Cocoanetics/DTCoreText#232 (Xcode console, iOS 6): the app's first line is its crash.
    @Test("the timeline shows the app's first line before the end it tells on the same line")
    func crashOnTheFirstLineReadsInOrder() throws {
        let text = """
            2012-10-03 14:47:25.965 PDFDemo[19634:f803] **\\* Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Could not find a storyboard named 'MainStoryboard' in bundle NSBundle </Users/lalithb/Library/Application Support/iPhone Simulator/5.1/Applications/A4698408-BA78-44A3-8D53-CD1381009CEA/PDFDemo.app> (loaded)'
            """
        let launch = try #require(try launches(in: text).launches.first)
        let timeline = TimelineRenderer().render(launch, findings: [])
        let first = try #require(timeline.range(of: "first app line")), end = try #require(timeline.range(of: "terminated"))
        #expect(first.lowerBound < end.lowerBound, "\(timeline)")
    }

    /// ThumbWorks/sf-ios#47 (Xcode console): the reporter's blank line and note after the first
    /// activation, then the app's return from the background. The blank line is a continuation of
    /// the activation's record, and no part of its message: the launch is active after 189 ms.
    @Test("a blank line after a callback leaves its message as it was: the callback is still seen")
    func blankLineAfterACallback() throws {
        let text = """
            2019-04-22 17:23:41.409737-0700 Coffup[18188:662544] -[AppDelegate application:didFinishLaunchingWithOptions:]
            2019-04-22 17:23:41.598730-0700 Coffup[18188:662544] -[AppDelegate applicationDidBecomeActive:]

            2019-04-22 17:23:48.776536-0700 Coffup[18188:662544] -[AppDelegate applicationDidBecomeActive:]
            """
        let (launches, findings) = try launches(in: text)
        #expect(findings.isEmpty, "\(findings.map(\.rule))")
        #expect(launches.count == 1 && launches.first?.outcome == .active && launches.first?.timeToActiveMs == 189)
    }

    /// The callback orders of an app-based and a scene-based cold launch, as `print(#function)`
    /// writes them (the LaunchPractice README quotes each run in its own fence, iOS 16).
    static let twoRunsWithoutPids = """
        application(_:didFinishLaunchingWithOptions:)
        applicationDidBecomeActive(_:)
        application(_:didFinishLaunchingWithOptions:)
        application(_:configurationForConnecting:options:)
        scene(_:willConnectTo:options:)
        sceneWillEnterForeground(_:)
        sceneDidBecomeActive(_:)

        """

    @Test("a second didFinishLaunching on lines without pids is the next run of the app: a launch of its own")
    func runsWithoutPids() throws {
        let (launches, findings) = try launches(in: Self.twoRunsWithoutPids)
        #expect(launches.count == 2)
        #expect(launches.map { $0.callbacks.map(\.mark.location.line) } == [[1, 2], [3, 4, 5, 6, 7]])
        #expect(launches.map(\.outcome) == [.active, .active])
        #expect(launches.map { $0.appFirstLine?.location.line } == [1, 3])
        #expect(launches.map(\.startSeen) == [true, true])
        #expect(findings.isEmpty)
        // The same line twice in a row is one line told twice, not a second run.
        let doubled = "application(_:didFinishLaunchingWithOptions:)\n" + Self.twoRunsWithoutPids
        #expect(try SceneLogCoreTests.launches(in: doubled).launches.count == 2)
    }
}
