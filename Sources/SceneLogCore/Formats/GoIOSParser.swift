/// go-ios `ios syslog` and `ios ostrace` output:
///
/// ```
/// {"msg":"Jun 20 13:42:52 iPhone locationd[59] \u003cNotice\u003e: Client com.apple.springboard …"}   syslog
/// {"timestamp":"2026-06-20T13:42:52","device":"iPhone","process":"locationd","pid":"59",…}           syslog --parse
/// {"pid":1234,"timestamp":"…","level":16,"levelName":"Error","threadId":4567,"imageName":"MyApp",…}  ostrace
/// 2026-04-14T10:15:32.123+02:00  PID:123    <Error  >  [com.example:net]  request failed            ostrace --nojson
/// ```
///
/// JSON lines (also `--pretty`, one object over several lines) are decoded when complete; a `msg`
/// is the syslog_relay wire record, read as idevicesyslog reads it (device name, vis escapes decoded)
/// or, when it is no such record, kept whole as the message. Lines after a one-line object continue
/// its message; an object with neither `msg` nor `message`, or one that does not decode, is
/// unparsed. `--nojson` ostrace lines are read on bytes: they name no process, and a message that
/// starts with `[a:b]  ` when no label was printed is read as a label. Lines that fit no record
/// continue the open one; once a text record has been seen, lines starting with `{` do too.
struct GoIOSParser: RecordParser {
    static let format = LogFormat.goIOS

    /// Whether the input has shown an ostrace `--nojson` record, so that it is not in a JSON form.
    private var sawText = false
    /// Reads the wire records inside `{"msg":…}`.
    private let wireParser = IdevicesyslogParser(hasDeviceName: true)

    init(sample: [[UInt8]]) {}

    static func detectionScore(of line: Bytes) -> Int {
        if plainFields(line) != nil { return 3 }
        let start = line.skippingBlanks(from: 0)
        if line.matches("{\"msg\":\"", at: start) || line.matches("\"msg\": \"", at: start)
            || line.range(of: "\"levelName\":") != nil
            || (line.matches("{\"timestamp\":\"", at: start) && line.range(of: "\"device\":\"") != nil)
        {
            return 3
        }
        return 0
    }

    mutating func classify(_ line: Bytes) -> LineRole {
        if let fields = Self.plainFields(line) {
            sawText = true
            return .recordStart(fields)
        }
        let start = line.skippingBlanks(from: 0)
        if !sawText, start < line.count, line[start] == ASCII.openBrace { return .deferredRecordStart }
        return .continuation
    }

    func complete(_ record: Bytes, fields: RecordFields, rewritingInto output: inout [UInt8]) -> RecordCompletion {
        guard JSONLogObject.startsObject(record) else { return .unchanged }
        guard let (entry, continuation) = JSONLogObject.readLeading(of: record, as: Entry.self) else { return .rejected }
        if let wire = entry.wire, wire.isText, entry.message == nil {
            return .rewritten(wireFields(wire, continuation: continuation, into: &output))
        }
        guard let message = entry.message, message.isText else { return .rejected }
        var writer = DecodedRecordWriter()
        writer.writeMessage(message, continuation: continuation, into: &output)
        writer.write(entry.timestamp, as: .timestamp, into: &output)
        writer.write(entry.device, as: .device, into: &output)
        if !writer.write(entry.process, as: .process, into: &output) {
            writer.writeBasename(entry.filename, as: .process, into: &output)
        }
        writer.writeBasename(entry.imageName, as: .senderImage, into: &output)
        writer.write(entry.threadID, as: .thread, into: &output)
        if !writer.write(entry.levelName, as: .level, into: &output) {
            writer.write(entry.level, as: .level, into: &output)
        }
        writer.writeLabel(entry.label, into: &output)
        writer.fields.pid = entry.pid?.integer
        return .rewritten(writer.fields)
    }

