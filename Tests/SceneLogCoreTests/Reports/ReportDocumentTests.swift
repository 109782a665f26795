import Foundation
import Testing

@testable import SceneLogCore

/// ``ReportDocument`` reads back what the JSON renderer writes, and the baseline reads through it.
@Suite("report document")
struct ReportDocumentTests {
    @Test("a rendered report decodes to the model it was rendered from")
    func roundTrip() throws {
        let report = try sampleReportWithBaseline()
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(ReportFormat.json.render(report).utf8))
        #expect(document.schemaVersion == ScanReport.schemaVersion)
        #expect(document.tool == report.tool)

        #expect(document.inputs.count == report.inputs.count)
        for (entry, input) in zip(document.inputs, report.inputs) {
            #expect(entry.path == input.path && entry.format == input.formatName && entry.bytes == input.bytes)
            #expect(entry.lines == input.lines && entry.records == input.records && entry.continuationLines == input.continuationLines)
            #expect(entry.unparsedLines == input.unparsedLines && entry.truncatedLines == input.truncatedLines)
            #expect(entry.firstTimestamp == input.timeSpan?.first.iso8601 && entry.note == input.note)
        }

        #expect(document.findings.count == report.findings.count)
        for (entry, finding) in zip(document.findings, report.findings) {
            Self.expect(entry.finding, matches: finding)
        }

        #expect(document.launches.count == report.launches.count)
        for (entry, launch) in zip(document.launches, report.launches) {
            #expect(entry.id == launch.id && entry.bundle == launch.bundle && entry.process == launch.process)
            #expect(entry.pid == launch.pid && entry.device == launch.device && entry.path == launch.path)
            #expect(entry.outcome == launch.outcome && entry.timeToActiveMs == launch.timeToActiveMs && entry.findings == launch.findings)
            #expect(entry.termination?.kind == launch.termination?.kind && entry.termination?.detail == launch.termination?.detail)
            #expect(entry.watchdogBudget == launch.watchdogBudget && entry.events?.map(\.name) == launch.events.map(\.name))
            #expect(entry.phases.mapValues(\.line) == Dictionary(uniqueKeysWithValues: launch.phases.map { ($0.key.rawValue, $0.value.location.line) }))
        }

        let digest = ReportDigest(report)
        for severity in Severity.allCases { #expect(document.summary.findings[severity] == digest.count(of: severity)) }
        #expect(document.summary.findingsByRule == digest.tally.byRule)
        #expect(document.summary.launches == report.launches.count)

        let diff = try #require(report.baseline)
        let baseline = try #require(document.baseline)
        #expect(baseline.path == diff.baselinePath && baseline.unchangedFindings == diff.unchangedFindingCount)
        #expect(baseline.newFindings.map(\.finding.rule) == Array(diff.newFindings).map(\.rule))
        #expect(baseline.fixedFindings.map(\.finding.message) == diff.fixedFindings.map(\.message))
        #expect(baseline.launchRegressions.map(\.kind) == diff.launchRegressions.map(\.kind.name))
        #expect(baseline.launchRegressions.map(\.summary) == diff.launchRegressions.map(\.summary))
    }

    @Test("a baseline reads the findings and launches of a rendered report")
    func baselineReadsARenderedReport() throws {
        let report = try sampleReport()
        let baseline = try BaselineReport.parse(Data(ReportFormat.json.render(report).utf8), path: "b.json")
        #expect(baseline.findings.count == report.findings.count)
        for (read, finding) in zip(baseline.findings, report.findings) { Self.expect(read, matches: finding) }
        #expect(baseline.launches.map(\.id) == report.launches.map(\.id))
        #expect(baseline.launches.map(\.outcome) == report.launches.map(\.outcome))
        #expect(baseline.launches.map(\.timeToActiveMs) == report.launches.map(\.timeToActiveMs))
        let diff = BaselineDiff(baseline: baseline, inputs: report.inputs.map(\.path), findings: report.findings, launches: report.launches)
        #expect(diff.newFindingCount == 0 && diff.fixedFindings.isEmpty && diff.launchRegressions.isEmpty)
        // Saved again by an editor that puts a UTF-8 byte-order mark first (Notepad, PowerShell).
        let folder = try TemporaryFolder()
        let path = folder.path("baseline.json")
        try Data([0xEF, 0xBB, 0xBF] + Array(ReportFormat.json.render(report).utf8)).write(to: URL(fileURLWithPath: path))
        #expect(try BaselineReport.load(path: path).findings.count == report.findings.count)
    }

