import Foundation

/// The reduce of a distributed run (`scenelog merge`): the JSON reports of its parts, each made
/// with `--shard K/N` (or `--part`), joined into the result one scan of every input gives.
///
/// The parts' inputs are put back in the run's input order (each input's place among all inputs
/// named, then its path), their launches numbered on in that order, and crash reports joined to
/// launches across parts, so that the report is byte for byte the one a single machine writes,
/// whatever the order of the parts and however many there are. Parts that cannot be joined are
/// refused, naming the file: one that is not a whole JSON report, of another schema, version,
/// rules or options, without its part data, with an input another part has too, or a set of
/// shards with one missing or given twice.
///
/// ```swift
/// let merge = PartMerge(ruleSet: try RuleSet(rules: RuleCatalog.builtIn))
/// let result = try merge.merge(try PartMerge.partPaths(["parts/"]))
/// let report = ScanReport(result, ruleSet: merge.ruleSet)
/// ```
public struct PartMerge {
    /// The rules the parts must have run (and whose descriptions the report shows).
    public let ruleSet: RuleSet?
    /// The app filter the parts must have been made with (`--app`).
    public var app: String?
    /// The severity filter the parts must have been made with (`--min-severity`).
    public var minimumSeverity = Severity.note
    /// Told of each input a part could not read (as the worker was) and of other things to know.
    public var onDiagnostic: (ScanDiagnostic) -> Void = { _ in }

    /// The largest part read.
    static let partLimit = 1 << 30

    public init(ruleSet: RuleSet?) {
        self.ruleSet = ruleSet
    }

    /// The parts `arguments` name: files as given, and each folder's `*.json` files in name order.
    /// - Throws: ``MergeError`` when a folder cannot be listed, or nothing is named.
    public static func partPaths(_ arguments: [String]) throws(MergeError) -> [String] {
        var paths: [String] = []
        for argument in arguments {
            guard FileSystem.isFolder(argument) else {
                paths.append(argument)
                continue
            }
            let names: [String]
            do {
                names = try FileSystem.names(inFolder: argument)
            } catch {
                throw MergeError(path: argument, message: "cannot be listed: \(error.reason)")
            }
            let folder = argument.hasSuffix("/") ? argument : argument + "/"
            let parts = names.filter { $0.hasSuffix(".json") }.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
            guard !parts.isEmpty else { throw MergeError(path: argument, message: "holds no part (no .json file)") }
            paths += parts.map { folder + $0 }
        }
        guard !paths.isEmpty else {
            throw MergeError.noParts
        }
        return paths
    }

    /// Reads and joins the parts at `paths`.
    /// - Throws: ``MergeError`` naming the first part that cannot be joined; nothing is merged then.
    public func merge(_ paths: [String]) throws(MergeError) -> ScanResult {
        guard !paths.isEmpty else {
            throw MergeError.noParts
        }
        let spool = Spool()
        let rules = ScanFingerprint.rules(ruleSet)
        var first: (path: String, part: PartFile.Section)?
        var owners: [String: String] = [:]
        var shards: [Int: String] = [:]
        var units: [ScannedUnit] = []
        var interrupted = false
        for path in paths {
            let file = try read(path)
            guard let section = file.part else {
                throw MergeError(
                    path: path,
                    message: "is a report without the part data merge needs: make each part with scenelog report --shard K/N --format json (or --part)")
            }
            try check(section, of: path, rules: rules, against: first)
            if first == nil { first = (path, section) }
            if let shard = section.inputShard {
                if let other = shards.updateValue(path, forKey: shard.index) {
                    throw MergeError(path: path, message: "is shard \(shard), as '\(Escaping.visible(other))' is: a part given twice")
                }
            }
            for unit in section.units {
                if let other = owners.updateValue(path, forKey: unit.path) {
                    throw MergeError(
                        path: path,
                        message: "holds input '\(Escaping.visible(unit.path))', which '\(Escaping.visible(other))' holds too: each input must be in one part only")
                }
                guard let bytes = Data(base64Encoded: unit.result), let result = UnitResultEncoding.decode(Array(bytes), spool: spool) else {
                    throw MergeError(path: path, message: "holds a damaged result for input '\(Escaping.visible(unit.path))'")
                }
                units.append(ScannedUnit(order: unit.order, path: unit.path, result: result))
            }
            interrupted = interrupted || file.interrupted
        }
        if let count = first?.part.inputShard?.count {
            let missing = (1...count).filter { shards[$0] == nil }
            if !missing.isEmpty {
                let named = missing.prefix(10).map { "\($0)/\(count)" }.joined(separator: ", ") + (missing.count > 10 ? "…" : "")
                throw MergeError(path: nil, message: "\(missing.count) of the \(count) parts are missing (\(named)): merge every part of the run")
            }
        }
        units.sort { ($0.order, $0.path) < ($1.order, $1.path) }
        for unit in units {
            for error in unit.result.errors { onDiagnostic(ScanDiagnostic(.error, error.description)) }
        }
        let filters = try first.flatMap { first throws(MergeError) in try Self.filters(of: first.part, path: first.path) }
        var result = ScanResult(merging: units.map(\.result), keepingCrashReportsOf: filters?.device)
        result.spool = spool
        if let filters, !filters.admitsEveryLaunch { result.launches = result.launches.filter(spool: spool, filters.admits) }
        if let app {
            if !units.contains(where: \.result.seesApp), units.contains(where: { !$0.result.summaries.isEmpty }) {
                onDiagnostic(.appMatchedNothing(app))
            }
            result.launches = result.launches.filter(spool: spool) { $0.isOf(app: app) }
        }
        if interrupted {
            onDiagnostic(ScanDiagnostic(.warning, "interrupted: a part was stopped before it read all its inputs; the report covers what was read"))
        }
        result.interrupted = interrupted
        return result
    }