    /// Writes a `msg` wire record as ``IdevicesyslogParser`` reads it, then the continuation lines.
    private func wireFields(_ wire: JSONValue, continuation: Bytes?, into output: inout [UInt8]) -> RecordFields {
        var text: [UInt8] = []
        _ = wire.writeText(into: &text)
        // The idevicesyslog parser writes the record from the start of the buffer.
        output.removeAll(keepingCapacity: true)
        var fields = text.withUnsafeBufferPointer { bytes in
            guard let parsed = IdevicesyslogParser.fields(bytes, hasDeviceName: true) else {
                output.append(contentsOf: bytes)
                return RecordFields(message: 0..<output.count)
            }
            if case .rewritten(let decoded) = wireParser.complete(bytes, fields: parsed, rewritingInto: &output) {
                return decoded
            }
            output.append(contentsOf: bytes)
            return parsed
        }
        // The message is the last field written, so the continuation lines extend it.
        if let continuation {
            output.append(ASCII.newline)
            output.append(contentsOf: continuation)
            fields.message = fields.message.lowerBound..<output.count
        }
        return fields
    }

    /// The fields of an ostrace `--nojson` line, or `nil` when it is not one:
    /// `TS␠␠PID:%-5d␠␠<%-7s>␠␠[subsystem:category]␠␠message`, the label only when the entry has one.
    static func plainFields(_ line: Bytes) -> RecordFields? {
        let start = line.skippingBlanks(from: 0)
        guard let stampEnd = endOfGoTimestamp(line, from: start), line.matches("  PID:", at: stampEnd) else { return nil }
        let pidStart = stampEnd + 6
        let pidEnd = line.endOfDigits(from: pidStart)
        let levelOpen = line.skippingBlanks(from: pidEnd)
        guard pidEnd > pidStart, levelOpen > pidEnd, levelOpen < line.count, line[levelOpen] == ASCII.less,
            let levelClose = line.index(of: ASCII.greater, from: levelOpen + 1)
        else { return nil }
        let level = line.trimmingTrailingBlanks(levelOpen + 1..<levelClose)
        guard !level.isEmpty, let messageStart = afterSeparator(line, at: levelClose + 1) else { return nil }
        var fields = RecordFields(message: messageStart..<line.count)
        fields.timestamp = start..<stampEnd
        fields.pid = line.decimalValue(pidStart..<pidEnd)
        fields.level = level
        if messageStart < line.count, line[messageStart] == ASCII.openBracket,
            let close = line.index(of: ASCII.closeBracket, from: messageStart + 1),
            let colon = line.index(of: ASCII.colon, from: messageStart + 1, to: close),
            let afterLabel = afterSeparator(line, at: close + 1)
        {
            fields.subsystem = messageStart + 1..<colon
            fields.category = colon + 1..<close
            fields.message = afterLabel..<line.count
        }
        return fields
    }

    /// The index after the two spaces go-ios puts between columns at `index`, or the end of the line.
    private static func afterSeparator(_ line: Bytes, at index: Int) -> Int? {
        if line.matches("  ", at: index) { return index + 2 }
        return index == line.count ? index : nil
    }

    /// The end of Go's `2006-01-02T15:04:05.000Z07:00`: a `Z` or a `±HH:MM` zone is required.
    private static func endOfGoTimestamp(_ line: Bytes, from start: Int) -> Int? {
        guard let clockEnd = FieldScanning.endOfISOTimestamp(
            line, from: start, fractionDigits: 1...9, fractionRequired: false, zone: .absent),
            clockEnd < line.count, line[start + 10] == ASCII.upperT
        else { return nil }
        if line[clockEnd] == ASCII.upperZ { return clockEnd + 1 }
        guard line[clockEnd] == ASCII.plus || line[clockEnd] == ASCII.minus, line.isDigits(clockEnd + 1..<clockEnd + 3),
            clockEnd + 3 < line.count, line[clockEnd + 3] == ASCII.colon, line.isDigits(clockEnd + 4..<clockEnd + 6)
        else { return nil }
        return clockEnd + 6
    }
}

extension GoIOSParser {
    /// The members of a go-ios JSON entry that become a record's fields; `msg` is the wire form.
    struct Entry: JSONMembers {
        var message, wire, timestamp, device, process, filename, imageName, threadID: JSONValue?
        var levelName, level, label, pid: JSONValue?

        init() {}

        mutating func take(_ key: JSONKey, _ value: JSONValue) {
            switch key {
            case "message": message = value
            case "msg": wire = value
            case "timestamp": timestamp = value
            case "device": device = value
            case "process": process = value
            case "filename": filename = value
            case "imageName": imageName = value
            case "threadId": threadID = value
            case "levelName": levelName = value
            case "level": level = value
            case "label": label = value
            case "pid": pid = value
            default: break
            }
        }
    }
}
