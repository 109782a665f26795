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
        /// How finely the time to active is known (`nil` in reports written before it was recorded).
        public var timeToActivePrecisionMs: Int?

        /// Whether the time to active is known only to the second: it stays out of the medians.
        public var isTimedToTheSecond: Bool { (timeToActivePrecisionMs ?? 0) >= 1000 }

        /// The app it is of: the bundle id, else the process name.
        public var app: String? { bundle ?? process }
    }

    public var path: String
    public var findings: [Finding]
    public var launches: [LaunchRecord]

    /// Reads the report at `path`: a regular file of at most ``BoundedFile/baselineLimit`` bytes.
    /// - Throws: ``BaselineError`` naming the file when it cannot be read or is not a scenelog
    ///   JSON report of a known schema version.
    public static func load(path: String) throws(BaselineError) -> BaselineReport {
        let data: Data
        do {
            data = try BoundedFile.read(path: path, limit: BoundedFile.baselineLimit, what: "baselines").droppingByteOrderMark()
        } catch {
            throw BaselineError(path: Escaping.visible(path), message: error.reason)
        }
        return try parse(consume data, path: path)
    }

    static func parse(_ file: consuming Data, path: String) throws(BaselineError) -> BaselineReport {
        // The report's own members only: another member (junk, however large) is checked against
        // the JSON grammar and skipped, where decoding the whole file took 20 times its size in
        // memory. The findings and launches are decoded one at a time, after the rest of the
        // report, and the file's bytes are let go once its members are copied out of them. A
        // file that is not a JSON object goes on whole, to be told what it is.
        var members = file.withUnsafeBytes { JSONLogObject.read($0.bindMemory(to: UInt8.self), as: ReportMembers.self) }
        let findings = members?.takeArray(.findings)
        let launches = members?.takeArray(.launches)
        let data: Data
        if let object = members?.object {
            data = object
            _ = consume file
        } else {
            data = consume file
        }
        let version: SchemaVersion
        do {
            version = try JSONDecoder().decode(SchemaVersion.self, from: data)
        } catch DecodingError.typeMismatch {
            throw BaselineError(
                path: path, message: "is JSON but not a report (not an object); give a report written by scenelog scan --format json")
        } catch {
            if let offset = JSONBrackets.offsetPastDepth(Self.nestingLimit, in: data) {
                throw BaselineError(
                    path: path,
                    message: "nests arrays and objects more than \(Self.nestingLimit) deep (at byte \(offset)), deeper than JSON "
                        + "is read here; give a report written by scenelog scan --format json")
            }
            throw BaselineError(path: path, message: "is not JSON; give a report written by scenelog scan --format json")
        }
        guard let number = version.schemaVersion else {
            let problem = version.hasSchemaVersion ? "a schemaVersion that is not a whole number of 64 bits" : "no schemaVersion"
            throw BaselineError(path: path, message: "has \(problem); give a report written by scenelog scan --format json")
        }
        guard number == ScanReport.schemaVersion else {
            throw BaselineError(path: path, message: "has schemaVersion \(number); this scenelog reads \(ScanReport.schemaVersion)")
        }
        let decoder = JSONDecoder()
        do {
            _ = try decoder.decode(ReportDocument.self, from: data)
        } catch {
            throw Self.notAReport(Self.describe(error), path: path)
        }
        var report = BaselineReport(path: path, findings: [], launches: [])
        try Self.forEach(ReportDocument.FindingEntry.self, in: findings, named: "findings", decoder: decoder, path: path) {
            (index: Int, entry: ReportDocument.FindingEntry) throws(BaselineError) in
            guard RuleDescription.isWellFormedID(entry.finding.rule) else {
                throw Self.notAReport("findings[\(index)].rule: '\(entry.finding.rule)' is not a rule id", path: path)
            }
            report.findings.append(entry.finding)
        }
        try Self.forEach(ReportDocument.LaunchEntry.self, in: launches, named: "launches", decoder: decoder, path: path) {
            (index: Int, launch: ReportDocument.LaunchEntry) throws(BaselineError) in
            if let time = launch.timeToActiveMs, !Launch.timeToActiveRange.contains(time) {
                throw Self.notAReport(
                    "launches[\(index)].timeToActiveMs: \(time) is out of range, 0 to \(Launch.timeToActiveRange.upperBound)", path: path)
            }
            report.launches.append(
                LaunchRecord(
                    id: launch.id, bundle: launch.bundle, process: launch.process, outcome: launch.outcome,
                    timeToActiveMs: launch.timeToActiveMs, timeToActivePrecisionMs: launch.timeToActivePrecisionMs))
        }
        return report
    }

    /// Decodes each element of the array `array` (the member `name`) in turn and hands it to `body`
    /// with its index; an element that does not decode is refused, named by its index.
    private static func forEach<Element: Decodable>(
        _: Element.Type, in array: Data?, named name: String, decoder: JSONDecoder, path: String,
        _ body: (Int, Element) throws(BaselineError) -> Void
    ) throws(BaselineError) {
        guard let array else { return }
        var index = 0
        let read: Result<Bool, BaselineError> = array.withUnsafeBytes { raw in
            Result { () throws(BaselineError) -> Bool in
                try JSONLogObject.forEachElement(ofArray: raw.bindMemory(to: UInt8.self)) { (element: Bytes) throws(BaselineError) in
                    let entry: Element
                    do {
                        entry = try decoder.decode(Element.self, from: Data(element))
                    } catch {
                        throw notAReport(describe(error, in: "\(name)[\(index)]"), path: path)
                    }
                    try body(index, entry)
                    index += 1
                }
            }
        }
        _ = try read.get()
    }

    private static func notAReport(_ problem: String, path: String) -> BaselineError {
        BaselineError(path: path, message: "is not a scenelog JSON report (\(problem)); give a report written by scenelog scan --format json")
    }

    /// What a report is checked for first: a JSON object, with a whole-number `schemaVersion`.
    private struct SchemaVersion: Decodable {
        var schemaVersion: Int?
        /// Whether the member is there, whatever it holds (a string, a number too large).
        var hasSchemaVersion: Bool

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            hasSchemaVersion = container.contains(.schemaVersion)
            schemaVersion = try? container.decodeIfPresent(Int.self, forKey: .schemaVersion)
        }

        enum CodingKeys: String, CodingKey {
            case schemaVersion
        }
    }

    /// How deep the JSON parser reads arrays and objects nested in one another.
    static let nestingLimit = 512

    /// Where a report does not fit the schema: `findings[3].severity: …`, the path from `member` on.
    private static func describe(_ error: any Error, in member: String = "") -> String {
        let context: DecodingError.Context? =
            switch error as? DecodingError {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): context
            case .keyNotFound(let key, let context):
                DecodingError.Context(codingPath: context.codingPath + [key], debugDescription: "missing")
            default: nil
            }
        guard let context else { return "\(error)" }
        let path = member + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return String(path.drop { $0 == "." }) + ": " + context.debugDescription
    }
}

