import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `scenelog watch` as users run it: fed by a pipe, by a file it follows, or by an idevicesyslog it
/// starts itself (here a script on PATH that plays a sample back line by line).
@Suite("watch command", .serialized)
struct WatchCommandTests {
    static let watchdogSample = "Samples/idevicesyslog-1.4-microseconds-watchdog.log"

    /// A folder holding an `idevicesyslog` script that writes `sample` one line at a time with
    /// `pause` seconds between lines, adds its arguments as a line of `arguments.txt`, then waits
    /// as the real tool does.
    /// - Parameter sample: a path in the package (`Samples/…`) or an absolute one.
    static func fakeIdevicesyslog(playing sample: String, pause: Double) throws -> URL {
        let folder = try CommandRunner.temporaryFolder()
        let file = sample.hasPrefix("/") ? sample : CommandRunner.packageRoot.appendingPathComponent(sample).path
        let script = """
            #!/bin/sh
            while IFS= read -r line || [ -n "$line" ]; do
              printf '%s\\n' "$line"
              sleep \(pause)
            done < '\(file)'
            echo "$@" >> '\(folder.path)/arguments.txt'
            touch '\(folder.path)/done'
            exec sleep 60
            """
        let url = folder.appendingPathComponent("idevicesyslog")
        try CommandRunner.writeScript(script, to: url)
        return folder
    }

    static func waitForFile(_ url: URL, timeout: TimeInterval = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: url.path) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    static func events(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// A standard error nobody reads (a paused pager, a stuck collector) while the spawned
    /// idevicesyslog floods its own: passing its messages on blocks. The first signal still ends
    /// the loop, and a second, the summary being blocked too, ends the process at once.
    @Test("a watch whose standard error nobody reads still ends on signals")
    func stalledStandardError() throws {
        let folder = try CommandRunner.temporaryFolder()
        try CommandRunner.writeScript("#!/bin/sh\nexec yes 'ERROR: a message of the tool' >&2\n", to: folder.appendingPathComponent("idevicesyslog"))
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["watch", "--fail-on", "never"]
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = ProcessInfo.processInfo.environment.merging(["PATH": path, "NO_COLOR": "1"]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let stalled = Pipe()  // never read
        process.standardError = stalled
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        Thread.sleep(forTimeInterval: 2)
        kill(process.processIdentifier, SIGINT)
        Thread.sleep(forTimeInterval: 1)
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!process.isRunning, "still running after SIGINT and SIGTERM")
    }

    /// How soon a finding appears after its line is measured by `Benchmarks/watch_latency.py`
    /// (`--source idevicesyslog`), not here: tests do not assert on wall-clock time.
    @Test("findings from a spawned idevicesyslog appear while it streams")
    func spawnedIdevicesyslog() throws {
        let folder = try Self.fakeIdevicesyslog(playing: Self.watchdogSample, pause: 0.01)
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let watch = try LiveProcess(["watch", "--format", "ndjson", "--udid", "TESTUDID"], environment: ["PATH": path])
        #expect(Self.waitForFile(folder.appendingPathComponent("done")))
        // idevicesyslog goes on running, as the real one does: the findings are out before the interrupt.
        #expect(watch.waitUntil { $0.contains("\"type\":\"finding\"") && $0.contains("\"change\":\"killed\"") })
        let status = watch.interrupt()
        #expect(status == 1, "an error finding with the default --fail-on error")

        let findingLines = try Self.events(watch.output).filter {
            $0["type"] as? String == "finding" && $0["rule"] as? String == "launch-watchdog-termination"
        }.compactMap { $0["line"] as? Int }
        #expect(findingLines == [42], "one watchdog kill over three lines is one finding")
        let arguments = try String(contentsOf: folder.appendingPathComponent("arguments.txt"), encoding: .utf8)
        #expect(arguments.trimmingCharacters(in: .whitespacesAndNewlines) == "-u TESTUDID")
        let last = try #require(try Self.events(watch.output).last)
        #expect(last["type"] as? String == "summary")
        #expect(last["launches"] as? Int == 1)
        #expect((last["launchesByOutcome"] as? [String: Int]) == ["killed": 1])
    }

    /// Runs `watch arguments` with the idevicesyslog of `folder` first on PATH, and checks that each
    /// of two devices got its own idevicesyslog, and its events and launches name it.
    static func expectTwoDevicesWatched(_ arguments: [String], folder: URL) throws {
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let watch = try LiveProcess(["watch", "--fail-on", "never"] + arguments, environment: ["PATH": path])
        #expect(
            watch.waitUntil { $0.contains("on UDID-A  outcome: killed") && $0.contains("on UDID-B  outcome: killed") },
            "\(watch.errors)")
        // Both have written the whole sample (they note their arguments then), and wait as the real tool does.
        let argumentsFile = folder.appendingPathComponent("arguments.txt")
        let started = { (try? String(contentsOf: argumentsFile, encoding: .utf8))?.split(separator: "\n").sorted() ?? [] }
        #expect(watch.waitUntil { _ in started().count == 2 })
        #expect(watch.interrupt() == 0)
        #expect(started() == ["-u UDID-A", "-u UDID-B"])
        let output = watch.output
        #expect(output.contains("launch-watchdog-termination  Trip Planner[796] on UDID-B  L1"))
        let summary = try #require(output.components(separatedBy: "── summary ──").last)
        // Both streams are counted: each had given at least the 46 lines up to its launch's end.
        let read = try #require(summary.firstMatch(of: /(\d+) lines read/).map { Int($0.1) ?? 0 })
        #expect(read >= 92 && read <= 102)
        #expect(summary.contains("L1  io.waypoint.tripplanner (pid 796) on UDID-A  killed"))
        #expect(summary.contains("L1  io.waypoint.tripplanner (pid 796) on UDID-B  killed"))
    }

