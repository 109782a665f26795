import Testing

@testable import SceneLogCore

/// Launches from captures that begin after the launch did, and from assertiond's spawn line of
/// iOS 11–13, as people quote them in bug reports (excerpts kept verbatim, each with its source).
@Suite("late captures")
struct LateCaptureTests {
    /// dotnet/macios#10086 (Xamarin.iOS, iOS 14.2, idevicesyslog): the capture begins at the
    /// bootstrap; the watchdog kills the app 20 s later.
    static let bootstrapThenWatchdog = """
        Nov 12 12:24:37 iPad runningboardd(RunningBoard)[31] <Notice>: [application<com.REDACTED>:796] Resuming task.
        Nov 12 12:24:37 iPad runningboardd(RunningBoard)[31] <Notice>: Calculated state for application<com.REDACTED>: running-active (role: UserInteractiveNonFocal)
        Nov 12 12:24:37 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.REDACTED>:796] Bootstrap success!
        Nov 12 12:24:57 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.REDACTED>:796] Process exited: <FBProcessExitContext; watchdog ("watchdog provision violated")>.
        Nov 12 12:24:57 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.REDACTED>:796] Setting process task state to: Not Running

        """

    @Test("a capture that begins at the bootstrap: the launch starts there, its start not seen, and ends 20 s later")
    func launchFromItsBootstrap() throws {
        let (launches, _) = try launches(in: Self.bootstrapThenWatchdog)
        let launch = try #require(launches.first)
        #expect(launches.count == 1)
        #expect(launch.bundle == "com.REDACTED" && launch.pid == 796)
        #expect(launch.evidence == .system && !launch.startSeen)
        #expect(launch.phases.keys == [.bootstrapped, .terminated])
        #expect(launch.outcome == .killed)
        let bootstrapped = try #require(launch.phases[.bootstrapped]?.seconds)
        let terminated = try #require(launch.phases[.terminated]?.seconds)
        #expect(terminated - bootstrapped == 20)
    }

    @Test("a late bootstrap line of a launch that already ended starts no second launch")
    func lateBootstrapOfAnEndedLaunch() throws {
        let bootstrap = "Nov 12 12:24:58 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.REDACTED>:796] Bootstrap success!\n"
        let (launches, _) = try launches(in: Self.bootstrapThenWatchdog + bootstrap)
        #expect(launches.count == 1)
    }

    /// dotnet/maui#38281 (iOS 26, Visual Studio's device log quoted with `> `): SpringBoard names
    /// the process `app:810`, without its bundle. The two exit lines end one launch, seen only by
    /// its end; the app's own line after them is that launch's.
    @Test("an exit that names the process without its bundle ends a launch seen only by its end")
    func exitOfAProcessNamedWithoutItsBundle() throws {
        let text = """
            > Aug 12 09:27:46 Roks-iPhone Notice 35 SpringBoard(SpringBoard) Process exited: <FBApplicationProcess: 0xb91b47a80; app:810(v8AE)> -> <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGABRT(6)>>
            > Aug 12 09:27:46 Roks-iPhone Notice 35 SpringBoard(FrontBoard) [app:810] Process exited: <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGABRT(6)>>.
            > Aug 12 09:27:46 Roks-iPhone Error 810 Maui error: Failed to load AOT module 'System.Private.CoreLib' while running in aot-only mode: doesn't match assembly.
            """
        let (launches, _) = try launches(in: text)
        let launch = try #require(launches.first)
        #expect(launches.count == 1)
        #expect(launch.bundle == nil && launch.pid == 810 && launch.evidence == .endOnly && !launch.startSeen)
        #expect(launch.outcome == .crashed && launch.termination?.detail == "SIGABRT(6)")
        #expect(launch.phases[.terminated]?.location.line == 1)
    }

