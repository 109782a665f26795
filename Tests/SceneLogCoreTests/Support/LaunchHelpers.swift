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

/// The names of the sample logs and crash reports in Samples/ (not its README, the screenshot or
/// the nightly workflow folder), sorted.
func sampleNames() throws -> [String] {
    let folder = samplesFolder()
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { name in
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
        return exists && !isDirectory.boolValue && name != "README.md" && !name.hasSuffix(".png")
    }.sorted()
}

/// The package's Samples/ folder.
func samplesFolder() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
}

/// The text of a file in Samples/.
func sample(_ name: String) throws -> String {
    try String(contentsOf: samplesFolder().appendingPathComponent(name), encoding: .utf8)
}
