/// What one input held, by the numbers: the `inputs` entry of a report.
public struct InputSummary: Sendable, Equatable {
    /// The input's path as named (`-` for standard input).
    public var path: String
    /// The detected (or forced) format; `nil` when no line fitted any format.
    public var format: LogFormat?
    /// Bytes read.
    public var bytes: Int
    /// Physical lines read; always `records + continuationLines + unparsedLines`.
    public var lines: Int
    public var records: Int
    public var continuationLines: Int
    public var unparsedLines: Int
    /// Lines cut at the maximum line length.
    public var truncatedLines: Int
    /// Bytes of binary data (NUL padding, the garbage a crash leaves at the end of a log) found
    /// among the text: skipped, their lines counted as unparsed.
    public var binaryBytes = 0
    /// The times of the first and last records, when they print one.
    public var timeSpan: TimeSpan?
    /// Whether the input is a crash report (`.ips`) rather than a log.
    public var isCrashReport = false
    /// The format's name in reports: the log format, `ips` for a crash report, `nil` if unknown.
    public var formatName: String? { isCrashReport ? "ips" : format?.rawValue }
    /// What else to know about the input: a crash report's gist, how to read a logarchive that
    /// is not read, or which variant of its format a log is (a plain Xcode console).
    public var note: String?

    init(
        path: String, format: LogFormat?, bytes: Int, counts: LineCounts, truncatedLines: Int
    ) {
        self.path = path
        self.format = format
        self.bytes = bytes
        self.lines = counts.lines
        self.records = counts.records
        self.continuationLines = counts.continuationLines
        self.unparsedLines = counts.unparsedLines
        self.truncatedLines = truncatedLines
    }
}

/// Streams one input: chunks → lines → cleaned lines → format detection → records → sink.
///
/// Memory is bounded by the chunk size, the longest line, the open record and, until the format is
/// known, the detection sample (bounded by ``FormatDetector/maximumSampleLines`` and
/// ``FormatDetector/maximumSampleBytes``); in a plain Xcode console, the lines held back to tell
/// whether a log in another format starts, bounded the same way.
final class InputScanner<Sink: RecordSink> {
    private let path: String
    private let sink: Sink
    private let forcedFormat: LogFormat?
    @exclusivity(unchecked) private var splitter: LineSplitter
    @exclusivity(unchecked) private var cleaner = LineCleaner()
    @exclusivity(unchecked) private var consumer: (any LineConsumer)?
    @exclusivity(unchecked) private var format: LogFormat?
    @exclusivity(unchecked) private var pending = DetectionSample()
    /// The lines no consumer holds: unparsed before the format was known, or read by a consumer
    /// that another format replaced.
    @exclusivity(unchecked) private var settledCounts = LineCounts()
    /// Whether a detection window fitted no format already (only the first one may make a plain console).
    @exclusivity(unchecked) private var detectionFailed = false
    /// Whether the input is read as a plain Xcode console by default (no format fitted its first
    /// lines), so that a log in another format may still start later.
    @exclusivity(unchecked) private var readsPlainText = false
    /// The lines held back from a plain console from one that scores for another format on.
    @exclusivity(unchecked) private var probe = DetectionSample()
    @exclusivity(unchecked) private var bytesRead = 0
    @exclusivity(unchecked) private var truncatedLines = 0
    @exclusivity(unchecked) private var binaryBytes = 0
    /// Whether the last line was binary data (``BinaryContent``).
    @exclusivity(unchecked) private var followsBinaryLine = false
    /// The chunk being split, while it is, when it holds neither a NUL nor an escape: its lines
    /// need no cleaning and no binary check.
    @exclusivity(unchecked) private var plainChunk: UnsafeBufferPointer<UInt8>?
    /// The first bytes, held until there are enough to sniff; `nil` once sniffed.
    @exclusivity(unchecked) private var head: [UInt8]? = []
    /// Whether the input ends its lines with a lone carriage return (classic Mac OS): its first
    /// bytes held one and no newline. Each carriage return is then read as a line end.
    @exclusivity(unchecked) private var endsLinesWithCarriageReturns = false
    /// A chunk with its carriage returns made newlines, when ``endsLinesWithCarriageReturns``.
    @exclusivity(unchecked) private var translatedChunk: [UInt8] = []
    /// A carriage return that ended the last chunk, held until the next byte tells whether it is
    /// half of a `\r\n`.
    @exclusivity(unchecked) private var heldCarriageReturn = false
    /// The first long line that holds lone carriage returns, when they are not line ends (the
    /// input started with `\n` line ends): a capture in another convention joined on.
    @exclusivity(unchecked) private var firstLineWithLoneCarriageReturns: Int?

