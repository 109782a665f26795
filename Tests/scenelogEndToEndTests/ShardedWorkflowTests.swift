import Foundation
import Testing
import TestSupport
import Yams

/// `Samples/distributed/scenelog-sharded.yml` night after night: each job of the scan matrix runs
/// its `run:` steps (read from the YAML, under `bash -eo pipefail` as GitHub runs them) in a
/// workspace of its own, with the scenelog under test on `PATH`; the parts its upload step names
/// are handed to the merge job as its download step asks (every artifact matching the pattern,
/// into one folder), and the merge job's steps run as in `NightlyWorkflowTests`. The merged JSON
/// report must be the report one `scenelog report` of the same logs writes, byte for byte.
@Suite("sharded workflow", .serialized)
struct ShardedWorkflowTests {
    typealias Step = NightlyWorkflowTests.Step
    typealias Night = NightlyWorkflowTests.Night

    struct Workflow {
        var environment: [String: String]
        var shards: [Int]
        var scan: [[String: Any]]
        var merge: [[String: Any]]
        var build: [[String: Any]]
        var needs: String?
        var scanNeeds: String?
    }

    static func workflow() throws -> Workflow {
        let url = DistributedNight.distributed.appendingPathComponent("scenelog-sharded.yml")
        let yaml = try #require(try Yams.load(yaml: String(contentsOf: url, encoding: .utf8)) as? [String: Any])
        let jobs = try #require(yaml["jobs"] as? [String: Any])
        let scan = try #require(jobs["scan"] as? [String: Any])
        let merge = try #require(jobs["merge"] as? [String: Any])
        let matrix = try #require((scan["strategy"] as? [String: Any])?["matrix"] as? [String: Any])
        return Workflow(
            environment: (yaml["env"] as? [String: Any] ?? [:]).mapValues { "\($0)" },
            shards: try #require(matrix["shard"] as? [Int]),
            scan: try #require(scan["steps"] as? [[String: Any]]),
            merge: try #require(merge["steps"] as? [[String: Any]]),
            build: try #require((jobs["build"] as? [String: Any])?["steps"] as? [[String: Any]]),
            needs: merge["needs"] as? String, scanNeeds: scan["needs"] as? String)
    }

