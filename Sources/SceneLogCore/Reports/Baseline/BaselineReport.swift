import Foundation

/// The parts of an earlier JSON report (`scan --format json`, schema version 1) that a run is
/// compared with: its findings and its launches.
public struct BaselineReport: Sendable {
    /// A launch as the earlier report recorded it.
    public struct LaunchRecord: Sendable, Equatable {
        public var id: String
        public var bundle: String?
        public var process: String?
        public var outcome: LaunchOutcome
        public var timeToActiveMs: Int?

        /// The app it is of: the bundle id, else the process name.
        public var app: String? { bundle ?? process }
    }

    public var path: String
    public var findings: [Finding]
    public var launches: [LaunchRecord]

    /// Reads the report at `path`.
    /// - Throws: ``BaselineError`` naming the file when it cannot be read or is not a scenelog
    ///   JSON report of a known schema version.
    public static func load(path: String) throws(BaselineError) -> BaselineReport {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw BaselineError(path: path, message: "cannot be read: \(error.localizedDescription)")
        }
        return try parse(data, path: path)
    }

    static func parse(_ data: Data, path: String) throws(BaselineError) -> BaselineReport {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BaselineError(path: path, message: "is not JSON; give a report written by scenelog scan --format json")
        }
        guard let version = object["schemaVersion"] as? Int else {
            throw BaselineError(path: path, message: "has no schemaVersion; give a report written by scenelog scan --format json")
        }
        guard version == ScanReport.schemaVersion else {
            throw BaselineError(path: path, message: "has schemaVersion \(version); this scenelog reads \(ScanReport.schemaVersion)")
        }
        let findings = (object["findings"] as? [[String: Any]] ?? []).compactMap(Self.finding)
        let launches = (object["launches"] as? [[String: Any]] ?? []).compactMap { entry -> LaunchRecord? in
            guard let id = entry["id"] as? String, let outcome = (entry["outcome"] as? String).flatMap(LaunchOutcome.init)
            else { return nil }
            return LaunchRecord(
                id: id, bundle: entry["bundle"] as? String, process: entry["process"] as? String, outcome: outcome,
                timeToActiveMs: entry["timeToActiveMs"] as? Int)
        }
        return BaselineReport(path: path, findings: findings, launches: launches)
    }

    private static func finding(_ entry: [String: Any]) -> Finding? {
        guard let rule = entry["rule"] as? String, let severity = (entry["severity"] as? String).flatMap(Severity.init),
            let message = entry["message"] as? String
        else { return nil }
        return Finding(
            rule: rule, severity: severity, message: message,
            location: SourceLocation(path: entry["path"] as? String ?? "", line: entry["line"] as? Int ?? 0, byteOffset: -1),
            timestamp: entry["timestamp"] as? String, process: entry["process"] as? String, pid: entry["pid"] as? Int,
            launch: entry["launch"] as? String, excerpt: entry["excerpt"] as? String ?? "",
            data: entry["data"] as? [String: String] ?? [:])
    }
}

/// A baseline that cannot be used.
public struct BaselineError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let message: String

    public var description: String { "baseline '\(path)' \(message)" }
}
