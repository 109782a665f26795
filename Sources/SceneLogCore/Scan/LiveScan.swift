/// A scan of one live stream (a device log as it arrives), fed piece by piece: the observer is
/// handed each finding, launch phase and launch change as soon as its line arrives. Findings are
/// not kept, so that memory stays flat however long the stream runs; the latest
/// ``keptLaunches`` launches are, for the summary, and the earlier ones' outcomes are counted.
public final class LiveScan {
    /// The most launches a live scan keeps for its summary.
    public static let keptLaunches = 1_000

    private let stream: StreamScan
    private let analysis: StreamAnalysis
    private let scanner: InputScanner<StreamAnalysis>
    /// The lines (newlines) that arrived so far, for a live count.
    public private(set) var linesArrived = 0

    init(name: String, stream: StreamScan) {
        self.stream = stream
        analysis = stream.makeAnalysis(
            path: name, modificationTime: nil,
            mode: StreamAnalysis.Mode(
                keepsFindings: false, liveNumbering: LaunchNumbering(offset: 0), warnsWhenFiltered: true,
                keptLaunches: Self.keptLaunches, timesByArrival: stream.options.timesByArrival))
        scanner = InputScanner(
            path: name, format: stream.options.inputFormat, maximumLineLength: stream.options.maximumLineLength, sink: analysis)
    }

    /// Takes the next bytes of the stream. The first bytes are sniffed before anything is scanned.
    /// - Throws: an ``InputError`` of kind `.notText` when the stream is not a text log.
    public func take(_ chunk: UnsafeBufferPointer<UInt8>) throws(InputError) {
        linesArrived += chunk.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        try scanner.take(chunk)
    }

    /// Makes what arrived so far visible without waiting for more (the open record is delivered);
    /// call it when the stream goes quiet.
    public func flush() throws(InputError) {
        try scanner.flush()
    }

    /// Ends the stream: the launches still open are handed out. The result has the stream's
    /// summary and its latest launches (those ``ScanOptions/app`` and ``ScanOptions/filters`` keep), but no findings.
    public func finish() -> ScanResult {
        let summary = scanner.finish()
        let stream = stream.result(of: analysis, summary: summary, error: nil)
        var result = ScanResult()
        result.inputs = [stream.summary]
        result.launches.append(stream.launches)
        if !self.stream.options.admitsEveryLaunch {
            result.launches = result.launches.filter(spool: self.stream.spool, self.stream.options.admits)
        }
        result.releasedLaunchOutcomes = analysis.launches.released
        return result
    }
}

@available(*, unavailable)
extension LiveScan: Sendable {}
