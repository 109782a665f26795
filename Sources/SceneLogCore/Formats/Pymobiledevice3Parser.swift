/// `pymobiledevice3 syslog live`, as text (with or without `--label`, `--image-offset`) and as
/// `--format json` lines:
///
/// ```
/// 2026-04-16 12:52:32.707333 Laboratory{CoreFoundation}[67116] <NOTICE>: looked up value for key AppleLanguages [com.apple.defaults][User Defaults]
/// {"pid": 42, "procid": 42, "thread_id": 4321, "timestamp": "2026-04-18T10:15:32.123456", "level": "ERROR", …}
/// ```
///
/// Text lines are read on bytes; the process name may hold spaces, the braces hold the sender image
/// (its `+0x…` offset is dropped), and a ` [subsystem][category]` end of the message is read as the
/// label — a message that itself ends in `[x][y]` is read the same way. Lines that fit no record
/// continue the open one (multi-line messages are printed raw, the label after their last line).
/// JSON lines are decoded when complete, and lines after them continue their message; a JSON record
/// without a `message`, or one that does not decode, is unparsed. Once a text record has been seen,
/// lines starting with `{` are continuation lines (a message printing a dictionary), not JSON records.
struct Pymobiledevice3Parser: RecordParser {
    static let format = LogFormat.pymobiledevice3

    /// Whether the input has shown a text record, so that it is not in the JSON form.
    private var sawText = false

    init(sample: [[UInt8]]) {}

    static func detectionScore(of line: Bytes) -> Int {
        if textFields(line) != nil { return 3 }
        let start = line.skippingBlanks(from: 0)
        guard start < line.count, line[start] == ASCII.openBrace else { return 0 }
        return line.range(of: "\"procid\":") != nil ? 3 : 0
    }

    mutating func classify(_ line: Bytes) -> LineRole {
        if let fields = Self.textFields(line) {
            sawText = true
            return .recordStart(fields)
        }
        let start = line.skippingBlanks(from: 0)
        if !sawText, start < line.count, line[start] == ASCII.openBrace { return .deferredRecordStart }
        // `--start-after STR` prints `Waiting for "STR" ...` first (text form only).
        let end = line.trimmingTrailingBlanks(start..<line.count).upperBound
        if line.matches("Waiting for \"", at: start), end - start > 17, line.matches("\" ...", at: end - 5) {
            sawText = true
            return .recordStart(.banner(.toolBanner, length: end, from: start))
        }
        return .continuation
    }

    func complete(_ record: Bytes, fields: RecordFields, rewritingInto output: inout [UInt8]) -> RecordCompletion {
        guard fields.kind == .message else { return .unchanged }
        if JSONLogObject.startsObject(record) { return Self.jsonFields(record, into: &output) }
        guard let firstLineEnd = record.index(of: ASCII.newline, from: fields.message.lowerBound) else { return .unchanged }
        // A multi-line message: `--label` put the label at the end of its last line, not the first.
        var moved = fields
        moved.subsystem = nil
        moved.category = nil
        moved.message = fields.message.lowerBound..<record.count
        let lastLine = (record.lastIndex(of: ASCII.newline, in: firstLineEnd..<record.count) ?? firstLineEnd) + 1
        if let label = Self.label(record, messageStart: lastLine) {
            moved.subsystem = label.subsystem
            moved.category = label.category
            moved.message = fields.message.lowerBound..<label.start
        }
        // The fields index the record's bytes, so they are written from the start of the buffer.
        output.removeAll(keepingCapacity: true)
        output.append(contentsOf: record)
        return .rewritten(moved)
    }

    /// Decodes a `--format json` record.
    private static func jsonFields(_ record: Bytes, into output: inout [UInt8]) -> RecordCompletion {
        guard let (entry, continuation) = JSONLogObject.readLeading(of: record, as: Entry.self),
            let message = entry.message, message.isText
        else { return .rejected }
        var writer = DecodedRecordWriter()
        writer.writeMessage(message, continuation: continuation, into: &output)
        writer.write(entry.timestamp, as: .timestamp, into: &output)
        writer.writeBasename(entry.filename, as: .process, into: &output)
        writer.writeBasename(entry.imageName, as: .senderImage, into: &output)
        writer.write(entry.threadID, as: .thread, into: &output)
        writer.write(entry.level, as: .level, into: &output)
        writer.writeLabel(entry.label, into: &output)
        writer.fields.pid = entry.pid?.integer
        return .rewritten(writer.fields)
    }

