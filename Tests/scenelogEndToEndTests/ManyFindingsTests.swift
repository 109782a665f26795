import Foundation
import Testing

/// A run with more findings than a run keeps in memory: they are spilled to a temporary file,
/// which is gone when the run ends, and every format still has every finding (or says what it cut).
@Suite("many findings")
struct ManyFindingsTests {
    /// The line of Samples/idevicesyslog-1.2-device-name-uikit-not-adopted.log, `count` times,
    /// each with another pid.
    private static func log(count: Int) throws -> String {
        let sample = try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent("Samples/idevicesyslog-1.2-device-name-uikit-not-adopted.log"),
            encoding: .utf8)
        let line = try #require(sample.split(separator: "\n").first { $0.contains("CLIENT OF UIKIT REQUIRES UPDATE") })
        return (0..<count).map { line.replacingOccurrences(of: "[1873]", with: "[\(10_000 + $0 % 200)]") + "\n" }.joined()
    }

    @Test("20,000 findings: every one in JSON, NDJSON and SARIF; the spool file is unlinked; TMPDIR that is no folder is not used")
    func spilledFindingsComeBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("many-\(UUID().uuidString)")
        let spool = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("night.log")
        try Self.log(count: 20_000).write(to: input, atomically: true, encoding: .utf8)

        let json = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", input.path], environment: ["TMPDIR": spool.path])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(findings.count == 20_000)
        #expect(findings.map { $0["line"] as? Int } == (1...20_000).map { $0 })
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty, "nothing is left behind")

        let ndjson = try CommandRunner.run(["scan", "--format", "ndjson", "--fail-on", "never", input.path], environment: ["TMPDIR": "relative/not-a-folder"])
        #expect(ndjson.status == 0)
        #expect(ndjson.stdout.split(separator: "\n").count { $0.hasPrefix("{\"type\":\"finding\"") } == 20_000)

        let sarif = try CommandRunner.run(["scan", "--format", "sarif", "--fail-on", "never", input.path])
        let log = try #require(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first)?["results"] as? [Any])
        #expect(results.count == 20_000)
    }

    @Test("text, HTML and JUnit list what they can and say how many more there are")
    func cappedFormatsSayWhatTheyLeftOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("many-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("night.log")
        try Self.log(count: 3_000).write(to: input, atomically: true, encoding: .utf8)

        let html = try CommandRunner.run(["scan", "--format", "html", "--fail-on", "never", input.path])
        #expect(html.stdout.contains("1,000 more findings not shown here; the JSON report lists every finding."))
        let junit = try CommandRunner.run(["scan", "--format", "junit", "--fail-on", "never", input.path])
        #expect(junit.stdout.contains("2900 more findings of this rule in this input"))
        let text = try CommandRunner.run(["scan", "--format", "text", "--fail-on", "never", input.path])
        #expect(text.stdout.contains("3000×"), "repeats are one group with their count")
    }

    @Test("a night of 600 launches of two apps: HTML draws the 3 worst of each, the killed one among them, and says how many it leaves out")
    func htmlDrawsTheWorstLaunches() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("launches-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clean = try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent("Samples/idevicesyslog-1.3-flutter-scene-adopted.log"), encoding: .utf8)
        let killed = try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent("Samples/idevicesyslog-1.4-microseconds-watchdog.log"), encoding: .utf8)
        let input = folder.appendingPathComponent("night.log")
        try (String(repeating: clean, count: 599) + killed).write(to: input, atomically: true, encoding: .utf8)
        let html = try CommandRunner.run(["scan", "--format", "html", "--fail-on", "never", input.path])
        #expect(html.stdout.contains("4 launches drawn: the 3 worst of each app"))
        #expect(html.stdout.contains("<strong>596 launches are not drawn</strong>"))
        #expect(html.stdout.matches(of: /class="launch-row[ "]/).count == 4, "no wall of like rows")
        #expect(html.stdout.contains(">L600<"), "the one killed launch, the last of the night, is drawn")
        #expect(html.stdout.contains(">L3<") && !html.stdout.contains(">L4<"), "of 599 like launches, the first 3 are drawn")
    }
}
