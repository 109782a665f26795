import Foundation

@testable import SceneLogCore

/// Runs the rules and the launch tracker (a ``RecordAnalyzer``) over every record of a scan.
final class LaunchSink: RecordSink {
    var analyzer: RecordAnalyzer?
    var findings: [Finding] = []

    func receive(_ record: RecordView) {
        findings += analyzer?.analyze(record) ?? []
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {}
    func truncated(line: Int, keptBytes: Int) {}
}

/// The launches (latest state of each, in id order) and findings of `text`.
func launches(in text: String, settings: LaunchTracker.Settings = LaunchTracker.Settings()) throws -> (
    launches: [Launch], findings: [Finding]
) {
    let sink = LaunchSink()
    var latest: [String: Launch] = [:]
    let tracker = LaunchTracker(
        path: "test.log", timestamps: TimestampContext(year: 2025, referenceTime: 1_749_988_800), settings: settings,
        onUpdate: { latest[$0.id] = $0 }, onDiagnosis: { sink.findings.append($0) })
    sink.analyzer = RecordAnalyzer(
        engine: RuleEngine(ruleSet: try RuleSet(rules: RuleCatalog.builtIn)), tracker: tracker, path: "test.log")
    let scanner = InputScanner(path: "test.log", sink: sink)
    Array(text.utf8).withUnsafeBufferPointer { scanner.feed($0) }
    _ = scanner.finish()
    tracker.finish()
    let ordered = latest.values.sorted { (Int($0.id.dropFirst()) ?? 0) < (Int($1.id.dropFirst()) ?? 0) }
    return (ordered, sink.findings)
}

/// The text of a file in Samples/.
func sample(_ name: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("Samples/\(name)"), encoding: .utf8)
}
