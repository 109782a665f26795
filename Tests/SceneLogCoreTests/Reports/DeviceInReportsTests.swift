import Foundation
import Testing

@testable import SceneLogCore

/// Each launch and finding names its device: always in JSON, SARIF and JUnit; in text, Markdown
/// and HTML when the report holds more than one device.
@Suite("device in reports")
struct DeviceInReportsTests {
    /// The report of Samples/two-devices-idevicesyslog.log (Anas-iPhone and QA-iPad).
    static func twoDeviceReport() throws -> ScanReport {
        let options = try testScanOptions()
        let result = Scanner(options: options).scan(
            bytes: Array(try sample("two-devices-idevicesyslog.log").utf8), name: "Samples/two-devices-idevicesyslog.log")
        return ScanReport(result, ruleSet: options.ruleSet)
    }

    @Test("a finding carries the device of its line")
    func findingDevice() throws {
        let report = try Self.twoDeviceReport()
        let kill = try #require(report.findings.first { $0.rule == "launch-watchdog-termination" })
        #expect(kill.device == "QA-iPad")
        #expect(report.launches.map(\.device) == ["Anas-iPhone", "QA-iPad"])
    }

    @Test("two devices: text, Markdown and HTML name the device of each launch and finding")
    func twoDevicesShown() throws {
        let report = try Self.twoDeviceReport()
        #expect(report.digest.showsDevices)
        let text = ReportFormat.text.render(report)
        #expect(text.contains("Shiftboard on QA-iPad"))
        #expect(text.contains("L1  io.kestrel.shiftboard (pid 812) on Anas-iPhone  active"))
        #expect(text.contains("L2  io.kestrel.shiftboard (pid 812) on QA-iPad  killed"))
        let markdown = ReportFormat.markdown.render(report)
        #expect(markdown.contains("| io.kestrel.shiftboard on QA-iPad |"))
        #expect(markdown.contains("| Shiftboard on QA-iPad |"))
        let html = ReportFormat.html.render(report)
        #expect(html.contains("<span class=\"muted\">on QA-iPad</span>"))
        #expect(html.contains(" · pid 812 · Anas-iPhone"))
    }

    @Test("JSON, SARIF and JUnit name a known device always")
    func machineFormats() throws {
        let report = try Self.twoDeviceReport()
        let json = try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(report).utf8)) as? [String: Any]
        let findings = try #require(json?["findings"] as? [[String: Any]])
        #expect(findings.first?["device"] as? String == "QA-iPad")
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(ReportFormat.json.render(report).utf8))
        #expect(document.findings.first?.finding.device == "QA-iPad", "the report reader keeps the field")
        #expect(ReportFormat.sarif.render(report).contains("\"device\" : \"QA-iPad\""))
        #expect(ReportFormat.junit.render(report).contains("device QA-iPad"))
    }

    @Test("one device: text and Markdown stay as they were")
    func oneDeviceUncluttered() throws {
        let options = try testScanOptions()
        let result = Scanner(options: options).scan(
            bytes: Array(try sample("idevicesyslog-1.2-device-name-uikit-not-adopted.log").utf8), name: "one.log")
        let report = ScanReport(result, ruleSet: options.ruleSet)
        #expect(report.launches.first?.device == "iPhone")
        #expect(!report.digest.showsDevices)
        #expect(!ReportFormat.text.render(report).contains(" on iPhone"))
        #expect(!ReportFormat.markdown.render(report).contains(" on iPhone"))
        #expect(ReportFormat.sarif.render(report).contains("\"device\" : \"iPhone\""))
    }

    @Test("a list never folds repeats from two devices into one")
    func groupsKeepDevicesApart() {
        func finding(_ device: String, line: Int) -> Finding {
            Finding(
                rule: "main-thread-hang", severity: .warning, message: "Hang detected: 1.2s", location: SourceLocation(path: "a.log", line: line, byteOffset: 0),
                process: "App", device: device, excerpt: "")
        }
        let groups = FindingGroups([finding("A", line: 1), finding("B", line: 2), finding("A", line: 3)]).groups
        #expect(groups.map(\.count) == [2, 1])
        #expect(groups.map(\.first.device) == ["A", "B"])
    }

    @Test("live lines name the device once the stream has shown two")
    func liveDevices() throws {
        let report = try Self.twoDeviceReport()
        let renderer = LiveTextRenderer()
        let kill = try #require(report.findings.first)
        #expect(!renderer.finding(kill, rule: nil, explain: false).contains("QA-iPad"))
        #expect(renderer.finding(kill, rule: nil, explain: false, showsDevice: true).hasPrefix(
            "error   launch-watchdog-termination  Shiftboard[812] on QA-iPad"))
        #expect(renderer.outcome(Array(report.launches)[1], showsDevice: true).hasPrefix("L2  io.kestrel.shiftboard on QA-iPad  outcome: killed"))
        #expect(renderer.devicesNote(first: "Anas-iPhone", second: "QA-iPad").contains("QA-iPad joins Anas-iPhone in this stream"))
    }
}
