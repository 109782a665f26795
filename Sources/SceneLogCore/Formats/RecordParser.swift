/// Byte ranges of a record's fields inside the record's bytes.
///
/// A parser fills them from the record-start line; ranges index the record's bytes, which begin
/// with that line. The message range is extended over the continuation lines when they arrive.
/// Ranges are stored as pairs of 32-bit offsets (records are capped at a few MiB), which keeps
/// the struct small: it is copied for every line.
struct RecordFields: Sendable, Equatable {
    var kind: RecordKind = .message
    private var packedTimestamp = PackedRange.none
    private var packedDevice = PackedRange.none
    private var packedProcess = PackedRange.none
    private var packedSenderImage = PackedRange.none
    private var packedThread = PackedRange.none
    private var packedLevel = PackedRange.none
    private var packedSubsystem = PackedRange.none
    private var packedCategory = PackedRange.none
    private var packedMessage: PackedRange
    private var packedPID: Int32 = -1

    @inline(__always)
    init(message: Range<Int>) {
        packedMessage = PackedRange(message)
    }

    var timestamp: Range<Int>? {
        get { packedTimestamp.range }
        set { packedTimestamp = PackedRange(newValue) }
    }
    var device: Range<Int>? {
        get { packedDevice.range }
        set { packedDevice = PackedRange(newValue) }
    }
    var process: Range<Int>? {
        get { packedProcess.range }
        set { packedProcess = PackedRange(newValue) }
    }
    var senderImage: Range<Int>? {
        get { packedSenderImage.range }
        set { packedSenderImage = PackedRange(newValue) }
    }
    var thread: Range<Int>? {
        get { packedThread.range }
        set { packedThread = PackedRange(newValue) }
    }
    var level: Range<Int>? {
        get { packedLevel.range }
        set { packedLevel = PackedRange(newValue) }
    }
    var subsystem: Range<Int>? {
        get { packedSubsystem.range }
        set { packedSubsystem = PackedRange(newValue) }
    }
    var category: Range<Int>? {
        get { packedCategory.range }
        set { packedCategory = PackedRange(newValue) }
    }
    var message: Range<Int> {
        get { packedMessage.range ?? 0..<0 }
        set { packedMessage = PackedRange(newValue) }
    }
    /// The process id; `nil` when the line prints none (or one too large to be a pid).
    var pid: Int? {
        get { packedPID < 0 ? nil : Int(packedPID) }
        set { packedPID = newValue.flatMap { Int32(exactly: $0) } ?? -1 }
    }

    /// A banner line: the whole line is its message.
    static func banner(_ kind: RecordKind, length: Int, from start: Int = 0) -> RecordFields {
        var fields = RecordFields(message: start..<length)
        fields.kind = kind
        return fields
    }
}

/// A byte range in 8 bytes: two 32-bit offsets, `none` for an absent field.
private struct PackedRange: Sendable, Equatable {
    var lower: UInt32
    var upper: UInt32

    static let none = PackedRange(lower: 0, upper: .max)

    private init(lower: UInt32, upper: UInt32) {
        self.lower = lower
        self.upper = upper
    }

    init(_ range: Range<Int>?) {
        guard let range, let lower = UInt32(exactly: range.lowerBound), let upper = UInt32(exactly: range.upperBound),
            upper != .max
        else {
            self = .none
            return
        }
        self.lower = lower
        self.upper = upper
    }

    var range: Range<Int>? {
        upper == .max ? nil : Int(lower)..<Int(upper)
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

    /// Which variant of the format the lines read so far were, when that is worth a note in the
    /// input's summary (``InputSummary/note``); `nil` for the format as such.
    var variantNote: String? { get }
}

extension RecordParser {
    var variantNote: String? { nil }

    func complete(_ record: Bytes, fields: RecordFields, rewritingInto output: inout [UInt8]) -> RecordCompletion {
        .unchanged
    }
}

extension RecordFields {
    /// Sets the process, and the library when `sender` ends with it in parentheses
    /// (`SpringBoard(FrontBoard)`, as idevicesyslog and a device's console print the sender).
    mutating func setSender(_ sender: Range<Int>, in line: Bytes) {
        if sender.count > 2, line[sender.upperBound - 1] == ASCII.closeParen,
            let open = line.lastIndex(of: ASCII.openParen, in: sender), open > sender.lowerBound
        {
            process = sender.lowerBound..<open
            senderImage = open + 1..<sender.upperBound - 1
        } else {
            process = sender
        }
    }
}
