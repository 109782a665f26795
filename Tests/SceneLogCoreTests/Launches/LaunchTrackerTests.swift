import Foundation
import Testing

@testable import SceneLogCore

/// The tracker's state machine on small hand-made sequences of catalog lines.
@Suite struct LaunchTrackerTests {
    /// A cold launch with the catalog's section 5 timings: Bootstrapping at t0, the mask reaching 0 at +457 ms.
    static let coldLaunch = """
        default\t22:50:45.709000-0500\tSpringBoard\tBootstrapping app<com.example.app> with intent foreground-interactive
        default\t22:50:45.713000-0500\trunningboardd\tNow tracking process: [app<com.example.app(1D2C3B4A-0000-1111-2222-333344445555)>:1766]
        default\t22:50:45.725000-0500\tSpringBoard\t[app<com.example.app>:1766] Bootstrap success!
        default\t22:50:45.768000-0500\tSpringBoard\t[0x300c1e580:(FBSceneManager):sceneID:com.example.app-default] Sending scene action [Logical Activate][0x5c2e] to process 0x303b8d2c0 (watchdog: 19.96s)
        default\t22:50:45.804000-0500\tExample\tWindow did become application key: UIWindow: 0x10511d0b0; contextId: 0x8E6C9D31; scene identity: com.apple.frontboard.systemappservices/FBSceneManager:sceneID%3Acom.example.app-default
        default\t22:50:46.166000-0500\tExample\tDeactivation reason removed: 5; deactivation reasons: 32 -> 0; animating application lifecycle event: 0

        """

    @Test func timeToActiveIsTheGapFromBootstrappingToTheMaskReachingZero() throws {
        let (found, _) = try launches(in: Self.coldLaunch)
        let launch = try #require(found.first)
        #expect(found.count == 1)
        #expect(launch.timeToActiveMs == 457)
        #expect(launch.outcome == .active && launch.pid == 1766 && launch.bundle == "com.example.app")
        // No line names the executable, so the app's first lifecycle line binds its process name.
        #expect(launch.process == "Example")
        #expect(launch.phases[.windowKey]?.process == "Example")
    }

    /// A second launch whose process has the first one's pid, the first one's exit not captured:
    /// the new process ends the first launch and takes the app's lines.
    @Test func aNewProcessOfTheAppSupersedesAnOpenLaunch() throws {
        let (found, _) = try launches(in: Self.coldLaunch + Self.coldLaunch)
        #expect(found.count == 2)
        #expect(found.map(\.outcome) == [.active, .active])
        #expect(found.map(\.timeToActiveMs) == [457, 457])
        #expect(found[1].phases[.spawned] != nil)
    }

    @Test func backgroundAndForegroundAreNotNewLaunches() throws {
        let cycle = Self.coldLaunch + """
            default\t22:51:00.000000-0500\tExample\tDeactivation reason added: 15; deactivation reasons: 0 -> 32768; animating application lifecycle event: 0
            default\t22:51:05.000000-0500\tExample\tDeactivation reason removed: 15; deactivation reasons: 32768 -> 0; animating application lifecycle event: 0

            """
        let (found, _) = try launches(in: cycle)
        let launch = try #require(found.first)
        #expect(found.count == 1)
        #expect(launch.phases[.background]?.timestamp == "22:51:00.000000-0500")
        #expect(launch.phases[.foreground]?.timestamp == "22:51:05.000000-0500")
        #expect(launch.outcome == .active)
    }

    @Test func warmURLOpenGoesToTheRunningLaunch() throws {
        let warm = Self.coldLaunch + """
            default\t22:51:10.000000-0500\tSpringBoard\t[FBSystemService][0xc652] Received request to open "com.example.app" from nsurlsessiond:94.

            """
        let launch = try #require(try launches(in: warm).launches.first)
        #expect(launch.events.map(\.name) == ["url-open:warm"])
        #expect(launch.events.first?.detail == "nsurlsessiond")
    }

