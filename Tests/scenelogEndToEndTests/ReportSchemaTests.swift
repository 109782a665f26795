import Foundation
import Testing
import TestSupport

/// `Schemas/scenelog-report.schema.json` against real output: every report and NDJSON event that
/// scenelog writes for Samples/ validates, and the schema is strict enough to reject a wrong one.
@Suite("report schema")
struct ReportSchemaTests {
    /// Validates each file of `documents` (JSON, or NDJSON with `ndjson`) against the schema;
    /// returns what python3's jsonschema printed and its exit status.
    static func validate(_ documents: [URL], ndjson: Bool = false) throws -> (output: String, status: Int32) {
        let python = try RequiredTool.python3.locate()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        let schema = CommandRunner.packageRoot.appendingPathComponent("Schemas/scenelog-report.schema.json").path
        process.arguments = ["-c", validator, schema, ndjson ? "ndjson" : "json"] + documents.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 { try RequiredTool.missing("python3 has no jsonschema (see .ci/install-dependencies tests)") }
        return (text, process.terminationStatus)
    }

    private static let validator = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            sys.exit(3)
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        if sys.argv[2] == "ndjson":
            schema = {"$ref": "#/$defs/ndjsonEvent", "$defs": schema["$defs"]}
        validator = jsonschema.Draft202012Validator(schema)
        failed = 0
        for path in sys.argv[3:]:
            with open(path, encoding="utf-8") as f:
                documents = [json.loads(line) for line in f if line.strip()] if sys.argv[2] == "ndjson" else [json.load(f)]
            for number, document in enumerate(documents, 1):
                for error in list(validator.iter_errors(document))[:5]:
                    failed += 1
                    print(f"{path}:{number}: /" + "/".join(str(p) for p in error.absolute_path) + ": " + error.message[:300])
        sys.exit(1 if failed else 0)
        """

    @Test("the JSON reports of scan, report with a baseline, and a part of a sharded run validate")
    func reportsValidate() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scan = folder.appendingPathComponent("scan.json")
        let compared = folder.appendingPathComponent("compared.json")
        let part = folder.appendingPathComponent("part.json")
        _ = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "json", "--output", scan.path, "Samples/"])
        _ = try CommandRunner.run(
            ["report", "--fail-on", "never", "--baseline", scan.path, "--format", "json", "--output", compared.path,
             "Samples/termination-jetsam-memory-limit.log", "Samples/slow-launch-hang-main-thread-io.txt"])
        _ = try CommandRunner.run(
            ["report", "--shard", "1/2", "--fail-on", "never", "--format", "json", "--output", part.path, "Samples/"])
        let compare = try JSONSerialization.jsonObject(with: Data(contentsOf: compared)) as? [String: Any]
        #expect(((compare?["baseline"] as? [String: Any])?["notSeenFindings"] as? [Any])?.isEmpty == false)
        let result = try Self.validate([scan, compared, part])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("every NDJSON event of a report validates as an ndjsonEvent")
    func eventsValidate() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = folder.appendingPathComponent("events.ndjson")
        _ = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "ndjson", "--output", events.path, "Samples/"])
        let result = try Self.validate([events], ndjson: true)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("the schema rejects a report with an unknown outcome, a missing key or an extra one")
    func schemaRejects() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scan = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "json", "Samples/crash-relaunch-two-launches.txt"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [String: Any])
        var launches = try #require(report["launches"] as? [[String: Any]])
        launches[0]["outcome"] = "fine"
        var wrongOutcome = report
        wrongOutcome["launches"] = launches
        var missing = report
        missing["summary"] = nil
        var extra = report
        extra["verdict"] = "pass"
        for (name, document) in [("outcome", wrongOutcome), ("missing", missing), ("extra", extra)] {
            let file = folder.appendingPathComponent("\(name).json")
            try JSONSerialization.data(withJSONObject: document).write(to: file)
            #expect(try Self.validate([file]).status == 1, "\(name) was accepted")
        }
    }
}