    @Test("--udid twice starts one idevicesyslog per device, each event named by its UDID")
    func severalUDIDs() throws {
        let folder = try Self.fakeIdevicesyslog(playing: Self.watchdogSample, pause: 0.005)
        try Self.expectTwoDevicesWatched(["--udid", "UDID-A", "--udid", "UDID-B"], folder: folder)
    }

    @Test("--all-devices watches each device idevice_id lists")
    func allDevices() throws {
        let folder = try Self.fakeIdevicesyslog(playing: Self.watchdogSample, pause: 0.005)
        let list = folder.appendingPathComponent("idevice_id")
        try CommandRunner.writeScript("#!/bin/sh\n[ \"$1\" = -l ] || exit 2\necho UDID-A\necho UDID-B\n", to: list)
        try Self.expectTwoDevicesWatched(["--all-devices"], folder: folder)
    }

    @Test("--all-devices without idevice_id, or with no device attached, is an error that says why")
    func allDevicesUnavailable() throws {
        let missing = try LiveProcess(["watch", "--all-devices"], environment: ["PATH": "/nonexistent"])
        #expect(missing.finish() == 3)
        #expect(missing.errors.contains("idevice_id is not installed"))
        #expect(missing.errors.contains("libimobiledevice-utils"))
        let folder = try CommandRunner.temporaryFolder()
        let list = folder.appendingPathComponent("idevice_id")
        try CommandRunner.writeScript("#!/bin/sh\nexit 0\n", to: list)
        let none = try LiveProcess(["watch", "--all-devices"], environment: ["PATH": folder.path])
        #expect(none.finish() == 3)
        #expect(none.errors.contains("no device is attached"))
    }