    /// deltachat/deltachat-ios#1984: the app's own logger, then the debugger's signal 9; and
    /// flutter/flutter#116419: lldb stops the app on SIGKILL (swiped away). Each ends the run of the
    /// app whose lines the capture holds, though no launch was rebuilt before it.
    @Test("the debugger's signal 9 and a stop on SIGKILL end a run seen by nothing else")
    func debuggerKills() throws {
        let logger = """
            19:29:55:878 💙  ⬅️ few background time, 8.867681916686706, stopping
            19:29:59:068 💙  ⬅️ few background time, 5.666139250039123, done
            Message from debugger: Terminated due to signal 9
            """
        let (signalled, _) = try launches(in: logger)
        #expect(signalled.count == 1 && signalled.first?.outcome == .killed)
        #expect(signalled.first?.termination == Termination(kind: .signal, detail: "SIGKILL(9)"))
        let stopped = """
            Xcode build done.                                           18.3s
            * thread #1, queue = 'com.apple.main-thread', stop reason = signal SIGKILL
                frame #0: 0x00000001fd411b48 libsystem_kernel.dylib`mach_msg2_trap + 8
            Target 0: (Runner) stopped.
            Lost connection to device.
            """
        let (killed, _) = try launches(in: stopped)
        #expect(killed.count == 1 && killed.first?.outcome == .killed && killed.first?.evidence == .endOnly)
        #expect(killed.first?.phases[.terminated]?.location.line == 2)
    }

    /// omz/Pythonista-Issues#405 (iOS 11, syslog lines quoted without their date): the kernel's
    /// jetsam kill of a process with no launch in the capture ends a launch seen only by its end,
    /// named by the line; the debugger's `Terminated due to memory issue` ends a console's launch so.
    @Test("the kernel's and the debugger's memory kills end a launch as jetsam's")
    func memoryKills() throws {
        let kernel = """
            > kernel[0] <Notice>: EXC_RESOURCE -> Pythonista3[2776] exceeded mem limit: ActiveHard 3072 MB (fatal)
            > kernel[0] <Notice>: 399243.947 memorystatus: killing_specific_process pid 2776 [Pythonista3] (per-process-limit 10) - memorystatus_available_pages: 42511
            """
        let (killed, _) = try launches(in: kernel)
        let launch = try #require(killed.first)
        #expect(killed.count == 1 && launch.pid == 2776 && launch.process == "Pythonista3" && launch.evidence == .endOnly)
        #expect(launch.outcome == .killed && launch.termination == Termination(kind: .jetsam, detail: "per-process-limit"))

        let console = """
            2016-07-22 14:28:06.120 Pokemon WebSpoof[5563:503393] -[AppDelegate application:didFinishLaunchingWithOptions:]
            2016-07-22 14:28:08.601 Pokemon WebSpoof[5563:503393] Received memory warning.
            Message from debugger: Terminated due to memory issue
            """
        let (ended, _) = try launches(in: console)
        #expect(ended.count == 1 && ended.first?.termination == Termination(kind: .jetsam, detail: "memory issue"))
        #expect(ended.first?.phases[.terminated]?.location.line == 3)

        // The pass-3 capture as its issue quotes it: no launch before the kill, which ends the
        // run of the app whose line opens the capture.
        let (unlaunched, _) = try launches(in: console.split(separator: "\n").dropFirst().joined(separator: "\n"))
        #expect(unlaunched.map(\.process) == ["Pokemon WebSpoof"] && unlaunched.first?.pid == 5563)
        #expect(unlaunched.first?.outcome == .killed && unlaunched.first?.termination == Termination(kind: .jetsam, detail: "memory issue"))

        // LoopKit/Loop#1785: Xcode's error dialog, copied, names the app.
        let dialog = """
            The app \u{201C}Loop\u{201D} on L4z iPhone quit unexpectedly.
            Domain: IDEDebugSessionErrorDomain
            Code: 10
            Failure Reason: Message from debugger: Terminated due to memory issue
            """
        let (quit, _) = try launches(in: dialog)
        #expect(quit.map(\.process) == ["Loop"] && quit.first?.outcome == .killed)
        #expect(quit.first?.termination == Termination(kind: .jetsam, detail: "memory issue"))
    }

    /// microsoft/cordova-plugin-code-push#414 (Xcode console, iOS 11): the app's lines open the
    /// capture 30 s before its uncaught exception: the launch is seen from them, not only by its end.
    @Test("an app's crash after its own earlier lines is a launch seen from those lines")
    func crashAfterTheAppsEarlierLines() throws {
        let text = """
            2018-05-23 18:52:58.415056+0300 JWed Match[1279:942251] [CodePush] Installing update
            2018-05-23 18:53:00.485798+0300 JWed Match[1279:942251] [CodePush] Applying full update
            2018-05-23 18:53:28.720620+0300 JWed Match[1279:942313] *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '*** -[__NSPlaceholderArray initWithObjects:count:]: attempt to insert nil object from objects[4]'
            """
        let (launches, _) = try launches(in: text)
        let launch = try #require(launches.first)
        #expect(launches.count == 1 && launch.evidence == .app && launch.appFirstLine?.location.line == 1)
        #expect(launch.outcome == .crashed && launch.process == "JWed Match" && launch.pid == 1279)
    }

