import Foundation
import TestSupport
import Testing

/// `scenelog watch` on a real terminal (tmux): what the user sees while a device log streams in.
@Suite("watch on a terminal", .serialized)
struct WatchScreenTests {
    /// Runs tmux and returns what it printed. It is started with no signal blocked: test runners
    /// hand down a mask that blocks the signal a tmux server uses to say it is ready. Its output
    /// goes through a file, since the server that `new-session` starts outlives the command.
    ///
    /// Each session has a server of its own (`-L`, named after it): a server that ends as its last
    /// session is killed cannot take the next test's session down with it.
    static func tmux(_ arguments: [String], on session: String) throws -> String {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = (["tmux", "-L", session] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    @Test("the live screen shows the launch timeline and counts repeats in place")
    func liveScreen() throws {
        try RequiredTool.tmux.locate()
        let folder = try CommandRunner.temporaryFolder()
        // A sample whose not-adopted line then repeats twice, paced like a device.
        let sample = try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent("Samples/idevicesyslog-1.2-device-name-uikit-not-adopted.log"),
            encoding: .utf8)
        let lines = sample.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let repeated = try #require(lines.first { $0.contains("CLIENT OF UIKIT REQUIRES UPDATE") })
        let stream = folder.appendingPathComponent("stream.log")
        try (lines + [repeated, repeated]).joined(separator: "\n").appending("\n").write(to: stream, atomically: true, encoding: .utf8)
        let session = "scenelog-\(UUID().uuidString.prefix(8))"
        let command = "while IFS= read -r l; do printf '%s\\n' \"$l\"; sleep 0.01; done < '\(stream.path)' | "
            + "'\(CommandRunner.binary.path)' watch; sleep 30"
        _ = try Self.tmux(["new-session", "-d", "-s", session, "-x", "200", "-y", "60", command], on: session)
        defer { _ = try? Self.tmux(["kill-server"], on: session) }

        var screen = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            screen = try Self.tmux(["capture-pane", "-p", "-t", session], on: session)
            if screen.contains("── summary ──") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(screen.contains("L1  vn.bepxanh.app  requested"))
        #expect(screen.contains("L1  vn.bepxanh.app  spawned"))
        #expect(screen.contains("L1  vn.bepxanh.app  sceneCreated"))
        #expect(screen.contains("L1  vn.bepxanh.app  active"))
        #expect(screen.contains("L1  vn.bepxanh.app  outcome: active"))
        #expect(screen.contains("warning scene-lifecycle-not-adopted  BepXanh[1873]"))
        // The two repeats fold into one counter, redrawn in place: ×3 is on screen, ×2 is not.
        #expect(screen.contains("↻ ×3 scene-lifecycle-not-adopted  BepXanh"))
        #expect(!screen.contains("↻ ×2"))
        #expect(screen.contains("3  warning  scene-lifecycle-not-adopted"))
    }

    /// What the pane shows now.
    static func capture(_ session: String) throws -> String {
        try tmux(["capture-pane", "-p", "-t", session], on: session)
    }

    /// Captures the pane until `condition` holds for it (true) or `timeout` seconds pass (false);
    /// `screen` is the last capture.
    static func waitForScreen(
        _ session: String, _ screen: inout String, timeout: TimeInterval = 30, _ condition: (String) -> Bool
    ) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            screen = try capture(session)
            if condition(screen) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    /// The seconds a status line gives the launch waiting in scene-create (`scene-create 2.1 s of`).
    static func sceneCreateSeconds(in screen: String) -> Double? {
        guard let match = screen.firstMatch(of: /scene-create (\d+\.\d) s of 19\.96 s/) else { return nil }
        return Double(match.1)
    }

    @Test("the status line counts lines, times the launch waiting in scene-create against its watchdog, and Ctrl-C says where it was stuck")
    func statusLineAndStuckSummary() throws {
        try RequiredTool.tmux.locate()
        let folder = try CommandRunner.temporaryFolder()
        // The watchdog sample up to its scene create: then the stream pauses, as a hung app's does.
        let sample = try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent(WatchCommandTests.watchdogSample), encoding: .utf8)
        let lines = sample.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let sceneCreate = try #require(lines.firstIndex { $0.contains("Sending scene create.") })
        let watchdogLine = try #require(lines.firstIndex { $0.contains("(watchdog: 19.96s)") }) + 1
        let stream = folder.appendingPathComponent("device.log")
        try "".write(to: stream, atomically: true, encoding: .utf8)
        let session = "scenelog-\(UUID().uuidString.prefix(8))"
        // The shell outlives the interrupt (its trap), so that the pane still shows the summary.
        let command = "trap : INT; '\(CommandRunner.binary.path)' watch --follow '\(stream.path)' --fail-on never; sleep 30"
        _ = try Self.tmux(["new-session", "-d", "-s", session, "-x", "200", "-y", "60", command], on: session)
        defer { _ = try? Self.tmux(["kill-server"], on: session) }

        var screen = ""
        // Before any line, the status line is there, redrawn with nothing open.
        #expect(try Self.waitForScreen(session, &screen) { $0.contains("0 lines") && $0.contains("no launch open") }, "\(screen)")
        let handle = try FileHandle(forWritingTo: stream)
        handle.seekToEndOfFile()
        handle.write(Data(lines[...sceneCreate].map { $0 + "\n" }.joined().utf8))
        try handle.close()

        #expect(try Self.waitForScreen(session, &screen) { $0.contains("\(sceneCreate + 1) lines") && Self.sceneCreateSeconds(in: $0) != nil }, "\(screen)")
        #expect(screen.contains("L1  io.waypoint.tripplanner  sceneCreated"))
        let status = try #require(screen.split(separator: "\n").last { $0.contains("lines/s") })
        #expect(status.hasPrefix(stream.path.prefix(20)), "the status line names the source")
        #expect(status.contains("io.waypoint.tripplanner scene-create "))
        // No line arrives, and the countdown still moves: the status line is redrawn on a timer.
        let first = try #require(Self.sceneCreateSeconds(in: screen))
        #expect(try Self.waitForScreen(session, &screen) { (Self.sceneCreateSeconds(in: $0) ?? 0) >= first + 1 }, "\(screen)")
        // The status line stays the last line, below the timeline.
        let shown = screen.split(separator: "\n")
        #expect(shown.last?.contains("lines/s") == true)
        #expect(shown.filter { $0.contains("lines/s") }.count == 1)

        _ = try Self.tmux(["send-keys", "-t", session, "C-c"], on: session)
        #expect(try Self.waitForScreen(session, &screen) { $0.contains("Findings by rule") || $0.contains("No findings.") }, "\(screen)")
        let summaryLines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        // The summary starts at the left margin on a line of its own: the status line and the echoed ^C are cleared.
        #expect(summaryLines.contains("── summary ──"))
        #expect(!screen.contains("^C"))
        #expect(!screen.contains("lines/s"))
        let stuck = try #require(summaryLines.first { $0.contains("stuck in scene-create") })
        #expect(stuck.contains("io.waypoint.tripplanner: stuck in scene-create for "))
        #expect(stuck.hasSuffix(" of 19.96 s (line \(watchdogLine))"))
    }