    @Test("an idevice_id that hangs, floods its output or prints no UDID is stopped with an error that says so")
    func allDevicesUntrusted() throws {
        let cases = [
            ("#!/bin/sh\nexec sleep 600\n", "did not finish listing the devices within 10 s"),
            ("#!/bin/sh\nexec yes 00008110-001A2B3C4D5E801E\n", "printed more than 64 KiB"),
            ("#!/bin/sh\necho 00008110-001A2B3C4D5E801E\necho --network\n", "line 2: \"--network\""),
        ]
        for (script, message) in cases {
            let folder = try CommandRunner.temporaryFolder()
            try CommandRunner.writeScript(script, to: folder.appendingPathComponent("idevice_id"))
            let started = Date()
            let watch = try LiveProcess(["watch", "--all-devices"], environment: ["PATH": folder.path + ":/usr/bin:/bin"])
            #expect(watch.finish() == 3)
            #expect(watch.errors.contains(message), "\(watch.errors)")
            #expect(Date().timeIntervalSince(started) < 30)
        }
    }

    @Test("a relative PATH folder is not searched for idevice_id: the working folder does not choose the program")
    func relativePathFolder() throws {
        let folder = try CommandRunner.temporaryFolder()
        try CommandRunner.writeScript("#!/bin/sh\necho UDID-A\n", to: folder.appendingPathComponent("idevice_id"))
        let watch = try LiveProcess(["watch", "--all-devices"], in: folder, environment: ["PATH": "."])
        #expect(watch.finish() == 3)
        #expect(watch.errors.contains("idevice_id is not installed"))
    }

    @Test("idevicesyslog is started from PATH's absolute folder that has it, not from a relative one before it")
    func idevicesyslogFromAnAbsoluteFolder() throws {
        let folder = try Self.fakeIdevicesyslog(playing: Self.watchdogSample, pause: 0.005)
        let working = try CommandRunner.temporaryFolder()
        try FileManager.default.createDirectory(at: working.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try CommandRunner.writeScript(
            "#!/bin/sh\ntouch '\(working.path)/relative-ran'\nexit 1\n", to: working.appendingPathComponent("bin/idevicesyslog"))
        let watch = try LiveProcess(
            ["watch", "--fail-on", "never", "--udid", "TESTUDID"], in: working,
            environment: ["PATH": "bin:" + folder.path + ":/usr/bin:/bin"])
        #expect(Self.waitForFile(folder.appendingPathComponent("done")))
        #expect(watch.interrupt() == 0)
        #expect(!FileManager.default.fileExists(atPath: working.appendingPathComponent("relative-ran").path))
    }

    @Test("the summary after SIGINT lists the launches with device, outcome and time to active")
    func interruptSummary() throws {
        let folder = try Self.fakeIdevicesyslog(playing: "Samples/two-devices-idevicesyslog.log", pause: 0.005)
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let watch = try LiveProcess(["watch", "--fail-on", "never"], environment: ["PATH": path])
        #expect(Self.waitForFile(folder.appendingPathComponent("done")))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(watch.interrupt() == 0)
        let output = watch.output
        let summary = try #require(output.components(separatedBy: "── summary ──").last)
        #expect(summary.contains("2 launches:"))
        // Two devices in one stream: the launches name theirs.
        #expect(summary.contains("L1  io.kestrel.shiftboard (pid 812) on Anas-iPhone  active, active after"))
        #expect(summary.contains("L2  io.kestrel.shiftboard (pid 812) on QA-iPad  killed (watchdog 0x8badf00d)"))
        #expect(summary.contains("launch-watchdog-termination"))
        // The live timeline came before the summary; the second device is announced once.
        #expect(output.contains("L1  io.kestrel.shiftboard  requested"))
        #expect(output.components(separatedBy: "QA-iPad joins Anas-iPhone in this stream").count == 2)
        #expect(output.contains("launch-watchdog-termination  Shiftboard[812] on QA-iPad"))
        // Replayed faster than written (5 ms a line), the whole-second log keeps its own stamps, and says so.
        #expect(!summary.contains(" 0 ms") && !summary.contains("1000 ms"))
        #expect(watch.errors.contains("launch times are measured from when each line arrived"))
        #expect(watch.errors.contains("a replayed log"))
    }

    @Test("a pipe gives finding, launch and summary events in NDJSON")
    func ndjsonFromPipe() throws {
        let sample = try Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent(Self.watchdogSample))
        let result = try CommandRunner.run(["watch", "--format", "ndjson", "--fail-on", "never"], stdin: sample)
        #expect(result.status == 0)
        let events = try Self.events(result.stdout)
        let changes = events.filter { $0["type"] as? String == "launch" }.compactMap { $0["change"] as? String }
        #expect(changes == ["requested", "spawned", "bootstrapped", "sceneCreated", "terminated", "killed"])
        #expect(events.filter { $0["type"] as? String == "finding" }.count == 1)
        #expect(events.last?["type"] as? String == "summary")
        #expect(events.last?["lines"] as? Int == 51)
    }