    @Test("a bootstrap of the app under a new pid, its earlier launch still open: that one is closed, this one starts")
    func bootstrapSupersedesAnOpenLaunch() throws {
        let lines = """
            Nov 12 12:24:37 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.REDACTED>:796] Bootstrap success!
            Nov 12 12:25:37 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.REDACTED>:797] Bootstrap success!
            Nov 12 12:25:57 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.REDACTED>:797] Process exited: <FBProcessExitContext; watchdog ("watchdog provision violated")>.

            """
        let (launches, _) = try launches(in: lines)
        #expect(launches.map(\.pid) == [796, 797])
        #expect(launches.map(\.outcome) == [.incomplete, .killed])
    }

    /// NativeScript/NativeScript#8920 (iOS 13) and invertase/react-native-firebase#253 (iOS 11):
    /// assertiond names the process, then the bundle.
    @Test("assertiond's spawn line of iOS 11–13 names the app's bundle and process", arguments: [
        (
            "Sep 30 15:27:28 Someones-Phone assertiond[62] <Notice>: Now tracking process <BKProcess: 0x1005310e0; myappda; com.myapp.myapp; pid: 867; agency: Application; visibility: none; task: running; hostpid: 52> with host <BKProcess: 0x10041ae40; SpringBoard; com.apple.springboard; pid: 52; agency: SystemShell; visibility: foreground; task: running>",
            "com.myapp.myapp", "myappda", 867
        ),
        (
            "Jul 15 09:37:48 iPhoneSE assertiond[66] <Notice>: Now tracking process <BKProcess: 0x10313ee10; appname; dk.bitfabrikken.appname; pid: 488; agency: Application; visibility: none; task: running; hostpid: 55> with host <BKProcess: 0x10310ce20; SpringBoard;",
            "dk.bitfabrikken.appname", "appname", 488
        ),
    ])
    func assertiondNamesTheApp(line: String, bundle: String, process: String, pid: Int) throws {
        let (launches, _) = try launches(in: line + "\n")
        let launch = try #require(launches.first)
        #expect(launch.bundle == bundle && launch.process == process && launch.pid == pid)
        #expect(launch.phases.contains(.spawned))
    }

    /// airsdk/Adobe-Runtime-Support#2734 (iOS 12, a Console.app copy): SpringBoard's bootstrap
    /// line names the bundle and no pid; it moves on the launch already open.
    @Test("iOS 12's \"Bootstrap complete with label\" is the bootstrap of the launch of that bundle")
    func bootstrapCompleteWithLabel() throws {
        let lines = """
            default\t12:17:35.149543+0530\tSpringBoard\tBootstrapping com.company.appname with intent foreground-interactive
            default\t12:17:35.159982+0530\tassertiond\tNow tracking process <BKProcess: 0x100440e10; Appname; com.company.appname; pid: 893; agency: Application; visibility: none; task: running; hostpid: 52> with host <BKProcess: 0x100510990; SpringBoard; com.apple.springboard; pid: 52; agency: SystemShell; visibility: foreground; task: running>
            default\t12:17:35.161325+0530\tSpringBoard\t[com.company.appname] Bootstrap complete with label: UIKitApplication:com.company.appname[0xfbfd][62]
            default\t12:17:35.161325+0530\tSpringBoard\t[com.other.app] Bootstrap complete with label: UIKitApplication:com.other.app[0x1a2b][63]

            """
        let (launches, _) = try launches(in: lines)
        #expect(launches.count == 1, "a bootstrap without a pid starts no launch")
        let launch = try #require(launches.first)
        #expect(launch.pid == 893 && launch.phases.keys == [.requested, .spawned, .bootstrapped])
        #expect(launch.phases[.bootstrapped]?.location.line == 3)
    }

