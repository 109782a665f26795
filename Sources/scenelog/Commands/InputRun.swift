import Foundation
import SceneLogCore

/// Scans one input with the rules and the launch tracker: what `scan` and `timeline` share.
struct InputRun {
    let path: String
    let inputFormat: LogFormat?
    let year: Int?
    let verbose: Bool

    /// Scans the input. Without a rule set only lines are counted. An input that cannot be opened
    /// or is not a text log throws; one whose reading fails part-way returns what was read, with
    /// the error.
    ///
    /// - Parameters:
    ///   - launches: collects the launches; its numbering continues from input to input.
    ///   - onLaunch: also called with each launch as soon as its outcome is known, and on each change.
    func scan(
        ruleSet: RuleSet?, launches: LaunchCollector, learnsIdentities: Bool,
        onLaunch: ((Launch, ScanSink) -> Void)? = nil
    ) throws(InputError) -> (
        summary: InputSummary, findings: [Finding], identities: ProcessIdentities, error: InputError?
    ) {
        let reader = try ChunkedReader(path: path)
        let context = TimestampContext(year: year, referenceTime: reader.modificationTime ?? Date().timeIntervalSince1970)
        let diagnoses = FindingList()
        // The tracker hands launches to `onLaunch` with the sink, which exists only after the tracker.
        let sinkReference = SinkReference()
        let analyzer = ruleSet.map { ruleSet in
            let tracker = LaunchTracker(
                path: path, timestamps: context, settings: ruleSet.configuration.launchSettings,
                firstNumber: launches.nextNumber,
                onUpdate: { launch in
                    launches.update(launch)
                    if let sink = sinkReference.sink { onLaunch?(launch, sink) }
                },
                onDiagnosis: diagnoses.append)
            return RecordAnalyzer(engine: RuleEngine(ruleSet: ruleSet), tracker: tracker, path: path)
        }
        let sink = ScanSink(
            path: path, verbose: verbose, analyzer: analyzer, diagnoses: diagnoses, learnsIdentities: learnsIdentities)
        sinkReference.sink = sink
        var summary: InputSummary
        var readError: InputError?
        if analyzer != nil, reader.isRegularFile {
            // Parsing here, the rules and launch tracking on a second core. (A pipe's records go
            // straight through, so that each is seen as soon as it arrives.)
            let pipeline = RecordPipeline(downstream: sink)
            defer { pipeline.finish() }
            (summary, readError) = try read(reader, into: InputScanner(path: path, format: inputFormat, sink: pipeline))
        } else {
            (summary, readError) = try read(reader, into: InputScanner(path: path, format: inputFormat, sink: sink))
        }
        analyzer?.tracker.finish()
        summary.timeSpan = sink.times.span(with: context)
        sink.reportMatchFailures()
        return (summary, sink.findings, sink.identities, readError)
    }
}

extension InputRun {
    /// Reads `reader` through `scanner`. A read that fails part-way keeps what was read before it;
    /// the error goes with the summary.
    private func read<Sink: RecordSink>(_ reader: ChunkedReader, into scanner: InputScanner<Sink>) throws(InputError)
        -> (InputSummary, InputError?)
    {
        var readError: InputError?
        do {
            try scanner.scan(reader)
        } catch where error.kind == .read {
            readError = error
        }
        return (scanner.finish(), readError)
    }
}

/// Lets the tracker's callback reach the sink created after it.
private final class SinkReference {
    weak var sink: ScanSink?
}
