import Foundation

/// Scans one text stream (a file, standard input, an archive member or bytes in memory) with the
/// rules and the launch tracker.
struct StreamScan {
    let options: ScanOptions
    let prefilter: MessagePrefilter?
    let observer: (any ScanObserver)?
    /// Where the scan's findings are kept.
    let spool: Spool

    /// What one stream gave. Launch ids are the stream's own (`L1`…), shifted by the caller.
    struct Result {
        var summary: InputSummary
        /// The findings kept by ``ScanOptions/minimumSeverity`` and ``ScanOptions/app``, in line order.
        var findings: FindingRun
        var launches: LaunchRun
        /// A read that failed part-way: what was read before it is kept.
        var error: InputError?
        /// Whether the stream named ``ScanOptions/app`` (as a process, a bundle or a launch's).
        var seesApp = false
        /// The rules of the findings kept, by launch id (of those a crash report can be of).
        var rulesByLaunch = LaunchRuleMarks()
    }

    /// Scans `source`, named `path` in locations. An input that is not a text log throws; one
    /// whose reading fails part-way returns what was read, with the error.
    ///
    /// - Parameters:
    ///   - modificationTime: dates year-less timestamps (the file's time; now when unknown).
    ///   - pipelined: run the rules and the launch tracker on a second thread.
    ///   - countsBytes: tell the observer the bytes read (an archive's member counts its compressed bytes instead).
    ///   - liveNumbering: hand findings and launches to the observer as they happen, numbered so.
    func scan(
        _ source: some ChunkSource, path: String, modificationTime: Double?, pipelined: Bool,
        countsBytes: Bool = true, liveNumbering: LaunchNumbering?
    ) throws(InputError) -> Result {
        let analysis = makeAnalysis(
            path: path, modificationTime: modificationTime,
            mode: StreamAnalysis.Mode(keepsFindings: true, liveNumbering: liveNumbering))
        let reader = StoppableSource(source, options: options, observer: countsBytes ? observer : nil)
        var summary: InputSummary
        var readError: InputError?
        if options.ruleSet != nil, pipelined {
            // Parsing here, the rules and launch tracking on a second core.
            let pipeline = RecordPipeline(downstream: analysis, isStopRequested: options.isStopRequested)
            defer { pipeline.finish() }
            (summary, readError) = try read(reader, into: InputScanner(path: path, format: options.inputFormat, maximumLineLength: options.maximumLineLength, sink: pipeline))
        } else {
            (summary, readError) = try read(reader, into: InputScanner(path: path, format: options.inputFormat, maximumLineLength: options.maximumLineLength, sink: analysis))
        }
        return result(of: analysis, summary: summary, error: readError)
    }

    /// The analysis of one stream, its timestamps dated by `modificationTime`.
    func makeAnalysis(path: String, modificationTime: Double?, mode: StreamAnalysis.Mode) -> StreamAnalysis {
        let reference = options.referenceTime ?? modificationTime ?? Date().timeIntervalSince1970
        return StreamAnalysis(
            path: path, options: options, prefilter: prefilter,
            timestamps: TimestampContext(year: options.year, referenceTime: reference), mode: mode, spool: spool,
            observer: observer)
    }

    /// Ends `analysis` and gathers what it kept.
    func result(of analysis: StreamAnalysis, summary: InputSummary, error: InputError?) -> Result {
        analysis.finish()
        var summary = summary
        if summary.binaryBytes > 0 {
            observer?.scanDidReport(
                ScanDiagnostic(
                    .warning,
                    "'\(Escaping.visible(summary.path))' holds \(summary.binaryBytes) bytes of binary data (NUL padding or garbage, as a crash or a cut write leaves); skipped, their lines counted as unparsed"))
        }
        summary.timeSpan = analysis.times.span(with: analysis.timestamps)
        let identities = analysis.identities
        var findings = analysis.takeFindings()
        if options.app != nil {
            // Which pid is the app's may be learnt after its findings: filtered once the stream is read.
            findings = findings.filter(spool: spool) { options.admits($0, identities: identities) }
        }
        return Result(
            summary: summary, findings: findings,
            launches: analysis.takeLaunches(), error: error, seesApp: analysis.seesApp, rulesByLaunch: analysis.rulesByLaunch)
    }

    /// Reads `source` through `scanner`. A read that fails part-way keeps what was read before it.
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

/// A chunk source that tells the observer (if any) what it reads, and ends early when a stop is requested
/// (so that what was read is still reported).
final class StoppableSource<Source: ChunkSource>: ChunkSource {
    private let source: Source
    private let options: ScanOptions
    private let observer: (any ScanObserver)?

    init(_ source: Source, options: ScanOptions, observer: (any ScanObserver)?) {
        self.source = source
        self.options = options
        self.observer = observer
    }

    func nextChunk() throws(InputError) -> UnsafeBufferPointer<UInt8> {
        guard !options.isStopRequested() else { return UnsafeBufferPointer(start: nil, count: 0) }
        let chunk = try source.nextChunk()
        observer?.scanDidRead(bytes: chunk.count)
        return chunk
    }
}