    /// iabem97/topanga#76 (iOS 11): SpringBoard could not start the app's process.
    @Test("\"Bootstrap failed with error\" ends the launch of that bundle: launch-failed, with the reason")
    func bootstrapFailed() throws {
        let failed = "[com.r333d.jjjj] Bootstrap failed with error: <NSError: 0x1c4c58ed0; domain: BKSProcessErrorDomain; code: 1 (bootstrap-failed); reason: \"Failed to start job\">"
        let (alone, _) = try launches(in: failed + "\n")
        let launch = try #require(alone.first)
        #expect(alone.count == 1 && launch.bundle == "com.r333d.jjjj" && launch.outcome == .launchFailed)
        #expect(launch.termination == Termination(kind: .bootstrap, detail: "Failed to start job"))
        #expect(launch.evidence == .endOnly && !launch.startSeen)
        let requested = "default\t12:17:35.149543+0530\tSpringBoard\tBootstrapping com.r333d.jjjj with intent foreground-interactive\n"
            + "default\t12:17:35.150102+0530\tSpringBoard\t" + failed + "\n"
        let (both, _) = try launches(in: requested)
        #expect(both.count == 1 && both.first?.startSeen == true && both.first?.outcome == .launchFailed)
        // SpringBoard's second word on the same failure is no second launch.
        let (twice, _) = try launches(
            in: failed + "\nBootstrapping failed for <FBApplicationProcess: 0x10f5e8d20; com.r333d.jjjj; pid: -1> with error: Error Domain=BKSProcessErrorDomain Code=1\n")
        #expect(twice.count == 1)
    }

