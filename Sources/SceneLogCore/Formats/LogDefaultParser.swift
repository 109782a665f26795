/// `log show` / `log stream` in the default style:
///
/// ```
/// Timestamp                       Thread     Type        Activity             PID    TTL
/// 2023-07-19 08:22:51.916784+0300 0x3058     Info        0x0                  599    0    remotepairingd: (RemotePairing) [com.apple.dt.remotepairing:networktunnelmanager] msg
/// ```
///
/// A line may end after the TTL column, its process and message wrapped onto the next, indented
/// line (as `log stream` output is quoted at a narrow width); that line is the record's message.
struct LogDefaultParser: LogToolStyleParser {
    static let format = LogFormat.logDefault

    /// The styles print nothing a parser must learn per input.
    init(sample: [[UInt8]]) {}

    static func isHeader(_ line: Bytes, from start: Int) -> Bool {
        line.matches("Timestamp ", at: start) && line.matches("Thread     Type", at: line.skippingBlanks(from: start + 10))
    }

    static func fields(_ line: Bytes) -> RecordFields? {
        let start = line.skippingBlanks(from: 0)
        guard let stampEnd = FieldScanning.endOfISOTimestamp(line, from: start, fractionDigits: 1...9, zone: .required),
            stampEnd < line.count, line[stampEnd] == ASCII.space
        else { return nil }
        var index = stampEnd + 1
        // Thread id, type, activity id, pid, TTL: whitespace-separated columns.
        guard let thread = hexToken(line, at: index) else { return nil }
        index = line.skippingBlanks(from: thread.upperBound)
        let typeEnd = line.index(of: ASCII.space, from: index) ?? line.count
        guard typeEnd > index else { return nil }
        let type = index..<typeEnd
        index = line.skippingBlanks(from: typeEnd)
        guard let activity = hexToken(line, at: index) else { return nil }
        index = line.skippingBlanks(from: activity.upperBound)
        let pidEnd = line.endOfDigits(from: index)
        guard pidEnd > index, pidEnd < line.count, line[pidEnd] == ASCII.space else { return nil }
        let pid = line.decimalValue(index..<pidEnd)
        index = line.skippingBlanks(from: pidEnd)
        let ttlEnd = line.endOfDigits(from: index)
        guard ttlEnd > index else { return nil }
        var fields = RecordFields(message: line.count..<line.count)
        fields.timestamp = start..<stampEnd
        fields.thread = thread
        fields.level = type
        fields.pid = pid
        // The columns alone: the process and message are on the next line (see `complete`).
        if line.skippingBlanks(from: ttlEnd) == line.count { return fields }
        guard line[ttlEnd] == ASCII.space else { return nil }
        index = line.skippingBlanks(from: ttlEnd)
        guard let processEnd = Self.processEnd(line, from: index, to: line.count) else { return nil }
        fields.process = index..<processEnd
        let messageStart = FieldScanning.messagePrefix(line, from: min(processEnd + 2, line.count), into: &fields)
        fields.message = messageStart..<line.count
        return fields
    }

    /// A record whose start line held the columns alone: its first continuation line is
    /// `process: (image) [subsystem:category] message`, read as the start line's rest would be.
    func complete(_ record: Bytes, fields: RecordFields, rewritingInto output: inout [UInt8]) -> RecordCompletion {
        guard fields.kind == .message, fields.process == nil,
            let newline = record.index(of: ASCII.newline, from: fields.message.lowerBound)
        else { return .unchanged }
        let lineStart = record.skippingBlanks(from: newline + 1)
        let lineEnd = record.index(of: ASCII.newline, from: lineStart) ?? record.count
        var wrapped = fields
        var messageStart = lineStart
        if let processEnd = Self.processEnd(record, from: lineStart, to: lineEnd) {
            wrapped.process = lineStart..<processEnd
            messageStart = FieldScanning.messagePrefix(record, from: min(processEnd + 2, record.count), into: &wrapped)
        }
        wrapped.message = messageStart..<record.count
        // The fields index the record's bytes, so they are written from the start of the buffer.
        output.append(contentsOf: record)
        return .rewritten(wrapped)
    }

    /// The end of `process` in `process: ` between `start` and `end` (a name may hold spaces,
    /// never `: `), or `nil` when there is none.
    private static func processEnd(_ line: Bytes, from start: Int, to end: Int) -> Int? {
        var search = start
        while let colon = line.index(of: ASCII.colon, from: search, to: end) {
            if colon + 1 == end || line[colon + 1] == ASCII.space { return colon > start ? colon : nil }
            search = colon + 1
        }
        return nil
    }

    /// A `0x…` token at `index`, followed by a space.
    private static func hexToken(_ line: Bytes, at index: Int) -> Range<Int>? {
        guard line.matches("0x", at: index) else { return nil }
        let end = line.endOfHexDigits(from: index + 2)
        guard end > index + 2, end < line.count, line[end] == ASCII.space else { return nil }
        return index..<end
    }
}