/// A baseline that cannot be used.
public struct BaselineError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let message: String

    public var description: String { "baseline '\(Escaping.visible(path))' \(Escaping.visible(message))" }
}

/// The members of a report that ``ReportDocument`` reads, copied out of the file's bytes.
private struct ReportMembers: JSONMembers {
    private var members: [String: Data] = [:]

    mutating func take(_ key: JSONKey, _ value: JSONValue) {
        guard let name = ReportDocument.CodingKeys(rawValue: String(decoding: key.bytes, as: UTF8.self)) else { return }
        members[name.rawValue] = Data(value.bytes)
    }

    /// The member `name` when it is an array, left as an empty one, to be read element by element;
    /// `nil`, the member kept, when it is missing or no array (decoding it tells what it is).
    mutating func takeArray(_ name: ReportDocument.CodingKeys) -> Data? {
        guard let value = members[name.rawValue], value.first(where: { !ASCII.isBlank($0) && $0 != ASCII.newline && $0 != ASCII.carriageReturn }) == ASCII.openBracket else {
            return nil
        }
        members[name.rawValue] = Data("[]".utf8)
        return value
    }

    /// `{"key":value,…}` of those members.
    var object: Data {
        var object = Data("{".utf8)
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { object.append(UInt8(ascii: ",")) }
            object.append(contentsOf: Data("\"\(key)\":".utf8))
            object.append(value)
        }
        object.append(UInt8(ascii: "}"))
        return object
    }
}