    /// - Parameters:
    ///   - path: the input's name, for the summary.
    ///   - format: a format to use instead of detecting one.
    ///   - maximumLineLength: where long lines are cut.
    init(
        path: String, format: LogFormat? = nil, maximumLineLength: Int = LineSplitter.defaultMaximumLineLength,
        sink: Sink
    ) {
        self.path = path
        self.sink = sink
        self.forcedFormat = format
        self.splitter = LineSplitter(maximumLineLength: maximumLineLength)
    }

    /// How many bytes the sniffer looks at (a pipe may deliver the first of them one by one).
    static var sniffLength: Int { 512 }

    /// Reads `reader` to its end. The first bytes are sniffed: an archive, a crash report or an
    /// input that is binary from its start (``BinaryContent/startsBinary(_:)``) is refused with an ``InputError`` of kind `.notText` before anything is scanned.
    func scan(_ reader: some ChunkSource) throws(InputError) {
        while true {
            let chunk = try reader.nextChunk()
            if chunk.isEmpty { break }
            try take(chunk)
        }
        try sniffHead()
    }

    /// Takes the next bytes of a stream read piece by piece (a pipe, a followed file). The first
    /// ``sniffLength`` bytes are held and sniffed before anything is scanned.
    ///
    /// - Throws: an ``InputError`` of kind `.notText` when the stream is not a text log.
    func take(_ chunk: UnsafeBufferPointer<UInt8>) throws(InputError) {
        guard let held = head else { return feed(chunk) }
        head = held + chunk
        if held.count + chunk.count >= Self.sniffLength { try sniffHead() }
    }

    /// Makes what a live stream has delivered so far visible, without waiting for more: the held
    /// head is sniffed, the format is chosen from the lines seen so far, and the open record is
    /// delivered. A partial line stays held until its end arrives. Call it when the stream goes quiet.
    func flush() throws(InputError) {
        try sniffHead()
        releaseHeldCarriageReturn()
        if consumer == nil, pending.nonBlankLines > 0 { decide() }
        if probe.lineCount > 0 { settleProbe() }
        consumer?.flush()
    }

    /// Sniffs the held head, if it was not sniffed yet, and scans it.
    private func sniffHead() throws(InputError) {
        guard let held = head else { return }
        head = nil
        try sniff(held)
    }

    /// Refuses what is not a text log, else scans `head` (without a UTF-8 byte order mark, which
    /// Windows editors put at the start).
    private func sniff(_ head: [UInt8]) throws(InputError) {
        let refusal = head.withUnsafeBufferPointer { InputKind.sniff($0).refusal }
        if let refusal { throw InputError(path: path, reason: refusal, kind: .notText) }
        // Decided on the first bytes alone, however the input arrived in pieces.
        let first = head.prefix(Self.sniffLength)
        endsLinesWithCarriageReturns = first.contains(ASCII.carriageReturn) && !first.contains(ASCII.newline)
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        head.withUnsafeBufferPointer { bytes in
            guard bytes.starts(with: byteOrderMark) else { return feed(bytes) }
            bytesRead += byteOrderMark.count
            splitter.skip(byteOrderMark.count)
            feed(UnsafeBufferPointer(rebasing: bytes[byteOrderMark.count...]))
        }
    }

    /// Takes the next bytes of the input, unsniffed.
    func feed(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard endsLinesWithCarriageReturns else { return split(chunk) }
        translatedChunk.removeAll(keepingCapacity: true)
        if heldCarriageReturn {
            translatedChunk.append(chunk.first == ASCII.newline ? ASCII.carriageReturn : ASCII.newline)
            heldCarriageReturn = false
        }
        translatedChunk.append(contentsOf: chunk)
        if translatedChunk.last == ASCII.carriageReturn {
            translatedChunk.removeLast()
            heldCarriageReturn = true
        }
        // A `\r\n` further down stays as it is: one line end, as in any input.
        for index in translatedChunk.indices where translatedChunk[index] == ASCII.carriageReturn {
            if index + 1 < translatedChunk.count, translatedChunk[index + 1] == ASCII.newline { continue }
            translatedChunk[index] = ASCII.newline
        }
        translatedChunk.withUnsafeBufferPointer { split($0) }
    }