    /// `${{ matrix.NAME }}` replaced by its value.
    static func expandMatrix(_ text: String, shard: Int) -> String {
        text.replacingOccurrences(of: #"\$\{\{\s*matrix\.shard\s*\}\}"#, with: "\(shard)", options: .regularExpression)
    }

    static func step(_ raw: [String: Any], shard: Int?) -> Step {
        let expand = { (text: String) in shard.map { expandMatrix(text, shard: $0) } ?? text }
        return Step(
            name: raw["name"] as? String ?? "", id: raw["id"] as? String, run: (raw["run"] as? String).map(expand),
            condition: raw["if"] as? String, environment: (raw["env"] as? [String: Any] ?? [:]).mapValues { expand("\($0)") })
    }

    /// Runs one job's `run:` steps in `workspace`, as `NightlyWorkflowTests` runs the nightly's.
    static func job(_ steps: [Step], in workspace: URL, bin: URL, environment: [String: String]) throws -> Night {
        try NightlyWorkflowTests.job(steps, in: workspace, bin: bin, environment: environment, printing: "merge", keepingErrors: true)
    }

    /// What a night left: each scan job's result, the merge job's, and the merge workspace.
    struct ShardedNight {
        var scans: [Int: Night] = [:]
        var merge = Night()
    }

    /// One night: the scan matrix on `logs` (each job in a fresh workspace, as on a fresh
    /// runner), the parts handed over as artifacts, then the merge job in `mergeWorkspace`, which
    /// keeps last night's `scenelog.json` as `baseline/scenelog.json` and the history, as the
    /// artifact and the cache do.
    static func night(logs: URL, mergeWorkspace: URL, bin: URL) throws -> ShardedNight {
        let manager = FileManager.default
        let workflow = try workflow()
        var environment = ProcessInfo.processInfo.environment.merging(workflow.environment) { $1 }
        environment["NO_COLOR"] = "1"
        var result = ShardedNight()
        var artifacts: [(name: String, file: URL)] = []
        let upload = try #require(workflow.scan.first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true })
        let uploadWith = try #require(upload["with"] as? [String: Any])
        for shard in workflow.shards {
            let workspace = try CommandRunner.temporaryFolder()
            try manager.copyItem(at: logs, to: workspace.appendingPathComponent("device-logs"))
            result.scans[shard] = try job(
                workflow.scan.map { step($0, shard: shard) }, in: workspace, bin: bin, environment: environment)
            // actions/upload-artifact: its `path`, under the artifact's `name`.
            let name = expandMatrix(try #require(uploadWith["name"] as? String), shard: shard)
            let path = workspace.appendingPathComponent(expandMatrix(try #require(uploadWith["path"] as? String), shard: shard))
            if manager.fileExists(atPath: path.path) { artifacts.append((name, path)) }
        }

        // actions/download-artifact with `pattern` and `merge-multiple`: every matching artifact's files in `path`.
        let download = try #require(workflow.merge.first {
            ($0["uses"] as? String)?.hasPrefix("actions/download-artifact@") == true && ($0["with"] as? [String: Any])?["pattern"] != nil
        })
        let downloadWith = try #require(download["with"] as? [String: Any])
        #expect(downloadWith["merge-multiple"] as? Bool == true)
        let pattern = try #require(downloadWith["pattern"] as? String)
        let parts = mergeWorkspace.appendingPathComponent(try #require(downloadWith["path"] as? String))
        for name in ["baseline", "parts", "runner", "code-scanning.sarif", "scenelog.html", "scenelog.sarif", "scenelog.md"] {
            try? manager.removeItem(at: mergeWorkspace.appendingPathComponent(name))
        }
        let kept = mergeWorkspace.appendingPathComponent("scenelog.json")
        if manager.fileExists(atPath: kept.path) {
            try manager.createDirectory(at: mergeWorkspace.appendingPathComponent("baseline"), withIntermediateDirectories: true)
            try manager.moveItem(at: kept, to: mergeWorkspace.appendingPathComponent("baseline/scenelog.json"))
        }
        try manager.createDirectory(at: parts, withIntermediateDirectories: true)
        for artifact in artifacts where fnmatch(pattern, artifact.name, 0) == 0 {
            try manager.copyItem(at: artifact.file, to: parts.appendingPathComponent(artifact.file.lastPathComponent))
        }
        result.merge = try job(workflow.merge.map { step($0, shard: nil) }, in: mergeWorkspace, bin: bin, environment: environment)
        return result
    }

    /// One `scenelog report` of the whole night, with the merge step's options and last night's
    /// report as the baseline when there is one: what the merged JSON must equal.
    static func oneMachineReport(logs: URL, mergeWorkspace: URL) throws -> Data {
        let folder = try CommandRunner.temporaryFolder()
        try FileManager.default.copyItem(at: logs, to: folder.appendingPathComponent("device-logs"))
        var baseline: [String] = []
        let last = mergeWorkspace.appendingPathComponent("baseline/scenelog.json")
        if FileManager.default.fileExists(atPath: last.path) {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("baseline"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: last, to: folder.appendingPathComponent("baseline/scenelog.json"))
            baseline = ["--baseline", "baseline/scenelog.json"]
        }
        let report = try CommandRunner.run(["report"] + baseline + ["--format", "json", "--output", "one.json", "device-logs/"], in: folder)
        #expect([0, 1].contains(report.status), "\(report.stderr)")
        return try Data(contentsOf: folder.appendingPathComponent("one.json"))
    }

    /// Yesterday's and tonight's logs (`ReportCommandTests.nights()`, tonight slower and with a
    /// new warning), each with the samples that hold no error-level finding beside them, so that
    /// the eight parts hold several inputs each.
    static func nights() throws -> (yesterday: URL, today: URL) {
        let nights = try ReportCommandTests.nights()
        let samples = CommandRunner.packageRoot.appendingPathComponent("Samples")
        for night in ["yesterday", "today"] {
            for name in try DistributedNight.sampleLogs() {
                let check = try CommandRunner.run(["scan", "--quiet", "--fail-on", "error", "Samples/\(name)"])
                guard check.status == 0 else { continue }
                try FileManager.default.copyItem(
                    at: samples.appendingPathComponent(name), to: nights.appendingPathComponent("\(night)/logs/\(name)"))
            }
        }
        return (nights.appendingPathComponent("yesterday/logs"), nights.appendingPathComponent("today/logs"))
    }

    @Test("the matrix lists 1…SHARDS, each part is its own artifact, and the merge needs them all")
    func shape() throws {
        let workflow = try Self.workflow()
        let declared = try #require(workflow.environment["SHARDS"])
        let shards = try #require(Int(declared))
        #expect(workflow.shards == Array(1...shards))
        #expect(shards <= 256, "GitHub runs at most 256 jobs of a matrix per workflow run")
        #expect(workflow.needs == "scan")
        #expect(workflow.scanNeeds == "build")
        // The binary the build job keeps is the one the scan and merge jobs fetch.
        let kept = try #require(workflow.build.first { ($0["uses"] as? String) == "actions/upload-artifact@v4" })
        let keptName = try #require((kept["with"] as? [String: Any])?["name"] as? String)
        for steps in [workflow.scan, workflow.merge] {
            let fetch = steps.first { ($0["uses"] as? String) == "actions/download-artifact@v4" && ($0["with"] as? [String: Any])?["name"] != nil }
            #expect((fetch?["with"] as? [String: Any])?["name"] as? String == keptName)
            #expect(steps.contains { $0["name"] as? String == "Install scenelog" })
        }
        let upload = try #require(workflow.scan.first { ($0["uses"] as? String) == "actions/upload-artifact@v4" })
        #expect((upload["with"] as? [String: Any])?["name"] as? String == "scenelog-part-${{ matrix.shard }}")
        let sarif = try #require(workflow.merge.first { ($0["uses"] as? String)?.hasPrefix("github/codeql-action/upload-sarif@") == true })
        #expect((sarif["with"] as? [String: Any])?["category"] as? String == "scenelog-sharded")
    }

    @Test("eight parts merge into the one-machine report, byte for byte; a regression night still keeps every report, then fails; so does a night with no logs")
    func nights() throws {
        try RequiredTool.jq.locate()
        let (yesterday, today) = try Self.nights()
        let workspace = try CommandRunner.temporaryFolder()
        let bin = try DistributedNight.binFolder()
        let reports = ["scenelog.json", "scenelog.html", "scenelog.sarif", "scenelog.md"]
        let fail = "Fail on regressions or on a night that read no logs"

        // A good first night: no baseline yet.
        let first = try Self.night(logs: yesterday, mergeWorkspace: workspace, bin: bin)
        #expect(first.scans.count == 8)
        for (shard, scan) in first.scans {
            #expect(scan.statuses["Scan one part of the night"] == 0, "shard \(shard)")
        }
        let parts = try FileManager.default.contentsOfDirectory(atPath: workspace.appendingPathComponent("parts").path).sorted()
        #expect(parts == (1...8).map { "part-\($0).json" })
        #expect(first.merge.statuses["Merge"] == 0, "\(first.merge.reportOutput)")
        #expect(first.merge.outputs["merge"] == ["status": "0", "read": "true"], "\(first.merge.reportOutput)")
        #expect(reports.allSatisfy { NightlyWorkflowTests.exists($0, in: workspace) })
        let merged = try Data(contentsOf: workspace.appendingPathComponent("scenelog.json"))
        #expect(merged == (try Self.oneMachineReport(logs: yesterday, mergeWorkspace: workspace)), "the first night's merged JSON")
        #expect(first.merge.reached[fail] == false)

        // A regression night: slower, with a new warning, compared with the first night's merged report.
        let second = try Self.night(logs: today, mergeWorkspace: workspace, bin: bin)
        #expect(second.merge.statuses["Merge"] == 0, "the merge step survives bash -e")
        #expect(second.merge.outputs["merge"] == ["status": "1", "read": "true"], "\(second.merge.reportOutput)")
        #expect((reports + ["code-scanning.sarif"]).allSatisfy { NightlyWorkflowTests.exists($0, in: workspace) })
        let regression = try Data(contentsOf: workspace.appendingPathComponent("scenelog.json"))
        #expect(regression == (try Self.oneMachineReport(logs: today, mergeWorkspace: workspace)), "the regression night's merged JSON")
        let json = String(decoding: regression, as: UTF8.self)
        #expect(json.contains("\"launchRegressions\" : [") && json.contains("\"kind\" : \"slower\""))
        let summary = try String(contentsOf: workspace.appendingPathComponent("runner/step-summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("## scenelog: ❌ regressions since the baseline"))
        #expect(second.merge.reportOutput.contains("::error title=launch regression::net.fernhill.fieldnotes"))
        for kept in ["Keep the report (tomorrow's baseline), the HTML and the SARIF", "Keep the history", "Upload SARIF to code scanning"] {
            #expect(second.merge.reached[kept] == true, "\(kept)")
        }
        #expect(try NightlyWorkflowTests.recordedRuns(in: workspace) == 2)
        #expect(second.merge.statuses[fail] == 1)

        // A night with no logs: eight empty parts merge into reports that say so; nothing is kept, recorded or uploaded.
        try? FileManager.default.removeItem(at: workspace.appendingPathComponent("code-scanning.sarif"))
        let emptyLogs = try CommandRunner.temporaryFolder().appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: emptyLogs, withIntermediateDirectories: true)
        let empty = try Self.night(logs: emptyLogs, mergeWorkspace: workspace, bin: bin)
        #expect(empty.scans.values.allSatisfy { $0.statuses["Scan one part of the night"] == 0 })
        #expect(empty.merge.statuses["Merge"] == 0)
        #expect(empty.merge.outputs["merge"] == ["status": "3", "read": "false"], "\(empty.merge.reportOutput)")
        #expect(!NightlyWorkflowTests.exists("code-scanning.sarif", in: workspace))
        let emptySummary = try String(contentsOf: workspace.appendingPathComponent("runner/step-summary.md"), encoding: .utf8)
        #expect(emptySummary.hasPrefix("## scenelog: ⚠️ no logs were read"))
        #expect(empty.merge.reached["Keep the report (tomorrow's baseline), the HTML and the SARIF"] == false)
        #expect(empty.merge.reached["Upload SARIF to code scanning"] == false)
        #expect(try NightlyWorkflowTests.recordedRuns(in: workspace) == 2)
        #expect(empty.merge.statuses[fail] == 1)
    }

    @Test("a missing part stops the merge: the night fails without a report")
    func missingPart() throws {
        let workflow = try Self.workflow()
        let workspace = try CommandRunner.temporaryFolder()
        let parts = workspace.appendingPathComponent("parts")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        let part = try CommandRunner.run(
            ["report", "--shard", "1/8", "--allow-empty", "--format", "json", "--fail-on", "never", "--output", parts.appendingPathComponent("part-1.json").path, "Samples/"])
        #expect(part.status == 0, "\(part.stderr)")
        let environment = ProcessInfo.processInfo.environment.merging(workflow.environment) { $1 }
        let night = try Self.job(workflow.merge.map { Self.step($0, shard: nil) }, in: workspace, bin: try DistributedNight.binFolder(), environment: environment)
        #expect(night.statuses["Merge"] == 1)
        #expect(night.reportOutput.contains("::error::expected 8 parts, found 1"))
        #expect(!NightlyWorkflowTests.exists("scenelog.json", in: workspace))
        #expect(night.reached["Fail on regressions or on a night that read no logs"] == true)
    }
}
