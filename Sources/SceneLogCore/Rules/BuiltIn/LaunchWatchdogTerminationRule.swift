/// The system watchdog killed an app that took too long to create or update its scene (0x8BADF00D).
struct LaunchWatchdogTerminationRule: BuiltInRule {
    /// SpringBoard's `Forcing crash report of <FBApplicationProcess: …; App; pid: 1100> (…
    /// description: bundle failed to launch`, up to the words that end it, which differ by iOS version.
    private static let forcedCrashReport =
        #"Forcing crash report of <FBApplicationProcess: [^;>]{1,32}; (?<app>[^;<>]{1,255}); pid: (?<appPid>[0-9]{1,10})> \([^)]{0,64}description: (?<bundle>[A-Za-z0-9][\w.-]{0,255}) failed to (?<watchdogEvent>launch)"#

    static let description = RuleDescription(
        id: "launch-watchdog-termination",
        severity: .error,
        title: "Watchdog killed the app during launch or resume (0x8BADF00D)",
        explanation: """
            FrontBoard gives an app a time allowance for each scene transition: about 20 s of wall-clock \
            time to create its first scene on a foreground launch (SpringBoard logs it as "Sending scene \
            action [Logical Activate]… (watchdog: 19.96s)"), only a few seconds of CPU time on a \
            background launch, and 10 s to update a scene when the app resumes. An app whose main \
            thread is still busy in application(_:didFinishLaunchingWithOptions:), \
            scene(_:willConnectTo:options:) or the foreground callbacks when the allowance runs out is \
            killed with exception code 0x8BADF00D: the user sees the launch screen or a black screen, \
            then the home screen, and the app writes no crash log of its own. The record says which \
            transition timed out (scene-create at launch, scene-update at resume), the allowance, and \
            whether wall-clock or CPU time ran out. iOS 11–14 FrontBoard logs "Provision violated for \
            watchdog …" and "watchdog provision violated"; crash reports carry the "<event> watchdog \
            transgression" explanation. The watchdog is off while a debugger is attached, so the kill \
            shows up on launches from the home screen, TestFlight and the App Store, not from Xcode.
            """,
        fix: """
            Make launch return quickly: keep application(_:didFinishLaunchingWithOptions:) and \
            scene(_:willConnectTo:options:) to setting up the window and its root view controller, and \
            move synchronous network calls, file and database work, migrations, SDK set-up and waits on \
            semaphores or locks off the main thread or after the first frame. For scene-update kills, do \
            the same in sceneWillEnterForeground(_:) and sceneDidBecomeActive(_:); when the report says \
            ProcessVisibility: Background, the app was in or going to the background, so keep \
            sceneDidEnterBackground(_:) and applicationDidEnterBackground(_:) short as well. Measure with the \
            Instruments App Launch template on a release build launched without the debugger, and look \
            for main-thread-hang and main-thread-io-at-launch findings just before this one.
            """,
        references: [AppleReference.addressingWatchdogTerminations, AppleReference.reducingLaunchTime],
        messageTemplate: "{reportedBy} reports a watchdog kill (0x8BADF00D): {bundle|an app} took too long to {phase|launch or resume}",
        patterns: [
            // The explanation names the event, the app, the clock and the allowance; a paste may
            // wrap it after "transgression:", over a blank line.
            RulePattern(
                literal: "watchdog transgression",
                regex: #"(?<watchdogEvent>[a-z]{1,32}(?:-[a-z]{1,32}){0,4}) watchdog transgression:\s{1,8}(?:app(?:lication)?<)?(?<bundle>[A-Za-z0-9][\w.-]{0,255})?[^\s]{0,255} exhausted (?<reason>real \(wall clock\) time|CPU time) allowance of (?<watchdogBudget>[0-9]{1,9}(?:\.[0-9]{1,6})?) seconds(?:[^\n]{0,256}?ProcessVisibility: (?<processVisibility>Background|Foreground))?"#
            ),
            // A paste cut inside the explanation still names the event (firebase/quickstart-unity#1073:
            // `explanation:scene-update watchdog transg`).
            RulePattern(
                literal: " watchdog transg",
                regex: #"explanation:(?<watchdogEvent>[a-z]{1,32}(?:-[a-z]{1,32}){0,4}) watchdog transg"#
            ),
            // iOS 11–14 FrontBoard: the provision of one watchdog ran out.
            RulePattern(
                literal: "Provision violated for watchdog",
                regex: #"(?:^\[(?:app(?:lication)?<)?(?<bundle>[A-Za-z0-9][\w.-]{0,255})[^\]\s]{0,255}\] )?Provision violated for watchdog (?<watchdogEvent>[a-z]{1,32}(?:-[a-z]{1,32}){0,4})(?::[^>]{0,1024}timeValue: (?<watchdogBudget>[0-9]{1,9}(?:\.[0-9]{1,6})?)s)?"#
            ),
            // iOS 11–14 FrontBoard: the termination request and the exit it caused.
            // The bundle comes from the bracket that starts the message, when the literal is near it.
            RulePattern(
                literal: "watchdog provision violated",
                regex: #"^\[(?:app(?:lication)?<)?(?<bundle>[A-Za-z0-9][\w.-]{0,255})[^\]\s]{0,255}\] [^\n]{0,4096}?watchdog provision violated"#
            ),
            RulePattern(literal: "watchdog provision violated", regex: "watchdog provision violated"),
            // iOS 9 SpringBoard forces the crash report of the app it kills: the process object
            // names the app's process and pid, the description its bundle.
            RulePattern(literal: "failed to launch in time", regex: forcedCrashReport + #" in time\)"#),
            // iOS 10 and 11 give the allowance and the launch's intent (chaitin/passionfruit#21).
            RulePattern(
                literal: "failed to launch after ",
                regex: forcedCrashReport + #" after (?<watchdogBudget>[0-9]{1,6}(?:\.[0-9]{1,3})?)s\b"#),
            // iOS 9's crash report, in its Application Specific Information: the event not done in
            // time, with the launch's total time limit (wordpress-mobile/WordPress-iOS#5568).
            RulePattern(
                literal: "s of total time limit ",
                regex: #"(?<bundle>[A-Za-z0-9][\w.-]{0,255}) failed to (?<watchdogEvent>[a-z]{1,32}(?:-[a-z]{1,32}){0,4}) after [0-9]{1,6}(?:\.[0-9]{1,3})?s \([a-z ]{1,32} took [0-9]{1,6}(?:\.[0-9]{1,3})?s of total time limit (?<watchdogBudget>[0-9]{1,6}(?:\.[0-9]{1,3})?)s\)"#),
            // The bare exception code next to a termination or exit, except the kill of an app that
            // was already asked to quit ("Failed to terminate gracefully", watchdog event process-exit)
            // and a background task's assertion that ran out ("Namespace ASSERTIOND").
            // It is printed as "code:0x8BADF00D" (RBS contexts and statuses) or "Code 0x8badf00d"
            // (termination reasons); the literals keep that prefix so the prefilter can skip fast.
        ] + ["code:0x8BADF00D", "code:0x8badf00d", "Code 0x8badf00d", "Code 0x8BADF00D"].map { literal in
            RulePattern(
                literal: literal,
                regex: #"(?i:terminat|exit|watchdog)[^\n]{0,1024}?(?<!ASSERTIOND, )(?:code:|Code )0x8(?:badf00d|BADF00D)(?![^\n]{0,1024}?(?i:failed to terminate gracefully|process-exit watchdog))"#
            )
        },
        triggeringExamples: [
            RuleExample(
                "Nov 12 12:24:57 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.REDACTED>:796] Process exited: <FBProcessExitContext; watchdog (\"watchdog provision violated\")>.",
                data: ["bundle": "com.REDACTED"]),
            RuleExample(
                "Jun 12 09:41:07 iPhone SpringBoard(FrontBoard)[57] <Error>: [com.app.id] Provision violated for watchdog scene-create: <FBSProcessResourceProvision: 0x1108d7d10; allowance: <; FBSProcessResourceAllowance; type: scheduledTime; timeValue: 3.77s>; violated: YES>",
                data: ["watchdogEvent": "scene-create", "watchdogBudget": "3.77", "bundle": "com.app.id"]),
            RuleExample(
                "Jun 12 09:41:07 iPhone SpringBoard(FrontBoard)[57] <Notice>: [com.app.id] Executing termination for reason (none) with request: <FBSProcessTerminationRequest: 0x107abbfb0; label: \"watchdog provision violated\"; exceptionCode: \"Watchdog Violation (0x8BADF00D)\"; reportType: CrashLog; explanation: \"scene-create watchdog transgression: com.app.id exhausted CPU time allowance of 3.77 seconds\">",
                data: [
                    "watchdogEvent": "scene-create", "watchdogBudget": "3.77", "bundle": "com.app.id",
                    "reason": "CPU time", "phase": "launch (its CPU time ran out)",
                ]),
            // kpwn/yalu#32 (iOS 9 device syslog).
            RuleExample(
                "Nov 12 09:14:43 ipon SpringBoard[43] <Warning>: Forcing crash report of <FBApplicationProcess: 0x166ac050; MobileReplayer; pid: 1100> (reason: 1, description: developer.apple.wwdc-Release failed to launch in time)",
                data: ["watchdogEvent": "launch", "bundle": "developer.apple.wwdc-Release"]),
            // chaitin/passionfruit#21 (iOS 11, quoted in a bug report).
            RuleExample(
                "> Forcing crash report of <FBApplicationProcess: 0x130e8c4b0; WeChat; pid: 899> (reason: 1, description: com.tencent.xin failed to launch after 20.00s (launchIntent: foreground-interactive))",
                data: ["watchdogEvent": "launch", "watchdogBudget": "20.00", "bundle": "com.tencent.xin"]),
            // wordpress-mobile/WordPress-iOS#5568 (iOS 9, a crash report's line quoted in an issue).
            RuleExample(
                "> org.wordpress.internal failed to scene-create after 18.59s (launch took 1.41s of total time limit 20.00s)",
                data: ["watchdogEvent": "scene-create", "watchdogBudget": "20.00", "bundle": "org.wordpress.internal", "phase": "launch"]),
            // Crash-report text (iOS 15+ and iOS 12–13 wording), carried in Console export lines.
            RuleExample(
                "default\t10:12:31.418220+0800\tReportCrash\t<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: app<com.baidu.TBDebugClient(F677A907-A383-4644-A57B-FE090F814517)>:2286 exhausted real (wall clock) time allowance of 19.93 seconds",
                data: [
                    "watchdogEvent": "scene-create", "watchdogBudget": "19.93", "bundle": "com.baidu.TBDebugClient",
                    "reason": "real (wall clock) time",
                ]),
            RuleExample(
                "default\t17:44:16.073100-0500\tReportCrash\tTermination Description: SPRINGBOARD, scene-update watchdog transgression: application<redacted>:517 exhausted real (wall clock) time allowance of 10.00 seconds | ProcessVisibility: Background | ProcessState: Running | WatchdogEvent: scene-update | WatchdogVisibility: Background",
                data: [
                    "watchdogEvent": "scene-update", "watchdogBudget": "10.00", "bundle": "redacted",
                    "reason": "real (wall clock) time", "processVisibility": "Background",
                    "phase": "update its scene in the background",
                ]),
            // qnblackcat/uYouPlus#1252 (an .ips body): a launch in the background that ran out of CPU time.
            RuleExample(
                "  \"termination\" : {\"code\":2343432205,\"flags\":6,\"namespace\":\"FRONTBOARD\",\"reasons\":[\"<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: app<com.google.ios.youtube.BTR3BCD9D7(49DBC350-8BAD-43D0-9E46-930AF1B765ED)>:5752 exhausted CPU time allowance of 2.74 seconds\",\"ProcessVisibility: Background\",\"ProcessState: Running\",\"WatchdogEvent: scene-create\",\"WatchdogVisibility: Background\",\"WatchdogCPUStatistics: (\",\"\\\"Elapsed total CPU time (seconds): 5.290 (user 5.290, system 0.000), 29% CPU\\\",\",\"\\\"Elapsed application CPU time (seconds): 3.285, 18% CPU\\\"\",\") reportType:CrashLog maxTer",
                data: [
                    "watchdogEvent": "scene-create", "watchdogBudget": "2.74", "reason": "CPU time", "processVisibility": "Background",
                    "phase": "launch in the background (its CPU time ran out)",
                ]),
            RuleExample("default\t17:44:16.073100-0500\tReportCrash\tTermination Reason: Namespace SPRINGBOARD, Code 0x8badf00d"),
            // firebase/quickstart-unity#1073 (iOS 14.4, a crash report pasted in an issue, cut there):
            // a scene update, not a launch.
            RuleExample(
                "Termination Description: SPRINGBOARD, <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transg",
                data: ["watchdogEvent": "scene-update", "phase": "update its scene"]),
            // Cut off before the explanation: only the code is left.
            RuleExample(
                "default\t13:24:13.771300+0900\tReportCrash\tTermination Description: SPRINGBOARD, <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: application<"
            ),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "default\t22:50:45.769038-0500\tSpringBoard\t[0x86d0e3a80:(FBSceneManager):sceneID:com.hightowerai.MobileJarvisNative-default] Sending scene action [Logical Activate][0x5c2e] to process 0x86a491980 (watchdog: 19.96s)"
            ),
            RuleExample(
                "default\t22:50:45.769038-0500\tSpringBoard\t[0x86d0e3a80:(FBSceneManager):sceneID:com.hightowerai.MobileJarvisNative-default] Sending scene action [Logical Activate][0x5c2f] to process 0x86a491980 (watchdog: none)"
            ),
            RuleExample(
                "Dec 14 15:53:42 My-iPhone-17 SpringBoard(FrontBoardServices)[57] <Info>: [com.apple.test.WebDriverAgentRunner-Runner] Activating <FBProcessWatchdog: 0x17106e0c0; name: process-launch>"
            ),
            RuleExample(
                "Dec 14 15:53:42 My-iPhone-17 SpringBoard(FrontBoardServices)[57] <Info>: [com.apple.test.WebDriverAgentRunner-Runner] [realTime] Now monitoring resource at interval 20.00s (repeatInterval 0.00s)"
            ),
            RuleExample(
                "default\t23:30:44.951730-0500\tSpringBoard\t[app<com.hightowerai.MobileJarvisNative>:26683] Process exited: <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGABRT(6)>>."
            ),
            RuleExample(
                "default\t14:02:51.220415+0800\tReportCrash\t<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:[app<com.campusdoit.app>:40401] Failed to terminate gracefully after 5.0s"
            ),
            RuleExample("default\t14:02:51.220415+0800\tReportCrash\tTermination Reason: Namespace RUNNINGBOARD, Code 0xdead10cc"),
            // granoff/Lockbox#63: the kill of an app that was quitting, in the background.
            RuleExample(
                #"Termination Description: SPRINGBOARD, process-exit watchdog transgression: application<cn.baoxiaosheng.mobile>:18532 exhausted real (wall clock) time allowance of 5.00 seconds | ProcessVisibility: Background | ProcessState: Running | WatchdogEvent: process-exit | WatchdogVisibility: Background | WatchdogCPUStatistics: ( | "Elapsed total CPU time (seconds): 3.810 (user 3.810, system 0.000), 38% CPU", | "Elapsed application CPU time (seconds): 0.042, 0% CPU" | )"#
            ),
            // The same kill as a terminate context prints it, with its code on the line.
            RuleExample(
                "Termination Description: SPRINGBOARD, <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:process-exit watchdog transgression: application<cn.baoxiaosheng.mobile>:18532 exhausted real (wall clock) time allowance of 5.00 seconds | ProcessVisibility: Background"
            ),
            // michaelnisi/podest#17: a background task's assertion ran out, in a "Non UI" process.
            RuleExample("Termination Reason: Namespace ASSERTIOND, Code 0x8badf00d"),
        ]
    ).reportingAWatchdogKill()

    /// The kill of an app that was already quitting is no launch's: its process-exit watchdog. A
    /// scene update that timed out (a resume, or a move to the background) is said to be one, not
    /// a slow launch; a scene create is the launch's. Either is said to be in the background when
    /// the report says so (`ProcessVisibility: Background`, the most common watchdog report), and
    /// to have run out of CPU time when that was the allowance exhausted.
    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool {
        guard data["watchdogEvent"] != "process-exit" else { return false }
        data["phase"] = Self.phase(
            event: data["watchdogEvent"], inBackground: data["processVisibility"] == "Background",
            ranOutOfCPU: data["reason"] == "CPU time")
        return true
    }

    /// What the app was killed while trying to do, as the message says it (`update its scene in the
    /// background`); `nil` for an event other than a scene's create or update.
    static func phase(event: String?, inBackground: Bool, ranOutOfCPU: Bool) -> String? {
        var phase: String
        switch event {
        case "scene-update": phase = "update its scene"
        case "scene-create": phase = "launch"
        default: return nil
        }
        if inBackground { phase += " in the background" }
        if ranOutOfCPU { phase += " (its CPU time ran out)" }
        return phase
    }
}
