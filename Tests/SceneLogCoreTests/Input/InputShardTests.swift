import Foundation
import Testing

@testable import SceneLogCore

/// `--shard K/N`: a run's inputs split into N disjoint parts that together are all of them.
@Suite("input shards")
struct InputShardTests {
    @Test("K/N is read with 1 ≤ K ≤ N; anything else is refused", arguments: [
        ("1/1", true), ("1/3", true), ("3/3", true), ("07/8", true), ("0/3", false), ("4/3", false), ("1/0", false),
        ("-1/3", false), ("a/3", false), ("1/3/4", false), ("/3", false), ("1/", false), ("", false), ("1 /3", false),
        ("1/100001", false), ("9999999/9999999", false),
    ])
    func parsing(text: String, valid: Bool) {
        #expect((InputShard(parsing: text) != nil) == valid)
    }

    @Test("a path's part is fixed: the first eight bytes of its SHA-256 modulo N")
    func stablePart() {
        // Pinned (worked out with Python's hashlib): workers of different versions, and of other
        // tools, must agree on which part a path is in.
        #expect(InputShard.part(of: "device-1/system.log", among: 7) == 4)
        #expect(InputShard.part(of: "capture.tar.gz", among: 3) == 3)
        #expect(InputShard.part(of: "sysdiagnose_2025.11.23/logs/a.log", among: 100) == 60)
        #expect(InputShard.part(of: "a.log", among: 1) == 1)
        let parts = (0..<1_000).map { InputShard.part(of: "night/device-\($0).log", among: 4) }
        #expect(Set(parts) == [1, 2, 3, 4])
        #expect(parts.allSatisfy { (1...4).contains($0) })
    }

    /// A night of `count` small logs in folders, named for their index.
    static func night(count: Int) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let line = "Oct  7 21:14:05 iPhone SpringBoard(FrontBoard)[34] <Notice>: Created <FBWorkspace: 0x30b64ea80>\n"
        for index in 0..<count { try folder.write(line, to: "night/device-\(index % 3)/capture-\(index).log") }
        return folder
    }

    static func inputs(of paths: [String], shard: InputShard?) -> [String] {
        var options = ScanOptions(ruleSet: nil)
        options.shard = shard
        options.jobs = 1
        return Scanner(options: options).scan(paths).inputs.map(\.path)
    }

    @Test("the parts of 1, 2, 3 and 7 shards are disjoint and together every input", arguments: [1, 2, 3, 7])
    func partsCoverTheInputs(count: Int) throws {
        let folder = try Self.night(count: 40)
        let all = Self.inputs(of: [folder.path("night")], shard: nil)
        #expect(all.count == 40)
        var seen: [String] = []
        for index in 1...count {
            seen += Self.inputs(of: [folder.path("night")], shard: InputShard(index: index, count: count))
        }
        #expect(seen.count == all.count)
        #expect(Set(seen) == Set(all))
    }

    @Test("the split goes by the path below the folder named, so that every mount point splits alike")
    func relativeToTheRoot() throws {
        let first = try Self.night(count: 12)
        let second = try Self.night(count: 12)
        for index in 1...3 {
            let shard = InputShard(index: index, count: 3)
            let here = Self.inputs(of: [first.path("night")], shard: shard).map { $0.replacingOccurrences(of: first.url.path, with: "") }
            let there = Self.inputs(of: [second.path("night")], shard: shard).map { $0.replacingOccurrences(of: second.url.path, with: "") }
            #expect(here == there)
        }
    }
}

/// `--inputs-from`: a list of inputs in a file, as a scheduler or `find -print0` writes it.
@Suite("input lists")
struct InputListTests {
    @Test("one path per line: blank lines skipped, a carriage return before the newline dropped")
    func lines() throws {
        let paths = try InputList.paths(in: Array("a.log\r\n\nlogs/b.log\n  \nc d.log".utf8), name: "list")
        #expect(paths == ["a.log", "logs/b.log", "  ", "c d.log"])
    }

    @Test("NUL-separated (find -print0): a newline belongs to the name")
    func nulSeparated() throws {
        let paths = try InputList.paths(in: Array("a\nb.log\u{0}c.log\u{0}".utf8), name: "list")
        #expect(paths == ["a\nb.log", "c.log"])
    }

    @Test("a name that is not UTF-8 keeps its bytes")
    func notUTF8() throws {
        let paths = try InputList.paths(in: [0x6C, 0xFF, 0x2E, 0x6C, 0x6F, 0x67, 0x0A], name: "list")
        #expect(PathBytes.bytes(paths[0]) == [0x6C, 0xFF, 0x2E, 0x6C, 0x6F, 0x67])
    }

    @Test("a list read from standard input cannot name standard input; a list in a file can")
    func standardInputListed() throws {
        let list = Array("a.log\n-\n".utf8)
        #expect(try InputList.paths(in: list, name: "'l.txt'") == ["a.log", "-"])
        #expect(throws: InputList.Failure(
            description: "input list standard input, line 2: '-' names standard input, which is the list itself; write ./- for a file called '-'")
        ) { try InputList.paths(in: list, name: "standard input", readFromStandardInput: true) }
    }

    @Test("a path longer than PATH_MAX is refused with its line")
    func longPath() {
        let list = Array("a.log\n".utf8) + [UInt8](repeating: 0x61, count: InputList.maximumPathBytes + 1) + [0x0A]
        #expect(throws: InputList.Failure.self) { try InputList.paths(in: list, name: "list") }
        do {
            _ = try InputList.paths(in: list, name: "'l.txt'")
        } catch {
            #expect(error.description == "input list 'l.txt', line 2: a path of 4097 bytes; paths are taken up to 4096")
        }
    }

    @Test("a list that is not a regular file is refused, naming it")
    func folderIsRefused() throws {
        let folder = try TemporaryFolder()
        do {
            _ = try InputList.read(path: folder.url.path)
            Issue.record("a folder was read as a list")
        } catch {
            #expect(error.description.hasPrefix("input list '\(folder.url.path)' is not a regular file"))
        }
    }
}
