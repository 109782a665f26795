/// The system killed an app that held a background task past the time it was given (0x8BADF00D).
struct BackgroundTaskExpiredRule: BuiltInRule {
    static let description = RuleDescription(
        id: "background-task-expired",
        severity: .warning,
        title: "App killed for keeping a background task past its allowance (0x8BADF00D)",
        explanation: """
            An app that moves to the background may ask for more time to finish its work with \
            beginBackgroundTask(expirationHandler:), and must end each task with endBackgroundTask(_:) \
            before the time runs out (180 s on iOS 7, "permittedBackgroundDuration: 180.000000"; about 30 s on recent iOS). A task still open then \
            gets the app killed with exception code 0x8BADF00D: the system logs "<app>[<pid>] has active \
            assertions beyond permitted time" with the assertions still held (whose \
            "Called by <app>, from -[… applicationDidEnterBackground:]" names the code that began \
            them), and forces a crash report that says "SIMULATED (this is NOT a crash)". The user \
            finds the app starting from scratch the next time. A UIScene migration moves the \
            background hand-off from applicationDidEnterBackground(_:) to sceneDidEnterBackground(_:): \
            a task begun in one and ended in the other, or begun twice, stays open.
            """,
        fix: """
            End every background task you begin, in its expiration handler too, and keep the \
            identifier to end the right one; begin and end it in the same callback family (the scene \
            delegate's once the app uses scenes). Look for the assertion's "Called by" line to find \
            the code that began it, often an analytics or networking SDK flushing on the way to the \
            background.
            """,
        references: [AppleReference.beginBackgroundTask, AppleReference.addressingWatchdogTerminations],
        messageTemplate: "{process} was killed for keeping a background task past its allowance (0x8BADF00D)",
        patterns: [
            // backboardd (iOS 7–8) and assertiond name the app as `name[pid]` or `name:pid`.
            RulePattern(
                literal: "has active assertions beyond permitted time",
                regex: #"(?:^|[\s\[])(?<app>[^\s\[\]<>;:]{1,255})[\[:](?<appPid>[0-9]{1,10})\]? has active assertions beyond permitted time"#
            ),
            // assertiond (iOS 11–13) describes the process.
            RulePattern(
                literal: "has active assertions beyond permitted time",
                regex: #"<BKNewProcess: [^;>]{1,32}; (?<app>[A-Za-z0-9][\w.-]{0,254}); pid: (?<appPid>[0-9]{1,10});[^>]{0,256}> has active assertions beyond permitted time"#
            ),
        ],
        triggeringExamples: [
            // mixpanel/mixpanel-iphone#95 (iOS 7, idevicesyslog).
            RuleExample(
                "Dec 20 04:51:52 Lees-iPhone-5s backboardd[31] <Warning>: abiosapp[1101] has active assertions beyond permitted time: ",
                data: ["app": "abiosapp", "appPid": "1101"]),
            // message catalog §4: the description of the crash report it forces (iOS 12).
            RuleExample(
                "[BackgroundDemo:12648] Forcing crash report with description: BackgroundDemo:12648 has active assertions beyond permitted time",
                data: ["app": "BackgroundDemo", "appPid": "12648"]),
            // transistorsoft/cordova-background-geolocation-lt#108: the crash report's
            // Application Specific Information.
            RuleExample(
                "<BKNewProcess: 0x11bd3c9c0; com.larky.chcu; pid: 3445; hostpid: -1> has active assertions beyond permitted time:",
                data: ["app": "com.larky.chcu", "appPid": "3445"]),
        ],
        nonTriggeringExamples: [
            // mixpanel/mixpanel-iphone#95: the assertion the app held, on the line after.
            RuleExample(
                "<BKProcessAssertion: 0x170277f00> identifier: Called by abiosapp, from -[Mixpanel applicationDidEnterBackground:] process: abiosapp[1101] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:1101 preventSuspend  preventIdleSleep  preventSuspendOnSleep "
            ),
            RuleExample("Dec 20 04:51:52 Lees-iPhone-5s backboardd[31] <Warning>: Forcing crash report of abiosapp[1101]..."),
        ]
    ).reportingABackgroundTaskKill()

    /// The app and pid a line of this rule names (a crash report's Application Specific
    /// Information: `<BKNewProcess: …; com.example.app; pid: 3445; …> has active assertions beyond
    /// permitted time:`); `nil` when it is not such a line.
    static func expiredApp(in line: String) -> (app: String, pid: Int?)? {
        let scratch = MatchScratch()
        var line = line
        return line.withUTF8 { bytes -> (app: String, pid: Int?)? in
            for pattern in compiledPatterns {
                guard let match = try? pattern.firstMatch(in: UnsafeRawBufferPointer(bytes), using: scratch) else { continue }
                var captured: [String: String] = [:]
                pattern.addCaptures(of: match, in: bytes, to: &captured)
                guard let app = captured["app"] else { continue }
                return (app, captured["appPid"].flatMap { Int($0) })
            }
            return nil
        }
    }

    private static let compiledPatterns = description.patterns.compactMap { try? CompiledPattern($0.regex) }
}
