/// Byte ranges of a record's fields inside the record's bytes.
///
/// A parser fills them from the record-start line; ranges index the record's bytes, which begin
/// with that line. The message range is extended over the continuation lines when they arrive.
public struct RecordFields: Sendable, Equatable {
    public var kind: RecordKind = .message
    public var timestamp: Range<Int>?
    public var device: Range<Int>?
    public var process: Range<Int>?
    public var senderImage: Range<Int>?
    public var pid: Int?
    public var thread: Range<Int>?
    public var level: Range<Int>?
    public var subsystem: Range<Int>?
    public var category: Range<Int>?
    public var message: Range<Int>

    public init(message: Range<Int>) {
        self.message = message
    }

    /// A banner line: the whole line is its message.
    static func banner(_ kind: RecordKind, length: Int, from start: Int = 0) -> RecordFields {
        var fields = RecordFields(message: start..<length)
        fields.kind = kind
        return fields
    }
}

/// What one physical line is, as a parser sees it.
enum LineRole: Equatable {
    /// The line starts a record whose fields are known now.
    case recordStart(RecordFields)
    /// The line starts a record whose fields are known only when it is complete (JSON documents).
    case deferredRecordStart
    /// The line continues the open record (or is unparsed when none is open).
    case continuation
    /// The line fits nothing; it also closes the open record.
    case unparsed
}

/// What a parser makes of a complete record.
enum RecordCompletion {
    /// The fields and bytes stand as they are.
    case unchanged
    /// The parser wrote the record's text anew into the output buffer (decoded escapes, JSON
    /// values), and these fields index that buffer.
    case rewritten(RecordFields)
    /// The record could not be decoded after all: its lines count as unparsed.
    case rejected
}

/// One log format's grammar: recognises record starts and extracts fields, on bytes.
///
/// Each format has one parser type; ``LogFormat`` is the closed list of them.
protocol RecordParser {
    static var format: LogFormat { get }

    /// How strongly `line` (cleaned, leading blanks kept) says the input is in this format:
    /// 0 for not at all, 1 for a record start, more for a line no other format prints.
    static func detectionScore(of line: Bytes) -> Int

    /// A parser set up for one input, from the first lines of that input.
    init(sample: [[UInt8]])

    /// Classifies one cleaned line.
    mutating func classify(_ line: Bytes) -> LineRole

    /// Finishes a record: its bytes are the start line, then each continuation line after a `\n`.
    mutating func complete(_ record: Bytes, fields: RecordFields, rewritingInto output: inout [UInt8])
        -> RecordCompletion
}

extension RecordParser {
    func complete(_ record: Bytes, fields: RecordFields, rewritingInto output: inout [UInt8]) -> RecordCompletion {
        .unchanged
    }
}
