/// Something that takes cleaned lines one at a time.
protocol LineConsumer: AnyObject {
    func consume(_ line: Bytes, number: Int, byteOffset: Int)
    /// Delivers the open record now (a live stream went quiet); a continuation line arriving
    /// after it is unparsed.
    func flush()
    func finish()
    var counts: LineCounts { get }
    /// The parser's note on the variant of the format it read (``RecordParser/variantNote``).
    var variantNote: String? { get }
}

/// How an input's lines were accounted for; `lines == records + continuationLines + unparsedLines`.
struct LineCounts: Sendable, Equatable {
    var records = 0
    var continuationLines = 0
    var unparsedLines = 0

    init(records: Int = 0, continuationLines: Int = 0, unparsedLines: Int = 0) {
        self.records = records
        self.continuationLines = continuationLines
        self.unparsedLines = unparsedLines
    }

    var lines: Int { records + continuationLines + unparsedLines }

    /// Adds `other`'s lines to these.
    mutating func add(_ other: LineCounts) {
        records += other.records
        continuationLines += other.continuationLines
        unparsedLines += other.unparsedLines
    }
}

/// Groups lines into records with one format's parser and hands each complete record to the sink.
///
/// Only the open record is held: its bytes are capped at ``maximumRecordLength``; from the first
/// continuation line that does not fit, the record's remaining lines are counted but not kept.
final class RecordAssembler<Parser: RecordParser>: LineConsumer {
    static var maximumRecordLength: Int { 4 << 20 }

    @exclusivity(unchecked) private var parser: Parser
    private let sink: any RecordSink
    @exclusivity(unchecked) private var buffer = ByteBuffer()
    @exclusivity(unchecked) private var rewritten: [UInt8] = []
    @exclusivity(unchecked) private var fields = RecordFields(message: 0..<0)
    @exclusivity(unchecked) private var isOpen = false
    @exclusivity(unchecked) private var startLine = 0
    @exclusivity(unchecked) private var startOffset = 0
    @exclusivity(unchecked) private var continuation = 0
    /// Whether the open record reached the length cap: its later continuation lines are counted, not kept.
    @exclusivity(unchecked) private var capped = false
    @exclusivity(unchecked) private(set) var counts = LineCounts()

    init(parser: Parser, sink: any RecordSink) {
        self.parser = parser
        self.sink = sink
    }

    // The assembler is reached through `any LineConsumer`, whose witness is the generic code: these
    // make the compiler build `consume` for each parser, and the generic code jump to it, so that a
    // line's parsing and delivery are direct calls.
    @_specialize(where Parser == IdevicesyslogParser)
    @_specialize(where Parser == ConsoleExportParser)
    @_specialize(where Parser == LogDefaultParser)
    @_specialize(where Parser == LogSyslogParser)
    @_specialize(where Parser == LogCompactParser)
    @_specialize(where Parser == LogJSONParser)
    @_specialize(where Parser == LogNDJSONParser)
    @_specialize(where Parser == Pymobiledevice3Parser)
    @_specialize(where Parser == GoIOSParser)
    @_specialize(where Parser == SysdiagnoseLogParser)
    @_specialize(where Parser == XcodeConsoleParser)
    func consume(_ line: Bytes, number: Int, byteOffset: Int) {
        switch parser.classify(line) {
        case .recordStart(let newFields):
            open(line, fields: newFields, number: number, byteOffset: byteOffset)
        case .deferredRecordStart:
            open(line, fields: RecordFields(message: 0..<line.count), number: number, byteOffset: byteOffset)
        case .continuation where isOpen:
            continuation += 1
            if !capped, buffer.count + line.count + 1 <= Self.maximumRecordLength {
                buffer.append(ASCII.newline)
                buffer.append(line)
                // A blank line joins the message only when text follows it: a record's trailing
                // blank lines (a paste's paragraph break) are no part of what it says.
                if !line.isBlankLine { fields.message = fields.message.lowerBound..<buffer.count }
            } else {
                if !capped { sink.recordCut(startLine: startLine, firstLineLeft: number) }
                capped = true
            }
        case .continuation, .unparsed:
            close()
            counts.unparsedLines += 1
            sink.unparsed(line: number, bytes: line)
        }
    }

    func flush() {
        close()
    }

    var variantNote: String? { parser.variantNote }

    func finish() {
        close()
    }

    private func open(_ line: Bytes, fields newFields: RecordFields, number: Int, byteOffset: Int) {
        close()
        buffer.set(line)
        capped = false
        fields = newFields
        isOpen = true
        startLine = number
        startOffset = byteOffset
        continuation = 0
    }

    private func close() {
        guard isOpen else { return }
        isOpen = false
        let record = buffer.bytes
        if !rewritten.isEmpty { rewritten.removeAll(keepingCapacity: true) }
        switch parser.complete(record, fields: fields, rewritingInto: &rewritten) {
        case .unchanged:
            deliver(record, fields)
        case .rewritten(let decoded):
            rewritten.withUnsafeBufferPointer { deliver($0, decoded) }
        case .rejected:
            reject(record)
        }
    }

    private func deliver(_ bytes: Bytes, _ fields: RecordFields) {
        counts.records += 1
        counts.continuationLines += continuation
        sink.receive(
            RecordView(
                bytes: bytes, fields: fields, format: Parser.format, line: startLine, byteOffset: startOffset,
                continuationLines: continuation))
    }

    private func reject(_ record: Bytes) {
        counts.unparsedLines += continuation + 1
        var lineStart = 0
        for number in startLine...(startLine + continuation) {
            let end = record.index(of: ASCII.newline, from: lineStart) ?? record.count
            sink.unparsed(line: number, bytes: UnsafeBufferPointer(rebasing: record[min(lineStart, end)..<end]))
            lineStart = end + 1
        }
    }
}
