import Foundation
import Testing

@testable import SceneLogCore

/// The library's map and reduce: scans of shards whose JSON reports carry their parts, and
/// ``PartMerge`` joining them into what one scan of every input gives.
@Suite("part merge")
struct PartMergeTests {
    /// Writes the JSON report of shard `shard` of the samples to `folder` and returns its path.
    static func writePart(_ shard: InputShard, to folder: TemporaryFolder, options: ScanOptions) throws -> String {
        var options = options
        options.shard = shard
        options.reportsAsPart = true
        let result = Scanner(options: options).scan([sampleFolder])
        let path = folder.path("part-\(shard.index).json")
        try ReportDestination.write(ScanReport(result, ruleSet: options.ruleSet), as: .json, options: RenderOptions(), to: path)
        return path
    }

    static var sampleFolder: String { samplePath("") }

    @Test("each input's result comes back whole from its encoding: findings, held diagnoses, launches, crash-report links")
    func unitRoundTrip() throws {
        var options = try testScanOptions()
        options.reportsAsPart = true
        let result = Scanner(options: options).scan([Self.sampleFolder])
        let units = try #require(result.part?.units)
        #expect(units.count == result.inputs.filter { !$0.path.contains(":") }.count)
        let spool = Spool()
        for unit in units {
            let decoded = try #require(UnitResultEncoding.decode(UnitResultEncoding.encode(unit.result), spool: spool))
            #expect(decoded.summaries == unit.result.summaries)
            #expect(Array(decoded.findings) == Array(unit.result.findings))
            #expect(decoded.findings.parts.map(\.run.held) == unit.result.findings.parts.map(\.run.held))
            #expect(Array(decoded.launches) == Array(unit.result.launches))
            #expect(decoded.crashReportLinks.map(\.part) == unit.result.crashReportLinks.map(\.part))
            #expect(decoded.rulesByLaunch == unit.result.rulesByLaunch)
            #expect(decoded.seesApp == unit.result.seesApp)
        }
        #expect(units.contains { !$0.result.crashReportLinks.isEmpty })
    }

    @Test("bytes cut short or of another version decode to nothing")
    func damagedUnit() throws {
        var options = try testScanOptions()
        options.reportsAsPart = true
        let result = Scanner(options: options).scan([samplePath("crash-relaunch-two-launches.txt")])
        let bytes = UnitResultEncoding.encode(try #require(result.part?.units.first).result)
        #expect(UnitResultEncoding.decode(Array(bytes.dropLast()), spool: Spool()) == nil)
        #expect(UnitResultEncoding.decode(bytes + [0], spool: Spool()) == nil)
        #expect(UnitResultEncoding.decode([9] + bytes.dropFirst(), spool: Spool()) == nil)
    }

    @Test("damaged bytes from outside (a part, a cache entry) decode to nothing or to a unit, never to a crash or a huge reservation")
    func hostileBytes() throws {
        var options = try testScanOptions()
        options.reportsAsPart = true
        let result = Scanner(options: options).scan([samplePath("idevicesyslog-1.4-microseconds-watchdog.log")])
        let bytes = UnitResultEncoding.encode(try #require(result.part?.units.first).result)
        var decoded = 0
        for position in bytes.indices {
            for value: UInt8 in [0x00, 0x7F, 0xFF] {
                var damaged = bytes
                damaged[position] = value
                if UnitResultEncoding.decode(damaged, spool: Spool()) != nil { decoded += 1 }
            }
            // A count of 2^62 where a count is read.
            let huge = Array(bytes[..<position]) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F] + Array(bytes[position...])
            _ = UnitResultEncoding.decode(huge, spool: Spool())
        }
        #expect(decoded < bytes.count * 3)
    }

    @Test("numbers no scan writes (a count of 2^62, a NaN or far time, an offset of -2^63) make a unit damaged, not a crash when reported")
    func numbersOutOfRange() throws {
        var options = try testScanOptions()
        options.reportsAsPart = true
        let result = Scanner(options: options).scan([samplePath("black-screen-no-default-configuration.log")])
        let unit = try #require(result.part?.units.first).result
        let span = try #require(unit.summaries.first?.timeSpan)
        #expect(UnitResultEncoding.decode(UnitResultEncoding.encode(unit), spool: Spool()) != nil)
        let changes: [(inout InputSummary) -> Void] = [
            { $0.records = 1 << 62 },
            { $0.timeSpan = TimeSpan(first: Timestamp(text: "x", wallClockSeconds: .nan), last: span.last) },
            { $0.timeSpan = TimeSpan(first: Timestamp(text: "x", wallClockSeconds: 1e300), last: span.last) },
            { $0.timeSpan = TimeSpan(first: Timestamp(text: "x", wallClockSeconds: 0, utcOffsetSeconds: -(1 << 62)), last: span.last) },
        ]
        for change in changes {
            var damaged = unit
            change(&damaged.summaries[0])
            #expect(UnitResultEncoding.decode(UnitResultEncoding.encode(damaged), spool: Spool()) == nil)
        }
    }

    @Test("four shards, merged in any order, give the findings and launches of one scan")
    func mergeEqualsOneScan() throws {
        let options = try testScanOptions()
        let folder = try TemporaryFolder()
        let paths = try (1...4).map { try Self.writePart(try #require(InputShard(index: $0, count: 4)), to: folder, options: options) }
        let one = Scanner(options: options).scan([Self.sampleFolder])
        let merged = try PartMerge(ruleSet: options.ruleSet).merge(paths.reversed())
        #expect(merged.inputs == one.inputs)
        #expect(Array(merged.findings) == Array(one.findings))
        #expect(Array(merged.launches) == Array(one.launches))
        #expect(
            ReportFormat.json.render(ScanReport(merged, ruleSet: options.ruleSet))
                == ReportFormat.json.render(ScanReport(one, ruleSet: options.ruleSet)))
    }

    @Test("a part without part data, a shard missing, and no part at all are refused")
    func refusals() throws {
        let options = try testScanOptions()
        let folder = try TemporaryFolder()
        let first = try Self.writePart(try #require(InputShard(index: 1, count: 2)), to: folder, options: options)
        let merge = PartMerge(ruleSet: options.ruleSet)
        #expect(throws: MergeError.self) { try merge.merge([first]) }
        #expect(throws: MergeError.self) { try merge.merge([]) }
        let plain = folder.path("plain.json")
        try ReportDestination.write(
            ScanReport(Scanner(options: options).scan([Self.sampleFolder]), ruleSet: options.ruleSet), as: .json,
            options: RenderOptions(), to: plain)
        do {
            _ = try merge.merge([plain])
            Issue.record("a report without part data was merged")
        } catch {
            #expect(error.description.contains("is a report without the part data merge needs"))
        }
    }
}
