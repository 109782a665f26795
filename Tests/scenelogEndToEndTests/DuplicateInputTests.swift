import Foundation
import Testing

/// An input reached more than once (named twice, named and inside a named folder, or through a
/// link) is read and counted once, where it first comes.
@Suite struct DuplicateInputTests {
    static let notAdopted = HostileInputTests.notAdopted

    /// A folder `logs` holding `a.log` (one finding) and `b.log` (one plain line).
    static func logs() throws -> URL {
        let folder = try CommandRunner.temporaryFolder()
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        try Data((notAdopted + "\n").utf8).write(to: logs.appendingPathComponent("a.log"))
        try Data("Jun 20 13:42:52 iPhone locationd[59] <Notice>: one\n".utf8).write(to: logs.appendingPathComponent("b.log"))
        return folder
    }

    /// The input paths and the number of findings of `scenelog scan arguments` in `folder`.
    static func scan(_ arguments: [String], in folder: URL) throws -> (paths: [String], findings: Int) {
        let result = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never"] + arguments, in: folder)
        #expect(result.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let inputs = try #require(report["inputs"] as? [[String: Any]])
        return (inputs.compactMap { $0["path"] as? String }, (report["findings"] as? [[String: Any]])?.count ?? -1)
    }

    @Test func aFileNamedTwiceIsReadOnce() throws {
        let folder = try Self.logs()
        let scan = try Self.scan(["logs/a.log", "logs/a.log", "./logs/a.log"], in: folder)
        #expect(scan.paths == ["logs/a.log"])
        #expect(scan.findings == 1)
    }

    @Test func aFileInANamedFolderIsReadOnceWhereItFirstComes() throws {
        let folder = try Self.logs()
        #expect(try Self.scan(["logs", "logs/a.log"], in: folder).paths == ["logs/a.log", "logs/b.log"])
        let fileFirst = try Self.scan(["logs/b.log", "logs"], in: folder)
        #expect(fileFirst.paths == ["logs/b.log", "logs/a.log"])
        #expect(fileFirst.findings == 1)
    }

    @Test func aFileReachedThroughALinkInsideTheFolderIsReadOnce() throws {
        let folder = try Self.logs()
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("logs/z-link.log").path, withDestinationPath: "a.log")
        let scan = try Self.scan(["logs"], in: folder)
        #expect(scan.paths == ["logs/a.log", "logs/b.log"])
        #expect(scan.findings == 1)
    }
}