    /// Ends the line a held carriage return ends (the input ended, or a live stream went quiet).
    private func releaseHeldCarriageReturn() {
        guard heldCarriageReturn else { return }
        heldCarriageReturn = false
        withUnsafeBytes(of: ASCII.newline) { split($0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// Splits the next bytes of the input into lines and takes each.
    private func split(_ chunk: UnsafeBufferPointer<UInt8>) {
        bytesRead += chunk.count
        // Two passes over the whole chunk spare most lines two searches of their own.
        plainChunk = chunk.index(of: 0, from: 0) == nil && chunk.index(of: ASCII.escape, from: 0) == nil ? chunk : nil
        if let consumer, !readsPlainText {
            // Settled on a format: the consumer stays the same to the end, and each line goes to it
            // without a retain and release of its own.
            splitter.feed(chunk) { line in take(line, settledOn: consumer) }
        } else {
            splitter.feed(chunk) { line in take(line) }
        }
        plainChunk = nil
    }

    /// Ends the input and returns its summary.
    func finish() -> InputSummary {
        releaseHeldCarriageReturn()
        splitter.finish { line in take(line) }
        if consumer == nil { decide() }
        if probe.lineCount > 0 { settleProbe() }
        consumer?.finish()
        var counts = settledCounts
        if let consumer { counts.add(consumer.counts) }
        var summary = InputSummary(path: path, format: format, bytes: bytesRead, counts: counts, truncatedLines: truncatedLines)
        summary.binaryBytes = binaryBytes
        let loneCarriageReturns: String? =
            if let line = firstLineWithLoneCarriageReturns { Self.loneCarriageReturnsNote(line) } else { nil }
        let notes = [
            endsLinesWithCarriageReturns ? Self.carriageReturnNote : nil, loneCarriageReturns, consumer?.variantNote,
            binaryBytes > 0 ? Self.binaryNote(binaryBytes) : nil,
        ].compactMap { $0 }
        summary.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        return summary
    }

    /// Takes a line: to `settled`, the consumer of a format settled on, when there is one.
    private func take(_ line: RawLine, settledOn settled: (any LineConsumer)? = nil) {
        if line.bytes.count > Self.longLineLength, firstLineWithLoneCarriageReturns == nil, Self.holdsLoneCarriageReturn(line.bytes) {
            firstLineWithLoneCarriageReturns = line.number
        }
        if line.wasTruncated {
            truncatedLines += 1
            sink.truncated(line: line.number, keptBytes: line.bytes.count)
        }
        // Binary data holds NULs (a run of padding; one in 256 random bytes): a line without one
        // is looked at only right after a binary line, where more garbage may follow.
        let plain = plainChunk.map { line.bytes.lies(within: $0) } ?? false
        let holdsNul = !plain && line.bytes.index(of: 0, from: 0) != nil
        if holdsNul || followsBinaryLine {
            let verdict = BinaryContent.classify(line.bytes)
            binaryBytes += verdict.binaryBytes
            followsBinaryLine = verdict.isBinary
            if verdict.isBinary { return takeBinary(line) }
        }
        let bytes = cleaner.clean(line.bytes, holdsNul: holdsNul, mayHoldEscape: !plain)
        guard settled == nil else {
            // Optional chaining borrows the consumer; binding it with `if let` would retain it.
            settled?.consume(bytes, number: line.number, byteOffset: line.byteOffset)
            return
        }
        if let consumer {
            guard readsPlainText else {
                consumer.consume(bytes, number: line.number, byteOffset: line.byteOffset)
                return
            }
            return takePlain(bytes, number: line.number, byteOffset: line.byteOffset, into: consumer)
        }
        pending.append(bytes, number: line.number, offset: line.byteOffset)
        if pending.nonBlankLines >= FormatDetector.sampleLines || pending.lineCount >= FormatDetector.maximumSampleLines
            || pending.byteCount >= FormatDetector.maximumSampleBytes
        {
            decide()
        }
    }

    /// Lines longer than this are looked at for lone carriage returns: many lines joined into one.
    static var longLineLength: Int { 1_024 }

    /// Whether `bytes` holds a carriage return that no `\n` follows.
    private static func holdsLoneCarriageReturn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var from = 0
        while let index = bytes.index(of: ASCII.carriageReturn, from: from) {
            if index + 1 == bytes.count || bytes[index + 1] != ASCII.newline { return true }
            from = index + 1
        }
        return false
    }

    /// The summary's note on an input whose later lines end with lone carriage returns, which are
    /// not read as line ends there.
    static func loneCarriageReturnsNote(_ line: Int) -> String {
        "line \(line) holds lone carriage returns, not read as line ends (the input's first lines end with \\n): "
            + "convert them first (tr '\\r' '\\n')"
    }

    /// The summary's note on an input whose lines end with lone carriage returns.
    static var carriageReturnNote: String { "lines end with a lone carriage return (classic Mac OS): each is read as a line end" }

    /// What an input's summary says of the binary data skipped in it.
    static func binaryNote(_ bytes: Int) -> String {
        "\(bytes) bytes of binary data skipped (their lines counted as unparsed)"
    }

    /// Counts a line of binary data as unparsed, after what came before it was delivered in
    /// order: the lines held to detect the format (decided on those), the lines held back from a
    /// plain console, the open record.
    private func takeBinary(_ line: RawLine) {
        if consumer == nil, pending.lineCount > 0 { decide() }
        if probe.lineCount > 0 { settleProbe() }
        consumer?.flush()
        settledCounts.unparsedLines += 1
        sink.unparsed(line: line.number, bytes: line.bytes)
    }

    /// Chooses the format from the pending lines (unless one was forced) and replays them through
    /// its parser, which sets itself up from them. When no format fits the first lines but they
    /// look like text, the input is a plain Xcode console (see ``XcodeConsoleParser``). Otherwise,
    /// when no format fits them, they are unparsed and detection goes on with the lines after them.
    private func decide() {
        var detected = forcedFormat ?? FormatDetector.detect(pending)
        if detected == nil, pending.nonBlankLines > 0 {
            if !detectionFailed, FormatDetector.looksLikeText(pending) {
                detected = .xcodeConsole
                readsPlainText = true
            }
            detectionFailed = true
        }
        guard let detected else {
            // Nothing recognisable yet: these lines are unparsed; keep looking in the next ones.
            pending.forEach { bytes, number, _ in
                settledCounts.unparsedLines += 1
                sink.unparsed(line: number, bytes: bytes)
            }
            pending.removeAll()
            return
        }
        start(detected, with: pending)
        pending = DetectionSample()
    }

    /// Reads the input in `detected` from the first of `lines` on.
    private func start(_ detected: LogFormat, with lines: DetectionSample) {
        format = detected
        let assembler = detected.makeAssembler(sample: lines.lines, sink: sink)
        consumer = assembler
        lines.forEach { bytes, number, offset in assembler.consume(bytes, number: number, byteOffset: offset) }
    }

    /// Takes a line of a plain console: from a line that scores for another format on, lines are
    /// held back until there are enough to tell whether a log in that format starts there.
    private func takePlain(_ bytes: Bytes, number: Int, byteOffset: Int, into consumer: any LineConsumer) {
        if probe.lineCount == 0, !FormatDetector.scoresForAnotherFormat(bytes) {
            return consumer.consume(bytes, number: number, byteOffset: byteOffset)
        }
        probe.append(bytes, number: number, offset: byteOffset)
        if probe.nonBlankLines >= FormatDetector.sampleLines || probe.lineCount >= FormatDetector.maximumSampleLines
            || probe.byteCount >= FormatDetector.maximumSampleBytes
        {
            settleProbe()
        }
    }

    /// Reads the held-back lines of a plain console: in another format from now on if one clearly
    /// fits them (the plain part ends, its records delivered), else as more plain lines.
    private func settleProbe() {
        guard let consumer else { return }
        if let other = FormatDetector.formatAfterPlainText(probe) {
            consumer.finish()
            settledCounts.add(consumer.counts)
            readsPlainText = false
            start(other, with: probe)
        } else {
            probe.forEach { bytes, number, offset in consumer.consume(bytes, number: number, byteOffset: offset) }
        }
        probe.removeAll()
    }
}

@available(*, unavailable)
extension InputScanner: Sendable {}
