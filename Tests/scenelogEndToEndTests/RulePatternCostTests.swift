import Foundation
import Testing

/// What rule patterns cost on long or hostile messages: built-in patterns do not depend on a
/// message's length; a user pattern that runs away or is slow is reported, once.
@Suite("rule pattern cost", .serialized)
struct RulePatternCostTests {
    /// Writes `files` (name → text) to a fresh folder and scans them as JSON with `arguments`.
    static func scan(_ files: [(String, String)], arguments: [String] = []) throws -> (result: CommandResult, findings: [[String: Any]]) {
        let folder = try CommandRunner.temporaryFolder()
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let result = try CommandRunner.run(
            ["scan", "--format", "json", "--fail-on", "never"] + arguments + files.map(\.0), in: folder)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (result, report["findings"] as? [[String: Any]] ?? [])
    }

    /// `rules.yml` with one rule.
    static func rulesFile(id: String, pattern: String) -> (String, String) {
        ("rules.yml", "rules:\n  - id: \(id)\n    severity: warning\n    pattern: '\(pattern)'\n    message: m\n")
    }

    @Test("an uncaught exception whose reason is 1 MB long is still found, with a short excerpt and message")
    func megabyteReason() throws {
        let sample = try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent("Samples/black-screen-storyboard-not-found.txt"),
            encoding: .utf8)
        let marker = "reason: 'Could not find a storyboard named"
        #expect(sample.contains(marker))
        let padded = sample.replacingOccurrences(
            of: marker, with: "reason: '" + String(repeating: "reason ", count: 1_000_000 / 7) + "Could not find a storyboard named")
        // The exception's own rule alone: with every rule, scene-storyboard-not-found names this
        // reason and the exception is folded into its finding.
        let (result, findings) = try Self.scan([("capture.txt", padded)], arguments: ["--rule", "uncaught-exception"])
        #expect(result.status == 0)
        #expect(!result.stderr.contains("stopped matching"), "\(result.stderr.prefix(500))")
        let finding = try #require(findings.first { $0["rule"] as? String == "uncaught-exception" })
        #expect((finding["message"] as? String)?.contains("NSInvalidArgumentException") == true)
        #expect(((finding["excerpt"] as? String) ?? "").count <= 301)
        #expect(((finding["message"] as? String) ?? "").utf8.count <= 2_048)
        #expect(result.stdout.utf8.count < 200_000, "the report does not carry the megabyte")
    }

    @Test("a user pattern that hits PCRE2's match limit is reported once, with the records it gave up on")
    func matchLimitCountsRecords() throws {
        let stuck = "error\t10:00:00.000000+0000\tMyApp\tstuck " + String(repeating: "a", count: 40) + "!\n"
        let log = stuck + "error\t10:00:00.000001+0000\tMyApp\tfine\n" + stuck + stuck
        let (result, _) = try Self.scan(
            [Self.rulesFile(id: "runaway", pattern: "stuck (a|aa)*$"), ("stuck.log", log)], arguments: ["--rules", "rules.yml"])
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("stopped matching") }
        #expect(warnings == ["scenelog: warning: stuck.log: rule 'runaway' stopped matching on 3 record(s): match limit exceeded; those records were not checked by it"])
    }

    @Test("a user pattern slower than 1 ms per line is named in one warning per run")
    func slowUserPattern() throws {
        // Quadratic in each run of letters (every split of it is tried), under the match limit.
        let line = "error\t10:00:00.000000+0000\tMyApp\t" + String(repeating: "a", count: 12_000) + "-!\n"
        let log = String(repeating: line, count: 5)
        let (result, _) = try Self.scan(
            [Self.rulesFile(id: "slow-split", pattern: #"^\w*\w*!"#), ("one.log", log), ("two.log", log)],
            arguments: ["--rules", "rules.yml", "--jobs", "2"])
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("per line on average") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.contains("rule 'slow-split' took ") == true)
        #expect(!result.stderr.contains("stopped matching"))
    }
}