    @Test("a disconnected device closes its open launches as incomplete")
    func disconnectBanner() throws {
        let sample = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent(Self.watchdogSample), encoding: .utf8)
        let cut = sample.split(separator: "\n").prefix(20).joined(separator: "\n") + "\n[disconnected:00008110-TEST]\n"
        let result = try CommandRunner.run(["watch", "--no-color"], stdin: Data(cut.utf8))
        #expect(result.stdout.contains("── [disconnected:00008110-TEST]; open launches end as incomplete ──"))
        #expect(result.stdout.contains("L1  io.waypoint.tripplanner  outcome: incomplete"))
    }

    @Test("without idevicesyslog installed the error names the package and the alternatives")
    func missingIdevicesyslog() throws {
        let watch = try LiveProcess(["watch"], environment: ["PATH": "/nonexistent"])
        #expect(watch.finish() == 3)
        #expect(watch.errors.contains("libimobiledevice-utils"))
        #expect(watch.errors.contains("brew install libimobiledevice"))
        #expect(watch.errors.contains("pymobiledevice3 syslog live | scenelog watch"))
    }

    @Test("an idevicesyslog that fails (no device) ends the watch with 3, its message passed on")
    func failingIdevicesyslog() throws {
        let folder = try CommandRunner.temporaryFolder()
        let url = folder.appendingPathComponent("idevicesyslog")
        try CommandRunner.writeScript("#!/bin/sh\necho 'ERROR: No device found!' >&2\nexit 1\n", to: url)
        let watch = try LiveProcess(["watch", "--fail-on", "never"], environment: ["PATH": folder.path + ":/usr/bin:/bin"])
        #expect(watch.finish() == 3)
        #expect(watch.errors.contains("No device found"))
        #expect(watch.errors.contains("idevicesyslog exited with status 1"))
    }

    @Test("an idevicesyslog that ignores SIGTERM is killed when the watch ends, not left running")
    func stubbornIdevicesyslogIsKilled() throws {
        let folder = try CommandRunner.temporaryFolder()
        let script = """
            #!/bin/sh
            trap '' TERM INT HUP
            echo $$ > '\(folder.path)/pid'
            echo "Dec  2 14:03:09 iPhone SpringBoard[1] <Notice>: hello"
            exec sleep 120
            """
        try CommandRunner.writeScript(script, to: folder.appendingPathComponent("idevicesyslog"))
        let watch = try LiveProcess(["watch", "--fail-on", "never"], environment: ["PATH": folder.path + ":/usr/bin:/bin"])
        #expect(Self.waitForFile(folder.appendingPathComponent("pid")))
        #expect(watch.interrupt() == 0)
        let pid = try #require(Int32(try String(contentsOf: folder.appendingPathComponent("pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) != 0, "idevicesyslog \(pid) still runs")
        _ = kill(pid, SIGKILL)
    }

    @Test("idevicesyslog's error lines are passed on escaped: a device's text cannot drive the terminal")
    func idevicesyslogErrorsEscaped() throws {
        let folder = try CommandRunner.temporaryFolder()
        let url = folder.appendingPathComponent("idevicesyslog")
        try CommandRunner.writeScript("#!/bin/sh\nprintf 'ERROR: \\033]0;title\\007 device\\r\\n' >&2\nexit 1\n", to: url)
        let watch = try LiveProcess(["watch", "--fail-on", "never"], environment: ["PATH": folder.path + ":/usr/bin:/bin"])
        #expect(watch.finish() == 3)
        #expect(watch.errors.contains("ERROR: \\u{1b}]0;title\\u{7} device\n"), "\(watch.errors)")
        #expect(!watch.errors.contains("\u{1B}"))
    }

    @Test("a followed path that is not a regular file ends the watch with 3")
    func unreadableFollowedPath() throws {
        let folder = try CommandRunner.temporaryFolder()
        let result = try CommandRunner.run(["watch", "--follow", "."], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("'.' is a folder: follow a log in it, or scan it (scenelog scan '.')"), "\(result.stderr)")
        // Its size is 0, yet it reads: following it would start over at every look.
        let made = try CommandRunner.run(["watch", "--follow", "/proc/self/status"], in: folder)
        #expect(made.status == 3)
        #expect(made.stderr.contains("'/proc/self/status' is made by the kernel as it is read (its size is 0), so its end cannot be followed"))
    }

    /// A finding's line that names no device (idevicesyslog 1.4).
    static let notAdoptedLine = "Mar  3 09:41:27.251415 BepXanh(UIKitCore)[1873] <Error>: CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.\n"

    /// Appends `text` to `file`.
    static func append(_ text: String, to file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    @Test("--follow twice reads both files, each event named by its file, and a pipe gets no status line")
    func followTwoFiles() throws {
        let folder = try CommandRunner.temporaryFolder()
        let iphone = folder.appendingPathComponent("iphone.log")
        let ipad = folder.appendingPathComponent("ipad.log")
        let sample = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent(Self.watchdogSample), encoding: .utf8)
        try "".write(to: iphone, atomically: true, encoding: .utf8)
        try "".write(to: ipad, atomically: true, encoding: .utf8)
        let watch = try LiveProcess(["watch", "--follow", iphone.path, "--follow", ipad.path, "--fail-on", "never"])
        Thread.sleep(forTimeInterval: 0.5)
        try Self.append(sample, to: iphone)
        try Self.append(Self.notAdoptedLine, to: ipad)
        #expect(watch.waitFor("scene-lifecycle-not-adopted  BepXanh[1873] on \(ipad.path)"))
        #expect(watch.waitFor("L1  io.waypoint.tripplanner on \(iphone.path)  outcome: killed"))
        #expect(watch.interrupt() == 0)
        let output = watch.output
        #expect(output.contains("launch-watchdog-termination  Trip Planner[796] on \(iphone.path)"))
        #expect(!output.contains("joins"), "two sources name their events from the start")
        let summary = try #require(output.components(separatedBy: "── summary ──").last)
        #expect(summary.contains("\(sample.split(separator: "\n").count + 1) lines read"))
        #expect(summary.contains("L1  io.waypoint.tripplanner (pid 796) on \(iphone.path)  killed"))
        #expect(!output.contains("lines/s") && !output.contains("\u{1B}["), "no status line in a pipe")
    }

    /// What can replace a followed file, and the name the error gives it.
    enum Replacement: String, CaseIterable, Sendable {
        case folder = "a folder"
        case fifo = "a FIFO"
    }

    @Test(
        "a followed file replaced by what cannot be followed is reported and dropped at once (a FIFO is not waited on); the other goes on, and the watch ends with 3",
        arguments: Replacement.allCases)
    func followedFileReplaced(by replacement: Replacement) throws {
        let folder = try CommandRunner.temporaryFolder()
        let lost = folder.appendingPathComponent("lost.log")
        let kept = folder.appendingPathComponent("kept.log")
        try Self.notAdoptedLine.write(to: lost, atomically: true, encoding: .utf8)
        try "".write(to: kept, atomically: true, encoding: .utf8)
        let watch = try LiveProcess(["watch", "--follow", lost.path, "--follow", kept.path, "--from-start", "--format", "ndjson", "--fail-on", "never"])
        #expect(watch.waitFor("\"rule\":\"scene-lifecycle-not-adopted\""))
        try FileManager.default.removeItem(at: lost)
        switch replacement {
        case .folder: try FileManager.default.createDirectory(at: lost, withIntermediateDirectories: false)
        case .fifo: #expect(mkfifo(lost.path, 0o644) == 0)
        }
        let error = "'\(lost.path)' was replaced by \(replacement.rawValue), which cannot be followed; no longer read, the other inputs go on"
        #expect(watch.waitUntil { _ in watch.errors.contains(error) })
        try Self.append(Self.notAdoptedLine, to: kept)
        #expect(watch.waitUntil { $0.components(separatedBy: "\"rule\":\"scene-lifecycle-not-adopted\"").count == 3 })
        #expect(watch.interrupt() == 3, "Ctrl-C is heard: nothing waits on what replaced the file")
    }

    @Test("a file followed under two names, or twice under one, is read once, with a note")
    func followOneFileTwice() throws {
        let folder = try CommandRunner.temporaryFolder()
        let file = folder.appendingPathComponent("device.log")
        try Self.notAdoptedLine.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.log"), withDestinationURL: file)
        let watch = try LiveProcess(
            ["watch", "--follow", "device.log", "--follow", "./link.log", "--follow", "device.log", "--from-start", "--format", "ndjson", "--fail-on", "never"],
            in: folder)
        #expect(watch.waitFor("\"rule\":\"scene-lifecycle-not-adopted\""))
        #expect(watch.interrupt() == 0)
        #expect(watch.output.components(separatedBy: "\"type\":\"finding\"").count == 2)
        #expect(watch.errors.contains("'./link.log' is the file 'device.log' named again; it is followed once"))
        #expect(watch.errors.contains("'device.log' is named twice; it is followed once"))
    }

    @Test("--follow waits for a file that does not exist yet and reads it from its start once it appears")
    func followMissingFile() throws {
        let folder = try CommandRunner.temporaryFolder()
        let file = folder.appendingPathComponent("later.log")
        let watch = try LiveProcess(["watch", "--follow", file.path, "--format", "ndjson", "--fail-on", "never"])
        #expect(watch.waitUntil { _ in watch.errors.contains("does not exist yet; waiting for it") })
        let start = "Mar  3 09:41:27.226382 SpringBoard[52] <Notice>: start\n"
        try (start + Self.notAdoptedLine).write(to: file, atomically: false, encoding: .utf8)
        #expect(watch.waitFor("\"rule\":\"scene-lifecycle-not-adopted\""))
        #expect(watch.output.contains("\"line\":2"))
        try Self.append(Self.notAdoptedLine, to: file)
        #expect(watch.waitFor("\"line\":3"))
        #expect(watch.interrupt() == 0)
        #expect(watch.errors.contains("appeared; reading it from its start"))
    }

    @Test("a stream without SpringBoard or runningboardd lines gets one warning")
    func filteredStreamWarning() throws {
        let line = "Mar  3 09:41:47.193741 Harbor(UIKitCore)[812] <Notice>: Some app line\n"
        let result = try CommandRunner.run(["watch"], stdin: Data(String(repeating: line, count: 2_500).utf8))
        #expect(result.stderr.components(separatedBy: "the stream looks filtered").count == 2)
        #expect(result.stderr.contains("idevicesyslog -q"))
    }

    @Test("a reader that goes away ends the watch quietly, with the status it would have had")
    func closedOutput() throws {
        let sample = try Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent(Self.watchdogSample))
        let expected = try CommandRunner.run(["watch", "--format", "ndjson"], stdin: sample).status
        #expect(expected == 1, "the sample shows an error finding")
        let input = Pipe()
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["watch", "--format", "ndjson"]
        let out = Pipe()
        let err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        try out.fileHandleForReading.close()
        input.fileHandleForWriting.write(sample)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == expected)
        #expect(err.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }

    @Test("an output that cannot be written is reported once, with exit code 3")
    func outputError() throws {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["watch"]
        process.standardInput = try FileHandle(forReadingFrom: CommandRunner.packageRoot.appendingPathComponent(Self.watchdogSample))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let err = Pipe()
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 3)
        #expect(errors.components(separatedBy: "cannot write to standard output").count == 2)
    }

    @Test("--follow reads appends, a rotated file and a truncated one")
    func followRotationAndTruncation() throws {
        let folder = try CommandRunner.temporaryFolder()
        let file = folder.appendingPathComponent("device.log")
        let start = "Oct  7 21:14:05 iPhone SpringBoard[52] <Notice>: start\n"
        let finding = "Oct  7 21:14:05 iPhone BepXanh(UIKitCore)[1873] <Error>: CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.\n"
        try start.write(to: file, atomically: false, encoding: .utf8)
        let watch = try LiveProcess(["watch", "--follow", file.path, "--from-start", "--format", "ndjson", "--fail-on", "never"])
        Thread.sleep(forTimeInterval: 0.5)
        let handle = try FileHandle(forWritingTo: file)
        handle.seekToEndOfFile()
        handle.write(Data(finding.utf8))
        try handle.close()
        #expect(watch.waitFor("\"line\":2"))
        // Rotation: the file is moved away and a new one takes its name.
        try FileManager.default.moveItem(at: file, to: folder.appendingPathComponent("device.log.1"))
        try (start + start + finding).write(to: file, atomically: false, encoding: .utf8)
        #expect(watch.waitFor("\"line\":5"))
        // Truncation: the file starts over.
        try finding.write(to: file, atomically: false, encoding: .utf8)
        #expect(watch.waitFor("\"line\":6"))
        #expect(watch.interrupt() == 0)
        #expect(watch.errors.contains("was replaced (rotated)"))
        #expect(watch.errors.contains("was truncated"))
    }

    @Test("--follow reads a file truncated and rewritten past where it was read, between two polls")
    func followRewrite() throws {
        let folder = try CommandRunner.temporaryFolder()
        let file = folder.appendingPathComponent("device.log")
        let start = "Oct  7 21:14:05 iPhone SpringBoard[52] <Notice>: start\n"
        let filler = "Oct  7 21:14:06 iPhone SpringBoard[52] <Notice>: rewritten, longer than before\n"
        let finding = "Oct  7 21:14:07 iPhone BepXanh(UIKitCore)[1873] <Error>: CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.\n"
        let before = String(repeating: start, count: 5)
        try before.write(to: file, atomically: false, encoding: .utf8)
        let watch = try LiveProcess(["watch", "--follow", file.path, "--from-start", "--format", "ndjson", "--fail-on", "never"])
        Thread.sleep(forTimeInterval: 0.5)
        // Truncated and rewritten with more bytes than were read, the finding before the old end; the inode kept.
        let after = finding + filler + filler + filler
        #expect(after.utf8.count > before.utf8.count && finding.utf8.count < before.utf8.count)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        handle.write(Data(after.utf8))
        try handle.close()
        #expect(watch.waitFor("\"rule\":\"scene-lifecycle-not-adopted\""))
        #expect(watch.interrupt() == 0)
        #expect(watch.errors.contains("was truncated"))
    }

    @Test("--explain prints a rule's explanation once, on its first finding")
    func explainOnce() throws {
        let sample = try Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent(Self.watchdogSample))
        let result = try CommandRunner.run(["watch", "--explain"], stdin: sample)
        #expect(result.stdout.components(separatedBy: "        Fix: ").count == 2)
        #expect(result.stdout.contains("        See: "))
    }

    @Test("options that do not go together are usage errors")
    func usageErrors() throws {
        #expect(try CommandRunner.run(["watch", "--from-start"]).status == 2)
        #expect(try CommandRunner.run(["watch", "--follow", "x.log", "--udid", "ABC"]).status == 2)
        #expect(try CommandRunner.run(["watch", "--udid", "ABC", "--all-devices"]).status == 2)
        let file = try CommandRunner.run(["watch", "capture.log"])
        #expect(file.status == 2)
        #expect(file.stderr.contains("--follow 'capture.log'"))
        let piped = try CommandRunner.run(["watch", "--udid", "ABC"], stdin: Data())
        #expect(piped.status == 2)
        #expect(piped.stderr.contains("standard input is already a stream"))
    }
}
