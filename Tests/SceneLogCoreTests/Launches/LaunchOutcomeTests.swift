import Testing

@testable import SceneLogCore

/// One sample per launch outcome: outcome, termination, phases and attached findings.
@Suite struct LaunchOutcomeTests {
    static let coldLaunchPhases: Set<LaunchPhase> = [.requested, .spawned, .bootstrapped, .sceneCreated]

    private func only(_ name: String) throws -> (launch: Launch, findings: [Finding]) {
        let result = try launches(in: try sample(name))
        #expect(result.launches.count == 1, "\(name): \(result.launches.map(\.id))")
        return (try #require(result.launches.first), result.findings)
    }

    @Test func normalColdLaunchReachesActive() throws {
        let (launch, findings) = try only("scene-adopted-clean-launch.txt")
        #expect(launch.outcome == .active)
        #expect(launch.bundle == "net.fernhill.fieldnotes" && launch.process == "Fieldnotes" && launch.pid == 3391)
        #expect(Set(launch.phases.keys) == Self.coldLaunchPhases.union([.windowKey, .active]))
        #expect(launch.termination == nil)
        #expect(launch.watchdogBudget == 19.96)
        #expect(launch.intent == "foreground-interactive")
        #expect(findings.isEmpty && launch.findings == 0)
        // Bootstrapping at 11:26:41.755390, the mask reaching 0 at 11:26:42.087545.
        #expect(launch.timeToActiveMs == 332)
        #expect(launch.phases[.requested]?.location.line == 7 && launch.phases[.active]?.location.line == 52)
    }

    @Test func uncaughtExceptionThenSIGABRT() throws {
        let (launch, findings) = try only("termination-uncaught-js-exception.txt")
        #expect(launch.outcome == .crashed)
        #expect(launch.termination == Termination(kind: .signal, detail: "SIGABRT(6)"))
        #expect(launch.phases[.terminated] != nil && launch.phases[.active] != nil)
        #expect(findings.map(\.rule) == ["uncaught-exception"])
        #expect(findings.allSatisfy { $0.launch == launch.id } && launch.findings == 1)
    }

    /// frankus/MeterView#3 (iOS 9, an Xcode console): libc++abi's older wording of the abort.
    @Test func uncaughtExceptionInTheOlderWordingEndsTheLaunch() throws {
        let text = """
            2016-09-06 11:38:28.177 MeterView[787:345998] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Application windows are expected to have a root view controller at the end of application launch'
            *** First throw call stack:
            libc++abi.dylib: terminating with uncaught exception of type NSException
            """
        let (launches, _) = try launches(in: text)
        #expect(launches.map(\.outcome) == [.crashed])
        #expect(launches.first?.termination == Termination(kind: .signal, detail: "SIGABRT(6)"))
    }

    /// panicinc/PunchClock#31, quoted in a Markdown fence: the fence is not the app's first line.
    @Test func aMarkdownFenceIsNotTheAppsFirstLine() throws {
        let text = """
            ```
            2016-01-20 11:59:42.130 PunchClock[3731:1657185] *** Assertion failure in -[UIApplication _runWithMainScene:transitionContext:completion:], /BuildRoot/Library/Caches/com.apple.xbs/Sources/UIKit/UIKit-3512.30.14/UIApplication.m:3294
            2016-01-20 11:59:42.132 PunchClock[3731:1657185] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Application windows are expected to have a root view controller at the end of application launch'
            ```
            """
        let (launches, _) = try launches(in: text)
        #expect(launches.first?.appFirstLine?.location.line == 2)
    }

    /// wix/react-native-navigation#73: the app's NSLog line with its process and pid, then bare lines
    /// (the app's print() and React Native's fatal handler). An Xcode console holds one process:
    /// the launch is that one's, from its first line, not an unknown app's; it crashed.
    @Test func bareLinesAfterTheAppsNSLogAreItsLines() throws {
        let text = """
            2016-06-22 09:07:24.942 MyApp[11104:131801] *** Assertion failure in -[UIApplication _runWithMainScene:transitionContext:completion:], /BuildRoot/Library/Caches/com.apple.xbs/Sources/UIKit_Sim/UIKit-3512.60.7/UIApplication.m:3401
            CRASH: Application windows are expected to have a root view controller at the end of application launch
            """
        let (launches, findings) = try launches(in: text)
        let launch = try #require(launches.first)
        #expect(launches.count == 1 && launch.process == "MyApp" && launch.pid == 11104)
        #expect(launch.appFirstLine?.location.line == 1 && findings.map(\.launch) == [launch.id])
        // UIKit raises the exception whose reason the line is: the process aborts.
        #expect(launch.outcome == .crashed && launch.termination == Termination(kind: .signal, detail: "SIGABRT(6)"))
    }

    /// A React Native app's troubleshooting notes paste the plain Xcode console of two runs one after
    /// the other (iOS 26, Dec 2025): UIKit warns once a process, so the second warning starts the
    /// second run's launch; the same warning on the next line is one line told twice.
    @Test func aSecondSceneWarningStartsTheNextRun() throws {
        let runs = """
            warning: (arm64) ...MinimumStandardsMobile.app/MinimumStandardsMobile empty dSYM file detected
            `UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.
            [Firebase/Crashlytics] Version 12.6.0
            warning: (arm64) ...MinimumStandardsMobile empty dSYM file detected
            `UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.
            12.6.0 - [FirebaseMessaging][I-FCM001000] FIRMessaging Remote Notifications proxy enabled...
            """
        let twoRuns = try launches(in: runs)
        #expect(twoRuns.launches.count == 2)
        #expect(twoRuns.findings.map(\.launch) == twoRuns.launches.map(\.id))
        #expect(twoRuns.launches.last?.appFirstLine?.location.line == 5)
        let told = runs.split(separator: "\n").prefix(2).map { String($0) }
        #expect(try launches(in: (told + [told[1]]).joined(separator: "\n")).launches.count == 1)
    }

    /// A `flutter run` transcript pasted with the shell's command line above it: neither the prompt
    /// nor the tool's lines are the app's first line.
    @Test func aShellPromptIsNotTheAppsFirstLine() throws {
        let text = """
            kristykelly@Kristys-MBP artbeat % flutter run
            Launching lib/main.dart on iPhone 17 Pro Max in debug mode...
            Running Xcode build...
            Xcode build done.                                           42.7s
            CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.
            """
        let (launches, findings) = try launches(in: text)
        #expect(findings.map(\.rule) == ["scene-lifecycle-not-adopted"])
        #expect(launches.count == 1 && launches.first?.appFirstLine?.location.line == 5)
    }

    /// The Mac's syslog of an iOS 10 simulator, from https://github.com/NativeScript/sample-TelerikNEXT/issues/29:
    /// launchd_sim says the app's service died of SIGABRT.
    @Test func simulatorServiceExitedDueToAbortTrap() throws {
        let text = """
            ```
            sampleTelerikNEXT[9869]: [access] This app has crashed because it attempted to access privacy-sensitive data without a usage description.  The app's Info.plist must contain an NSCalendarsUsageDescription key with a string value explaining to the user how the app uses this data.
            Oct 16 12:13:15 DigitalixMBP com.apple.CoreSimulator.SimDevice.0F810B01-BD96-4588-A29F-5AA4513F6C5B.launchd_sim[54226] (UIKitApplication:com.telerik.TelerikNEXT[0x4be3][9869]): Service exited due to Abort trap: 6
            ```
            """
        try expectOneLaunchSeenByItsEnd(
            in: text, bundle: "com.telerik.TelerikNEXT", pid: 9869, outcome: .crashed,
            termination: Termination(kind: .signal, detail: "SIGABRT(6)"), endLine: 3)
    }

    /// Only launchd_sim (or SpringBoard) tells a job's end: the app's own line quoting one, or a
    /// label whose pid is not in brackets right after the tag's, ends nothing.
    @Test func quotedServiceExitEndsNothing() throws {
        func exit(_ label: String) -> String { "(UIKitApplication:com.telerik.TelerikNEXT\(label)): Service exited due to Abort trap: 6" }
        let launchdSim = "Oct 16 12:13:15 DigitalixMBP com.apple.CoreSimulator.SimDevice.0F810B01-BD96-4588-A29F-5AA4513F6C5B.launchd_sim[54226] "
        for line in [
            "Oct 16 12:13:15 DigitalixMBP sampleTelerikNEXT[9869]: " + exit("[0x4be3][9869]"),
            launchdSim + exit("[0x4be3] [9869]"), launchdSim + exit("[0x4be3][0]"),
        ] {
            #expect(try launches(in: line).launches.isEmpty, "\(line)")
        }
    }

    /// launchd_sim's other wording (`due to signal: …`), as NativeScript's CLI tests quote it:
    /// https://github.com/NativeScript/nativescript-cli/blob/3b41b5a73a24b3784621861ea13c8f9a533b9cee/lib/common/test/unit-tests/ios-log-filter.ts
    @Test func simulatorServiceExitedDueToSignalTerminated() throws {
        let text = "Oct  4 08:53:46 bd-airtestmac com.apple.CoreSimulator.SimDevice.3616FC55-9CAB-47D4-8C58-5E5F0BE99C8E.launchd_sim[30337] (UIKitApplication:org.nativescript.ap1[0x76c5][13309]): Service exited due to signal: Terminated: 15"
        let (launches, _) = try launches(in: text)
        #expect(launches.map(\.outcome) == [.killed])
        #expect(launches.first?.bundle == "org.nativescript.ap1" && launches.first?.pid == 13309)
        #expect(launches.first?.termination == Termination(kind: .signal, detail: "SIGTERM(15)"))
    }

    /// The Mac's syslog of an iOS 12.1 simulator, from https://github.com/yglukhov/nimx/issues/449:
    /// launchd_sim says the app's job exited with code 1; its label names two numbers, the pid last.
    @Test func simulatorServiceExitedWithAbnormalCode() throws {
        let text = """
            Dec  3 16:10:49 --- last message repeated 1 time ---
            Dec  3 16:10:49 Carlos-iMac com.apple.CoreSimulator.SimDevice.DEFB4D3F-C765-40A2-8066-BE46BA74B057[5308] (com.apple.securityuploadd): Service only ran for 7 seconds. Pushing respawn out by 3 seconds.
            Dec  3 16:10:52 Carlos-iMac mynimx[5483]: assertion failed: 17G14042 16B91: libxpc.dylib + 79599 [F7D4B188-D5C2-3E5E-BB76-BC7C6A368166]: 0x7d
            Dec  3 16:10:56 Carlos-iMac com.apple.CoreSimulator.SimDevice.DEFB4D3F-C765-40A2-8066-BE46BA74B057[5308] (UIKitApplication:casa.capo.mynimx[0xc7][5331][5483]): Service exited with abnormal code: 1

            """
        try expectOneLaunchSeenByItsEnd(
            in: text, bundle: "casa.capo.mynimx", pid: 5483, outcome: .exited, termination: Termination(kind: .clean, detail: "exit(1)"),
            endLine: 4)
    }

    /// `text` holds one launch, of `bundle` and `pid`, seen only by its end at `endLine`.
    private func expectOneLaunchSeenByItsEnd(
        in text: String, bundle: String, pid: Int, outcome: LaunchOutcome, termination: Termination, endLine: Int,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let (launches, _) = try launches(in: text)
        #expect(launches.count == 1, sourceLocation: sourceLocation)
        let launch = try #require(launches.first, sourceLocation: sourceLocation)
        #expect(launch.bundle == bundle && launch.pid == pid, sourceLocation: sourceLocation)
        #expect(launch.outcome == outcome && launch.evidence == .endOnly && !launch.startSeen, sourceLocation: sourceLocation)
        #expect(launch.termination == termination, sourceLocation: sourceLocation)
        #expect(launch.phases[.terminated]?.location.line == endLine, sourceLocation: sourceLocation)
    }

    /// An iOS 9 simulator's syslog, from https://github.com/ios-control/ios-sim/issues/179:
    /// SpringBoard says two jobs of the app (two tags) exited by themselves: two launches.
    @Test func springBoardApplicationExitedVoluntarily() throws {
        let text = """
                $ ios-sim launch Test.app --devicetypeid 'iPhone-6, 9.0' --timeout 600 --args --outputformat=tap
                Oct  7 15:59:24 abuild-smartphone SpringBoard[43803]: Application 'UIKitApplication:com.me.Test[0xeec0]' exited voluntarily.
                Oct  7 15:59:24 abuild-smartphone assertiond[43807]: assertion failed: 14F27 13A340: assertiond + 12188 [93893311-6962-33A7-A734-E36F946D8EBA]: 0x1
                Oct  7 15:59:24 --- last message repeated 1 time ---
                Oct  7 15:59:24 abuild-smartphone SpringBoard[43803]: Application 'UIKitApplication:com.me.Test[0x84a9]' exited voluntarily.
                Oct  7 15:59:24 abuild-smartphone assertiond[43807]: assertion failed: 14F27 13A340: assertiond + 12188 [93893311-6962-33A7-A734-E36F946D8EBA]: 0x1

            """
        let (found, _) = try launches(in: text)
        #expect(found.map(\.bundle) == ["com.me.Test", "com.me.Test"])
        #expect(found.map(\.outcome) == [.exited, .exited] && found.allSatisfy { $0.evidence == .endOnly && $0.pid == nil })
        #expect(found.map(\.termination) == Array(repeating: Termination(kind: .clean, detail: "voluntary"), count: 2))
        #expect(found.map { $0.phases[.terminated]?.location.line } == [2, 5])
        // The same job told twice is one launch.
        let repeated = text.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
            + text.split(separator: "\n")[1] + "\n"
        #expect(try launches(in: repeated).launches.count == 1)
    }

    /// An iOS 9 simulator's syslog, from https://github.com/appium/appium/issues/6404: SpringBoard
    /// could not start the app's job, then says that job exited: one launch, which failed.
    @Test func aJobThatFailedToStartAndExitedIsOneLaunch() throws {
        let text = """
            Apr 14 09:22:10 users-iMac SpringBoard[488]: Unable to get pid for 'UIKitApplication:com.InovaSquad.Artinove[0xa552]': No such process (err 3)
            Apr 14 09:22:10 users-iMac SpringBoard[488]: Bootstrapping failed for <FBApplicationProcess: 0x7d2d7930; com.InovaSquad.Artinove; pid: -1>
            Apr 14 09:22:10 users-iMac SpringBoard[488]: [FBSystemService] Error launching com.InovaSquad.Artinove: Unspecified (1)
            Apr 14 09:22:10 users-iMac SpringBoard[488]: Application 'UIKitApplication:com.InovaSquad.Artinove[0xa552]' exited voluntarily.

            """
        let (launches, _) = try launches(in: text)
        #expect(launches.map(\.outcome) == [.launchFailed])
    }

    @Test func tccKillForAMissingUsageDescription() throws {
        let (launch, findings) = try only("termination-tcc-privacy-usage-description.txt")
        #expect(launch.outcome == .killed)
        #expect(launch.termination == Termination(kind: .tcc, detail: "code 0"))
        #expect(launch.phases[.terminated] != nil && launch.phases[.active] != nil)
        #expect(Set(findings.map(\.rule)) == ["privacy-usage-description-missing", "scene-lifecycle-not-adopted"])
        #expect(findings.allSatisfy { $0.launch == launch.id })
    }

    @Test func sceneCreateWatchdogKill() throws {
        let (launch, findings) = try only("idevicesyslog-1.4-microseconds-watchdog.log")
        #expect(launch.outcome == .killed)
        #expect(launch.termination == Termination(kind: .watchdog, detail: "0x8badf00d"))
        #expect(launch.process == "Trip Planner" && launch.pid == 796)
        #expect(launch.phases[.active] == nil && launch.phases[.sceneCreated] != nil)
        #expect(findings.map(\.rule).allSatisfy { $0 == "launch-watchdog-termination" } && !findings.isEmpty)
        #expect(findings.allSatisfy { $0.launch == launch.id })
    }

    @Test func blackScreenFromAnUnloadableSceneDelegate() throws {
        let (launch, findings) = try only("log-syslog-style-scene-delegate-class.log")
        #expect(launch.outcome == .blackScreenSuspected)
        #expect(launch.phases[.active] != nil && launch.phases[.windowKey] == nil)
        #expect(
            findings.map(\.rule).sorted() == [
                "black-screen-suspected", "no-scene-delegate-for-storyboard", "scene-delegate-class-not-loaded",
                "scene-delegate-class-not-loaded",
            ])
        #expect(findings.allSatisfy { $0.launch == launch.id } && launch.findings == 4)
    }

