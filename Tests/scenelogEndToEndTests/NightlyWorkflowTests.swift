import Foundation
import Testing
import TestSupport
import Yams

/// `Samples/nightly/scenelog-nightly.yml` night after night: its `run:` steps, read from the YAML,
/// run under `bash -eo pipefail` as GitHub runs them (with the `if:` conditions the workflow
/// uses), with the scenelog under test on `PATH`: a good night, a regression night, a night with
/// no logs. The `uses:` steps (artifacts, cache, code scanning) are only checked to be reached.
@Suite("nightly workflow", .serialized)
struct NightlyWorkflowTests {
    struct Step {
        var name: String
        var id: String?
        var run: String?
        var condition: String?
        var environment: [String: String]
    }

    /// What one night did: the exit status of each `run:` step run, the `if:` verdict of every
    /// step, the outputs of each step by id, and what the Report step printed.
    struct Night {
        var statuses: [String: Int32] = [:]
        var reached: [String: Bool] = [:]
        var outputs: [String: [String: String]] = [:]
        var reportOutput = ""
    }

    static func steps() throws -> [Step] {
        let url = CommandRunner.packageRoot.appendingPathComponent("Samples/nightly/scenelog-nightly.yml")
        let yaml = try #require(try Yams.load(yaml: String(contentsOf: url, encoding: .utf8)) as? [String: Any])
        let job = try #require((yaml["jobs"] as? [String: Any])?["launch-report"] as? [String: Any])
        let steps = try #require(job["steps"] as? [[String: Any]])
        return steps.map { step in
            Step(
                name: step["name"] as? String ?? "", id: step["id"] as? String, run: step["run"] as? String,
                condition: step["if"] as? String, environment: (step["env"] as? [String: Any] ?? [:]).mapValues { "\($0)" })
        }
    }

    /// `${{ steps.ID.outputs.NAME }}` replaced by that output.
    static func substitute(_ text: String, outputs: [String: [String: String]]) throws -> String {
        let expression = try NSRegularExpression(pattern: #"\$\{\{\s*steps\.([\w-]+)\.outputs\.(\w+)\s*\}\}"#)
        var result = text
        for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
            let id = String(text[Range(match.range(at: 1), in: text)!])
            let name = String(text[Range(match.range(at: 2), in: text)!])
            result.replaceSubrange(Range(match.range, in: result)!, with: outputs[id]?[name] ?? "")
        }
        return result
    }