    /// An app that stays open and is sent URL after URL: its launch keeps the first events only,
    /// so that a long capture neither grows it without end nor copies a longer list at every line.
    @Test func aLaunchKeepsAtMostTheMaximumNumberOfEvents() throws {
        let opens = (0..<(LaunchTracker.maximumEvents + 500)).map { number in
            "default\t22:51:10.000000-0500\tSpringBoard\t[FBSystemService][0xc652] Received request to open \"com.example.app\" from sender\(number):94.\n"
        }
        let launch = try #require(try launches(in: Self.coldLaunch + opens.joined()).launches.first)
        #expect(launch.events.count == LaunchTracker.maximumEvents)
        #expect(launch.events.first?.detail == "sender0")
        #expect(launch.events.last?.detail == "sender\(LaunchTracker.maximumEvents - 1)")
    }

    @Test func aDisconnectClosesOpenLaunchesAsIncomplete() throws {
        let text = """
            Jun 20 13:42:52 iPhone SpringBoard(FrontBoard)[63] <Notice>: Bootstrapping app<com.example.app> with intent foreground-interactive
            [disconnected:00008030-001A2D3E0C12802E]
            [connected:00008030-001A2D3E0C12802E]

            """
        let launch = try #require(try launches(in: text).launches.first)
        #expect(launch.outcome == .incomplete)
    }

    static let stuckLaunch = """
        default\t22:50:45.709000-0500\tSpringBoard\tBootstrapping app<com.example.app> with intent foreground-interactive
        default\t22:50:45.713000-0500\trunningboardd\tNow tracking process: [app<com.example.app(1D2C3B4A-0000-1111-2222-333344445555)>:1766]
        default\t22:50:45.768000-0500\tSpringBoard\t[0x300c1e580:(FBSceneManager):sceneID:com.example.app-default] Sending scene action [Logical Activate][0x5c2e] to process 0x303b8d2c0 (watchdog: 19.96s)

        """

    @Test func neverActivePastTheWatchdogAllowance() throws {
        let stuck = Self.stuckLaunch + """
            default\t22:50:45.800000-0500\tExample\tDeactivation reason added: 5; deactivation reasons: 1024 -> 1056; animating application lifecycle event: 0
            default\t22:51:10.000000-0500\tSpringBoard\t[app<com.example.app>:1766] Bootstrap success!

            """
        let (found, findings) = try launches(in: stuck)
        #expect(found.first?.outcome == .incomplete)
        #expect(findings.map(\.rule) == ["launch-never-active"])
        #expect(findings.first?.data == ["watchdogBudget": "19.96"])
    }

    /// A capture filtered to system processes cannot show the app becoming active.
    @Test func neverActiveNeedsTheAppsOwnLines() throws {
        let stuck = Self.stuckLaunch + """
            default\t22:51:10.000000-0500\tSpringBoard\t[app<com.example.app>:1766] Bootstrap success!

            """
        let (found, findings) = try launches(in: stuck)
        #expect(found.first?.outcome == .incomplete)
        #expect(findings.isEmpty)
    }

    /// ReportCrash's `Formulating fatal report for corpse[377] Samsara Internal`, from
    /// https://github.com/microsoft/react-native-code-push/issues/1858, its pid made the one of
    /// ``stuckLaunch``: the variant ends the launch as `Formulating report for corpse[…]` does.
    @Test func aFatalCorpseReportEndsTheLaunchOfItsPid() throws {
        let line = "default\t00:14:02.893271-0700\tReportCrash\tFormulating fatal report for corpse[377] Samsara Internal"
        let text = Self.stuckLaunch + line.replacingOccurrences(of: "corpse[377]", with: "corpse[1766]")
        let launch = try #require(try launches(in: text).launches.first)
        #expect(launch.termination == Termination(kind: .unknown, detail: "crash report"))
        #expect(launch.outcome == .crashed && launch.phases[.terminated]?.location.line == 4)
        // airsdk/Adobe-Runtime-Support#2993: with the report's bug type.
        let typed = "default\t22:42:21.340584+0530\tReportCrash\tFormulating fatal 309 report for corpse[9522] AppName"
        let withType = try #require(try launches(in: Self.stuckLaunch + typed.replacingOccurrences(of: "[9522]", with: "[1766]")).launches.first)
        #expect(withType.outcome == .crashed && withType.termination?.detail == "crash report")
        let prose = Array("Formulating a long sentence report for corpse[12] x".utf8)
        #expect(prose.withUnsafeBufferPointer { LaunchMarkerParsing.corpseReport($0) } == nil)
    }

