import Foundation
import Testing

@testable import SceneLogCore

/// The run history in SQLite: runs go in, come back out as they were, and survive reopening.
@Suite("history store")
struct HistoryStoreTests {
    static func run(recordedAt: String, errors: Int, medianTimeToActiveMs: Int?) -> HistoryRun {
        HistoryRun(
            recordedAt: recordedAt, commit: "3f2a9c1", branch: "main", inputs: 2, lines: 1_204,
            findingsBySeverity: [.error: errors, .warning: 3, .note: 0],
            findingsByRule: ["launch-watchdog-termination": errors, "main-thread-hang": 3],
            apps: [
                HistoryRun.AppLaunches(
                    app: "io.kestrel.shiftboard", launches: 2, active: 1, medianTimeToActiveMs: medianTimeToActiveMs),
                HistoryRun.AppLaunches(app: "io.waypoint.tripplanner", launches: 1, active: 0, medianTimeToActiveMs: nil),
            ])
    }

    @Test("recorded runs are read back as they were, oldest first, with their ids")
    func recordAndRead() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.path("history.sqlite"))
        let first = try store.record(Self.run(recordedAt: "2025-06-03T10:00:00Z", errors: 1, medianTimeToActiveMs: 420))
        let second = try store.record(Self.run(recordedAt: "2025-06-04T10:00:00Z", errors: 0, medianTimeToActiveMs: nil))
        #expect(first.id != nil && second.id != nil && first.id != second.id)
        #expect(try store.runs() == [first, second])
    }

    @Test("a run without commit, findings or launches keeps its empty values")
    func emptyRun() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.path("history.sqlite"))
        let empty = HistoryRun(
            recordedAt: "2025-06-03T10:00:00Z", commit: nil, branch: nil, inputs: 0, lines: 0,
            findingsBySeverity: [.error: 0, .warning: 0, .note: 0], findingsByRule: [:], apps: [])
        let stored = try store.record(empty)
        #expect(try store.runs() == [stored])
        #expect(stored.commit == nil && stored.findingsByRule.isEmpty && stored.apps.isEmpty)
    }

    @Test("text of any length in a history (a branch, a commit, an app, a rule) is read back up to 200 characters")
    func longTextIsCut() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.path("history.sqlite"))
        let long = String(repeating: "x", count: 100_000)
        var run = Self.run(recordedAt: "2025-06-03T10:00:00Z", errors: 1, medianTimeToActiveMs: 420)
        run.commit = long
        run.branch = long
        run.findingsByRule = [long: 1]
        run.apps = [HistoryRun.AppLaunches(app: long, launches: 1, active: 1, medianTimeToActiveMs: 300)]
        try store.record(run)
        let read = try #require(try store.runs().first)
        let cut = String(repeating: "x", count: 200)
        #expect(read.commit == cut && read.branch == cut)
        #expect(read.findingsByRule == [cut: 1] && read.apps.map(\.app) == [cut])
    }

    @Test("runs(limit:) gives the last runs, oldest first")
    func limit() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.path("history.sqlite"))
        for day in 1...5 {
            try store.record(Self.run(recordedAt: "2025-06-0\(day)T10:00:00Z", errors: day, medianTimeToActiveMs: 100 * day))
        }
        #expect(try store.runs(limit: 2).map(\.recordedAt) == ["2025-06-04T10:00:00Z", "2025-06-05T10:00:00Z"])
        #expect(try store.runs().count == 5)
    }

    @Test("reopening an existing history migrates nothing twice and keeps its runs")
    func reopen() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("history.sqlite")
        let first = try HistoryStore(path: path)
            .record(Self.run(recordedAt: "2025-06-03T10:00:00Z", errors: 1, medianTimeToActiveMs: 420))
        let reopened = try HistoryStore(path: path)
        let second = try reopened.record(Self.run(recordedAt: "2025-06-04T10:00:00Z", errors: 2, medianTimeToActiveMs: 380))
        #expect(try reopened.runs() == [first, second])
        #expect(try HistoryStore(path: path).runs() == [first, second])
    }

    @Test("an empty file is taken as a new history; its folders are created")
    func newFile() throws {
        let folder = try TemporaryFolder()
        let empty = try folder.write("", to: "empty.sqlite")
        #expect(try HistoryStore(path: empty).runs().isEmpty)
        let nested = folder.path(".scenelog/deep/history.sqlite")
        try HistoryStore(path: nested).record(Self.run(recordedAt: "2025-06-03T10:00:00Z", errors: 0, medianTimeToActiveMs: nil))
        #expect(FileManager.default.fileExists(atPath: nested))
    }

    @Test("a path that cannot hold a database is an error naming it")
    func unusablePath() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("not a folder", to: "plain.txt")
        let underAFile = file + "/history.sqlite"
        let error = try #require(throws: HistoryError.self) { try HistoryStore(path: underAFile) }
        #expect(error.path == underAFile)
        #expect(error.description.hasPrefix("history '\(underAFile)': "))
    }

    @Test("a file that is not SQLite is an error naming it")
    func notADatabase() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(String(repeating: "this is a text file, not a database\n", count: 200), to: "history.sqlite")
        let error = try #require(throws: HistoryError.self) { try HistoryStore(path: path) }
        #expect(error.path == path)
        #expect(error.message.contains("not a database"))
    }
}
