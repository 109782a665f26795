import Foundation
import Testing
import TestSupport
import Yams

/// `Samples/distributed/kubernetes/`: the Indexed Job that scans one part per pod and the Job
/// that merges the parts, checked offline. Their shape is read with Yams (and the files read by
/// kubectl, when it is on `PATH`: CI machines may not have it); their containers' shell commands run here, with the scenelog under test
/// on `PATH`, the pods' folders replaced by temporary ones, and `JOB_COMPLETION_INDEX` set as the
/// Job controller sets it, 0 to completions - 1.
@Suite("Kubernetes jobs", .serialized)
struct KubernetesJobTests {
    static let folder = DistributedNight.distributed.appendingPathComponent("kubernetes")
    static let scanFile = folder.appendingPathComponent("scenelog-indexed-job.yaml")
    static let mergeFile = folder.appendingPathComponent("scenelog-merge-job.yaml")

    static func documents(_ url: URL) throws -> [[String: Any]] {
        try Yams.load_all(yaml: String(contentsOf: url, encoding: .utf8)).map { try #require($0 as? [String: Any]) }
    }

    static func job(in documents: [[String: Any]]) throws -> [String: Any] {
        try #require(documents.first { $0["kind"] as? String == "Job" })
    }

    /// The Job's only container.
    static func container(of job: [String: Any]) throws -> [String: Any] {
        let template = try #require((job["spec"] as? [String: Any])?["template"] as? [String: Any])
        let containers = try #require((template["spec"] as? [String: Any])?["containers"] as? [[String: Any]])
        #expect(containers.count == 1)
        return try #require(containers.first)
    }

    static func environment(of container: [String: Any]) throws -> [String: String] {
        var result: [String: String] = [:]
        for variable in try #require(container["env"] as? [[String: Any]]) {
            result[try #require(variable["name"] as? String)] = try #require(variable["value"] as? String)
        }
        return result
    }

    /// The `sh -c` script of a container.
    static func script(of container: [String: Any]) throws -> String {
        let command = try #require(container["command"] as? [String])
        #expect(command.count == 3 && command[0] == "/bin/sh" && command[1] == "-c")
        return try #require(command.last)
    }

    /// Runs a container's script here with `environment` over the one the manifest sets.
    static func runScript(_ script: String, environment: [String: String], bin: URL) throws -> CommandResult {
        try CommandRunner.run(executable: 
            "/bin/sh", ["-c", script], environment: environment.merging(["PATH": DistributedNight.path(with: bin)]) { $1 })
    }

    @Test("the manifests: an Indexed Job of SHARDS completions, its parts on the claim the merge Job reads, mounts where the scripts look")
    func shape() throws {
        let scanDocuments = try Self.documents(Self.scanFile)
        let mergeDocuments = try Self.documents(Self.mergeFile)
        let claim = try #require(scanDocuments.first { $0["kind"] as? String == "PersistentVolumeClaim" })
        let claimName = (claim["metadata"] as? [String: Any])?["name"] as? String
        #expect(claim["apiVersion"] as? String == "v1")

        let scan = try Self.job(in: scanDocuments)
        #expect(scan["apiVersion"] as? String == "batch/v1")
        let spec = try #require(scan["spec"] as? [String: Any])
        #expect(spec["completionMode"] as? String == "Indexed")
        let completions = try #require(spec["completions"] as? Int)
        let parallelism = try #require(spec["parallelism"] as? Int)
        #expect(parallelism >= 1 && parallelism <= completions)
        let scanContainer = try Self.container(of: scan)
        let scanEnvironment = try Self.environment(of: scanContainer)
        #expect(scanEnvironment["SHARDS"] == String(completions))
        let scanScript = try Self.script(of: scanContainer)
        #expect(scanScript.contains("shard=$((JOB_COMPLETION_INDEX + 1))"))
        #expect(scanScript.contains(#"--shard "$shard/$SHARDS""#))

        let merge = try Self.job(in: mergeDocuments)
        #expect(merge["apiVersion"] as? String == "batch/v1")
        let mergeContainer = try Self.container(of: merge)
        let mergeEnvironment = try Self.environment(of: mergeContainer)
        #expect(mergeEnvironment["SHARDS"] == String(completions))
        #expect(try Self.script(of: mergeContainer).contains("scenelog merge"))

        // Each folder a script uses is a mount, and the parts are the same subPath of the same claim in both Jobs.
        func mounts(_ job: [String: Any], _ container: [String: Any]) throws -> [String: (claim: String?, subPath: String?, readOnly: Bool)] {
            let template = try #require((job["spec"] as? [String: Any])?["template"] as? [String: Any])
            let volumes = try #require((template["spec"] as? [String: Any])?["volumes"] as? [[String: Any]])
            var claims: [String: String] = [:]
            for volume in volumes {
                claims[try #require(volume["name"] as? String)] =
                    (volume["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String
            }
            var result: [String: (claim: String?, subPath: String?, readOnly: Bool)] = [:]
            for mount in try #require(container["volumeMounts"] as? [[String: Any]]) {
                let path = try #require(mount["mountPath"] as? String)
                result[path] = (claims[try #require(mount["name"] as? String)], mount["subPath"] as? String, mount["readOnly"] as? Bool ?? false)
            }
            return result
        }
        let scanMounts = try mounts(scan, scanContainer)
        let mergeMounts = try mounts(merge, mergeContainer)
        let logs = try #require(scanEnvironment["LOGS_DIR"])
        #expect(scanMounts[logs.hasSuffix("/") ? String(logs.dropLast()) : logs]?.readOnly == true)
        let scanPartsDir = try #require(scanEnvironment["PARTS_DIR"])
        let mergePartsDir = try #require(mergeEnvironment["PARTS_DIR"])
        let reportsDir = try #require(mergeEnvironment["REPORTS_DIR"])
        let scanParts = try #require(scanMounts[scanPartsDir])
        let mergeParts = try #require(mergeMounts[mergePartsDir])
        #expect(scanParts.claim == claimName && mergeParts.claim == claimName)
        #expect(scanParts.subPath == mergeParts.subPath && scanParts.subPath != nil)
        #expect(mergeMounts[reportsDir]?.claim == claimName)

        // Both scripts are valid sh.
        for script in [scanScript, try Self.script(of: mergeContainer)] {
            let check = try CommandRunner.run(executable: "/bin/sh", ["-n", "-c", script])
            #expect(check.status == 0, "\(check.stderr)")
        }

        // kubectl, where it is installed, reads every object. `--local` needs no cluster:
        // `apply --dry-run=client` still asks a server for its API groups.
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        if let kubectl = folders.map({ "\($0)/kubectl" }).first(where: FileManager.default.isExecutableFile(atPath:)) {
            for (file, objects) in [
                (Self.scanFile, ["persistentvolumeclaim/scenelog-work", "job.batch/scenelog-scan"]), (Self.mergeFile, ["job.batch/scenelog-merge"]),
            ] {
                let result = try CommandRunner.run(executable: kubectl, ["label", "--local", "-f", file.path, "checked=yes", "-o", "name"])
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.split(separator: "\n").map(String.init) == objects)
            }
        }
    }

    @Test("each index scans part index + 1 of SHARDS; the merge Job joins them into the one-machine report, then leaves no part behind")
    func indexesAndMerge() throws {
        let scan = try Self.job(in: try Self.documents(Self.scanFile))
        let completions = try #require((scan["spec"] as? [String: Any])?["completions"] as? Int)
        let scanContainer = try Self.container(of: scan)
        let merge = try Self.job(in: try Self.documents(Self.mergeFile))
        let mergeContainer = try Self.container(of: merge)
        let bin = try DistributedNight.binFolder()
        let work = try CommandRunner.temporaryFolder()
        let parts = work.appendingPathComponent("parts")
        let reports = work.appendingPathComponent("reports")
        for folder in [parts, reports] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }

        var scanEnvironment = try Self.environment(of: scanContainer)
        scanEnvironment["LOGS_DIR"] = "Samples/"
        scanEnvironment["PARTS_DIR"] = parts.path
        for index in 0..<completions {
            scanEnvironment["JOB_COMPLETION_INDEX"] = String(index)
            let pod = try Self.runScript(try Self.script(of: scanContainer), environment: scanEnvironment, bin: bin)
            #expect(pod.status == 0, "index \(index): \(pod.stderr)")
            let part = try Data(contentsOf: parts.appendingPathComponent("part-\(index + 1).json"))
            let json = try #require(try JSONSerialization.jsonObject(with: part) as? [String: Any])
            #expect((json["part"] as? [String: Any])?["shard"] as? String == "\(index + 1)/\(completions)")
        }

        var mergeEnvironment = try Self.environment(of: mergeContainer)
        mergeEnvironment["PARTS_DIR"] = parts.path
        mergeEnvironment["REPORTS_DIR"] = reports.path
        let first = try Self.runScript(try Self.script(of: mergeContainer), environment: mergeEnvironment, bin: bin)
        #expect(first.status == 1, "the samples hold error-level findings: \(first.stderr)")
        let one = try CommandRunner.run(["report", "--format", "json", "Samples/"])
        #expect(one.status == 1)
        let merged = try String(contentsOf: reports.appendingPathComponent("scenelog.json"), encoding: .utf8)
        #expect(merged == one.stdout, "the merged report differs from one scenelog report of Samples/")
        for name in ["scenelog.md", "scenelog.html", "scenelog.sarif", "baseline.json", "history.sqlite"] {
            #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent(name).path), "\(name)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parts.path).isEmpty, "the merged parts are removed")

        // Merging again without a new scan finds no part: nothing is taken for another night's.
        let again = try Self.runScript(try Self.script(of: mergeContainer), environment: mergeEnvironment, bin: bin)
        #expect(again.status == 2)
        #expect(again.stderr.contains("expected \(completions) parts in \(parts.path), found 0"))
    }
}
