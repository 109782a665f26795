import Foundation

/// A named input's result with its place among every input the run named, before sharding: the
/// order in which a merge puts the parts' inputs back.
struct ScannedUnit: Sendable {
    /// The input's position in the discovered inputs (files of folders walked in order) of the
    /// whole run: the same on every worker that names the same inputs.
    var order: Int
    /// The input as named or found in a folder.
    var path: String
    var result: UnitResult
}

/// What the JSON report of one part of a distributed run carries besides the report itself, as
/// its `part` member, so that `scenelog merge` rebuilds exactly what one scan of every input
/// reports: each input's whole result before the joins across inputs (``UnitResultEncoding``),
/// its place in the input order, and the digests of the rules and options it was scanned with.
struct ReportPart: Sendable {
    /// The version of the `part` member's shape.
    static let version = 1

    /// Which part of the inputs (`--shard K/N`); `nil` for a worker given its own list.
    var shard: InputShard?
    /// ``ScanFingerprint/rules(_:)`` of the rules the part ran.
    var rules: String
    /// ``ScanFingerprint/options(_:)`` of its scan options.
    var options: String
    /// The app whose launches are kept (`--app`), applied once the parts are joined.
    var app: String?
    /// The severity below which findings were left out (`--min-severity`).
    var minimumSeverity: Severity
    /// The time, rule, process and device filters, whose launch filters apply once the parts are
    /// joined (as ``app``'s do); `nil` when there are none.
    var filters: ScanFilters?
    /// The inputs' results, in input order.
    var units: [ScannedUnit]

    init(options: ScanOptions, units: [ScannedUnit]) {
        shard = options.shard
        rules = ScanFingerprint.rules(options.ruleSet)
        self.options = ScanFingerprint.options(options)
        app = options.app
        minimumSeverity = options.minimumSeverity
        filters = options.filters.isEmpty ? nil : options.filters
        self.units = units
    }

    /// Writes the `part` object: `{ app, filters, minimumSeverity, options, rules, shard, units: [{ order, path, result }], version }`,
    /// each unit's result as the Base64 of its encoding, drained to `write` unit by unit.
    func write(to json: inout JSONWriter, draining write: ([UInt8]) throws -> Void) rethrows {
        json.beginObject()
        json.key("app")
        json.string(app)
        json.key("filters")
        json.string(filters.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) })
        json.key("minimumSeverity")
        json.string(minimumSeverity.rawValue)
        json.key("options")
        json.string(options)
        json.key("rules")
        json.string(rules)
        json.key("shard")
        json.string(shard?.description)
        json.key("units")
        json.beginArray()
        for unit in units {
            json.beginObject()
            json.key("order")
            json.int(unit.order)
            json.key("path")
            json.string(unit.path)
            json.key("result")
            json.string(Data(UnitResultEncoding.encode(unit.result)).base64EncodedString())
            json.endObject()
            try json.drain(to: write)
        }
        json.endArray()
        json.key("version")
        json.int(Self.version)
        json.endObject()
    }
}
