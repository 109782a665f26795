/// A complete record as the scanner hands it to a ``RecordSink``: bytes plus field ranges.
///
/// The bytes are only valid during the call that receives the view; call ``materialize(path:timestamps:)``
/// to keep the record.
struct RecordView {
    /// The record's bytes: the start line, then each continuation line after a `\n`
    /// (or the decoded text, for formats that encode it).
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the fields are in ``bytes``.
    let fields: RecordFields
    /// The format the record was read as; `nil` for an unparsed line viewed as a bare message.
    let format: LogFormat?
    /// 1-based number of the record's first line.
    let line: Int
    /// Byte offset of the record's first line in the input.
    let byteOffset: Int
    /// How many continuation lines the record has.
    let continuationLines: Int

    /// An unparsed line as a record with only a message, so that rules can still search it
    /// (free text such as an Xcode 15 console copy fits no format).
    static func bareLine(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> RecordView {
        RecordView(
            bytes: bytes, fields: RecordFields(message: 0..<bytes.count), format: nil, line: line, byteOffset: -1,
            continuationLines: 0)
    }

    /// The message bytes.
    var message: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[fields.message]) }

    /// The bytes of a field's range, if present.
    func bytes(of range: Range<Int>?) -> UnsafeBufferPointer<UInt8>? {
        range.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
    }

    /// Builds the owned ``LogRecord``, resolving the timestamp with `timestamps`.
    func materialize(path: String, timestamps: inout TimestampContext) -> LogRecord {
        func text(_ range: Range<Int>?) -> String? { range.map { bytes.string($0) } }
        let level = text(fields.level)
        return LogRecord(
            location: SourceLocation(path: path, line: line, byteOffset: byteOffset),
            kind: fields.kind,
            timestamp: self.bytes(of: fields.timestamp).map { timestamps.resolve($0) },
            device: text(fields.device),
            process: text(fields.process),
            senderImage: text(fields.senderImage),
            pid: fields.pid,
            thread: text(fields.thread),
            level: level,
            normalizedLevel: level.flatMap { LogLevel(spelling: $0) },
            subsystem: text(fields.subsystem),
            category: text(fields.category),
            message: bytes.string(fields.message),
            continuationLines: continuationLines
        )
    }
}

/// Receives what a scan finds, in input order.
protocol RecordSink: AnyObject {
    /// A complete record.
    func receive(_ record: RecordView)
    /// A line that fits no record (before any record, or breaking the grammar).
    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>)
    /// A line longer than the maximum length, cut.
    func truncated(line: Int, keptBytes: Int)
    /// A record that starts at `startLine` and reached its maximum length at `firstLineLeft`: that
    /// line and its later ones are counted, not searched.
    func recordCut(startLine: Int, firstLineLeft: Int)
}