    @Test("a baseline that is not a schema-1 report says what is wrong", arguments: [
        ("not json", "is not JSON; give a report written by scenelog scan --format json"),
        ("[1, 2]", "is JSON but not a report (not an object); give a report written by scenelog scan --format json"),
        (#"{"findings": []}"#, "has no schemaVersion; give a report written by scenelog scan --format json"),
        (#"{"schemaVersion": "1"}"#, "has a schemaVersion that is not a whole number of 64 bits; give a report written by scenelog scan --format json"),
        (#"{"schemaVersion": 99999999999999999999999}"#, "has a schemaVersion that is not a whole number of 64 bits; give a report written by scenelog scan --format json"),
        (#"{"schemaVersion": 2}"#, "has schemaVersion 2; this scenelog reads 1"),
        // Nested past the parser's limit: said as such, not as "not JSON" (brackets in a string do not count).
        (#"{"a": "[[[", "b": "# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}",
         "nests arrays and objects more than 512 deep (at byte 529), deeper than JSON is read here; give a report written by scenelog scan --format json"),
        (#"{"a": "[[[", "b": "# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}",
         "has no schemaVersion; give a report written by scenelog scan --format json"),
    ])
    func badBaselines(text: String, message: String) {
        #expect(throws: BaselineError.self) { try BaselineReport.parse(Data(text.utf8), path: "bad.json") }
        do {
            _ = try BaselineReport.parse(Data(text.utf8), path: "bad.json")
        } catch {
            #expect(error.description == "baseline 'bad.json' \(message)")
        }
    }

    @Test("a member a report does not have, however large, is skipped: the baseline reads as without it")
    func extraMemberIsSkipped() throws {
        let text = ReportFormat.json.render(try sampleReport())
        let plain = try BaselineReport.parse(Data(text.utf8), path: "b.json")
        let junk = "[" + Array(repeating: "0", count: 200_000).joined(separator: ",") + "]"
        let padded = try BaselineReport.parse(Data(("{\"junk\":" + junk + "," + text.dropFirst()).utf8), path: "b.json")
        #expect(padded.findings.map(\.message) == plain.findings.map(\.message))
        #expect(padded.launches.map(\.id) == plain.launches.map(\.id) && !padded.launches.isEmpty)
    }

    @Test("findings and launches are read one by one: an element that is no object, or cut, is named by its index")
    func elementsReadOneByOne() throws {
        let text = ReportFormat.json.render(try sampleReport())
        let report = try BaselineReport.parse(Data(text.utf8), path: "b.json")
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(text.utf8))
        #expect(report.findings == document.findings.map(\.finding) && report.launches.map(\.id) == document.launches.map(\.id))
        #expect(!report.findings.isEmpty && !report.launches.isEmpty)
        let stringFirst = text.replacingOccurrences(of: #""findings" : ["#, with: #""findings" : ["odd","#)
        let error = try #require(throws: BaselineError.self) { try BaselineReport.parse(Data(stringFirst.utf8), path: "b.json") }
        #expect(error.description.hasPrefix("baseline 'b.json' is not a scenelog JSON report (findings[0]: "), "\(error)")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        object["launches"] = ["x": 1]
        let notAnArray = try JSONSerialization.data(withJSONObject: object)
        let refused = try #require(throws: BaselineError.self) { try BaselineReport.parse(notAnArray, path: "b.json") }
        #expect(refused.description.hasPrefix("baseline 'b.json' is not a scenelog JSON report (launches: "), "\(refused)")
        let empty = try BaselineReport.parse(Data(#"{"schemaVersion":1,"tool":{"name":"scenelog","version":"0.1.0"},"inputs":[],"findings":[ ],"launches":[],"summary":{"findings":{"error":0,"warning":0,"note":0},"findingsByRule":{},"launches":0}}"#.utf8), path: "e.json")
        #expect(empty.findings.isEmpty && empty.launches.isEmpty)
    }

    @Test("a schema-1 object that is not a report names the member that does not fit")
    func malformedReport() throws {
        var text = ReportFormat.json.render(try sampleReport())
        text = text.replacingOccurrences(of: #""severity" : "warning""#, with: #""severity" : "loud""#)
        do {
            _ = try BaselineReport.parse(Data(text.utf8), path: "odd.json")
            Issue.record("an unknown severity was read")
        } catch {
            #expect(error.description.hasPrefix("baseline 'odd.json' is not a scenelog JSON report (findings[0].severity: "))
        }
    }

    @Test("a baseline's time to active below 0 or past 10^12 ms is refused, naming the launch", arguments: [
        "-1", "-9223372036854775808", "1000000000001",
    ])
    func timeToActiveOutOfRange(value: String) throws {
        let report = try sampleReport()
        let launches = Array(report.launches)
        let index = try #require(launches.firstIndex { $0.timeToActiveMs != nil })
        let time = try #require(launches[index].timeToActiveMs)
        let text = ReportFormat.json.render(report)
            .replacingOccurrences(of: #""timeToActiveMs" : \#(time)"#, with: #""timeToActiveMs" : \#(value)"#)
        let error = try #require(throws: BaselineError.self) { try BaselineReport.parse(Data(text.utf8), path: "edited.json") }
        #expect(error.description == "baseline 'edited.json' is not a scenelog JSON report (launches[\(index)].timeToActiveMs: \(value) is out of range, 0 to 1000000000000); give a report written by scenelog scan --format json")
    }

    @Test("a baseline whose finding names no rule id (control characters, markup) is refused, its text escaped")
    func ruleIDNotAnID() throws {
        let text = ReportFormat.json.render(try sampleReport())
        let rule = try #require(try sampleReport().findings.first?.rule)
        let edited = text.replacingOccurrences(of: #""rule" : "\#(rule)""#, with: #""rule" : "x\u001b]0;t\u0007`<img>""#)
        let error = try #require(throws: BaselineError.self) { try BaselineReport.parse(Data(edited.utf8), path: "edited.json") }
        #expect(error.description == #"baseline 'edited.json' is not a scenelog JSON report (findings[0].rule: 'x\u{1b}]0;t\u{7}`<img>' is not a rule id); give a report written by scenelog scan --format json"#)
    }

    private static func expect(_ read: Finding, matches finding: Finding, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(read.rule == finding.rule && read.severity == finding.severity && read.message == finding.message, sourceLocation: sourceLocation)
        #expect(read.location.path == finding.location.path && read.location.line == finding.location.line, sourceLocation: sourceLocation)
        #expect(read.timestamp == finding.timestamp && read.process == finding.process && read.pid == finding.pid, sourceLocation: sourceLocation)
        #expect(read.launch == finding.launch && read.excerpt == finding.excerpt && read.data == finding.data, sourceLocation: sourceLocation)
    }
}
