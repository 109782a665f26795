import Foundation
import GRDB

/// The run history in SQLite (GRDB): one row per recorded run, with its findings per rule and
/// launch figures per app. The schema is created and upgraded by GRDB migrations.
public final class HistoryStore {
    /// Where the history is kept unless `--history` says otherwise.
    public static let defaultPath = ".scenelog/history.sqlite"

    private let queue: DatabaseQueue
    /// Opened read-only on an empty file (no schema at all): a history with no runs yet.
    private let isBlank: Bool

    /// How long a write waits for another process's write to the same history (parallel
    /// `report --record` runs) before it fails with `database is locked`.
    public static let busyTimeout: TimeInterval = 30

    /// Opens (creating it and its folder if needed) the history at `path`, migrated to the current schema.
    /// Several processes may record into one history at once: each waits for the others' writes
    /// (up to ``busyTimeout``).
    /// - Throws: ``HistoryError`` naming the file.
    public init(path: String) throws(HistoryError) {
        try Self.refuseSpecialFile(path)
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, let reason = FileSystem.makeFolders(folder) { throw HistoryError(path: path, message: reason) }
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(Self.busyTimeout)
            queue = try DatabaseQueue(path: path, configuration: configuration)
            isBlank = false
            try queue.read { try Self.refuseForeignObjects($0, path: path) }
            try Self.migrate(queue)
        } catch let error as HistoryError {
            throw error
        } catch {
            throw HistoryError(path: path, message: "\(error)")
        }
    }

    /// A history holds scenelog's tables and their indexes only. A view or a trigger, which a
    /// history from elsewhere (a CI cache, an artifact) may hold, would run its SQL in every read
    /// or write of scenelog's, for as long as it likes (a recursive query never ends).
    private static func refuseForeignObjects(_ db: Database, path: String) throws {
        let foreign = try String.fetchAll(db, sql: "SELECT type || ' ' || quote(name) FROM sqlite_master WHERE type IN ('view', 'trigger') LIMIT 3")
        guard foreign.isEmpty else {
            throw HistoryError(
                path: path, message: "is not a scenelog history: it holds \(foreign.map { Escaping.visible(String($0.prefix(80))) }.joined(separator: ", ")), which a history has not")
        }
    }

    /// A history is a regular file: SQLite would open a device or a FIFO, and write its journal
    /// beside it (`/dev/null-journal`).
    /// Nor is it reached through a link that another user put in a shared folder (`/tmp`): SQLite
    /// would create or take over the file they chose.
    private static func refuseSpecialFile(_ path: String) throws(HistoryError) {
        if let link = LinkChain.foreignLink(from: path) {
            let which = link == path ? "is" : "is reached through '\(Escaping.visible(link))',"
            throw HistoryError(path: path, message: "\(which) a link of another user in a shared folder; it is not followed")
        }
        guard let status = FileSystem.status(path), status.st_mode & S_IFMT != S_IFREG else { return }
        throw HistoryError(path: path, message: "is not a regular file (\(BoundedFile.typeName(status.st_mode)))")
    }

    /// Opens the history at `path` read-only, as `scenelog history` reads it: nothing is created
    /// or migrated, and a file that is not a scenelog history is an error, whatever its bytes. An
    /// empty file is a history with no runs.
    /// - Throws: ``HistoryError`` naming the file.
    public init(readingFrom path: String) throws(HistoryError) {
        try Self.refuseSpecialFile(path)
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(Self.busyTimeout)
            queue = try DatabaseQueue(path: path, configuration: configuration)
            let (current, blank) = try queue.read { db in
                try Self.refuseForeignObjects(db, path: path)
                return (try Self.migrator.hasCompletedMigrations(db), try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0)
            }
            isBlank = blank
            guard current || blank else {
                throw HistoryError(path: path, message: "is not a scenelog history of this version")
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw HistoryError(path: path, message: "cannot be read: \(error)")
        }
    }

    /// Brings the history at `queue` to the current schema. Another process may apply a migration
    /// between this one's look at the applied migrations and its own run of it, which then fails
    /// (the table or column exists). Each such failure means one more migration is applied, so this
    /// looks again, at most once per migration.
    private static func migrate(_ queue: DatabaseQueue) throws {
        let migrator = Self.migrator
        var failures = 0
        while true {
            do {
                return try migrator.migrate(queue)
            } catch where failures < migrator.migrations.count {
                failures += 1
            }
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "run") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("recordedAt", .text).notNull()
                table.column("commitID", .text)
                table.column("branch", .text)
                table.column("inputs", .integer).notNull()
                table.column("lines", .integer).notNull()
                table.column("errors", .integer).notNull()
                table.column("warnings", .integer).notNull()
                table.column("notes", .integer).notNull()
            }
            try db.create(table: "ruleCount") { table in
                table.belongsTo("run", onDelete: .cascade).notNull()
                table.column("rule", .text).notNull()
                table.column("count", .integer).notNull()
                table.primaryKey(["runId", "rule"])
            }
            try db.create(table: "appLaunches") { table in
                table.belongsTo("run", onDelete: .cascade).notNull()
                table.column("app", .text).notNull()
                table.column("launches", .integer).notNull()
                table.column("active", .integer).notNull()
                table.column("medianTimeToActiveMs", .integer)
                table.primaryKey(["runId", "app"])
            }
        }
        migrator.registerMigration("v2: p90 time to active") { db in
            try db.alter(table: "appLaunches") { table in
                table.add(column: "p90TimeToActiveMs", .integer)
            }
        }
        return migrator
    }

    /// Appends `run`; returns it with its id.
    @discardableResult
    public func record(_ run: HistoryRun) throws(HistoryError) -> HistoryRun {
        do {
            return try queue.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO run (recordedAt, commitID, branch, inputs, lines, errors, warnings, notes)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        run.recordedAt, run.commit, run.branch, run.inputs, run.lines, run.findingsBySeverity[.error] ?? 0,
                        run.findingsBySeverity[.warning] ?? 0, run.findingsBySeverity[.note] ?? 0,
                    ])
                let id = db.lastInsertedRowID
                for (rule, count) in run.findingsByRule.sorted(by: { $0.key < $1.key }) {
                    try db.execute(sql: "INSERT INTO ruleCount (runId, rule, count) VALUES (?, ?, ?)", arguments: [id, rule, count])
                }
                for app in run.apps {
                    try db.execute(
                        sql: """
                            INSERT INTO appLaunches (runId, app, launches, active, medianTimeToActiveMs, p90TimeToActiveMs)
                            VALUES (?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [id, app.app, app.launches, app.active, app.medianTimeToActiveMs, app.p90TimeToActiveMs])
                }
                var stored = run
                stored.id = id
                return stored
            }
        } catch {
            throw HistoryError(path: queue.path, message: "cannot record the run: \(error)")
        }
    }

    /// The most characters of a text (a commit, a branch, an app, a rule) read from a history or
    /// recorded in one.
    static let textLimit = 200

    /// The last `limit` runs, oldest first; of branch `branch` only, when one is given.
    public func runs(limit: Int = 30, branch: String? = nil) throws(HistoryError) -> [HistoryRun] {
        guard !isBlank else { return [] }
        let runs: [HistoryRun]
        do {
            runs = try queue.read { db in
                // Text is read up to ``textLimit`` characters: a file from outside may hold a name of any length.
                let text = Self.textLimit
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT id, substr(recordedAt, 1, \(text)) AS recordedAt, substr(commitID, 1, \(text)) AS commitID,
                        substr(branch, 1, \(text)) AS branch, inputs, lines, errors, warnings, notes
                        FROM run WHERE ? IS NULL OR branch = ? ORDER BY id DESC LIMIT ?
                        """,
                    arguments: [branch, branch, limit]
                ).reversed()
                // A history read as it is (not migrated) may be of v1, without the p90 column.
                let p90 = try db.columns(in: "appLaunches").contains { $0.name == "p90TimeToActiveMs" } ? "p90TimeToActiveMs" : "NULL"
                return try rows.map { row in
                    let id: Int64 = try row.decode(forColumn: "id")
                    let rules = try Row.fetchAll(
                        db, sql: "SELECT substr(rule, 1, \(text)) AS rule, count FROM ruleCount WHERE runId = ?", arguments: [id])
                    let apps = try Row.fetchAll(
                        db,
                        sql: """
                            SELECT substr(app, 1, \(text)) AS app, launches, active, medianTimeToActiveMs, \(p90) AS p90TimeToActiveMs
                            FROM appLaunches WHERE runId = ? ORDER BY app
                            """,
                        arguments: [id])
                    // Decoded with checks: a damaged or hand-edited file gives an error, not a trap.
                    return HistoryRun(
                        id: id, recordedAt: try row.decode(forColumn: "recordedAt"), commit: try row.decode(forColumn: "commitID"),
                        branch: try row.decode(forColumn: "branch"), inputs: try row.decode(forColumn: "inputs"),
                        lines: try row.decode(forColumn: "lines"),
                        findingsBySeverity: [
                            .error: try row.decode(forColumn: "errors"), .warning: try row.decode(forColumn: "warnings"),
                            .note: try row.decode(forColumn: "notes"),
                        ],
                        findingsByRule: Dictionary(
                            try rules.map { (try $0.decode(String.self, forColumn: "rule"), try $0.decode(Int.self, forColumn: "count")) },
                            uniquingKeysWith: { first, second in
                                let (sum, overflow) = first.addingReportingOverflow(second)
                                return overflow ? .max : sum  // refused below as out of range
                            }),
                        apps: try apps.map { app in
                            HistoryRun.AppLaunches(
                                app: try app.decode(forColumn: "app"), launches: try app.decode(forColumn: "launches"),
                                active: try app.decode(forColumn: "active"),
                                medianTimeToActiveMs: try app.decode(forColumn: "medianTimeToActiveMs"),
                                p90TimeToActiveMs: try app.decode(forColumn: "p90TimeToActiveMs"))
                        })
                }
            }
        } catch {
            throw HistoryError(path: queue.path, message: "cannot be read: \(error)")
        }
        if let run = runs.first(where: { !$0.isPlausible }) {
            throw HistoryError(
                path: queue.path, message: "cannot be read: run \(run.id ?? 0) holds a count or a time out of range (a damaged or edited file)")
        }
        return runs
    }
}

/// A history file that cannot be opened, written or read.
public struct HistoryError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let message: String

    public var description: String { "history '\(path)': \(message)" }
}

@available(*, unavailable)
extension HistoryStore: Sendable {}
