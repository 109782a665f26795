import Foundation
import SceneLogCore

/// Scans one input with the rules and the launch tracker: what `scan` and `timeline` share.
struct InputRun {
    let path: String
    let inputFormat: LogFormat?
    let year: Int?
    let verbose: Bool

    /// Scans the input. Without a rule set only lines are counted.
    ///
    /// - Parameters:
    ///   - launches: collects the launches; its numbering continues from input to input.
    ///   - onLaunch: also called with each launch as soon as its outcome is known, and on each change.
    func scan(
        ruleSet: RuleSet?, launches: LaunchCollector, learnsIdentities: Bool,
        onLaunch: ((Launch, ScanSink) -> Void)? = nil
    ) throws(InputError) -> (summary: InputSummary, findings: [Finding], identities: ProcessIdentities) {
        let reader = try ChunkedReader(path: path)
        let context = TimestampContext(year: year, referenceTime: reader.modificationTime ?? Date().timeIntervalSince1970)
        let sink = ScanSink(path: path, verbose: verbose, learnsIdentities: learnsIdentities)
        if let ruleSet {
            sink.engine = RuleEngine(ruleSet: ruleSet)
            sink.tracker = LaunchTracker(
                path: path, timestamps: context, settings: ruleSet.configuration.launchSettings,
                firstNumber: launches.nextNumber,
                onUpdate: { [unowned sink] launch in
                    launches.update(launch)
                    onLaunch?(launch, sink)
                },
                onDiagnosis: { [unowned sink] finding in sink.add(finding) })
        }
        let scanner = InputScanner(path: path, format: inputFormat, sink: sink)
        try scanner.scan(reader)
        var summary = scanner.finish()
        sink.tracker?.finish()
        summary.timeSpan = sink.times.span(with: context)
        sink.reportMatchFailures()
        return (summary, sink.findings, sink.identities)
    }
}
