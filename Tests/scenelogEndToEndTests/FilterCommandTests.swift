import Foundation
import Testing

/// `--since`, `--until`, `--rule`, `--process` and `--device` on `scan`, `report`, `timeline` and
/// `watch`, the same keys in `.scenelog.yml` (the command line's winning), and `scenelog rules`
/// showing what the settings file changes.
@Suite struct FilterCommandTests {
    /// Two devices launch Shiftboard at 15:22:04 (`Anas-iPhone`, active) and 15:22:0x
    /// (`QA-iPad`, killed by the watchdog: one finding, line 90, `Apr 14 15:22:27`); no offset.
    static let twoDevices = "Samples/two-devices-idevicesyslog.log"
    /// The crash report of the QA-iPad launch (Shiftboard, pid 812).
    static let crashReport = "Samples/crash-report-sigabrt.ips"
    /// MyApp, stamped `2025-03-11 09:12:44.1…+0100`: two scene-delegate findings (lines 38, 39,
    /// 44.114918 and 44.115437), no-scene-delegate-for-storyboard (line 41, 44.117827) and
    /// black-screen-suspected (line 45, 44.350350); one launch.
    static let offsetStamps = "Samples/log-syslog-style-scene-delegate-class.log"

    /// What a JSON report kept: findings as `rule:line`, launches as `process@device:outcome`, and
    /// the records each input counted.
    struct Kept {
        var findings: [String]
        var launches: [String]
        var records: [Int]
        var result: CommandResult
    }

