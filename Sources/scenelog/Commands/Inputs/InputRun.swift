import Foundation
import SceneLogCore

/// Scans one text stream (a file, standard input or an archive member) with the rules and the
/// launch tracker: what `scan` and `timeline` share.
struct InputRun {
    let inputFormat: LogFormat?
    let year: Int?
    let verbose: Bool
    /// The rules; without them only lines are counted.
    let ruleSet: RuleSet?
    /// Whether to learn which pid is which bundle (for `--app`).
    let learnsIdentities: Bool

    /// What one stream gave.
    struct Result {
        var summary: InputSummary
        var findings: [Finding]
        var identities: ProcessIdentities
        /// A read that failed part-way: what was read before it is kept.
        var error: InputError?
    }

    /// Scans `source`, named `path` in locations. An input that is not a text log throws; one
    /// whose reading fails part-way returns what was read, with the error.
    ///
    /// - Parameters:
    ///   - modificationTime: dates year-less timestamps (the file's time; now when unknown).
    ///   - pipelined: run the rules and the launch tracker on a second thread.
    ///   - launches: collects the launches; its numbering continues from stream to stream.
    ///   - onLaunch: also called with each launch as soon as its outcome is known, and on each change.
    func scan(
        _ source: some ChunkSource, path: String, modificationTime: Double?, pipelined: Bool,
        launches: LaunchCollector, onLaunch: ((Launch, ScanSink) -> Void)? = nil
    ) throws(InputError) -> Result {
        let context = TimestampContext(year: year, referenceTime: modificationTime ?? Date().timeIntervalSince1970)
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
        if analyzer != nil, pipelined {
            // Parsing here, the rules and launch tracking on a second core.
            let pipeline = RecordPipeline(downstream: sink)
            defer { pipeline.finish() }
            (summary, readError) = try read(source, into: InputScanner(path: path, format: inputFormat, sink: pipeline))
        } else {
            (summary, readError) = try read(source, into: InputScanner(path: path, format: inputFormat, sink: sink))
        }
        analyzer?.tracker.finish()
        summary.timeSpan = sink.times.span(with: context)
        sink.reportMatchFailures()
        return Result(summary: summary, findings: sink.findings, identities: sink.identities, error: readError)
    }

    /// Reads `source` through `scanner`. A read that fails part-way keeps what was read before it;
    /// the error goes with the summary.
    private func read<Sink: RecordSink>(_ source: some ChunkSource, into scanner: InputScanner<Sink>) throws(InputError)
        -> (InputSummary, InputError?)
    {
        var readError: InputError?
        do {
            try scanner.scan(source)
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