    /// ReportCrash before iOS 11: `Formulating crash report for process IOSLauncher[13188]`, from
    /// https://github.com/BlueRiverInteractive/robovm-ios-bindings/issues/142, the process and pid
    /// made the ones of ``stuckLaunch``.
    @Test func anOlderCrashReportLineEndsTheLaunchOfItsPid() throws {
        let line = "default\t22:51:10.000000-0500\tReportCrash\tFormulating crash report for process IOSLauncher[13188]"
        let text = Self.stuckLaunch + line.replacingOccurrences(of: "IOSLauncher[13188]", with: "Example[1766]")
        let launch = try #require(try launches(in: text).launches.first)
        #expect(launch.termination == Termination(kind: .unknown, detail: "crash report"))
        #expect(launch.outcome == .crashed)
    }

    @Test func terminationsAreDecoded() {
        #expect(TerminationDecoding.launchd(namespace: 2, code: 6, status: 6) == Termination(kind: .signal, detail: "SIGABRT(6)"))
        #expect(TerminationDecoding.launchd(namespace: 2, code: 15, status: 15) == Termination(kind: .signal, detail: "SIGTERM(15)"))
        #expect(TerminationDecoding.launchd(namespace: 0, code: 0, status: 0) == Termination(kind: .clean, detail: "exit(0)"))
        #expect(TerminationDecoding.launchd(namespace: 0, code: 0, status: 65280) == Termination(kind: .clean, detail: "exit(255)"))
        #expect(
            exitContext("<RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGABRT(6)>>.")
                == Termination(kind: .signal, detail: "SIGABRT(6)"))
        #expect(
            exitContext("<RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:jetsam(1) code:per-process-limit(7)>>.")
                == Termination(kind: .jetsam, detail: "per-process-limit(7)"))
        #expect(
            exitContext("<RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:frontboard(10) code:force-quit(0xfbfbfbfb)>>.")
                == Termination(kind: .user, detail: "force-quit"))
        #expect(exitContext("<FBProcessExitContext; watchdog (\"watchdog provision violated\")>.").kind == .watchdog)
        #expect(exitContext("<RBSProcessExitContext| voluntary>.").kind == .clean)
        // airsdk/apm#179 (SpringBoard: "Now flagged as pending exit for reason: launch failed"), and
        // airsdk/Adobe-Runtime-Support#2476.
        let dyld = exitContext("<RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:dyld(6) code:1>>.")
        #expect(dyld == Termination(kind: .dyld, detail: "DYLIB_MISSING(1)"))
        #expect(
            exitContext("<RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:dyld(6) code:4>>.")
                == Termination(kind: .dyld, detail: "SYMBOL_MISSING(4)"))
        var launch = Launch(id: "L1", path: "x.log")
        launch.termination = dyld
        #expect(launch.outcome == .launchFailed, "dyld ends the process before main: the launch failed")
    }

    @Test func iOS12WithAssertiond() throws {
        let text = """
            Jun 20 13:42:52 iPhone SpringBoard(FrontBoard)[57] <Notice>: Bootstrapping com.mycompany.backgrounddemo with intent background
            Jun 20 13:42:52 iPhone assertiond[62] <Notice>: Now tracking process <BKProcess: 0x10ab0e8b0; com.mycompany.backgrounddemo; pid: 867; taskState: Running>
            Jun 20 13:42:52 iPhone assertiond[62] <Notice>: [myappda:867] Setting jetsam priority to 10 [0x10000]

            """
        let launch = try #require(try launches(in: text).launches.first)
        #expect(launch.bundle == "com.mycompany.backgrounddemo" && launch.pid == 867 && launch.process == "myappda")
        #expect(launch.intent == "background")
        #expect(Set(launch.phases.keys) == [.requested, .spawned])
    }
}

