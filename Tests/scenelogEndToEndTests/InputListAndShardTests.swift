import Foundation
import Testing

/// `--inputs-from` and `--shard`, as a scheduler or a CI matrix runs them.
@Suite("input lists and shards")
struct InputListAndShardTests {
    static let samples = ["Samples/two-devices-idevicesyslog.log", "Samples/black-screen-scene-class-not-loaded.log"]

    static func inputs(ofReport text: String) -> [String] {
        let report = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return (report?["inputs"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    @Test("--inputs-from /dev/stdin reads the list from standard input, as - does")
    func listFromDevStdin() throws {
        let sample = CommandRunner.packageRoot.appendingPathComponent("Samples/two-devices-idevicesyslog.log").path
        let result = try CommandRunner.run(
            ["scan", "--fail-on", "never", "--inputs-from", "/dev/stdin"], stdin: Data((sample + "\n").utf8), in: CommandRunner.temporaryFolder())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Scanned 1 input"), "\(result.stdout)")
    }

    @Test("--inputs-from - reads a NUL-separated list from standard input, after the paths named")
    func listOnStandardInput() throws {
        let list = Data((Self.samples[1] + "\u{0}").utf8)
        let result = try CommandRunner.run(
            ["scan", "--format", "json", "--fail-on", "never", "--inputs-from", "-", Self.samples[0]], stdin: list)
        #expect(result.status == 0)
        #expect(Self.inputs(ofReport: result.stdout) == Self.samples)
    }

    @Test("an --output that the list names is refused before anything is read, and left as it was")
    func outputAmongListedInputs() throws {
        let folder = try CommandRunner.temporaryFolder()
        let log = folder.appendingPathComponent("device.log")
        try FileManager.default.copyItem(at: CommandRunner.packageRoot.appendingPathComponent(Self.samples[0]), to: log)
        let before = try Data(contentsOf: log)
        try Data("device.log\n".utf8).write(to: folder.appendingPathComponent("list.txt"))
        let result = try CommandRunner.run(
            ["scan", "--format", "json", "--inputs-from", "list.txt", "--output", "device.log"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("device.log"))
        #expect(try Data(contentsOf: log) == before)
    }

    @Test("a list that cannot be read is an input error naming it")
    func missingList() throws {
        let result = try CommandRunner.run(["scan", "--inputs-from", "no-such-list.txt"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("input list 'no-such-list.txt' cannot be opened"))
    }

    @Test("standard input cannot be split into shards, nor be both the list and a log")
    func standardInputRefused() throws {
        let shard = try CommandRunner.run(["scan", "--shard", "2/3", "-"], stdin: Data())
        #expect(shard.status == 2)
        #expect(shard.stderr.contains("standard input (-) cannot be split"))
        let both = try CommandRunner.run(["scan", "--inputs-from", "-", "-"], stdin: Data())
        #expect(both.status == 2)
        let zero = try CommandRunner.run(["scan", "--shard", "0/3", "Samples/"])
        #expect(zero.status == 2)
    }

    @Test("a part is not compared with a baseline nor recorded in the history")
    func partIsNoNight() throws {
        for option in [["--record"], ["--baseline", "baseline.json"]] {
            let result = try CommandRunner.run(["report", "--shard", "1/2"] + option + ["Samples/"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("--shard 1/2 reports one part of the inputs"))
        }
    }

    @Test("the three shards of Samples/ read every input of the whole run once")
    func shardsOfTheSamples() throws {
        let whole = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", "Samples/"])
        var seen: [String] = []
        for index in 1...3 {
            let part = try CommandRunner.run(
                ["scan", "--format", "json", "--fail-on", "never", "--allow-empty", "--shard", "\(index)/3", "Samples/"])
            #expect(part.status == 0)
            seen += Self.inputs(ofReport: part.stdout)
        }
        #expect(seen.count == Self.inputs(ofReport: whole.stdout).count)
        #expect(Set(seen) == Set(Self.inputs(ofReport: whole.stdout)))
    }
}
