import Foundation
import Testing

/// The shell completions README tells how to install: each names every command and the options of
/// distributed runs, and the bash one is valid bash.
@Suite("completion scripts")
struct CompletionScriptTests {
    @Test("bash, zsh and fish completions name every command and the new options", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        let run = try CommandRunner.run(["--generate-completion-script", shell])
        #expect(run.status == 0)
        for word in ["scan", "watch", "timeline", "report", "merge", "history", "rules", "init", "shard", "cache", "baseline"] {
            #expect(run.stdout.contains(word), "the \(shell) completions lack \(word)")
        }
    }

    @Test("the bash completions parse (bash -n)")
    func bashParses() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("scenelog.bash")
        try Data(try CommandRunner.run(["--generate-completion-script", "bash"]).stdout.utf8).write(to: script)
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-n", script.path]
        try bash.run()
        bash.waitUntilExit()
        #expect(bash.terminationStatus == 0)
    }
}