    @Test func blackScreenWithNoErrorLine() throws {
        let (launch, findings) = try only("go-ios-syslog-json.log")
        #expect(launch.outcome == .blackScreenSuspected)
        #expect(launch.phases[.windowKey] == nil && launch.phases[.active] != nil)
        #expect(findings.map(\.rule) == ["black-screen-suspected"])
        #expect(findings.first?.launch == launch.id && findings.first?.location.line == launch.phases[.active]?.location.line)
        #expect(launch.events.map(\.name).contains("react-native:running-main"))
    }

    @Test func iOS27LaunchTrap() throws {
        let (launch, findings) = try only("log-ndjson-ios27-trap.ndjson")
        #expect(launch.outcome == .launchFailed)
        #expect(launch.termination == Termination(kind: .signal, detail: "SIGTRAP(5)"))
        #expect(findings.map(\.rule) == ["scene-lifecycle-required"])
        #expect(findings.first?.launch == launch.id)
    }

    @Test func slowLaunchIsDiagnosed() throws {
        let (launch, findings) = try only("slow-launch-hang-main-thread-io.txt")
        #expect(launch.outcome == .active)
        #expect(launch.timeToActiveMs == 8100)
        let slow = try #require(findings.first { $0.rule == "launch-slow" })
        #expect(slow.data == ["timeToActiveMs": "8100", "thresholdMs": "2000"])
        let relaxed = try testScanOptions(configuration: RuleConfiguration(slowLaunchSeconds: 10))
        #expect(try launches(in: try sample("slow-launch-hang-main-thread-io.txt"), options: relaxed).findings
            .allSatisfy { $0.rule != "launch-slow" })
    }

    @Test func jetsamAndCleanExit() throws {
        let (jetsam, _) = try only("termination-jetsam-memory-limit.log")
        #expect(jetsam.outcome == .killed && jetsam.termination == Termination(kind: .jetsam, detail: "per-process-limit(7)"))
        // The capture begins with another app's force quit: that launch is seen only by its end.
        let (launches, _) = try launches(in: try sample("termination-force-quit-and-clean-exit.log"))
        let killed = try #require(launches.first)
        #expect(killed.evidence == .endOnly && !killed.startSeen && killed.outcome == .killed)
        #expect(killed.termination == Termination(kind: .user, detail: "force-quit"))
        let exited = try #require(launches.last)
        #expect(exited.evidence == .system && exited.startSeen)
        #expect(exited.outcome == .exited && exited.termination == Termination(kind: .clean, detail: "exit(0)"))
    }

    @Test func appOnlyConsoleIsALaunchFromTheAppsLines() throws {
        let (launch, findings) = try only("xcode-console-nslog-storyboard.log")
        #expect(launch.evidence == .app && launch.startSeen && launch.pid == 2841 && launch.process == "MyApp")
        #expect(findings.allSatisfy { $0.launch == launch.id })
    }

    @Test func crashThenRelaunchGivesTwoLaunches() throws {
        let (found, findings) = try launches(in: try sample("crash-relaunch-two-launches.txt"))
        #expect(found.map(\.id) == ["L1", "L2"])
        #expect(found.map(\.pid) == [4127, 4163])
        #expect(found.map(\.outcome) == [.crashed, .active])
        #expect(found[0].termination == Termination(kind: .signal, detail: "SIGABRT(6)"))
        #expect(findings.map(\.rule) == ["uncaught-exception"] && findings.first?.launch == "L1")
        // The relaunch follows the catalog's timings: the mask reaches 0 457 ms after Bootstrapping.
        #expect(found[1].timeToActiveMs == 457)
    }

    @Test func twoDevicesWithTheSamePidAreTwoLaunches() throws {
        let (found, findings) = try launches(in: try sample("two-devices-idevicesyslog.log"))
        #expect(found.map(\.device) == ["Anas-iPhone", "QA-iPad"])
        #expect(found.map(\.pid) == [812, 812])
        #expect(found.map(\.outcome) == [.active, .killed])
        #expect(found[1].termination?.kind == .watchdog)
        #expect(!findings.isEmpty && findings.allSatisfy { $0.launch == "L2" })
    }
}