/// Numbers from JSON logs are taken only when they are whole and in range.
@Suite struct JSONNumberTests {
    @Test(arguments: [
        (#"{"eventMessage":"m","processID":1e300}"#, nil),
        (#"{"eventMessage":"m","processID":99999999999999999999999}"#, nil),
        (#"{"eventMessage":"m","processID":-5.7}"#, nil),
        (#"{"eventMessage":"m","processID":412}"#, 412),
    ] as [(String, Int?)])
    func pidsAreExact(line: String, pid: Int?) {
        let (records, _, _) = scan(line + "\n", as: .logNDJSON)
        #expect(records.first?.pid == pid)
    }
}

/// FrontBoard's own lines about starting an app's process (iOS 15 and later).
extension LaunchTrackerTests {
    /// A Console.app export of an iOS 17/18 launch, from
    /// https://github.com/microsoft/vscode-dotnettools/issues/1282 (a blank line between entries):
    /// FrontBoard creates the app's process, the request's `Bootstrapping … with intent` line is not
    /// in the excerpt; a later line names the pid. The launch's start is here, its end is not.
    @Test func creatingProcessIsTheRequestWhenItsBootstrappingLineIsMissing() throws {
        let text = """
            default\t21:58:44.817769+0100\tSpringBoard\tAsked to bootstrap a new process with identity: app<com.myapp.example(195463C9-7E4D-48E0-83B5-E88FA15340ED)>

            default\t21:58:44.817842+0100\tSpringBoard\tCreating process (sync=true) with identity: app<com.myapp.example(195463C9-7E4D-48E0-83B5-E88FA15340ED)>

            default\t21:58:44.817977+0100\tSpringBoard\tCreated <FBWorkspace: 0x303ff11e0; app<com.myapp.example(195463C9-7E4D-48E0-83B5-E88FA15340ED)>>

            default\t21:58:46.850167+0100\tSpringBoard\t[app<com.myapp.example(195463C9-7E4D-48E0-83B5-E88FA15340ED)>:1291] Dropping launch assertion.

            default\t21:58:46.850251+0100\tpowerd\tProcess runningboardd.33 Released SystemIsActive "app<com.myapp.example(195463C9-7E4D-48E0-83B5-E88FA15340ED)>33-34-2449:FBApplicationProcess" age:00:00:02  id:51539648867 [System: PrevIdle SysAct]

            default\t21:58:46.850589+0100\tSpringBoard\tReceived state update for 1291 (app<com.myapp.example(195463C9-7E4D-48E0-83B5-E88FA15340ED)>, none-NotVisible

            """
        let (found, _) = try launches(in: text)
        #expect(found.count == 1)
        let launch = try #require(found.first)
        #expect(launch.bundle == "com.myapp.example" && launch.pid == 1291 && launch.intent == nil)
        #expect(launch.phases.keys == [.requested] && launch.phases[.requested]?.location.line == 3)
        #expect(launch.startSeen && launch.evidence == .system && launch.outcome == .incomplete)
        // `Asked to bootstrap` alone is no launch: FrontBoard logs it too when a process of the app
        // exists or is pending already, then does not create one.
        let asked = String(text.split(separator: "\n")[0])
        #expect(try launches(in: asked).launches.isEmpty)
    }

    /// FrontBoard's and SpringBoard's lines of one request, from a Console.app export in
    /// https://github.com/libimobiledevice/libimobiledevice/issues/1333: one launch, requested at
    /// the `Bootstrapping … with intent` line, as without the lines before it.
    @Test func creatingProcessThenBootstrappingIsOneRequest() throws {
        let text = """
            default\t10:44:13.317210-0400\tSpringBoard\tAsked to bootstrap a new process with identity: application<me.oatmealdome.DolphiniOS-njb-patreon-beta.C4492JYJR3>
            default\t10:44:13.317315-0400\tSpringBoard\tCreating process (sync=true) with identity: application<me.oatmealdome.DolphiniOS-njb-patreon-beta.C4492JYJR3>
            default\t10:44:13.317519-0400\tSpringBoard\tCreated <FBWorkspace: 0x280be6ec0; application<me.oatmealdome.DolphiniOS-njb-patreon-beta.C4492JYJR3>>
            default\t10:44:13.317631-0400\tSpringBoard\tBootstrapping application<me.oatmealdome.DolphiniOS-njb-patreon-beta.C4492JYJR3> with intent foreground-interactive
            """
        let (found, _) = try launches(in: text)
        #expect(found.count == 1)
        let launch = try #require(found.first)
        #expect(launch.bundle == "me.oatmealdome.DolphiniOS-njb-patreon-beta.C4492JYJR3")
        #expect(launch.intent == "foreground-interactive" && launch.pid == nil)
        #expect(launch.phases.keys == [.requested] && launch.phases[.requested]?.location.line == 4)
        #expect(launch.phases[.requested]?.timestamp == "10:44:13.317631-0400")
    }

    /// A Console.app export filtered to runningboardd, from
    /// https://github.com/firebase/flutterfire/issues/5702 (iOS 14, a background push): the job
    /// runningboardd creates for the app is the launch's request when SpringBoard's lines are not
    /// in the capture. After SpringBoard's request (message catalog §4: `Bootstrapping <bundle>
    /// with intent background`), the same line starts no second launch.
    @Test func runningboarddJobIsTheRequestWhenSpringBoardsLinesAreMissing() throws {
        let text = """
            default\t16:31:49.591728+0200\trunningboardd\tAssertion 32-59-4103 (target:application<com.elsystm.elsystm>) will be created as active
            default\t16:31:49.592070+0200\trunningboardd\tExecuting launch request for application<com.elsystm.elsystm> (FBApplicationProcess)
            default\t16:31:49.592104+0200\trunningboardd\tCreating and launching job for: application<com.elsystm.elsystm>
            default\t16:31:49.592149+0200\trunningboardd\t_mutateContextIfNeeded called for com.elsystm.elsystm
            """
        let (found, _) = try launches(in: text)
        #expect(found.count == 1)
        let launch = try #require(found.first)
        #expect(launch.bundle == "com.elsystm.elsystm" && launch.pid == nil && launch.intent == nil)
        #expect(launch.phases.keys == [.requested] && launch.phases[.requested]?.location.line == 3)
        #expect(launch.startSeen && launch.evidence == .system)

        let requested = "default\t16:31:49.591000+0200\tSpringBoard\tBootstrapping com.elsystm.elsystm with intent background\n"
        let (both, _) = try launches(in: requested + text)
        #expect(both.count == 1 && both.first?.intent == "background")
        #expect(both.first?.phases[.requested]?.location.line == 1)
    }

    /// More apps launching than the tracker follows at once (256): the oldest launches are let
    /// go in turn, and each line still finds its own launch among those left (by its pid).
    @Test("past the launches followed at once, the oldest are let go and each line finds its own")
    func moreLaunchesOpenThanFollowed() throws {
        let followed = LaunchTracker.Settings().maximumOpenLaunches
        let apps = followed + 80
        var text = ""
        for app in 1...apps {
            text += "Oct  7 21:14:05 iPhone App\(app)[\(1000 + app)] <Notice>: -[AppDelegate application:didFinishLaunchingWithOptions:]\n"
        }
        // A later line of an app still followed, and of one let go.
        text += "Oct  7 21:14:06 iPhone App\(apps - 10)[\(1000 + apps - 10)] <Notice>: -[AppDelegate applicationDidBecomeActive:]\n"
        text += "Oct  7 21:14:06 iPhone App1[1001] <Notice>: -[AppDelegate applicationDidBecomeActive:]\n"
        let (launches, _) = try launches(in: text)
        #expect(launches.count == apps + 1)
        #expect(launches.prefix(apps).enumerated().allSatisfy { $0.element.pid == 1001 + $0.offset && $0.element.process == "App\($0.offset + 1)" })
        let followedStill = try #require(launches.first { $0.process == "App\(apps - 10)" })
        #expect(followedStill.outcome == .active)
        // The app let go starts a launch of its own again, seen from its own lines.
        #expect(launches.last?.process == "App1" && launches.last?.pid == 1001)
    }
}

/// ``TerminationDecoding/exitContext(_:)`` of a context given as text.
private func exitContext(_ context: String) -> Termination {
    var context = context
    return context.withUTF8 { TerminationDecoding.exitContext($0) }
}