    static func scan(_ arguments: [String], command: String = "scan", in folder: URL = CommandRunner.packageRoot, environment: [String: String] = [:])
        throws -> Kept
    {
        let result = try CommandRunner.run(
            [command, "--format", "json", "--fail-on", "never", "--year", "2026"] + arguments, in: folder, environment: environment)
        try #require(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]]).map { "\($0["rule"] as? String ?? "?"):\($0["line"] as? Int ?? 0)" }
        let launches = try #require(object["launches"] as? [[String: Any]]).map {
            "\($0["process"] as? String ?? "-")@\($0["device"] as? String ?? "-"):\($0["outcome"] as? String ?? "?")"
        }
        let records = try #require(object["inputs"] as? [[String: Any]]).map { $0["records"] as? Int ?? -1 }
        return Kept(findings: findings, launches: launches, records: records, result: result)
    }

    static let both = ["Shiftboard@Anas-iPhone:active", "Shiftboard@QA-iPad:killed"]

    @Test func deviceKeepsThatDevicesFindingsLaunchesAndCrashReports() throws {
        let all = try Self.scan([Self.twoDevices, Self.crashReport])
        #expect(all.findings == ["launch-watchdog-termination:90", "crash-report:1"])
        let iPad = try Self.scan(["--device", "QA-iPad", Self.twoDevices, Self.crashReport])
        #expect(iPad.findings == all.findings)
        #expect(iPad.launches == ["Shiftboard@QA-iPad:killed"])
        let iPhone = try Self.scan(["--device", "Anas-iPhone", Self.twoDevices, Self.crashReport])
        #expect(iPhone.findings.isEmpty, "the crash report is of the iPad's launch")
        #expect(iPhone.launches == ["Shiftboard@Anas-iPhone:active"])
        #expect(iPhone.records == all.records, "every line is still counted")
    }

    @Test func processKeepsOneProcess() throws {
        let myApp = try Self.scan(["--process", "MyApp", Self.twoDevices, Self.offsetStamps])
        #expect(myApp.findings == ["scene-delegate-class-not-loaded:38", "scene-delegate-class-not-loaded:39", "no-scene-delegate-for-storyboard:41", "black-screen-suspected:45"])
        #expect(myApp.launches == ["MyApp@-:black-screen-suspected"])
        let shiftboard = try Self.scan(["--process", "Shiftboard", Self.twoDevices, Self.offsetStamps])
        #expect(shiftboard.findings == ["launch-watchdog-termination:90"])
        #expect(shiftboard.launches == Self.both)
        #expect(try Self.scan(["--process", "SpringBoard", Self.twoDevices]).launches.isEmpty)
    }

    /// A plain Xcode console names no process: its lines are the app's, whichever `--process` and
    /// `--device` name, while a system log beside it is still filtered.
    @Test func linesNamingNoProcessAreKept() throws {
        let console = "Samples/xcode-console-plain-app-based-ios26-warning.txt"
        let all = try Self.scan([console])
        #expect(all.findings.count == 2 && all.launches == ["-@-:active"])
        let runner = try Self.scan(["--process", "Runner", "--device", "QA-iPad", console, Self.twoDevices])
        #expect(runner.findings == all.findings)
        #expect(runner.launches == all.launches)
    }

    @Test func stampsWithAnOffsetCompareAsInstants() throws {
        let late = ["no-scene-delegate-for-storyboard:41", "black-screen-suspected:45"]
        for since in ["2025-03-11T08:12:44.116Z", "2025-03-11T09:12:44.116+01:00", "2025-03-11 10:12:44.116+0200"] {
            let kept = try Self.scan(["--since", since, Self.offsetStamps], environment: ["TZ": "America/Chicago"])
            #expect(kept.findings == late, "\(since)")
            #expect(kept.launches == ["MyApp@-:black-screen-suspected"], "the launch runs on past --since")
        }
        let early = try Self.scan(["--until", "2025-03-11T08:12:44.116Z", Self.offsetStamps])
        #expect(early.findings == ["scene-delegate-class-not-loaded:38", "scene-delegate-class-not-loaded:39"])
        #expect(early.launches.count == 1)
        // A bound without an offset is the machine's local time.
        let paris = try Self.scan(["--since", "2025-03-11T09:12:44.116", Self.offsetStamps], environment: ["TZ": "Europe/Paris"])
        #expect(paris.findings == late)
        let utc = try Self.scan(["--since", "2025-03-11T09:12:44.116", Self.offsetStamps], environment: ["TZ": "UTC"])
        #expect(utc.findings.isEmpty && utc.launches.isEmpty)
        #expect(utc.records == paris.records)
    }

    @Test func aCrashReportIsKeptByTheInstantOfItsTimestamp() throws {
        // Stamped `2024-03-02 17:41:09.00 +0100`: 16:41:09Z.
        let kept = try Self.scan(["--until", "2024-03-02T16:41:10Z", Self.crashReport], environment: ["TZ": "UTC"])
        #expect(kept.findings == ["crash-report:1"])
        let left = try Self.scan(["--since", "2024-03-02T16:41:10Z", Self.crashReport], environment: ["TZ": "UTC"])
        #expect(left.findings.isEmpty && left.records == kept.records)
    }

    @Test func stampsWithoutAnOffsetCompareAsLocalWallClockTime() throws {
        for zone in ["UTC", "Asia/Tokyo", "America/Los_Angeles"] {
            let late = try Self.scan(["--since", "2026-04-14T15:22:20", Self.twoDevices], environment: ["TZ": zone])
            #expect(late.findings == ["launch-watchdog-termination:90"], "\(zone)")
            #expect(late.launches == ["Shiftboard@QA-iPad:killed"], "the iPhone's launch was over by then")
            let early = try Self.scan(["--until", "2026-04-14 15:22:10", Self.twoDevices], environment: ["TZ": zone])
            #expect(early.findings.isEmpty && early.launches == Self.both)
        }
        let after = try Self.scan(["--since", "2026-04-14T15:22:28", Self.twoDevices])
        #expect(after.findings.isEmpty && after.launches.isEmpty)
        #expect(try Self.scan(["--since", "2026-04-15", Self.twoDevices]).launches.isEmpty)
    }

    @Test func relativeTimesCountBackFromNow() throws {
        let recent = try Self.scan(["--since", "1d", Self.offsetStamps])
        #expect(recent.findings.isEmpty && recent.launches.isEmpty)
        #expect(recent.records == [44])
        #expect(try Self.scan(["--until", "10m", Self.offsetStamps]).findings.count == 4)
    }

    @Test func ruleKeepsThoseRulesAndSuggestsAnUnknownOnesNearest() throws {
        let kept = try Self.scan(["--rule", "black-screen-suspected", "--rule", "no-scene-delegate-for-storyboard", Self.offsetStamps])
        #expect(kept.findings == ["no-scene-delegate-for-storyboard:41", "black-screen-suspected:45"])
        #expect(kept.launches.count == 1, "launches are not findings")
        let unknown = try CommandRunner.run(["scan", "--rule", "black-screen-suspectd", Self.offsetStamps])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("scenelog: error: --rule: unknown rule 'black-screen-suspectd'; did you mean 'black-screen-suspected'?"))
        #expect(!unknown.stderr.contains("Usage: scenelog <subcommand>"), "not the top-level usage")
    }

    @Test(arguments: [
        (["--since", "yesterday"], "--since/--until: 'yesterday' is not a time"),
        (["--since", "10:00\u{1B}[31m"], "'10:00\\u{1b}[31m' is not a time"),
        (["--since", "2026-01-02", "--until", "2026-01-01"], "the time window ends before it starts"),
        (["--process", ""], "--process and --device need a name"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(["scan"] + arguments + [Self.twoDevices])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func reportTimelineAndWatchFilterAlike() throws {
        let arguments = ["--device", "QA-iPad", "--since", "2026-04-14T15:22:00", Self.twoDevices]
        let scan = try Self.scan(arguments)
        let report = try Self.scan(arguments, command: "report")
        #expect(report.findings == scan.findings && report.launches == scan.launches)
        #expect(scan.launches == ["Shiftboard@QA-iPad:killed"])
        let timeline = try CommandRunner.run(["timeline", "--year", "2026", "--device", "QA-iPad", Self.twoDevices])
        #expect(timeline.stdout.contains("QA-iPad"), "\(timeline.stdout)")
        #expect(!timeline.stdout.contains("Anas-iPhone"), "\(timeline.stdout)")
        let sample = try Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent(Self.twoDevices))
        let watch = try CommandRunner.run(["watch", "--format", "ndjson", "--fail-on", "never", "--device", "Anas-iPhone"], stdin: sample)
        let events = watch.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(!events.isEmpty)
        #expect(!events.contains { $0["type"] as? String == "finding" }, "the watchdog kill is the iPad's")
        let devices = Set(events.filter { $0["type"] as? String == "launch" }.compactMap { $0["device"] as? String })
        #expect(devices == ["Anas-iPhone"])
    }

    /// A folder with the two-device capture, the MyApp log, and a settings file.
    private func project(settings: String) throws -> URL {
        let folder = try CommandRunner.temporaryFolder()
        for sample in [Self.twoDevices, Self.offsetStamps] {
            try FileManager.default.copyItem(
                at: CommandRunner.packageRoot.appendingPathComponent(sample),
                to: folder.appendingPathComponent((sample as NSString).lastPathComponent))
        }
        try settings.write(to: folder.appendingPathComponent(".scenelog.yml"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func settingsFileKeysFilterAndTheCommandLineWins() throws {
        let folder = try project(
            settings: """
                device: QA-iPad
                only_rules: [launch-watchdog-termination, scene-create-sent]
                include: ['two-*.log']
                since: 2026-04-14T15:22:00
                fail_on: warning
                rules:
                  - id: scene-create-sent
                    severity: note
                    pattern: 'Sending scene create'
                    message: 'scene create sent'
                """)
        let fromFile = try Self.scan(["."], in: folder)
        #expect(fromFile.findings == ["scene-create-sent:72", "launch-watchdog-termination:90"])
        #expect(fromFile.launches == ["Shiftboard@QA-iPad:killed"])
        #expect(fromFile.records.count == 1, "include: only the capture")
        // fail_on: warning fails on the watchdog kill; --fail-on never wins.
        let failing = try CommandRunner.run(["scan", "--year", "2026", "."], in: folder)
        #expect(failing.status == 1)
        let overridden = try Self.scan(
            ["--device", "Anas-iPhone", "--rule", "scene-create-sent", "--include", "*.log", "--since", "2026-04-14T15:00:00", "."], in: folder)
        #expect(overridden.findings == ["scene-create-sent:38"])
        #expect(overridden.launches == ["Shiftboard@Anas-iPhone:active"])
        #expect(overridden.records.count == 2, "--include wins over include:")
        try "# nothing\n".write(to: folder.appendingPathComponent("empty.yml"), atomically: true, encoding: .utf8)
        let config = try Self.scan(["--config", "empty.yml", "."], in: folder)
        #expect(config.launches.count == 3, "--config: that file, not ./.scenelog.yml")
    }

    @Test(arguments: [
        ("fail_on: warning\nsince: yesterday\n", ".scenelog.yml:2:8: 'since': 'yesterday' is not a time"),
        ("only_rules:\n  - uncaught-exceptoin\n", ".scenelog.yml:2:5: unknown rule 'uncaught-exceptoin'; did you mean 'uncaught-exception'?"),
        ("device: \"QA\\e[31m\"\nprocess: []\n", ".scenelog.yml:2:10: 'process' must be a string"),
        ("until: \"\\e]0;x\\a\"\n", "'\\u{1b}]0;x\\u{7}' is not a time"),
        ("exclude: [1, {a: b}]\n", ".scenelog.yml:1:14: 'exclude' must be a string"),
    ])
    func badSettingsAreConfigurationErrorsAtTheirLine(settings: String, message: String) throws {
        let folder = try project(settings: settings)
        let result = try CommandRunner.run(["scan", "."], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), "escaped")
        let rules = try CommandRunner.run(["rules"], in: folder)
        #expect(rules.status == 2 && rules.stderr.contains(message))
    }

    @Test func rulesShowsDisabledOverriddenAndLeftOutRules() throws {
        let folder = try project(
            settings: """
                disabled_rules: [main-thread-hang]
                severity:
                  window-created-before-activation: error
                  uncaught-exception: error
                only_rules: [window-created-before-activation, crash-report, uncaught-exception, team-rule]
                rules:
                  - id: team-rule
                    severity: note
                    pattern: 'x{3}'
                    message: 'Team rule'
                """)
        let result = try CommandRunner.run(["rules"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        func line(_ id: String) -> String? {
            result.stdout.split(separator: "\n").first { $0.hasPrefix(id + " ") }.map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        }
        #expect(line("main-thread-hang")?.hasPrefix("main-thread-hang off (disabled)") == true)
        #expect(line("window-created-before-activation")?.hasPrefix("window-created-before-activation error (was warning)") == true)
        #expect(line("uncaught-exception") == "uncaught-exception error App terminated by an uncaught exception", "an override to its own severity")
        #expect(line("scene-lifecycle-required")?.hasPrefix("scene-lifecycle-required off (not in only_rules)") == true)
        #expect(line("crash-report")?.hasPrefix("crash-report error") == true)
        #expect(line("team-rule")?.hasPrefix("team-rule note Team rule") == true)
        try "# nothing\n".write(to: folder.appendingPathComponent("empty.yml"), atomically: true, encoding: .utf8)
        let plain = try CommandRunner.run(["rules", "--config", "empty.yml"], in: folder)
        #expect(plain.status == 0)
        #expect(!plain.stdout.contains("off ("), "an empty settings file changes nothing")
    }

    @Test func cachedResultsAndMergedPartsKeepTheFilters() throws {
        let folder = try CommandRunner.temporaryFolder()
        let cache = folder.appendingPathComponent("cache").path
        let input = CommandRunner.packageRoot.appendingPathComponent(Self.twoDevices).path
        #expect(try Self.scan(["--cache", cache, "--device", "QA-iPad", input]).launches == ["Shiftboard@QA-iPad:killed"])
        #expect(try Self.scan(["--cache", cache, input]).launches == Self.both, "another filter: not the cached result")
        #expect(try Self.scan(["--cache", cache, "--device", "QA-iPad", input]).launches == ["Shiftboard@QA-iPad:killed"])
        let part = folder.appendingPathComponent("part.json").path
        let made = try CommandRunner.run(
            ["scan", "--part", "--year", "2026", "--fail-on", "never", "--device", "QA-iPad", "--format", "json", "--output", part, input])
        #expect(made.status == 0, "\(made.stderr)")
        let merged = try CommandRunner.run(["merge", "--format", "json", "--fail-on", "never", part])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(merged.stdout.utf8)) as? [String: Any])
        let launches = try #require(object["launches"] as? [[String: Any]])
        #expect(launches.map { $0["device"] as? String } == ["QA-iPad"], "merge applies the parts' launch filters")
    }
}
