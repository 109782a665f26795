import Foundation
import Testing

@testable import SceneLogCore

/// The one entry point: what every command, test, benchmark and fuzz target runs.
@Suite("scanner")
struct ScannerTests {
    @Test("the README's library example scans files and writes a JSON report")
    func readmeExample() throws {
        var options = ScanOptions(ruleSet: try RuleSet.load(userRules: nil, configuration: nil))
        options.app = "io.waypoint.tripplanner"
        let result = Scanner(options: options).scan([samplePath("idevicesyslog-1.4-microseconds-watchdog.log")])
        let report = ScanReport(result, ruleSet: options.ruleSet)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenelog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("report.json").path
        try ReportDestination.write(report, as: .json, options: RenderOptions(), to: output)
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(document.launches.map(\.bundle) == ["io.waypoint.tripplanner"])
        #expect(document.launches.first?.outcome == .killed)
        #expect(!document.findings.isEmpty)
    }

    @Test("lines ended by lone carriage returns (classic Mac OS) read as the same lines ended by newlines, with a note")
    func carriageReturnLineEnds() throws {
        let text = try sample("crash-relaunch-two-launches.txt")
        let scanner = Scanner(options: try testScanOptions())
        let byNewlines = scanner.scan(bytes: Array(text.utf8), name: "a.txt")
        let byCarriageReturns = scanner.scan(bytes: Array(text.utf8).map { $0 == 0x0A ? 0x0D : $0 }, name: "a.txt")
        #expect(Array(byCarriageReturns.findings) == Array(byNewlines.findings))
        #expect(byCarriageReturns.launches.map(\.outcome) == byNewlines.launches.map(\.outcome))
        #expect(byCarriageReturns.inputs.map(\.lines) == byNewlines.inputs.map(\.lines))
        #expect(byCarriageReturns.inputs.first?.note?.contains("lone carriage return") == true)
        #expect(byNewlines.inputs.first?.note?.contains("carriage return") != true)
        // A `\r\n` further down is one line end, not two.
        let mixed = Array(text.utf8).map { $0 == 0x0A ? 0x0D : $0 } + Array("\r\nlast line\r\n".utf8)
        #expect(scanner.scan(bytes: mixed, name: "a.txt").inputs.map(\.lines) == byNewlines.inputs.map { $0.lines + 2 })
        // Lines ended by newlines, then a capture ended by lone carriage returns joined on: one
        // long line, which the note names.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let joined = lines.prefix(3).joined(separator: "\n") + "\n" + lines.dropFirst(3).joined(separator: "\r")
        #expect(
            scanner.scan(bytes: Array(joined.utf8), name: "a.txt").inputs.first?.note
                == "line 4 holds lone carriage returns, not read as line ends (the input's first lines end with \\n): convert them first (tr '\\r' '\\n')")
    }

    @Test("the same report whatever the number of threads")
    func jobsDoNotChangeTheResult() throws {
        var options = try testScanOptions()
        let paths = try sampleNames().map(samplePath)
        let one = Scanner(options: options).scan(paths)
        options.jobs = 3
        let three = Scanner(options: options).scan(paths)
        #expect(Array(one.launches) == Array(three.launches))
        #expect(Array(one.findings) == Array(three.findings))
        #expect(one.inputs == three.inputs)
        #expect(one.launches.map(\.id) == (1...one.launches.count).map { "L\($0)" })
    }

    @Test("a crash report joins the launch of its bundle and pid, from another input")
    func crashReportJoinsItsLaunch() throws {
        let result = Scanner(options: try testScanOptions()).scan([
            samplePath("crash-report-sigabrt.ips"), samplePath("two-devices-idevicesyslog.log"),
        ])
        let crash = try #require(result.findings.first { $0.location.path.hasSuffix(".ips") })
        let launch = try #require(result.launches.first { $0.id == crash.launch })
        #expect(launch.bundle == crash.data["bundle"] && launch.pid == crash.pid)
    }

    @Test("a crash report of a problem a log told is that finding's evidence: one problem, one finding")
    func crashReportOfAToldProblemIsEvidence() throws {
        let result = Scanner(options: try testScanOptions()).scan([
            samplePath("crash-report-watchdog-scene-create.ips"), samplePath("idevicesyslog-1.4-microseconds-watchdog.log"),
        ])
        #expect(result.findings.count == 1 && result.findings.tally.byRule == ["launch-watchdog-termination": 1])
        let kill = try #require(result.findings.first)
        #expect(kill.location.path.hasSuffix(".log") && kill.evidence.last?.path.hasSuffix("crash-report-watchdog-scene-create.ips") == true)
        #expect(result.launches.first { $0.id == kill.launch }?.findings == 1)
        #expect(result.inputs.count == 2, "the crash report is still an input of the report")
    }

    @Test("a crash report of another pid joins no launch")
    func crashReportOfAnotherPidStaysAlone() throws {
        let report = try sample("crash-report-watchdog-scene-create.ips").replacingOccurrences(of: "796", with: "797")
        let result = Scanner(options: try testScanOptions()).scan(inMemory: [
            (name: "crash.ips", bytes: Array(report.utf8)),
            (name: "device.log", bytes: Array(try sample("idevicesyslog-1.4-microseconds-watchdog.log").utf8)),
        ])
        #expect(result.findings.first { $0.location.path == "crash.ips" }?.launch == nil)
    }

    /// A report pasted into a bug report keeps its Markdown: an inline-code backtick before the
    /// metadata line (dotnet/maui#24805), or a code fence around it.
    @Test("a crash report pasted with Markdown around it is still read as a crash report", arguments: [
        ("`", ""), ("```\n", "\n```\n"), ("```json\n\n", "\n```"), ("~~~\n", "~~~"), ("\n\n`", "`\n"),
    ])
    func crashReportInMarkdown(lead: String, tail: String) throws {
        let report = try sample("crash-report-watchdog-scene-create.ips")
        let result = Scanner(options: try testScanOptions()).scan(inMemory: [(name: "pasted.ips", bytes: Array((lead + report + tail).utf8))])
        #expect(result.findings.map(\.rule) == ["launch-watchdog-termination"])
        #expect(result.inputs.first?.formatName == "ips")
    }

    /// StoDevX/AAO-React-Native#6917: a message quoted alone, indented past the quote marker, is
    /// the first record of a plain console: its finding is something read.
    @Test("a message quoted alone and indented is a record, and its finding is something read")
    func findingInAnIndentedQuoteIsSomethingRead() throws {
        let text = #">  Info.plist contained no UIScene configuration dictionary (looking for configuration named "(no name)")"# + "\n"
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(text.utf8), name: "quoted.md")
        #expect(result.findings.map(\.rule) == ["scene-configuration-missing"])
        #expect(result.inputs.first?.records == 1 && !result.readNothing)
        #expect(!ScanReport(result, ruleSet: nil).readNothing)
    }

    /// AppsFlyerSDK/AppsFlyerFramework#60 (iOS 11.1): a legacy report quoted from `Date/Time:` on,
    /// without its `Incident Identifier:` line.
    @Test("a legacy crash report quoted without its first lines is still read as a crash report")
    func legacyReportExcerpt() throws {
        let text = """
            Date/Time:           2018-02-08 21:48:18.7050 +0800
            Launch Time:         2018-02-08 21:47:56.5537 +0800
            OS Version:          iPhone OS 11.1 (15B93)
            Baseband Version:    6.17.00
            Report Version:      104

            Exception Type:  EXC_CRASH (SIGKILL)
            Exception Codes: 0x0000000000000000, 0x0000000000000000
            Exception Note:  EXC_CORPSE_NOTIFY
            Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
            Termination Description: SPRINGBOARD, scene-create watchdog transgression: com.example.app exhausted real (wall clock) time allowance of 19.25 seconds |  | Elapsed total CPU time (seconds): 38.660 (user 38.660, system 0.000), 64% CPU | Elapsed application CPU time (seconds): 0.547, 1% CPU | 
            Triggered by Thread:  0

            """
        let result = Scanner(options: try testScanOptions()).scan(inMemory: [(name: "excerpt.txt", bytes: Array(text.utf8))])
        #expect(result.inputs.first?.formatName == "ips")
        #expect(result.findings.map(\.rule) == ["launch-watchdog-termination"])
        #expect(result.launches.isEmpty, "a crash report alone invents no launch")
        // A console log whose first line merely starts with a header's key, with a report's line
        // further down, stays a console log.
        let console = "2019-08-18 18:23:46.747470+0300 familymarkets[4288:706603] -[familymarkets.AppDelegate window]: unrecognized selector sent to instance 0x1d008fc80"
        for log in [
            "Process: started\n\(console)\n", "Version: 2.4.0 (214)\n\(console)\nTermination Reason: Namespace SPRINGBOARD, Code 0x8badf00d\n",
        ] {
            #expect(Scanner(options: try testScanOptions()).scan(bytes: Array(log.utf8), name: "a.log").inputs.first?.formatName != "ips")
        }
    }

    /// dotnet/maui#18528 (iOS 17.0.3): a report as Xcode and Console.app show it, under their
    /// "Translated Report" banner, pasted in a fence (and cut short by its author).
    @Test("a crash report under its \"Translated Report\" banner is read as a crash report")
    func translatedReport() throws {
        let text = #"""
            ```
            -------------------------------------
            Translated Report (Full Report Below)
            -------------------------------------

            Incident Identifier: D48EA0A5-7F50-4B9C-9562-E3F390459CEF
            CrashReporter Key:   156bc4f66d540ec32fa8516c2540441af69ece5e
            Hardware Model:      iPad13,2
            Process:             MyApp [2599]
            Path:                /private/var/containers/Bundle/Application/642F85C6-B198-4362-AE15-0F6BF5438C89/MyApp.app/MyApp
            Identifier:          com.company.myapp
            Version:             1.0.4 (38)
            Code Type:           ARM-64 (Native)
            Role:                Foreground
            Parent Process:      launchd [1]
            Coalition:           com.company.myapp [1262]

            Date/Time:           2023-11-05 23:14:54.8920 +0100
            Launch Time:         2023-11-05 23:14:33.9339 +0100
            OS Version:          iPhone OS 17.0.3 (21A360)
            Release Type:        User
            Baseband Version:    5.00.00
            Report Version:      104

            Exception Type:  EXC_CRASH (SIGKILL)
            Exception Codes: 0x0000000000000000, 0x0000000000000000
            Termination Reason: FRONTBOARD 2343432205 
            <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: app<com.company.myapp(D5C1086A-A3E1-4FB6-B19D-6ECF285C06BC)>:2599 exhausted real (wall clock) time allowance of 17.38 seconds
            ProcessVisibility: Foreground
            ProcessState: Running
            Watchdo
            """#
        let result = Scanner(options: try testScanOptions()).scan(inMemory: [(name: "report.txt", bytes: Array(text.utf8))])
        #expect(result.inputs.first?.formatName == "ips")
        #expect(result.findings.map(\.rule) == ["launch-watchdog-termination"])
        #expect(result.findings.first?.process == "MyApp" && result.findings.first?.pid == 2599)
    }

    /// xamarin/Xamarin.Forms#14951: a question's heading and sentence above a report's excerpt; a
    /// log's records above the same lines keep it a log.
    @Test("a report's excerpt after a few lines of prose is read as a crash report, not after a log's lines")
    func reportExcerptAfterProse() throws {
        let excerpt = """
            Date/Time:       2021-12-03T15:19:03.214Z
            Launch Time:     2021-12-03T02:44:59.014Z
            OS Version:      iPhone OS 15.1 (19B74)
            Report Version:  104

            Exception Type:  EXC_CRASH (SIGABRT)
            Exception Codes: 0x0000000000000000, 0x0000000000000000 at 
            Crashed Thread:  0
            """
        let quoted = "### **Actual Behavior**\n\nApp crashing on startup.\n\n" + excerpt
        let report = Scanner(options: try testScanOptions()).scan(inMemory: [(name: "issue.md", bytes: Array(quoted.utf8))])
        #expect(report.inputs.first?.formatName == "ips")
        #expect(report.findings.map(\.rule) == ["crash-report"])
        let logged = "2021-12-03 15:19:03.100 MyApp[2599:707] about to crash\n" + excerpt
        let log = Scanner(options: try testScanOptions()).scan(inMemory: [(name: "console.log", bytes: Array(logged.utf8))])
        #expect(log.inputs.first?.formatName != "ips")
    }

    @Test("live events carry the ids of the final report, input after input")
    func liveEventsAreNumberedLikeTheReport() throws {
        let observer = LaunchRecorder()
        let paths = ["crash-relaunch-two-launches.txt", "two-devices-idevicesyslog.log"].map(samplePath)
        let result = Scanner(options: try testScanOptions(), observer: observer).scan(paths)
        #expect(Set(observer.ids) == Set(result.launches.map(\.id)))
        #expect(result.launches.count > 2)
    }

    @Test("a stop requested before reading leaves every input out, and says so")
    func stopBeforeReading() throws {
        var options = try testScanOptions()
        options.isStopRequested = { true }
        let result = Scanner(options: options).scan([samplePath("scene-adopted-clean-launch.txt")])
        #expect(result.interrupted)
        #expect(result.inputs.isEmpty)
    }

    @Test("a launch's live events carry at most 200 of its findings, and a warning says so once")
    func liveFindingsPerLaunchAreCapped() throws {
        let log = try sample("idevicesyslog-1.2-device-name-uikit-not-adopted.log")
        let notAdopted = try #require(log.split(separator: "\n").first { $0.contains("CLIENT OF UIKIT REQUIRES UPDATE") })
        let text = log + String(repeating: notAdopted + "\n", count: 250)
        let recorder = LaunchRecorder()
        let result = Scanner(options: try testScanOptions(), observer: recorder).scan(bytes: Array(text.utf8), name: "many.log")
        #expect(result.findings.count(atOrAbove: .note) >= 251, "the report keeps them all")
        #expect(recorder.mostFindings <= StreamAnalysis.findingsKeptPerLaunch)
        let warnings = recorder.diagnostics.filter { $0.message.contains("has more than 200 findings") }
        #expect(warnings.count == 1)
    }

    @Test("--app with a bundle id keeps the app's findings on Console.app exports, through the launches rebuilt", arguments: [
        ("kz.steppe.academy", "console-export-header-subsystem-columns-flutter-ios26.txt", 1),
        ("com.pinecrest.ledger", "console-export-library-column-sigabrt.txt", 1),
        ("com.northwind.FieldCrew", "console-export-react-native-not-adopted.txt", 1),
        ("Ledger", "console-export-library-column-sigabrt.txt", 1),
    ])
    func appFilterByBundleOnConsoleExports(app: String, sample: String, findings: Int) throws {
        var options = try testScanOptions()
        options.app = app
        let result = Scanner(options: options).scan([samplePath(sample)])
        #expect(result.findings.count == findings)
        #expect(result.launches.count == 1)
    }

    @Test("an --app that names nothing in the inputs is said, once")
    func appThatMatchesNothing() throws {
        var options = try testScanOptions()
        options.app = "com.example.nowhere"
        let recorder = LaunchRecorder()
        _ = Scanner(options: options, observer: recorder).scan([samplePath("crash-relaunch-two-launches.txt")])
        #expect(recorder.diagnostics.filter { $0.message.contains("matched no process") }.count == 1)
        options.app = "com.trailmix.routebook"
        let quiet = LaunchRecorder()
        _ = Scanner(options: options, observer: quiet).scan([samplePath("crash-relaunch-two-launches.txt")])
        #expect(!quiet.diagnostics.contains { $0.message.contains("matched no process") })
    }

    @Test("--app keeps one app's findings and launches")
    func appFilter() throws {
        var options = try testScanOptions()
        options.app = "com.trailmix.routebook"
        let result = Scanner(options: options).scan([samplePath("crash-relaunch-two-launches.txt")])
        #expect(result.launches.count == 2)
        #expect(result.launches.allSatisfy { $0.bundle == "com.trailmix.routebook" })
        options.app = "com.example.elsewhere"
        let none = Scanner(options: options).scan([samplePath("crash-relaunch-two-launches.txt")])
        #expect(none.launches.isEmpty && none.findings.isEmpty)
    }
}

/// Records the launch ids handed out live, the most findings handed with one, and the diagnostics.
private final class LaunchRecorder: ScanObserver {
    var ids: [String] = []
    var mostFindings = 0
    var diagnostics: [ScanDiagnostic] = []

    var wantsLiveEvents: Bool { true }

    func scanLaunchDidChange(_ launch: Launch, findings: [Finding]) {
        ids.append(launch.id)
        mostFindings = max(mostFindings, findings.count)
    }

    func scanDidReport(_ diagnostic: ScanDiagnostic) {
        diagnostics.append(diagnostic)
    }
}