    /// kpwn/yalu#32 (iOS 9 device syslog): SpringBoard forces the crash report of the app that
    /// failed to launch in time, then launchd (its job's label glued to its pid) tells the kill.
    @Test("iOS 9's 'failed to launch in time' is the app's watchdog kill, and launchd's glued label line is a record")
    func iOS9LaunchWatchdog() throws {
        let lines = """
            Nov 12 09:14:43 ipon SpringBoard[43] <Warning>: Forcing crash report of <FBApplicationProcess: 0x166ac050; MobileReplayer; pid: 1100> (reason: 1, description: developer.apple.wwdc-Release failed to launch in time)
            Nov 12 09:14:43 ipon com.apple.xpc.launchd[1](UIKitApplication:developer.apple.wwdc-Release[0xe2d3][1100]) <Notice>: Service exited due to signal: Killed: 9
            Nov 12 09:14:43 ipon SpringBoard[43] <Warning>: Application 'UIKitApplication:developer.apple.wwdc-Release[0xe2d3]' exited abnormally via signal.

            """
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(lines.utf8), name: "yalu.log")
        #expect(result.inputs.first?.records == 3 && result.inputs.first?.continuationLines == 0)
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1 && finding.rule == "launch-watchdog-termination")
        #expect(finding.process == "MobileReplayer" && finding.pid == 1100 && finding.data["reportedBy"] == "SpringBoard")
        #expect(finding.message == "SpringBoard reports a watchdog kill (0x8BADF00D): developer.apple.wwdc-Release took too long to launch or resume")
        let launch = try #require(result.launches.first)
        #expect(result.launches.count == 1 && launch.bundle == "developer.apple.wwdc-Release" && launch.pid == 1100)
        #expect(launch.outcome == .killed && launch.termination?.kind == .watchdog && finding.launch == launch.id)
    }

    /// chaitin/passionfruit#21: iOS 11's wording gives the allowance; quoted in a bug report, the
    /// line has no process, so the message does not make the app its own reporter.
    @Test("iOS 11's 'failed to launch after 20.00s' quoted alone is the app's watchdog kill, reported by the system")
    func iOS11LaunchWatchdogQuoted() throws {
        let line = "> Forcing crash report of <FBApplicationProcess: 0x130e8c4b0; WeChat; pid: 899> (reason: 1, description: com.tencent.xin failed to launch after 20.00s (launchIntent: foreground-interactive))\n"
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(line.utf8), name: "passionfruit.log")
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1 && finding.rule == "launch-watchdog-termination" && finding.data["watchdogBudget"] == "20.00")
        #expect(finding.process == "WeChat" && finding.pid == 899 && finding.data["reportedBy"] == nil)
        #expect(finding.message == "the system reports a watchdog kill (0x8BADF00D): com.tencent.xin took too long to launch or resume")
        let launch = try #require(result.launches.first)
        #expect(result.launches.count == 1 && launch.bundle == "com.tencent.xin" && launch.pid == 899 && launch.outcome == .killed)
    }

    /// ivpusic/react-native-image-crop-picker#253 (iOS 10 simulator, the Mac's syslog): the level
    /// comes between launchd_sim's job label and its words.
    @Test("launchd_sim's 'Service exited due to Abort trap: 6' with the level after the label ends the app's launch")
    func simulatorJobExitWithLevel() throws {
        let lines = """
            Feb 27 12:00:12 cloviss-MacBook-Pro com.apple.CoreSimulator.SimDevice.D16F00EE-4D42-4322-AF16-943C4390908E.launchd_sim[522] (UIKitApplication:org.reactjs.native.example.ReactPixit[0x7d01][1186]) <Notice>: Service exited due to Abort trap: 6
            Feb 27 12:00:13 cloviss-MacBook-Pro CoreSimulatorBridge[566] <Warning>: Launch successful for 'org.reactjs.native.example.ReactPixit'

            """
        let (launches, _) = try launches(in: lines)
        let launch = try #require(launches.first)
        #expect(launches.count == 1 && launch.bundle == "org.reactjs.native.example.ReactPixit" && launch.pid == 1186)
        #expect(launch.outcome == .crashed && launch.termination == Termination(kind: .signal, detail: "SIGABRT(6)"))
    }

    /// appium/appium#8659 (simulator syslog): two attempts a second apart, each told by the
    /// wording that names its own process object, are two launches that failed.
    @Test("the same wording of a bootstrap failure again is a second attempt")
    func twoBootstrapAttempts() throws {
        let lines = """
            Jun 12 16:55:51 MacBook-Pro SpringBoard[24075]: [Common] Bootstrapping failed for <FBApplicationProcess: 0x7faf67441900; <bundleId>; pid: -1>
            Jun 12 16:55:52 MacBook-Pro SpringBoard[24075]: [Common] Bootstrapping failed for <FBApplicationProcess: 0x7faf677ab9d0; <bundleId>; pid: -1>

            """
        let (launches, _) = try launches(in: lines)
        #expect(launches.map(\.outcome) == [.launchFailed, .launchFailed])
        #expect(launches.map { $0.phases[.terminated]?.location.line } == [1, 2])
    }

    /// appium/appium#6404 (iOS 9 simulator): the older wording alone; DanTheMan827/ios-app-signer#172:
    /// iOS 13's, which names the app as `application<bundle>:-1`.
    @Test(
        "\"Bootstrapping failed for <FBApplicationProcess…>\" alone is a launch that failed",
        arguments: [
            ("Apr 14 09:22:10 users-iMac SpringBoard[488]: Bootstrapping failed for <FBApplicationProcess: 0x7d2d7930; com.InovaSquad.Artinove; pid: -1>", "com.InovaSquad.Artinove"),
            (#"Jan 15 15:44:15 iPhone-plus-hebiao SpringBoard(FrontBoard)[55] <Error>: Bootstrapping failed for <FBApplicationProcess: 0x115fcdd40; application<com.test.app>:-1> with error: <NSError: 0x280f09110; domain: RBSRequestErrorDomain; code: 5; reason: "The launchd job couldn't be started."> {"#, "com.test.app"),
        ])
    func bootstrappingFailedAlone(line: String, bundle: String) throws {
        let (launches, _) = try launches(in: line + "\n")
        #expect(launches.map(\.bundle) == [bundle] && launches.map(\.outcome) == [.launchFailed])
    }

    /// SVProgressHUD/SVProgressHUD#976 (iOS 12, Xcode console): the runtime's uncaught-exception
    /// line is the last the app prints; it aborts next, so its launch crashed, as the finding says.
    /// The reason is an app delegate asked for a window it lacks: that rule's one finding.
    @Test("an uncaught exception alone ends its app's launch: crashed, SIGABRT")
    func uncaughtExceptionAloneCrashes() throws {
        let lines = """
            2019-08-18 18:23:46.747470+0300 familymarkets[4288:706603] -[familymarkets.AppDelegate window]: unrecognized selector sent to instance 0x1d008fc80
            2019-08-18 18:23:46.748695+0300 familymarkets[4288:706603] *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '-[familymarkets.AppDelegate window]: unrecognized selector sent to instance 0x1d008fc80'

            """
        let (launches, findings) = try launches(in: lines)
        #expect(findings.map(\.rule) == ["app-delegate-window-unrecognized"])
        #expect(findings.first?.location.line == 2 && findings.first?.data["className"] == "familymarkets.AppDelegate")
        let launch = try #require(launches.first)
        #expect(launches.count == 1 && launch.process == "familymarkets" && launch.pid == 4288)
        #expect(launch.outcome == .crashed && launch.termination == Termination(kind: .signal, detail: "SIGABRT(6)"))
        #expect(launch.phases[.terminated]?.location.line == 2 && findings.first?.launch == launch.id)
    }

    /// nek023/QBImagePicker#182 (iOS 10 simulator, an Xcode console without dates) and
    /// isontheline/pro.webssh.net#34 (a crash report's `Termination Reason: TCC, …` quoted in a
    /// bug report): the app's line says the privacy system ends it, and nothing else is captured.
    @Test("a privacy kill alone ends its app's launch: killed, tcc, with the usage description it lacked", arguments: [
        (
            "QBImagePickerDemo[1946:43442] [access] This app has crashed because it attempted to access privacy-sensitive data without a usage description.  The app's Info.plist must contain an NSPhotoLibraryUsageDescription key with a string value explaining to the user how the app uses this data.",
            "NSPhotoLibraryUsageDescription"
        ),
        (
            "> Termination Reason: TCC, This app has crashed because it attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain an NSFaceIDUsageDescription key with a string value explaining to the user how the app uses this data.",
            "NSFaceIDUsageDescription"
        ),
    ])
    func privacyKillAloneIsKilled(line: String, key: String) throws {
        let (launches, findings) = try launches(in: line + "\n")
        #expect(findings.map(\.rule) == ["privacy-usage-description-missing"])
        let launch = try #require(launches.first)
        #expect(launches.count == 1 && launch.evidence == .endOnly && !launch.startSeen)
        #expect(launch.outcome == .killed && launch.termination == Termination(kind: .tcc, detail: key))
        #expect(launch.phases[.terminated]?.location.line == 1 && findings.first?.launch == launch.id)
    }

    /// celestebetancur/CineVivo#3: a paste wrapped the privacy kill's message over four lines, the key
    /// on the third. The kill is still one finding, on the line that says it, and it ends a launch;
    /// the key it cannot tell is not made up.
    @Test("a privacy kill wrapped over several lines is still found, without a key it cannot tell")
    func wrappedPrivacyKill() throws {
        let lines = """
            CineVivoDebug[81771:2756318] [access] This app has crashed because it attempted to access 
            privacy-sensitive data without a usage description.  The app's Info.plist must contain an 
            NSCameraUsageDescription key with a string value explaining to the user how the app uses this 
            data.

            """
        let (launches, findings) = try launches(in: lines)
        let finding = try #require(findings.first)
        #expect(findings.count == 1 && finding.rule == "privacy-usage-description-missing" && finding.location.line == 2)
        #expect(finding.data["usageDescriptionKey"] == nil && finding.message.hasSuffix("without its usage description in Info.plist"))
        #expect(launches.count == 1 && launches.first?.outcome == .killed && launches.first?.termination == Termination(kind: .tcc, detail: nil))
    }

    /// xmartlabs/Eureka#1407 (iOS 11, Xcode console): the app's own line, then the privacy kill
    /// on another of its threads: one launch of the process, killed.
    @Test("the app's lines, then its privacy kill: one launch of the process, killed (tcc)")
    func privacyKillAfterTheAppsLines() throws {
        let lines = """
            2018-02-07 13:23:12.509883+0100 Example[13606:4145505] [MC] Reading from public effective user settings.
            2018-02-07 13:23:14.143770+0100 Example[13606:4146088] [access] This app has crashed because it attempted to access privacy-sensitive data without a usage description.  The app's Info.plist must contain an NSCameraUsageDescription key with a string value explaining to the user how the app uses this data.

            """
        let (launches, findings) = try launches(in: lines)
        let launch = try #require(launches.first)
        #expect(launches.count == 1 && launch.process == "Example" && launch.pid == 13606)
        #expect(launch.outcome == .killed && launch.termination == Termination(kind: .tcc, detail: "NSCameraUsageDescription"))
        #expect(launch.phases[.terminated]?.location.line == 2 && findings.map(\.launch) == [launch.id])
    }

    /// NativeScript/sample-TelerikNEXT#29 (iOS 10 simulator, the Mac's syslog): the app's privacy
    /// kill, then launchd_sim's word on how the process ended. The system's line is the end.
    @Test("a privacy kill followed by the system's own end of the process: the system's line wins")
    func privacyKillThenTheSystemsEnd() throws {
        let lines = """
            sampleTelerikNEXT[9869]: [access] This app has crashed because it attempted to access privacy-sensitive data without a usage description.  The app's Info.plist must contain an NSCalendarsUsageDescription key with a string value explaining to the user how the app uses this data.
            Oct 16 12:13:15 DigitalixMBP com.apple.CoreSimulator.SimDevice.0F810B01-BD96-4588-A29F-5AA4513F6C5B.launchd_sim[54226] (UIKitApplication:com.telerik.TelerikNEXT[0x4be3][9869]): Service exited due to Abort trap: 6

            """
        let (launches, _) = try launches(in: lines)
        let launch = try #require(launches.first)
        #expect(launches.count == 1 && launch.pid == 9869)
        #expect(launch.termination == Termination(kind: .signal, detail: "SIGABRT(6)"))
        #expect(launch.phases[.terminated]?.location.line == 2)
    }

    /// mastodon/mastodon-ios#1163 (iOS 17, Console.app copy of SpringBoard's errors): the app died
    /// as it launched; FrontBoard's afterlife assertion finds its process gone.
    @Test("'Workspace afterlife assertion failed' ends a launch seen only by its end: the process was gone")
    func afterlifeAssertionFailed() throws {
        let text = """
            error\t16:58:58.250453+0100\tSpringBoard\t[application<org.joinmastodon.app>:33506] Workspace afterlife assertion failed: Error Domain=RBSAssertionErrorDomain Code=2 "Specified target process does not exist" UserInfo={NSLocalizedFailureReason=Specified target process does not exist}
            error\t16:58:58.321841+0100\tSpringBoard\tScene FBSceneManager/sceneID:org.joinmastodon.app-default update failed: <NSError: 0x28169f720; domain: FBSceneErrorDomain; code: 1 (operation-failed); reason: "Scene update failed."> {
                NSUnderlyingError = <NSError: 0x2814828e0; domain: FBWorkspaceScene; code: 1; reason: "Client process exited.">;
            }

            """
        let (launches, findings) = try launches(in: text)
        let launch = try #require(launches.first)
        #expect(launches.count == 1 && findings.isEmpty)
        #expect(launch.bundle == "org.joinmastodon.app" && launch.pid == 33506 && launch.evidence == .endOnly)
        #expect(launch.termination == Termination(kind: .unknown, detail: "gone while its scene was updated"))
        #expect(launch.phases[.terminated]?.location.line == 1)
        // Another assertion's failure says nothing of the process's end.
        let other = "error\t16:58:58.250453+0100\tSpringBoard\t[application<org.joinmastodon.app>:33506] Workspace afterlife assertion failed: Error Domain=RBSAssertionErrorDomain Code=1\n"
        #expect(try SceneLogCoreTests.launches(in: other).launches.isEmpty)
    }

    /// msdrigg/Roam (a trimmed MetricKit-style report in its crash-review tests): the termination
    /// reason names the app, and the report's `Metadata:` block restates it, cut before the app.
    @Test("a watchdog kill restated without the app, lines after the one naming it, is one finding")
    func restatedWatchdogKill() throws {
        let text = """
            Crash 1 (version 1.0.0)
            Termination reason: <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: app<com.msdrigg.roam>:15540 exhausted real (wall clock) time allowance of 10.00 seconds
            ProcessVisibility: Background
            WatchdogEvent: scene-update
            Metadata:
              appVersion: 1.50
              exceptionType: 10
              signal: 9
              terminationReason: <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression

            """
        let (launches, findings) = try launches(in: text)
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.rule == "launch-watchdog-termination" && finding.data["bundle"] == "com.msdrigg.roam")
        #expect(finding.evidence.map(\.line) == [5], "the Metadata: record, its indented lines continuing it")
        #expect(launches.count == 1 && launches.first?.outcome == .killed)
    }
}
