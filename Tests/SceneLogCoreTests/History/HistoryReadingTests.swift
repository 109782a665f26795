import Foundation
import GRDB
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import SceneLogCore

/// `scenelog history` opens the file read-only: it changes nothing, and a file that is not a
/// history, or a damaged one, is an error naming it rather than a crash.
@Suite("history reading")
struct HistoryReadingTests {
    @Test("a recorded history is read without a byte of it changing")
    func readOnly() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("history.sqlite")
        let stored = try HistoryStore(path: path)
            .record(HistoryStoreTests.run(recordedAt: "2025-06-03T10:00:00Z", errors: 1, medianTimeToActiveMs: 420))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try HistoryStore(readingFrom: path).runs() == [stored])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("bytes that are not SQLite, and a database that is not a history, are errors naming the file")
    func notAHistory() throws {
        let folder = try TemporaryFolder()
        let bytes = try folder.write("not a database, just text\n", to: "text.sqlite")
        let error = try #require(throws: HistoryError.self) { try HistoryStore(readingFrom: bytes).runs() }
        #expect(error.path == bytes)
        let other = folder.path("other.sqlite")
        try DatabaseQueue(path: other).write { try $0.execute(sql: "CREATE TABLE notes (text TEXT)") }
        let notHistory = try #require(throws: HistoryError.self) { try HistoryStore(readingFrom: other) }
        #expect(notHistory.message == "is not a scenelog history of this version")
        #expect(try DatabaseQueue(path: other).read { try $0.tableExists("run") } == false, "nothing was created")
    }

    /// A history from elsewhere (a CI cache, an artifact) may hold SQL of its own: a view in place of
    /// a table, a trigger on one, whose recursive query would never end.
    @Test("a history with a view or a trigger is refused, read or recorded into")
    func viewsAndTriggersAreRefused() throws {
        let folder = try TemporaryFolder()
        let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
        let withTrigger = folder.path("trigger.sqlite")
        try HistoryStore(path: withTrigger)
            .record(HistoryStoreTests.run(recordedAt: "2025-06-03T10:00:00Z", errors: 1, medianTimeToActiveMs: 420))
        try DatabaseQueue(path: withTrigger).write { db in
            try db.execute(sql: "CREATE TRIGGER spin AFTER INSERT ON run BEGIN SELECT (\(endless)); END")
        }
        let recording = try #require(throws: HistoryError.self) { try HistoryStore(path: withTrigger) }
        #expect(recording.message == "is not a scenelog history: it holds trigger 'spin', which a history has not")
        #expect(recording.path == withTrigger)
        let reading = try #require(throws: HistoryError.self) { try HistoryStore(readingFrom: withTrigger) }
        #expect(reading.message.hasPrefix("is not a scenelog history: it holds trigger"))
        let withView = folder.path("view.sqlite")
        try DatabaseQueue(path: withView).write { db in try db.execute(sql: "CREATE VIEW run AS \(endless)") }
        #expect(throws: HistoryError.self) { try HistoryStore(readingFrom: withView) }
    }

    @Test("an empty file is a history with no runs, and stays empty")
    func emptyFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("", to: "history.sqlite")
        #expect(try HistoryStore(readingFrom: path).runs().isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    }

    @Test("a damaged history (text where a count should be) is an error, not a trap")
    func damagedValues() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("history.sqlite")
        try HistoryStore(path: path)
            .record(HistoryStoreTests.run(recordedAt: "2025-06-03T10:00:00Z", errors: 1, medianTimeToActiveMs: 420))
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE run SET errors = 'many'")
            try db.execute(sql: "UPDATE appLaunches SET medianTimeToActiveMs = x'00ff'")
        }
        let error = try #require(throws: HistoryError.self) { try HistoryStore(readingFrom: path).runs() }
        #expect(error.message.hasPrefix("cannot be read: "))
    }

    @Test("a history holding a count or a time out of range is an error naming the run, not a trap in a chart", arguments: [
        "UPDATE appLaunches SET medianTimeToActiveMs = 9223372036854775807",
        "UPDATE appLaunches SET p90TimeToActiveMs = -1",
        "UPDATE ruleCount SET count = -9223372036854775808",
        // Counts in range, their sum not: 4 × 10^15.
        "UPDATE ruleCount SET count = 1000000000000000; INSERT INTO ruleCount (runId, rule, count) SELECT runId, 'other-' || rule, count FROM ruleCount",
        "UPDATE run SET lines = 9223372036854775807",
    ])
    func valuesOutOfRange(edit: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("history.sqlite")
        try HistoryStore(path: path)
            .record(HistoryStoreTests.run(recordedAt: "2025-06-03T10:00:00Z", errors: 1, medianTimeToActiveMs: 420))
        try DatabaseQueue(path: path).write { try $0.execute(sql: edit) }
        let error = try #require(throws: HistoryError.self) { try HistoryStore(readingFrom: path).runs() }
        #expect(error.message == "cannot be read: run 1 holds a count or a time out of range (a damaged or edited file)")
    }

    @Test("a device or a FIFO is not opened as a history (SQLite would write its journal beside it)")
    func specialFiles() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("history.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in [fifo, "/dev/null"] {
            let reading = try #require(throws: HistoryError.self) { try HistoryStore(readingFrom: path) }
            let recording = try #require(throws: HistoryError.self) { try HistoryStore(path: path) }
            let kind = path == fifo ? "a FIFO" : "a device"
            #expect(reading.message == "is not a regular file (\(kind))")
            #expect(recording.message == "is not a regular file (\(kind))")
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        }
    }
}
