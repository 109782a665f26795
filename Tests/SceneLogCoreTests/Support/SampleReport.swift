import Foundation
import Testing

@testable import SceneLogCore

/// The report of every file in Samples/, as `scenelog scan Samples/` makes it (the one
/// ``Scanner``, paths `Samples/<name>`), the shared input of the renderers' snapshot tests.
func sampleReport() throws -> ScanReport {
    let options = try testScanOptions()
    let inputs = try sampleNames().map { name in
        (name: "Samples/\(name)", bytes: Array(try Data(contentsOf: samplesFolder().appendingPathComponent(name))))
    }
    return ScanReport(Scanner(options: options).scan(inMemory: inputs), ruleSet: options.ruleSet)
}
func sampleReportWithBaseline() throws -> ScanReport {
    var report = try sampleReport()
    let new = try #require(report.findings.first { $0.rule == "main-thread-hang" })
    var yesterday = report.findings.filter { $0 != new }
    yesterday.append(
        Finding(
            rule: "root-view-controller-missing", severity: .error,
            message: "Ledgerly has a window without a root view controller at the end of launch",
            location: SourceLocation(path: "Samples/black-screen-no-default-configuration.log", line: 12, byteOffset: -1), process: "Ledgerly",
            excerpt: "Application windows are expected to have a root view controller at the end of application launch"))
    let launches = report.launches.map { launch in
        BaselineReport.LaunchRecord(
            id: launch.id, bundle: launch.bundle, process: launch.process, outcome: launch.outcome,
            timeToActiveMs: launch.bundle == "com.trailmix.routebook" ? launch.timeToActiveMs.map { $0 - 300 } : launch.timeToActiveMs,
            timeToActivePrecisionMs: launch.timeToActivePrecisionMs)
    }
    report.baseline = BaselineDiff(
        baseline: BaselineReport(path: "yesterday.json", findings: yesterday, launches: launches),
        inputs: report.inputs.map(\.path), findings: report.findings, launches: report.launches)
    return report
}