    @Test("a spawned idevicesyslog's messages go above the status line, each on a line of its own")
    func idevicesyslogMessagesAboveTheStatusLine() throws {
        try RequiredTool.tmux.locate()
        let folder = try CommandRunner.temporaryFolder()
        // A message in two writes, the second after a redraw of the status line.
        let script = """
            #!/bin/sh
            echo 'Mar  3 09:41:25.642641 locationd[79] <Notice>: first line'
            touch '\(folder.path)/wrote'
            while [ ! -e '\(folder.path)/go' ]; do sleep 0.05; done
            printf 'Waiting for device ' >&2
            sleep 1.5
            echo 'to become available...' >&2
            exec sleep 60
            """
        try CommandRunner.writeScript(script, to: folder.appendingPathComponent("idevicesyslog"))
        let session = "scenelog-\(UUID().uuidString.prefix(8))"
        let command = "PATH='\(folder.path)':\"$PATH\" '\(CommandRunner.binary.path)' watch --udid TESTUDID; sleep 30"
        _ = try Self.tmux(["new-session", "-d", "-s", session, "-x", "200", "-y", "60", command], on: session)
        defer { _ = try? Self.tmux(["kill-server"], on: session) }

        var screen = ""
        #expect(try Self.waitForScreen(session, &screen) { $0.contains("idevicesyslog -u TESTUDID") || $0.contains("1 line ·") }, "\(screen)")
        try Data().write(to: folder.appendingPathComponent("go"))
        #expect(try Self.waitForScreen(session, &screen) { $0.contains("to become available...") }, "\(screen)")
        let shown = screen.split(separator: "\n")
        #expect(shown.contains("Waiting for device to become available..."), "\(screen)")
        #expect(shown.last?.hasPrefix("idevicesyslog · 1 line · ") == true, "\(screen)")
    }
}
