import Foundation
import Testing

/// Errors about a file or a name the command was given (settings, rules, a baseline, a rule id):
/// one line naming it, exit 2, and no usage text burying it.
@Suite("file and name errors")
struct FileErrorTests {
    @Test(
        "settings, rules, baseline and rules --explain errors are one line, with no usage text",
        arguments: [
            (["scan", "--config", "bad.yml", "log.txt"], "scenelog: error: bad.yml:2:5: unknown rule 'nope'"),
            (["scan", "--rules", "bad.yml", "log.txt"], "scenelog: error: bad.yml:1:1: unknown key 'disabled_rules'"),
            (["report", "--baseline", "bad.yml", "log.txt"], "scenelog: error: baseline 'bad.yml' is not JSON"),
            (["report", "--baseline", "deep.json", "log.txt"],
             "scenelog: error: baseline 'deep.json' nests arrays and objects more than 512 deep (at byte 512)"),
            (["rules", "--explain", "scene-delegate-clas-not-loaded"],
             "scenelog: error: unknown rule 'scene-delegate-clas-not-loaded'; did you mean 'scene-delegate-class-not-loaded'?"),
        ])
    func oneLineErrors(arguments: [String], expected: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("disabled_rules:\n  - nope\n".utf8).write(to: folder.appendingPathComponent("bad.yml"))
        try Data((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8)
            .write(to: folder.appendingPathComponent("deep.json"))
        try FileManager.default.copyItem(
            at: CommandRunner.packageRoot.appendingPathComponent("Samples/crash-relaunch-two-launches.txt"),
            to: folder.appendingPathComponent("log.txt"))
        let run = try CommandRunner.run(arguments, in: folder)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(expected), "\(run.stderr)")
        #expect(!run.stderr.contains("Usage:"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    /// A history from elsewhere whose SQL would run for ever, and a log show JSON array on one line:
    /// each is an error naming the file, with its exit code, not a hang or a misread.
    @Test("a history holding a trigger is refused (exit 3, as any history that cannot be read); log show JSON on one line is an input error (exit 3)")
    func foreignHistoryAndCompactJSON() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sqlite = "import sqlite3\ndb = sqlite3.connect('h.sqlite')\ndb.execute('CREATE TABLE run (id INTEGER)')\n"
            + "db.execute('CREATE TRIGGER spin AFTER INSERT ON run BEGIN SELECT 1; END')\ndb.commit()\n"
        let made = try CommandRunner.run(executable: "python3", ["-c", sqlite], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        let history = try CommandRunner.run(["history", "--history", "h.sqlite"], in: folder)
        #expect(history.status == 3, "\(history.stderr)")
        #expect(history.stderr.contains("history 'h.sqlite': is not a scenelog history: it holds trigger 'spin', which a history has not"))
        let records = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent("Samples/log-json-style-unity.json"))) as? [Any])
        try JSONSerialization.data(withJSONObject: records).write(to: folder.appendingPathComponent("compact.json"))
        let scan = try CommandRunner.run(["scan", "--fail-on", "never", "compact.json"], in: folder)
        #expect(scan.status == 3)
        #expect(scan.stderr.contains("scenelog: error: 'compact.json' is log show --style json written on one line"))
    }
}
