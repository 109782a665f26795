import Foundation
import Testing

/// `scenelog merge`: the parts of a sharded run joined into what one machine reports, and parts
/// that cannot be joined refused.
@Suite("merge", .serialized)
struct MergeCommandTests {
    static let formats = ["json", "sarif", "junit", "markdown", "html", "ndjson", "text"]

    /// `--output FORMAT=FILE` for each of ``formats``, into `folder` with `prefix`.
    static func outputs(_ prefix: String, in folder: URL) -> [String] {
        formats.flatMap { ["--output", "\($0)=\(folder.appendingPathComponent("\(prefix).\($0)").path)"] }
    }

    @Test("Samples/ and a night of 200 files: merging 1, 2, 3 or 7 shards, in any order, gives the one-machine report byte for byte")
    func mergeEqualsOneMachine() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let night = try NightCorpus.make(in: folder)
        let inputs = [CommandRunner.packageRoot.appendingPathComponent("Samples").path, night.path]
        let one = try CommandRunner.run(["report", "--fail-on", "never"] + Self.outputs("one", in: folder) + inputs, in: folder)
        try #require(one.status == 0, "\(one.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("one.json"))) as? [String: Any]
        let inputCount = (report?["inputs"] as? [Any])?.count ?? 0
        #expect(inputCount > 240)
        for count in [1, 2, 3, 7] {
            let parts = folder.appendingPathComponent("parts-\(count)")
            try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
            var partPaths: [String] = []
            for index in 1...count {
                let part = parts.appendingPathComponent("part-\(index).json").path
                let run = try CommandRunner.run(
                    ["report", "--shard", "\(index)/\(count)", "--allow-empty", "--fail-on", "never", "--format", "json", "--output", part]
                        + inputs, in: folder)
                try #require(run.status == 0, "\(run.stderr)")
                partPaths.append(part)
            }
            // Parts in reverse order, as a scheduler may hand them back.
            let merge = try CommandRunner.run(
                ["merge", "--fail-on", "never"] + Self.outputs("merged-\(count)", in: folder) + partPaths.reversed(), in: folder)
            try #require(merge.status == 0, "\(merge.stderr)")
            for format in Self.formats {
                let expected = try Data(contentsOf: folder.appendingPathComponent("one.\(format)"))
                let merged = try Data(contentsOf: folder.appendingPathComponent("merged-\(count).\(format)"))
                #expect(merged == expected, "\(count) shards, \(format): the merged report differs from the one-machine report")
            }
            // One run in the SARIF file, as GitHub code scanning takes one run per category.
            let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("merged-\(count).sarif")))
            #expect(((sarif as? [String: Any])?["runs"] as? [Any])?.count == 1)
        }
    }

    @Test("the exit code is the one-machine report's: 1 for errors found, 0 with --fail-on never")
    func exitCodeFollowsFindings() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let part = folder.appendingPathComponent("part.json").path
        let made = try CommandRunner.run(["report", "--shard", "1/1", "--format", "json", "--output", part, "Samples/"])
        #expect(made.status == 1)
        #expect(try CommandRunner.run(["merge", "--format", "json", part]).status == 1)
        #expect(try CommandRunner.run(["merge", "--fail-on", "never", "--format", "json", part]).status == 0)
        // The part saved again by an editor that puts a UTF-8 byte-order mark first.
        try Data([0xEF, 0xBB, 0xBF] + (try Data(contentsOf: URL(fileURLWithPath: part)))).write(to: URL(fileURLWithPath: part))
        #expect(try CommandRunner.run(["merge", "--format", "json", part]).status == 1)
    }

    /// Three parts of Samples/ in `folder/parts/`.
    static func makeParts(in folder: URL, extra: [String] = []) throws -> [String] {
        let parts = folder.appendingPathComponent("parts")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        return try (1...3).map { index in
            let part = parts.appendingPathComponent("part-\(index).json").path
            let run = try CommandRunner.run(
                ["report", "--shard", "\(index)/3", "--allow-empty", "--fail-on", "never", "--format", "json", "--output", part] + extra
                    + ["Samples/"])
            #expect(run.status == 0, "\(run.stderr)")
            return part
        }
    }

    @Test("hostile parts are refused with exit 2, naming the file: cut short, another schema, an input twice, none at all")
    func hostileParts() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = try Self.makeParts(in: folder)
        let whole = try Data(contentsOf: URL(fileURLWithPath: parts[0]))

        let cut = folder.appendingPathComponent("cut.json")
        try whole.prefix(whole.count / 2).write(to: cut)
        let truncated = try CommandRunner.run(["merge", cut.path, parts[1], parts[2]])
        #expect(truncated.status == 2)
        #expect(truncated.stderr.contains("part '\(cut.path)' is not whole JSON (cut short or damaged)"))
        #expect(truncated.stdout.isEmpty)

        var object = try #require(try JSONSerialization.jsonObject(with: whole) as? [String: Any])
        object["schemaVersion"] = 2
        let future = folder.appendingPathComponent("future.json")
        try JSONSerialization.data(withJSONObject: object).write(to: future)
        let schema = try CommandRunner.run(["merge", future.path, parts[1], parts[2]])
        #expect(schema.status == 2)
        #expect(schema.stderr.contains("part '\(future.path)' has schemaVersion 2; this scenelog merges 1"))

        var part = try #require(object["part"] as? [String: Any])
        part["shard"] = "1/\u{1B}[31m"
        object["schemaVersion"] = 1
        object["part"] = part
        let badShard = folder.appendingPathComponent("bad-shard.json")
        try JSONSerialization.data(withJSONObject: object).write(to: badShard)
        let shardText = try CommandRunner.run(["merge", badShard.path])
        #expect(shardText.status == 2)
        #expect(shardText.stderr.contains("part '\(badShard.path)' names shard '1/\\u{1b}[31m', which is not K/N"))

        // The same inputs in two parts: a part of another run (--inputs-from) that overlaps.
        let overlapping = folder.appendingPathComponent("overlapping.json").path
        let listed = try CommandRunner.run(
            ["report", "--part", "--inputs-from", "-", "--fail-on", "never", "--format", "json", "--output", overlapping],
            stdin: Data("Samples/crash-report-sigabrt.ips\nSamples/two-devices-idevicesyslog.log\n".utf8))
        try #require(listed.status == 0, "\(listed.stderr)")
        let twice = try CommandRunner.run(["merge", overlapping, overlapping])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("holds input 'Samples/crash-report-sigabrt.ips', which '\(overlapping)' holds too"))

        let again = try CommandRunner.run(["merge", parts[0], parts[1], parts[2], parts[1]])
        #expect(again.status == 2)
        #expect(again.stderr.contains("is shard 2/3, as '\(parts[1])' is: a part given twice"))

        let none = try CommandRunner.run(["merge"])
        #expect(none.status == 2)
        #expect(none.stderr.contains("no parts to merge"))
        let emptyFolder = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: emptyFolder, withIntermediateDirectories: true)
        let noJSON = try CommandRunner.run(["merge", emptyFolder.path])
        #expect(noJSON.status == 2)
        #expect(noJSON.stderr.contains("holds no part (no .json file)"))
    }

    @Test("a missing shard, a plain report, other rules or other filters are refused: no part is silently dropped")
    func incompleteOrMismatchedParts() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = try Self.makeParts(in: folder)
        let missing = try CommandRunner.run(["merge", parts[0], parts[2]])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("1 of the 3 parts are missing (2/3)"))

        let plain = folder.appendingPathComponent("plain.json").path
        _ = try CommandRunner.run(["report", "--fail-on", "never", "--format", "json", "--output", plain, "Samples/"])
        let notPart = try CommandRunner.run(["merge", plain])
        #expect(notPart.status == 2)
        #expect(notPart.stderr.contains("is a report without the part data merge needs"))

        let settings = folder.appendingPathComponent("settings.yml")
        try Data("disabled_rules:\n  - main-thread-hang\n".utf8).write(to: settings)
        let otherRules = try CommandRunner.run(["merge", "--config", settings.path] + parts)
        #expect(otherRules.status == 2)
        #expect(otherRules.stderr.contains("with other rules or settings than this merge loads"))

        let otherApp = try CommandRunner.run(["merge", "--app", "com.example.app"] + parts)
        #expect(otherApp.status == 2)
        #expect(otherApp.stderr.contains("was scanned with no --app and --min-severity note"))
    }

    @Test("--app parts merge into the one-machine report of that app")
    func appFilteredParts() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = ["--app", "io.kestrel.shiftboard"]
        let parts = try Self.makeParts(in: folder, extra: app)
        let one = try CommandRunner.run(["report", "--fail-on", "never", "--format", "json"] + app + ["Samples/"])
        let merged = try CommandRunner.run(["merge", "--fail-on", "never", "--format", "json"] + app + parts)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == one.stdout)
    }

    @Test("merge compares with a baseline (exit 1 on a regression) and records the night in the history, as report does")
    func baselineAndHistory() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("yesterday.json").path
        // Yesterday: one clean launch.
        _ = try CommandRunner.run(
            ["report", "--fail-on", "never", "--format", "json", "--output", baseline, "Samples/scene-adopted-clean-launch.txt"])
        let parts = try Self.makeParts(in: folder)
        let history = folder.appendingPathComponent("history.sqlite").path
        let arguments = ["--baseline", baseline, "--format", "json", "--record", "--history", history] + parts
        let merged = try CommandRunner.run(["merge"] + arguments)
        let one = try CommandRunner.run(["report"] + arguments.dropLast(3) + ["Samples/"])
        #expect(merged.status == 1)
        #expect(one.status == 1)
        #expect(merged.stdout == one.stdout)
        let runs = try CommandRunner.run(["history", "--history", history])
        #expect(runs.status == 0, "\(runs.stderr)")
        #expect(runs.historyRuns.count == 2)
    }
}
