import Foundation
import Testing

/// `--cache DIR`: a nightly re-run scans only the inputs whose bytes changed, recovers from a
/// damaged entry, and shares its folder with concurrent runs.
@Suite("content cache", .serialized)
struct ContentCacheTests {
    /// `report --format json` of `night` with `arguments`, from `folder`.
    static func report(_ night: URL, in folder: URL, _ arguments: [String] = []) throws -> CommandResult {
        try CommandRunner.run(["report", "--format", "json", "--fail-on", "never", "--quiet"] + arguments + [night.path], in: folder)
    }

    /// The counts of the cache's note: (read from the cache, scanned).
    static func cacheCounts(_ stderr: String) -> (hits: Int, scanned: Int)? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.contains("read from the cache") }) else { return nil }
        let counts = line.components(separatedBy: "': ").last ?? ""
        let numbers = counts.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return numbers.count >= 2 ? (numbers[0], numbers[1]) : nil
    }

    /// A night of one sample scanned once with a cache in `folder`: the night, the cache folder,
    /// the one entry written and the report.
    static func cachedNight(in folder: URL) throws -> (night: URL, cache: URL, entry: URL, first: CommandResult) {
        let night = folder.appendingPathComponent("night")
        try FileManager.default.createDirectory(at: night, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CommandRunner.packageRoot.appendingPathComponent("Samples/crash-relaunch-two-launches.txt"),
            to: night.appendingPathComponent("device.log"))
        let cacheFolder = folder.appendingPathComponent("cache")
        let first = try Self.report(night, in: folder, ["--cache", cacheFolder.path])
        let entries = try FileManager.default.subpathsOfDirectory(atPath: cacheFolder.path).filter { !$0.hasSuffix("/") && $0.contains("/") }
        return (night, cacheFolder, cacheFolder.appendingPathComponent(try #require(entries.first)), first)
    }

    @Test("a second night over the same 200 files with 5 changed scans only those 5, and reports what a run without cache reports")
    func secondNightScansOnlyTheChanged() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let night = try NightCorpus.make(in: folder)
        let cache = ["--cache", folder.appendingPathComponent("cache").path]
        let first = try Self.report(night, in: folder, cache)
        try #require(first.status == 0, "\(first.stderr)")
        let files = try #require(Self.cacheCounts(first.stderr))
        #expect(files.hits == 0)
        #expect(files.scanned == 200)

        // Five logs change overnight: a line appended to each.
        let logs = try FileManager.default.subpathsOfDirectory(atPath: night.path).filter { $0.hasSuffix(".log") }.sorted().prefix(5)
        try #require(logs.count == 5)
        for log in logs {
            let handle = try FileHandle(forWritingTo: night.appendingPathComponent(log))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("Nov 12 12:30:00 iPad SpringBoard(FrontBoard)[510] <Notice>: a new line\n".utf8))
            try handle.close()
        }
        let second = try Self.report(night, in: folder, cache)
        #expect(second.status == 0)
        let counts = try #require(Self.cacheCounts(second.stderr))
        #expect(counts.hits == 195)
        #expect(counts.scanned == 5)
        let uncached = try Self.report(night, in: folder)
        #expect(second.stdout == uncached.stdout)
    }

    @Test("a damaged entry is scanned again with a warning and replaced")
    func damagedEntry() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (night, cacheFolder, entry, first) = try Self.cachedNight(in: folder)
        var bytes = try Data(contentsOf: entry)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: entry)

        let again = try Self.report(night, in: folder, ["--cache", cacheFolder.path])
        #expect(again.status == 0)
        #expect(again.stderr.contains("the cache entry of '\(night.path)/device.log' is damaged: the input is scanned again"))
        #expect(again.stdout == first.stdout)
        let third = try Self.report(night, in: folder, ["--cache", cacheFolder.path])
        #expect(Self.cacheCounts(third.stderr)?.hits == 1)
        #expect(!third.stderr.contains("damaged"))
    }

    /// The checksum at an entry's end is no signature: another user who can write the folder (a
    /// cache shared under /tmp) could write any result under any key. Such an entry is not read.
    @Test("an entry another user wrote is scanned again with a warning, not read",
          .enabled(if: geteuid() == 0, "needs root to give a file to another user"))
    func foreignEntry() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (night, cacheFolder, entry, first) = try Self.cachedNight(in: folder)
        try #require(try CommandRunner.run(executable: "/bin/chown", ["nobody", entry.path], in: folder).status == 0)

        let again = try Self.report(night, in: folder, ["--cache", cacheFolder.path])
        #expect(again.status == 0)
        #expect(
            again.stderr.contains("the cache entry of '\(night.path)/device.log' was written by another user: the input is scanned again"),
            "\(again.stderr)")
        #expect(again.stdout == first.stdout)
        let third = try Self.report(night, in: folder, ["--cache", cacheFolder.path])
        #expect(Self.cacheCounts(third.stderr)?.hits == 1, "replaced by this user's entry")
    }

    @Test("two runs sharing one cache folder at once both succeed, with the report of a run without cache")
    func concurrentRuns() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let night = try NightCorpus.make(in: folder, files: 60)
        let cache = ["--cache", folder.appendingPathComponent("cache").path]
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results.set(index, try? Self.report(night, in: folder, cache + ["--jobs", "1"]))
        }
        let expected = try Self.report(night, in: folder)
        for index in 0..<2 {
            let run = try #require(results.get(index))
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == expected.stdout)
        }
        let after = try Self.report(night, in: folder, cache)
        #expect(Self.cacheCounts(after.stderr)?.scanned == 0)
        #expect(after.stdout == expected.stdout)
    }

    @Test("a cache folder that cannot be made is a warning: the scan goes on without it")
    func unusableFolder() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        let run = try CommandRunner.run(
            ["scan", "--format", "json", "--fail-on", "never", "--cache", file.path + "/cache", "Samples/crash-relaunch-two-launches.txt"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("cannot be used as a cache folder"))
        #expect(run.stderr.contains("scanning without a cache"))
    }

    /// Results written by concurrent runs.
    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Int: CommandResult] = [:]

        func set(_ index: Int, _ result: CommandResult?) {
            lock.withLock { results[index] = result }
        }

        func get(_ index: Int) -> CommandResult? {
            lock.withLock { results[index] }
        }
    }
}