    /// The part at `path`: its schema version, whether it was interrupted, and its `part` member,
    /// decoded alone (its findings and launches are only checked, never decoded).
    private func read(_ path: String) throws(MergeError) -> PartFile {
        let data: Data
        do {
            data = try BoundedFile.read(path: path, limit: Self.partLimit, what: "parts").droppingByteOrderMark()
        } catch {
            throw MergeError(path: path, message: error.reason)
        }
        // The log-json parsers' grammar checks the whole part and hands over its top-level members.
        guard let members = data.withUnsafeBytes({ JSONLogObject.read($0.bindMemory(to: UInt8.self), as: PartMembers.self) }) else {
            throw MergeError(path: path, message: "is not whole JSON (cut short or damaged)")
        }
        guard members.schemaVersion == String(ScanReport.schemaVersion) else {
            throw MergeError(
                path: path,
                message: "has schemaVersion \(members.schemaVersion.map { Escaping.visible($0) } ?? "none"); this scenelog merges \(ScanReport.schemaVersion)")
        }
        var file = PartFile(interrupted: members.interrupted)
        guard let part = members.part else { return file }
        do {
            file.part = try JSONDecoder().decode(PartFile.Section.self, from: part)
        } catch {
            throw MergeError(path: path, message: "holds part data that cannot be read (\(Self.describe(error)))")
        }
        return file
    }

    /// The filters `part` was made with (the same for every part: they are part of its options digest).
    private static func filters(of part: PartFile.Section, path: String) throws(MergeError) -> ScanFilters? {
        guard let text = part.filters else { return nil }
        do {
            return try JSONDecoder().decode(ScanFilters.self, from: Data(text.utf8))
        } catch {
            throw MergeError(path: path, message: "holds filters that cannot be read (\(describe(error)))")
        }
    }

    /// Where the part data does not fit: `units[3].order: missing`.
    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context): located(context.codingPath + [key]) + ": missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            located(context.codingPath) + ": " + context.debugDescription
        default: "\(error)"
        }
    }

    private static func located(_ path: [any CodingKey]) -> String {
        let text = path.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }.joined()
        return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }

    /// Refuses a part made by another version, with other rules or options than the first part
    /// or than this merge's.
    private func check(_ part: PartFile.Section, of path: String, rules: String, against first: (path: String, part: PartFile.Section)?)
        throws(MergeError)
    {
        guard part.version == ReportPart.version else {
            throw MergeError(path: path, message: "holds part data of version \(part.version); this scenelog reads \(ReportPart.version)")
        }
        if let text = part.shard, part.inputShard == nil {
            throw MergeError(path: path, message: "names shard '\(Escaping.visible(text))', which is not K/N")
        }
        guard part.rules == rules else {
            throw MergeError(
                path: path,
                message: "was scanned by another scenelog version or with other rules or settings than this merge loads: give merge the same version, --rules and --config (or .scenelog.yml) as the parts")
        }
        guard part.app == app, part.minimumSeverity == minimumSeverity else {
            let appFilter = part.app.map { "--app '\(Escaping.visible($0))'" } ?? "no --app"
            throw MergeError(
                path: path,
                message: "was scanned with \(appFilter) and --min-severity \(part.minimumSeverity.rawValue): give merge the same --app and --min-severity")
        }
        guard let first else { return }
        guard part.options == first.part.options else {
            throw MergeError(
                path: path, message: "was scanned with other options than '\(Escaping.visible(first.path))' (formats, year, include/exclude, limits)")
        }
        let shard = part.inputShard
        let firstShard = first.part.inputShard
        guard shard?.count == firstShard?.count else {
            let describe = { (shard: InputShard?) in shard.map { "a part of \($0.count) (--shard K/\($0.count))" } ?? "a part without --shard" }
            throw MergeError(path: path, message: "is \(describe(shard)), '\(Escaping.visible(first.path))' is \(describe(firstShard))")
        }
    }
}

/// Why parts cannot be merged.
public struct MergeError: Error, Sendable, CustomStringConvertible {
    /// The part at fault, when one is.
    public let path: String?
    public let message: String

    /// No part named at all.
    static let noParts = MergeError(path: nil, message: "no parts to merge: name the JSON reports of the parts, or a folder of them")

    public var description: String {
        guard let path else { return message }
        return "part '\(Escaping.visible(path))' \(message)"
    }
}

/// The top-level members of a part that merge reads, as written: `schemaVersion` (its first 32
/// bytes), `interrupted`, and the `part` object's text; its findings and launches are only checked.
private struct PartMembers: JSONMembers {
    var schemaVersion: String?
    var interrupted = false
    var part: Data?

    mutating func take(_ key: JSONKey, _ value: JSONValue) {
        switch key {
        case "schemaVersion": schemaVersion = String(decoding: value.bytes.prefix(32), as: UTF8.self)
        case "interrupted": interrupted = value.bytes.elementsEqual("true".utf8)
        case "part": part = Data(value.bytes)
        default: break
        }
    }
}

/// What merge reads of a part: the report's schema version, whether it was interrupted, and its `part` member.
private struct PartFile {
    var interrupted: Bool
    var part: Section?

    struct Section: Decodable {
        var version: Int
        var shard: String?
        var rules: String
        var options: String
        var app: String?
        var filters: String?
        var minimumSeverity: Severity
        var units: [Unit]

        /// `shard` read as `K/N`; `nil` without one or when it is not one (``PartMerge`` refuses that).
        var inputShard: InputShard? { shard.flatMap(InputShard.init(parsing:)) }
    }

    struct Unit: Decodable {
        var order: Int
        var path: String
        var result: String
    }
}
