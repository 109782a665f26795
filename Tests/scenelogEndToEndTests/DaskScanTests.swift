import Foundation
import Testing
import TestSupport

/// `Samples/distributed/dask_scan.py` on a LocalCluster of two worker processes: one task per
/// shard, then `scenelog merge` of the parts, against one `scenelog report` of the same inputs.
@Suite("Dask scan", .serialized)
struct DaskScanTests {
    static let script = DistributedNight.distributed.appendingPathComponent("dask_scan.py").path

    static func python() throws -> String {
        try DistributedNight.python(with: ["dask.distributed"], install: "python3 -m pip install 'dask[distributed]'")
    }

    @Test("two workers scan Samples/ and a generated night; the merged JSON is the one-machine report, byte for byte")
    func mergedEqualsOneMachine() throws {
        let python = try Self.python()
        let out = try CommandRunner.temporaryFolder()
        let night = try NightCorpus.make(in: out, files: 40)
        let inputs = ["Samples/", night.path]
        let one = try CommandRunner.run(
            ["report", "--format", "json", "--fail-on", "never", "--output", out.appendingPathComponent("one.json").path] + inputs)
        #expect(one.status == 0, "\(one.stderr)")

        let started = Date()
        let parts = out.appendingPathComponent("parts")
        let dask = try CommandRunner.run(executable: 
            python,
            [Self.script, "--workers", "2", "--shards", "4", "--scenelog", CommandRunner.binary.path, "--parts", parts.path,
             "--fail-on", "never", "--output", "json=" + out.appendingPathComponent("merged.json").path,
             "--output", "markdown=" + out.appendingPathComponent("merged.md").path] + inputs)
        #expect(dask.status == 0, "\(dask.stderr)")
        #expect(Date().timeIntervalSince(started) < 120, "the run should take seconds")
        let merged = try Data(contentsOf: out.appendingPathComponent("merged.json"))
        let whole = try Data(contentsOf: out.appendingPathComponent("one.json"))
        #expect(merged == whole, "the merged report differs from one scenelog report of the same inputs")
        let parsed = try #require(try JSONSerialization.jsonObject(with: merged) as? [String: Any])
        let paths = (parsed["inputs"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.contains { $0.contains(".tar.gz!/") }, "archive members are read")
        #expect(paths.count > 80)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parts.path).sorted()
            == ["part-1.json", "part-2.json", "part-3.json", "part-4.json"])

        // With a baseline and a history, as README's example: the one-machine report compared with the same baseline.
        let history = out.appendingPathComponent("history.sqlite").path
        let compared = try CommandRunner.run(executable: 
            python,
            [Self.script, "--scenelog", CommandRunner.binary.path, "--baseline", out.appendingPathComponent("one.json").path,
             "--record", "--history", history, "--fail-on", "never",
             "--output", "json=" + out.appendingPathComponent("merged-baseline.json").path] + inputs)
        #expect(compared.status == 0, "\(compared.stderr)")
        let oneCompared = try CommandRunner.run(
            ["report", "--baseline", out.appendingPathComponent("one.json").path, "--fail-on", "never", "--format", "json"] + inputs)
        #expect(try Data(contentsOf: out.appendingPathComponent("merged-baseline.json")) == Data(oneCompared.stdout.utf8))
        let recorded = try CommandRunner.run(["history", "--history", history])
        #expect(recorded.historyRuns.count == 1, "\(recorded.stdout)")

        // The same merge with the default --fail-on (error): the samples' errors make it exit 1.
        let failing = try CommandRunner.run(executable: 
            python, [Self.script, "--scenelog", CommandRunner.binary.path, "--format", "markdown"] + inputs)
        #expect(failing.status == 1, "\(failing.stderr)")
        #expect(failing.stdout.hasPrefix("## scenelog"))
    }

    @Test("a shard that fails is named with scenelog's message, and nothing is merged")
    func failingShard() throws {
        let python = try Self.python()
        let result = try CommandRunner.run(executable: 
            python, [Self.script, "--scenelog", CommandRunner.binary.path, "--rules", "no-such-rules.yml", "--format", "json", "Samples/"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("shard 1/2 on "))
        #expect(result.stderr.contains("failed (scenelog exited with 2)"))
        #expect(result.stderr.contains("no-such-rules.yml"))
        #expect(result.stderr.contains("2 of 2 shards failed; nothing was merged"))

        let missing = try CommandRunner.run(executable: python, [Self.script, "--scenelog", "/nonexistent/scenelog", "Samples/"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--scenelog '/nonexistent/scenelog' is not an executable file"))
    }

    @Test("--scheduler runs the shards on a cluster that is already up; an unreadable input is merge's exit code 3")
    func existingScheduler() throws {
        let python = try Self.python()
        let folder = try CommandRunner.temporaryFolder()
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        for name in ["scene-adopted-clean-launch.txt", "go-ios-syslog-json.log", "two-devices-idevicesyslog.log"] {
            try FileManager.default.copyItem(
                at: CommandRunner.packageRoot.appendingPathComponent("Samples/\(name)"), to: logs.appendingPathComponent(name))
        }
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: logs.appendingPathComponent("binary.log"))
        let one = try CommandRunner.run(["report", "--format", "json", "--fail-on", "never", "--output", "one.json", "logs/"], in: folder)
        #expect(one.status == 3, "\(one.stderr)")
        // A cluster of its own (as dask-kubernetes or dask-jobqueue would give), then the driver's main() pointed at it.
        let program = """
            import sys
            sys.path.insert(0, sys.argv[1])
            import dask_scan
            from dask.distributed import LocalCluster
            if __name__ == "__main__":
                with LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster:
                    sys.exit(dask_scan.main(["--scheduler", cluster.scheduler_address, "--scenelog", sys.argv[2],
                                             "--fail-on", "never", "--output", "json=merged.json", "logs/"]))
            """
        let result = try CommandRunner.run(executable: 
            python, ["-c", program, DistributedNight.distributed.path, CommandRunner.binary.path], in: folder)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("could not read every input"))
        #expect(result.stderr.contains("'logs/binary.log' is not a text log"))
        let merged = try Data(contentsOf: folder.appendingPathComponent("merged.json"))
        #expect(merged == (try Data(contentsOf: folder.appendingPathComponent("one.json"))))
    }

    @Test("--help describes the options")
    func help() throws {
        let python = try RequiredTool.python3.locate()
        let result = try CommandRunner.run(executable: python, [Self.script, "--help"])
        #expect(result.status == 0)
        for option in ["--scheduler ADDRESS", "--workers N", "--shards N", "--scenelog PATH", "--baseline FILE", "--output [FORMAT=]FILE"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
    }
}
