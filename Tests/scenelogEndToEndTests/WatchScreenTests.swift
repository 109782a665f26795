import Foundation
import TestSupport
import Testing

/// `scenelog watch` on a real terminal (tmux): what the user sees while a device log streams in.
@Suite("watch on a terminal", .serialized)
struct WatchScreenTests {
    /// Runs tmux and returns what it printed. It is started with no signal blocked: test runners
    /// hand down a mask that blocks the signal a tmux server uses to say it is ready. Its output
    /// goes through a file, since the server that `new-session` starts outlives the command.
    static func tmux(_ arguments: [String]) throws -> String {
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
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
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
        _ = try Self.tmux(["new-session", "-d", "-s", session, "-x", "200", "-y", "60", command])
        defer { _ = try? Self.tmux(["kill-session", "-t", session]) }

        var screen = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            screen = try Self.tmux(["capture-pane", "-p", "-t", session])
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
}
