import Foundation
import Testing

/// scenelog's own reports kept beside the logs (a baseline, yesterday's JSON, NDJSON or SARIF) are
/// not read as logs: their quoted messages and rule texts would be found again.
@Suite struct OwnReportInputTests {
    @Test("a folder's scenelog reports are passed over with a note; the baseline beside the logs gives no new finding")
    func ownReportsAreNotLogs() throws {
        let folder = try CommandRunner.temporaryFolder()
        let night = folder.appendingPathComponent("night")
        try FileManager.default.createDirectory(at: night, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CommandRunner.packageRoot.appendingPathComponent("Samples/two-devices-idevicesyslog.log"),
            to: night.appendingPathComponent("device.log"))
        let alone = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", "night"], in: folder)
        let expected = try Self.findings(alone.stdout)
        for (format, name) in [("json", "baseline.json"), ("ndjson", "events.ndjson"), ("sarif", "report.sarif.json")] {
            let written = try CommandRunner.run(
                ["scan", "--format", format, "--fail-on", "never", "-o", "night/\(name)", "night/device.log"], in: folder)
            try #require(written.status == 0, "\(written.stderr)")
        }
        let again = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", "night"], in: folder)
        #expect(try Self.findings(again.stdout) == expected)
        let notes = try Self.notes(again.stdout)
        #expect(notes.filter { $0 == "a report scenelog wrote, not a log: not read" }.count == 3, "\(notes)")
        let report = try CommandRunner.run(["report", "--baseline", "night/baseline.json", "night"], in: folder)
        #expect(report.status == 0, "no finding is new: \(report.stdout.suffix(400))")
    }

    static func findings(_ json: String) throws -> Int {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(object["findings"] as? [Any]).count
    }

    static func notes(_ json: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(object["inputs"] as? [[String: Any]]).compactMap { $0["note"] as? String }
    }
}
