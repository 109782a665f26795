import Foundation
import Testing

@testable import SceneLogCore

/// The report of every file in Samples/ (as `scenelog scan Samples/` makes it, paths
/// `Samples/<name>`), the shared input of the renderers' snapshot tests.
func sampleReport() throws -> ScanReport {
    let names = try sampleNames()
    let ruleSet = try RuleSet(rules: RuleCatalog.builtIn)
    var inputs: [InputSummary] = []
    var findings: [Finding] = []
    var launches: [Launch] = []
    for name in names {
        let path = "Samples/\(name)"
        let bytes = Array(try Data(contentsOf: samplesFolder().appendingPathComponent(name)))
        if name.hasSuffix(".ips") {
            let report = try #require(CrashReportParser.parse(bytes))
            var finding = CrashReportDiagnosis.finding(for: report, path: path)
            finding.launch = launches.last { $0.bundle == report.bundleID && $0.pid == report.pid }?.id
            var summary = InputSummary(path: path, format: nil, bytes: bytes.count, counts: LineCounts(records: 1), truncatedLines: 0)
            summary.isCrashReport = true
            summary.note = finding.message
            inputs.append(summary)
            findings.append(finding)
            continue
        }
        var latest: [String: Launch] = [:]
        let sink = LaunchSink()
        let tracker = LaunchTracker(
            path: path, timestamps: TimestampContext(year: 2025, referenceTime: 1_749_988_800),
            firstNumber: launches.count + 1, onUpdate: { latest[$0.id] = $0 }, onDiagnosis: { sink.findings.append($0) })
        sink.analyzer = RecordAnalyzer(engine: RuleEngine(ruleSet: ruleSet), tracker: tracker, path: path)
        let scanner = InputScanner(path: path, sink: sink)
        bytes.withUnsafeBufferPointer { scanner.feed($0) }
        inputs.append(scanner.finish())
        tracker.finish()
        findings += sink.findings.sorted { $0.location.line < $1.location.line }
        launches += latest.values.sorted { (Int($0.id.dropFirst()) ?? 0) < (Int($1.id.dropFirst()) ?? 0) }
    }
    return ScanReport(
        tool: ToolInfo(name: "scenelog", version: "0.1.0"), inputs: inputs, findings: findings, launches: launches,
        rules: RuleCatalog.builtIn.map(\.description) + RuleCatalog.diagnoses)
}

/// ``sampleReport()`` compared with a made-up yesterday: one finding of today was not there
/// (new), one of yesterday is gone (fixed), and `io.waypoint.tripplanner`'s launch was 300 ms faster.
func sampleReportWithBaseline() throws -> ScanReport {
    var report = try sampleReport()
    let new = try #require(report.findings.first { $0.rule == "main-thread-hang" })
    var yesterday = report.findings.filter { $0 != new }
    yesterday.append(
        Finding(
            rule: "root-view-controller-missing", severity: .error,
            message: "Ledgerly has a window without a root view controller at the end of launch",
            location: SourceLocation(path: "Samples/old.log", line: 12, byteOffset: -1), process: "Ledgerly",
            excerpt: "Application windows are expected to have a root view controller at the end of application launch"))
    let launches = report.launches.map { launch in
        BaselineReport.LaunchRecord(
            id: launch.id, bundle: launch.bundle, process: launch.process, outcome: launch.outcome,
            timeToActiveMs: launch.bundle == "io.kestrel.shiftboard" ? launch.timeToActiveMs.map { $0 - 300 } : launch.timeToActiveMs)
    }
    report.baseline = BaselineDiff(
        baseline: BaselineReport(path: "yesterday.json", findings: yesterday, launches: launches),
        findings: report.findings, launches: report.launches)
    return report
}
