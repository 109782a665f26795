import Foundation
import Testing
import TestSupport

/// README's "Scaling out" examples, run as written: GNU parallel on one machine (where it is
/// installed), and the merged NDJSON of a sharded night loaded into DuckDB
/// (`Samples/distributed/slowest-launches.sql`, which README quotes verbatim) and into SQLite
/// (README's own shell block), checked against the NDJSON itself.
@Suite("scaling-out examples", .serialized)
struct ScalingOutExampleTests {
    static let readme = CommandRunner.packageRoot.appendingPathComponent("README.md")
    static let query = DistributedNight.distributed.appendingPathComponent("slowest-launches.sql")

    /// The README's fenced code blocks of the "Scaling out" section.
    static func scalingOutBlocks() throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "\n## Scaling out"))
        let rest = text[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        var blocks: [String] = []
        var current: [Substring]?
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let lines = current {
                    blocks.append(lines.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    current = []
                }
            } else if current != nil {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The one block that holds `marker`.
    static func block(holding marker: String) throws -> String {
        let blocks = try scalingOutBlocks().filter { $0.contains(marker) }
        #expect(blocks.count == 1, "README's Scaling out section should hold one block with \(marker)")
        return try #require(blocks.first)
    }

    /// A folder holding `night.ndjson`, the merge of four parts of Samples/ (checked against one
    /// `scenelog report --format ndjson`), and `Samples` linked, as README's commands expect.
    static func night() throws -> (folder: URL, lines: [[String: Any]]) {
        let folder = try CommandRunner.temporaryFolder()
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Samples"), withDestinationURL: CommandRunner.packageRoot.appendingPathComponent("Samples"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        for shard in 1...4 {
            let part = try CommandRunner.run(
                ["report", "--shard", "\(shard)/4", "--allow-empty", "--quiet", "--format", "json", "--fail-on", "never",
                 "--output", "parts/part-\(shard).json", "Samples/"], in: folder)
            #expect(part.status == 0, "\(part.stderr)")
        }
        let merged = try CommandRunner.run(["merge", "--format", "ndjson", "--fail-on", "never", "parts/"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        let one = try CommandRunner.run(["report", "--format", "ndjson", "--fail-on", "never", "Samples/"], in: folder)
        #expect(merged.stdout == one.stdout, "the merged NDJSON is the one-machine NDJSON")
        try Data(merged.stdout.utf8).write(to: folder.appendingPathComponent("night.ndjson"))
        let lines = try merged.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return (folder, lines)
    }

    @Test("README's GNU parallel block writes eight parts and merges them into the one-machine report")
    func gnuParallel() throws {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        guard folders.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/parallel") }) else {
            // A user's tool, not one the tests install.
            try Test.cancel("GNU parallel is not installed (apt-get install parallel)")
        }
        let commands = try Self.block(holding: "parallel -j")
        let folder = try CommandRunner.temporaryFolder()
        try FileManager.default.copyItem(at: CommandRunner.packageRoot.appendingPathComponent("Samples"), to: folder.appendingPathComponent("logs"))
        let bin = try DistributedNight.binFolder()
        let result = try CommandRunner.run(executable: "/bin/bash", ["-c", commands], in: folder, environment: ["PATH": DistributedNight.path(with: bin)])
        #expect(result.status == 1, "merge's exit code: the samples hold errors. \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("parts").path).count == 8)
        let one = try CommandRunner.run(["report", "--format", "markdown", "logs/"], in: folder)
        #expect(result.stdout == one.stdout)
        #expect(result.stdout.hasPrefix("## scenelog"))
    }

    @Test("NDJSON lines: the findings, one line per launch (report and merge print each launch once), then the summary")
    func lineTypes() throws {
        let (_, lines) = try Self.night()
        let types = lines.compactMap { $0["type"] as? String }
        #expect(types.count == lines.count)
        let summary = try #require(lines.last)
        #expect(summary["type"] as? String == "summary")
        #expect(types.filter { $0 == "launch" }.count == summary["launches"] as? Int)
        let findings = (summary["findings"] as? [String: Int] ?? [:]).values.reduce(0, +)
        #expect(types.filter { $0 == "finding" }.count == findings)
        #expect(types == types.sorted { ["finding", "launch", "summary"].firstIndex(of: $0)! < ["finding", "launch", "summary"].firstIndex(of: $1)! })
        for launch in lines where launch["type"] as? String == "launch" {
            for key in ["bundle", "process", "outcome", "timeToActiveMs", "timeToActivePrecisionMs", "path"] {
                #expect(launch.keys.contains(key), "\(key)")
            }
        }
    }

    @Test("README's DuckDB query runs as written and finds each app's slowest launch")
    func duckDB() throws {
        let python = try DistributedNight.python(with: ["duckdb"], install: "python3 -m pip install duckdb")
        let readme = try String(contentsOf: Self.readme, encoding: .utf8)
        let sql = try String(contentsOf: Self.query, encoding: .utf8)
        #expect(readme.contains("```sql\n" + sql + "```"), "README quotes slowest-launches.sql verbatim")
        let (folder, lines) = try Self.night()

        // The command README gives, as written.
        let command = try Self.block(holding: "import duckdb")
        let shown = try CommandRunner.run(executable: "/bin/bash", ["-eo", "pipefail", "-c", command], in: folder, environment: ["PATH": DistributedNight.path(with: URL(fileURLWithPath: python).deletingLastPathComponent())])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("slowest_ms"))

        // Its rows, against the NDJSON read here.
        let rows = try CommandRunner.run(executable: 
            python, ["-c", "import duckdb, json, sys; print(json.dumps(duckdb.sql(open(sys.argv[1]).read()).fetchall()))", Self.query.path],
            in: folder)
        #expect(rows.status == 0, "\(rows.stderr)")
        let table = try #require(try JSONSerialization.jsonObject(with: Data(rows.stdout.utf8)) as? [[Any]])
        var slowest: [String: Int] = [:]
        var counts: [String: Int] = [:]
        for launch in lines where launch["type"] as? String == "launch" {
            guard let ms = launch["timeToActiveMs"] as? Int, let precision = launch["timeToActivePrecisionMs"] as? Int, precision < 1000 else { continue }
            let app = try #require(launch["bundle"] as? String ?? launch["process"] as? String)
            slowest[app] = max(slowest[app] ?? 0, ms)
            counts[app, default: 0] += 1
        }
        let expected = slowest.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(20)
        #expect(table.map { $0[0] as? String } == expected.map(\.key))
        #expect(table.map { $0[3] as? Int } == expected.map(\.value))
        #expect(table.map { $0[1] as? Int } == expected.map { counts[$0.key] })
        #expect(table.first?[0] as? String == "kz.brightpath.coach" && table.first?[3] as? Int == 8100)
    }

    @Test("README's SQLite commands load the NDJSON a line a row and count the findings by rule")
    func sqlite() throws {
        try RequiredTool(names: ["sqlite3"], installHint: "apt-get install sqlite3, or brew install sqlite").locate()
        let (folder, lines) = try Self.night()
        let commands = try Self.block(holding: "sqlite3 night.db")
        let result = try CommandRunner.run(executable: "/bin/bash", ["-eo", "pipefail", "-c", commands], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        var expected: [String: Int] = [:]
        for finding in lines where finding["type"] as? String == "finding" {
            expected["\(finding["rule"] as? String ?? "")|\(finding["severity"] as? String ?? "")", default: 0] += 1
        }
        let rows = result.stdout.split(separator: "\n").map(String.init)
        var counted: [String: Int] = [:]
        for row in rows {
            let fields = row.split(separator: "|").map(String.init)
            try #require(fields.count == 3, "\(row)")
            counted["\(fields[0])|\(fields[1])"] = Int(fields[2])
        }
        #expect(counted == expected)
        #expect(rows.map { Int($0.split(separator: "|")[2]) ?? 0 } == rows.map { Int($0.split(separator: "|")[2]) ?? 0 }.sorted(by: >))
    }
}
