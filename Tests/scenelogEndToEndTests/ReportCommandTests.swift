import Foundation
import Testing

/// `scenelog report` and `scenelog history`: the nightly job.
@Suite("report and history", .serialized)
struct ReportCommandTests {
    static let sample = "Samples/scene-adopted-clean-launch.txt"

    /// Yesterday: the clean launch plus a main-thread I/O warning. Today: the same launch 300 ms
    /// slower to become active, without the I/O warning, with a window created too early. Each
    /// night's log is `<night>/logs/device.txt`, so that both nights read `logs/device.txt` from
    /// their own folder, as a nightly job does.
    static func nights() throws -> URL {
        let folder = try CommandRunner.temporaryFolder()
        let lines = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent(sample), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let io = "fault\t11:26:42.100000+0100\tFieldnotes\t__delegate_identifier__:Performance Diagnostics__:::____message__:"
            + #"{"message":"Performing I/O on the main thread can cause slow launches.","antipattern trigger":"-[NSBundle bundlePath]"}"#
        let window = "error\t11:26:42.400000+0100\tFieldnotes\tUIWindows were created prior to initial application activation. This may result in incorrect visual appearance"
        var yesterday = lines
        yesterday.insert(io, at: 52)
        var today = lines
        today[51] = today[51].replacingOccurrences(of: "11:26:42.087545", with: "11:26:42.387545")
        today.insert(window, at: 52)
        for (name, text) in [("yesterday", yesterday), ("today", today)] {
            let night = folder.appendingPathComponent(name).appendingPathComponent("logs")
            try FileManager.default.createDirectory(at: night, withIntermediateDirectories: true)
            try text.joined(separator: "\n").write(to: night.appendingPathComponent("device.txt"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// The two ``nights()`` with yesterday's JSON report written as `yesterday.json` beside them,
    /// after `extraLogs` (sample names) were added to yesterday's logs.
    static func reportedNights(extraLogs: [String] = []) throws -> (yesterday: URL, today: URL) {
        let folder = try nights()
        let yesterday = folder.appendingPathComponent("yesterday")
        for name in extraLogs {
            try FileManager.default.copyItem(
                at: CommandRunner.packageRoot.appendingPathComponent("Samples/\(name)"), to: yesterday.appendingPathComponent("logs/\(name)"))
        }
        let first = try CommandRunner.run(
            ["report", "--format", "json", "--fail-on", "never", "--output", "../yesterday.json", "logs"], in: yesterday)
        #expect(first.status == 0, "\(first.stderr)")
        return (yesterday, folder.appendingPathComponent("today"))
    }

    @Test("a baseline diff reports exactly the fixed finding, the new one and the slower launch, and exits 1")
    func baseline() throws {
        let (yesterday, today) = try Self.reportedNights()
        let result = try CommandRunner.run(["report", "--baseline", "../yesterday.json", "--format", "json", "logs"], in: today)
        #expect(result.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let diff = try #require(json["baseline"] as? [String: Any])
        #expect((diff["newFindings"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["window-created-before-activation"])
        #expect((diff["fixedFindings"] as? [[String: Any]])?.map { $0["rule"] as? String } == ["main-thread-io-at-launch"])
        #expect((diff["notSeenFindings"] as? [[String: Any]])?.isEmpty == true)
        let regressions = try #require(diff["launchRegressions"] as? [[String: Any]])
        #expect(regressions.count == 1)
        #expect(regressions.first?["app"] as? String == "net.fernhill.fieldnotes")
        #expect(regressions.first?["kind"] as? String == "slower")
        #expect(regressions.first?["baselineMedianMs"] as? Int == 332)
        #expect(regressions.first?["currentMedianMs"] as? Int == 632)
        // The diff shows in the other renderers too.
        for format in ["text", "markdown"] {
            let rendered = try CommandRunner.run(["report", "--baseline", "../yesterday.json", "--format", format, "logs"], in: today)
            #expect(rendered.status == 1)
            #expect(rendered.stdout.contains("net.fernhill.fieldnotes: median time to active 332 ms → 632 ms (+300 ms, +90 %)"), "\(format)")
        }
        // Against itself nothing regressed.
        let same = try CommandRunner.run(["report", "--baseline", "../yesterday.json", "--format", "json", "logs"], in: yesterday)
        #expect(same.status == 0)
    }

    /// The `baseline` object of `report --baseline ../yesterday.json --format json logs` run in `night`.
    static func diff(in night: URL, _ arguments: [String] = []) throws -> (status: Int32, diff: [String: Any]) {
        let result = try CommandRunner.run(
            ["report", "--baseline", "../yesterday.json", "--format", "json"] + arguments + ["logs"], in: night)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (result.status, try #require(json["baseline"] as? [String: Any]))
    }

    static func rules(_ findings: Any?) -> [String] {
        (findings as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
    }

    @Test("a finding of an input not read tonight is not seen, never fixed, in every format")
    func inputNotSeen() throws {
        let tablet = "black-screen-no-default-configuration.log"
        let (_, today) = try Self.reportedNights(extraLogs: [tablet])
        let (_, diff) = try Self.diff(in: today)
        #expect(Self.rules(diff["fixedFindings"]) == ["main-thread-io-at-launch"])
        let notSeen = try #require(diff["notSeenFindings"] as? [[String: Any]])
        #expect(!notSeen.isEmpty)
        #expect(notSeen.allSatisfy { $0["path"] as? String == "logs/\(tablet)" })
        for (format, text) in [
            ("text", "not seen  "), ("markdown", "| ❔ not seen |"), ("html", "badge not-seen"),
            ("junit", "name=\"not seen "), ("github", " not seen, "),
        ] {
            let rendered = try CommandRunner.run(["report", "--baseline", "../yesterday.json", "--format", format, "logs"], in: today)
            #expect(rendered.stdout.contains(text), "\(format)")
        }
        let sarif = try CommandRunner.run(["report", "--baseline", "../yesterday.json", "--format", "sarif", "logs"], in: today)
        #expect(sarif.stdout.contains("\"notSeenFindings\" : \(notSeen.count)"))
        #expect(!sarif.stdout.contains(tablet), "not-seen findings are no absent results")
    }

    @Test("a finding of an app absent tonight is not seen, even from the same input")
    func appNotSeen() throws {
        let (_, today) = try Self.reportedNights()
        // Tonight's device.txt holds another app's launch only: Fieldnotes was not launched.
        let other = CommandRunner.packageRoot.appendingPathComponent("Samples/black-screen-no-default-configuration.log")
        try FileManager.default.removeItem(at: today.appendingPathComponent("logs/device.txt"))
        try FileManager.default.copyItem(at: other, to: today.appendingPathComponent("logs/device.txt"))
        let (_, diff) = try Self.diff(in: today, ["--fail-on", "never"])
        #expect(Self.rules(diff["fixedFindings"]).isEmpty)
        #expect(Self.rules(diff["notSeenFindings"]) == ["main-thread-io-at-launch"])
    }

    @Test("--fail-on never exits 0 with a regression; --fail-on-regression and --no-fail-on-regression decide the regression exit")
    func regressionExit() throws {
        let (_, today) = try Self.reportedNights()
        // Today's launch is 300 ms slower and has a new warning: a regression.
        #expect(try Self.diff(in: today).status == 1)
        #expect(try Self.diff(in: today, ["--fail-on", "never"]).status == 0)
        #expect(try Self.diff(in: today, ["--no-fail-on-regression"]).status == 0, "no error finding, regressions aside")
        #expect(try Self.diff(in: today, ["--no-fail-on-regression", "--fail-on", "warning"]).status == 1, "the warning itself")
        #expect(try Self.diff(in: today, ["--fail-on", "never", "--fail-on-regression"]).status == 1, "the slower launch")
        // Without a baseline the regression flags change nothing.
        let plain = try CommandRunner.run(["report", "--fail-on-regression", "--format", "json", "logs"], in: today)
        #expect(plain.status == 0)
    }

    @Test("a baseline that is not a scenelog report is a usage error naming it")
    func badBaseline() throws {
        let folder = try Self.nights()
        try "not json".write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["report", "--baseline", "bad.json", "today"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("baseline 'bad.json' is not JSON"))
    }

    @Test("the commit of a run is asked of a git in PATH's absolute folders, never of one in a relative folder")
    func gitFromAnAbsoluteFolder() throws {
        let folder = try Self.nights()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try CommandRunner.writeScript(
            "#!/bin/sh\ntouch '\(folder.path)/relative-git-ran'\necho fedcba9876543210\n", to: folder.appendingPathComponent("bin/git"))
        let run = try CommandRunner.run(
            executable: "/usr/bin/env",
            ["-u", "GITHUB_SHA", "-u", "CI_COMMIT_SHA", "-u", "BUILDKITE_COMMIT", "PATH=bin:/usr/bin:/bin", CommandRunner.binary.path,
             "report", "--record", "--history", "h.sqlite", "--fail-on", "never", "-o", "/dev/null", "today"],
            in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("relative-git-ran").path))
    }

    @Test("three recorded runs read back as a trend")
    func history() throws {
        let folder = try Self.nights()
        let environment = ["GITHUB_SHA": "0123456789abcdef", "GITHUB_REF_NAME": "main", "GITHUB_HEAD_REF": ""]
        for night in ["yesterday", "today", "today"] {
            let run = try CommandRunner.run(
                ["report", "--record", "--history", "h/history.sqlite", "--fail-on", "never", night], in: folder,
                environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let table = try CommandRunner.run(["history", "--history", "h/history.sqlite"], in: folder, environment: ["COLUMNS": "100"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 100 })
        // Runs are rows named by time and commit: in the summary, and in each table of rules and apps.
        let rows = lines.filter { $0.firstMatch(of: #/^\d{4}-\d\d-\d\d \d\d:\d\d 0123456 /#) != nil }
        #expect(rows.count % 3 == 0 && rows.count >= 9)
        #expect(rows.prefix(3).allSatisfy { $0.contains(" main ") })
        /// The values in the runs' rows of the column keyed `key` (`R3`, `A1`), named in the line that ends with `name`.
        func column(named name: String) throws -> [String] {
            let key = try #require(lines.first { $0.hasSuffix(" " + name) }?.split(separator: " ").first)
            let header = try #require(lines.firstIndex { $0.hasPrefix("run (UTC, commit)") && $0.split(separator: " ").contains(key) })
            let position = try #require(Array(lines[header].split(separator: " ").dropFirst(3)).firstIndex(of: key))
            return lines[(header + 1)...].prefix { !$0.isEmpty }.map { String(Array($0.split(separator: " ").dropFirst(3))[position]) }
        }
        #expect(try column(named: "main-thread-io-at-launch") == ["1", "0", "0"])
        #expect(try column(named: "net.fernhill.fieldnotes").map { $0.split(separator: "/")[0] } == ["332", "632", "632"])
        let feature = try CommandRunner.run(["history", "--history", "h/history.sqlite", "--branch", "feature"], in: folder)
        #expect(feature.status == 0 && feature.stdout.contains("No run recorded on branch 'feature': run scenelog report --record on it, or leave out --branch."))
        let page = try CommandRunner.run(["history", "--history", "h/history.sqlite", "--format", "html"], in: folder)
        #expect(page.stdout.contains("<svg") && page.stdout.contains("<polyline"))
        let none = try CommandRunner.run(["history", "--history", "none.sqlite"], in: folder)
        #expect(none.stdout.contains("No run recorded yet"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.sqlite").path))
    }

    @Test("a run with an input it could not read is reported, not recorded: its night would look better than it was")
    func partialRunIsNotRecorded() throws {
        let folder = try Self.nights()
        try Data([0x00, 0x01, 0x02, 0xFF, 0x00, 0x01]).write(to: folder.appendingPathComponent("today/garbage.log"))
        let run = try CommandRunner.run(["report", "--record", "--history", "h.sqlite", "--fail-on", "never", "-o", "r.json", "today"], in: folder)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("scenelog: warning: an input could not be read: the run is not recorded in the history"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.json").path))
        let history = try CommandRunner.run(["history", "--history", "h.sqlite"], in: folder)
        #expect(history.stdout.contains("No run recorded yet"), "\(history.stdout)")
    }
}