    /// Whether a step runs: with no `if:`, when no step failed before; else the `&&` of its terms,
    /// of which this workflow uses `always()` and `steps.ID.outputs.NAME == 'x'` (or `!=`).
    static func runs(_ step: Step, afterFailure failed: Bool, outputs: [String: [String: String]]) throws -> Bool {
        guard let condition = step.condition else { return !failed }
        var always = false
        for term in condition.components(separatedBy: "&&").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if term == "always()" {
                always = true
                continue
            }
            let equal = term.contains("==")
            let sides = term.components(separatedBy: equal ? "==" : "!=").map { $0.trimmingCharacters(in: .whitespaces) }
            guard sides.count == 2, sides[1].hasPrefix("'") else {
                Issue.record("an if: term this test cannot read: \(term)")
                return false
            }
            let value = try substitute("${{ \(sides[0]) }}", outputs: outputs)
            if (value == sides[1].trimmingCharacters(in: CharacterSet(charactersIn: "'"))) != equal { return false }
        }
        return always || !failed
    }

    /// Runs the night's steps in `workspace` (its logs under `device-logs/`).
    static func night(in workspace: URL, bin: URL) throws -> Night {
        try job(try steps(), in: workspace, bin: bin, printing: "report")
    }

    /// Runs a job's `run:` steps in `workspace` as GitHub runs them: under `bash -eo pipefail`,
    /// with `bin` in front of `PATH`, `GITHUB_OUTPUT` (read back as the step's outputs),
    /// `GITHUB_STEP_SUMMARY` (`runner/step-summary.md`), `GITHUB_PATH` and `RUNNER_TEMP`, each
    /// step's `env:` (its `${{ … }}` substituted) over `environment`, and the `if:` conditions.
    /// What the step with id `printing` printed becomes the night's ``Night/reportOutput``
    /// (standard error after standard output with `keepingErrors`).
    static func job(
        _ steps: [Step], in workspace: URL, bin: URL, environment base: [String: String] = [:], printing printingStep: String,
        keepingErrors: Bool = false
    ) throws -> Night {
        var night = Night()
        var failed = false
        let files = workspace.appendingPathComponent("runner")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        for step in steps {
            let reached = try runs(step, afterFailure: failed, outputs: night.outputs)
            night.reached[step.name] = reached
            guard reached, let script = step.run, step.name != "Install scenelog" else { continue }
            let output = files.appendingPathComponent("output-\(UUID().uuidString)")
            let scriptFile = files.appendingPathComponent("step.sh")
            try Data().write(to: output)
            try script.write(to: scriptFile, atomically: true, encoding: .utf8)
            var environment = base
            environment["PATH"] = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            environment["GITHUB_OUTPUT"] = output.path
            environment["GITHUB_STEP_SUMMARY"] = files.appendingPathComponent("step-summary.md").path
            environment["GITHUB_PATH"] = files.appendingPathComponent("path").path
            environment["RUNNER_TEMP"] = files.path
            for (key, value) in step.environment { environment[key] = try substitute(value, outputs: night.outputs) }
            let result = try CommandRunner.run(
                executable: "/bin/bash", ["--noprofile", "--norc", "-eo", "pipefail", scriptFile.path], in: workspace,
                environment: environment)
            night.statuses[step.name] = result.status
            if result.status != 0 { failed = true }
            if step.id == printingStep { night.reportOutput = result.stdout + (keepingErrors ? result.stderr : "") }
            if let id = step.id {
                for line in try String(contentsOf: output, encoding: .utf8).split(separator: "\n") {
                    let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                    if parts.count == 2 { night.outputs[id, default: [:]][parts[0]] = parts[1] }
                }
            }
        }
        return night
    }

    /// Yesterday's report kept as an artifact, and tonight's logs in `device-logs/` (the reports of
    /// the night before removed, as a fresh checkout has none).
    static func prepare(_ workspace: URL, logs: URL?) throws {
        let manager = FileManager.default
        let baseline = workspace.appendingPathComponent("baseline")
        try? manager.removeItem(at: baseline)
        if manager.fileExists(atPath: workspace.appendingPathComponent("scenelog.json").path) {
            try manager.createDirectory(at: baseline, withIntermediateDirectories: true)
            try manager.copyItem(at: workspace.appendingPathComponent("scenelog.json"), to: baseline.appendingPathComponent("scenelog.json"))
        }
        for name in ["scenelog.json", "scenelog.html", "scenelog.sarif", "scenelog.md", "code-scanning.sarif", "device-logs", "runner"] {
            try? manager.removeItem(at: workspace.appendingPathComponent(name))
        }
        let target = workspace.appendingPathComponent("device-logs")
        if let logs {
            try manager.copyItem(at: logs, to: target)
        } else {
            try manager.createDirectory(at: target, withIntermediateDirectories: true)
        }
    }

    static func exists(_ name: String, in workspace: URL) -> Bool {
        FileManager.default.fileExists(atPath: workspace.appendingPathComponent(name).path)
    }

    /// How many runs the history holds.
    static func recordedRuns(in workspace: URL) throws -> Int {
        let table = try CommandRunner.run(["history"], in: workspace)
        // The first table has a row per run under its heading.
        let summary = table.stdout.components(separatedBy: "\n\n")[0].split(separator: "\n")
        return summary.first?.hasPrefix("run (UTC, commit)") == true ? summary.count - 1 : 0
    }

    @Test("a regression night keeps every report, the baseline and the history, then fails; so does a night with no logs")
    func regressionAndEmptyNights() throws {
        try RequiredTool.jq.locate()
        let nights = try ReportCommandTests.nights()
        let workspace = try CommandRunner.temporaryFolder()
        let bin = try CommandRunner.temporaryFolder()
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("scenelog"), withDestinationURL: CommandRunner.binary)
        let reports = ["scenelog.json", "scenelog.html", "scenelog.sarif", "scenelog.md"]

        // A good first night: no baseline yet, nothing fails.
        try Self.prepare(workspace, logs: nights.appendingPathComponent("yesterday/logs"))
        let good = try Self.night(in: workspace, bin: bin)
        #expect(good.statuses["Report"] == 0)
        #expect(good.outputs["report"] == ["status": "0", "read": "true"])
        #expect(reports.allSatisfy { Self.exists($0, in: workspace) })
        #expect(good.reached["Fail on regressions or on a night that read no logs"] == false)

        // A regression night: slower, with a new warning.
        try Self.prepare(workspace, logs: nights.appendingPathComponent("today/logs"))
        let regression = try Self.night(in: workspace, bin: bin)
        #expect(regression.statuses["Report"] == 0, "the report step survives bash -e")
        #expect(regression.outputs["report"] == ["status": "1", "read": "true"])
        #expect((reports + ["code-scanning.sarif"]).allSatisfy { Self.exists($0, in: workspace) })
        let json = try String(contentsOf: workspace.appendingPathComponent("scenelog.json"), encoding: .utf8)
        #expect(json.contains("\"launchRegressions\" : [") && json.contains("\"kind\" : \"slower\""))
        let summary = try String(contentsOf: workspace.appendingPathComponent("runner/step-summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("## scenelog: ❌ regressions since the baseline"))
        #expect(regression.reportOutput.contains("::error title=launch regression::net.fernhill.fieldnotes"))
        let codeScanning = try String(contentsOf: workspace.appendingPathComponent("code-scanning.sarif"), encoding: .utf8)
        #expect(!codeScanning.contains("\"absent\""), "code scanning gets tonight's results only")
        for kept in ["Keep the report (tomorrow's baseline), the HTML and the SARIF", "Keep the history", "Upload SARIF to code scanning"] {
            #expect(regression.reached[kept] == true, "\(kept)")
        }
        #expect(try Self.recordedRuns(in: workspace) == 2)
        #expect(regression.statuses["Fail on regressions or on a night that read no logs"] == 1)

        // A night with no logs: its reports say so, nothing is recorded, no baseline or SARIF is kept.
        try Self.prepare(workspace, logs: nil)
        let empty = try Self.night(in: workspace, bin: bin)
        #expect(empty.statuses["Report"] == 0)
        #expect(empty.outputs["report"] == ["status": "3", "read": "false"])
        #expect(reports.allSatisfy { Self.exists($0, in: workspace) })
        #expect(!Self.exists("code-scanning.sarif", in: workspace))
        let emptySummary = try String(contentsOf: workspace.appendingPathComponent("runner/step-summary.md"), encoding: .utf8)
        #expect(emptySummary.hasPrefix("## scenelog: ⚠️ no logs were read"))
        #expect(empty.reached["Keep the report (tomorrow's baseline), the HTML and the SARIF"] == false)
        #expect(empty.reached["Upload SARIF to code scanning"] == false)
        #expect(empty.reached["Keep the history"] == true)
        #expect(try Self.recordedRuns(in: workspace) == 2)
        #expect(empty.statuses["Fail on regressions or on a night that read no logs"] == 1)
    }
}