    /// The fields of a text record-start line, or `nil` when it is not one.
    static func textFields(_ line: Bytes) -> RecordFields? {
        let start = line.skippingBlanks(from: 0)
        guard let stampEnd = FieldScanning.endOfISOTimestamp(
            line, from: start, fractionDigits: 6...6, fractionRequired: false, zone: .absent),
            stampEnd < line.count, line[stampEnd] == ASCII.space
        else { return nil }
        let processStart = stampEnd + 1
        // "process{image}[pid] <LEVEL>: " — the first "}" that such a tail follows.
        var search = processStart
        while let close = line.index(of: ASCII.closeBrace, from: search) {
            search = close + 1
            guard let tail = levelTail(line, after: close), let open = imageOpen(line, before: close, after: processStart)
            else { continue }
            var fields = RecordFields(message: tail.messageStart..<line.count)
            fields.timestamp = start..<stampEnd
            fields.process = processStart..<open
            fields.senderImage = withoutOffset(line, open + 1..<close)
            fields.pid = line.decimalValue(close + 2..<tail.pidClose)
            fields.level = tail.level
            if let label = label(line, messageStart: tail.messageStart) {
                fields.subsystem = label.subsystem
                fields.category = label.category
                fields.message = tail.messageStart..<label.start
            }
            return fields
        }
        return nil
    }

    private static let levels: [StaticString] = ["NOTICE", "INFO", "DEBUG", "USER_ACTION", "ERROR", "FAULT"]

    /// After the image's `}`: `[pid] <LEVEL>:` and a space (or the end of the line).
    private static func levelTail(_ line: Bytes, after close: Int) -> (pidClose: Int, level: Range<Int>, messageStart: Int)? {
        guard close + 1 < line.count, line[close + 1] == ASCII.openBracket else { return nil }
        let pidClose = line.endOfDigits(from: close + 2)
        guard pidClose > close + 2, line.matches("] <", at: pidClose) else { return nil }
        let levelStart = pidClose + 3
        guard let greater = line.index(of: ASCII.greater, from: levelStart, to: min(line.count, levelStart + 12)),
            line.matches(">:", at: greater),
            levels.contains(where: { $0.utf8CodeUnitCount == greater - levelStart && line.matches($0, at: levelStart) })
        else { return nil }
        let colonEnd = greater + 2
        if colonEnd == line.count { return (pidClose, levelStart..<greater, colonEnd) }
        guard line[colonEnd] == ASCII.space else { return nil }
        return (pidClose, levelStart..<greater, colonEnd + 1)
    }

    /// The `{` that opens the image ending at `close`: images hold no braces, and the process
    /// before it is not empty.
    private static func imageOpen(_ line: Bytes, before close: Int, after processStart: Int) -> Int? {
        var index = close
        while index > processStart + 1 {
            index -= 1
            if line[index] == ASCII.closeBrace { return nil }
            if line[index] == ASCII.openBrace { return index }
        }
        return nil
    }

    /// The image without a trailing `+0x…` offset (`--image-offset`).
    private static func withoutOffset(_ line: Bytes, _ image: Range<Int>) -> Range<Int> {
        guard let plus = line.lastIndex(of: ASCII.plus, in: image), line.matches("+0x", at: plus),
            plus + 3 < image.upperBound, line.endOfHexDigits(from: plus + 3, to: image.upperBound) == image.upperBound
        else { return image }
        return image.lowerBound..<plus
    }

    /// The ` [subsystem][category]` that `--label` appends: neither part holds `]`, and the message
    /// before it is as short as possible.
    private static func label(_ line: Bytes, messageStart: Int) -> (subsystem: Range<Int>, category: Range<Int>, start: Int)? {
        let end = line.count
        guard end - messageStart >= 5, line[end - 1] == ASCII.closeBracket,
            let subsystemClose = line.lastIndex(of: ASCII.closeBracket, in: messageStart..<end - 1),
            line[subsystemClose + 1] == ASCII.openBracket
        else { return nil }
        // The subsystem holds no `]`: its `[` comes after the last `]` before it.
        var open = (line.lastIndex(of: ASCII.closeBracket, in: messageStart..<subsystemClose) ?? messageStart) + 1
        while let candidate = line.index(of: ASCII.openBracket, from: open, to: subsystemClose) {
            if line[candidate - 1] == ASCII.space {
                return (candidate + 1..<subsystemClose, subsystemClose + 2..<end - 1, candidate - 1)
            }
            open = candidate + 1
        }
        return nil
    }
}


extension Pymobiledevice3Parser {
    /// The members of a `--format json` entry that become a record's fields.
    struct Entry: JSONMembers {
        var message, timestamp, filename, imageName, threadID, level, label, pid: JSONValue?

        init() {}

        mutating func take(_ key: JSONKey, _ value: JSONValue) {
            switch key {
            case "message": message = value
            case "timestamp": timestamp = value
            case "filename": filename = value
            case "image_name": imageName = value
            case "thread_id": threadID = value
            case "level": level = value
            case "label": label = value
            case "pid": pid = value
            default: break
            }
        }
    }
}
