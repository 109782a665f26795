/// `log show` / `log stream` in the default style:
///
/// ```
/// Timestamp                       Thread     Type        Activity             PID    TTL
/// 2023-07-19 08:22:51.916784+0300 0x3058     Info        0x0                  599    0    remotepairingd: (RemotePairing) [com.apple.dt.remotepairing:networktunnelmanager] msg
/// ```
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
        guard ttlEnd > index, ttlEnd < line.count, line[ttlEnd] == ASCII.space else { return nil }
        index = line.skippingBlanks(from: ttlEnd)
        // "process: " — the process name may hold spaces, never ": ".
        var search = index
        var processEnd: Int?
        while let colon = line.index(of: ASCII.colon, from: search) {
            if colon + 1 == line.count || line[colon + 1] == ASCII.space {
                processEnd = colon
                break
            }
            search = colon + 1
        }
        guard let processEnd, processEnd > index else { return nil }
        var fields = RecordFields(message: line.count..<line.count)
        fields.timestamp = start..<stampEnd
        fields.thread = thread
        fields.level = type
        fields.pid = pid
        fields.process = index..<processEnd
        let messageStart = FieldScanning.messagePrefix(line, from: min(processEnd + 2, line.count), into: &fields)
        fields.message = messageStart..<line.count
        return fields
    }

    /// A `0x…` token at `index`, followed by a space.
    private static func hexToken(_ line: Bytes, at index: Int) -> Range<Int>? {
        guard line.matches("0x", at: index) else { return nil }
        let end = line.endOfHexDigits(from: index + 2)
        guard end > index + 2, end < line.count, line[end] == ASCII.space else { return nil }
        return index..<end
    }
}
