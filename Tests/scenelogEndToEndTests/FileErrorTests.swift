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
}
