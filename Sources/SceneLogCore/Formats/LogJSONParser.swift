/// `log show --style json`: one pretty-printed JSON array, written incrementally.
///
/// ```
/// [{
///   "eventMessage" : "nicscott : TTY=ttys001 ; …",
///   "processImagePath" : "\/usr\/bin\/sudo",
///   …
/// },{
///   …
/// }]
/// ```
///
/// A record starts at an unindented `[{`, `},{`, `,{`, `[` or `{` line (a `{` right after a lone `[`
/// continues that record instead); every other line continues it. Nested objects are indented, so they never
/// start a record. The object is closed by the record's last line when that starts with `}` (`}]`,
/// `},`), and otherwise by an added `}` — the array of an interrupted `log stream` is never closed.
/// An event cut short inside a member (a paste that ends in its `backtrace`) keeps the members
/// written whole before the cut; a record whose text does not decode otherwise is unparsed. `log`'s
/// preamble lines are tool banners.
struct LogJSONParser: RecordParser {
    static let format = LogFormat.logJSON

    /// Whether the last line was a lone `[`, so that a lone `{` continues its record.
    private var afterArrayOpen = false

    init(sample: [[UInt8]]) {}

    static func detectionScore(of line: Bytes) -> Int {
        let end = line.trimmingTrailingBlanks(0..<line.count).upperBound
        if isLine(line, end: end, "[{") || isLine(line, end: end, "},{") { return 2 }
        let start = line.skippingBlanks(from: 0)
        // Apple's pretty printer puts a space before the colon; nothing else does.
        let appleKey = line.matches("\"eventMessage\" : ", at: start) || line.matches("\"eventType\" : ", at: start)
            || line.matches("\"traceID\" : ", at: start) || line.matches("\"processImagePath\" : ", at: start)
            || line.matches("\"formatString\" : ", at: start)
        return appleKey ? 3 : 0
    }

    mutating func classify(_ line: Bytes) -> LineRole {
        let end = line.trimmingTrailingBlanks(0..<line.count).upperBound
        defer { afterArrayOpen = Self.isLine(line, end: end, "[") }
        if Self.isLine(line, end: end, "[{") || Self.isLine(line, end: end, "},{") || Self.isLine(line, end: end, ",{")
            || Self.isLine(line, end: end, "[")
        {
            return .deferredRecordStart
        }
        if Self.isLine(line, end: end, "{") { return afterArrayOpen ? .continuation : .deferredRecordStart }
        let start = line.skippingBlanks(from: 0)
        if LogToolBanner.matches(line, from: start) {
            return .recordStart(.banner(.toolBanner, length: line.trimmingTrailingBlanks(start..<line.count).upperBound, from: start))
        }
        return .continuation
    }

    func complete(_ record: Bytes, fields: RecordFields, rewritingInto output: inout [UInt8]) -> RecordCompletion {
        guard fields.kind == .message else { return .unchanged }
        guard let open = record.index(of: ASCII.openBrace, from: 0) else { return .rejected }
        var lastLine = record.count
        while lastLine > 0, record[lastLine - 1] != ASCII.newline { lastLine -= 1 }
        let event: LogEventMembers?
        if lastLine > open, lastLine < record.count, record[lastLine] == ASCII.closeBrace {
            event = JSONLogObject.read(UnsafeBufferPointer(rebasing: record[open...lastLine]), as: LogEventMembers.self)
        } else {
            event = JSONLogObject.read(UnsafeBufferPointer(rebasing: record[open...]), as: LogEventMembers.self, closeImplied: true)
        }
        guard let event = event ?? Self.wholeMembers(ofCutEvent: record[open...]) else { return .rejected }
        return .rewritten(Self.eventFields(event, continuation: nil, into: &output))
    }

    /// The members of an event cut short inside a member's value (its `backtrace`, as a paste ends),
    /// written whole before the cut, when they hold its message. An event damaged among its own
    /// members (`"processID" : ` and no value) is no cut one.
    private static func wholeMembers(ofCutEvent object: Slice<Bytes>) -> LogEventMembers? {
        var depth = 0
        JSONBrackets.walk(object) { _, after in
            depth = after
            return after > 0
        }
        guard depth > 1, let members = JSONBrackets.wholeMembersOfCutObject(object) else { return nil }
        let event = members.withUnsafeBufferPointer { JSONLogObject.read($0, as: LogEventMembers.self) }
        return event?.message == nil ? nil : event
    }

    /// Writes the fields of one `log` event, as the `json` and `ndjson` styles spell them. Events
    /// other than log messages (activities, signposts) are records too; a signpost without a message
    /// gets its `signpostName`.
    static func eventFields(_ event: LogEventMembers, continuation: Bytes?, into output: inout [UInt8]) -> RecordFields {
        var writer = DecodedRecordWriter()
        let hasMessage = event.message.map { $0.isText && !$0.isEmptyString } ?? false
        writer.writeMessage(hasMessage ? event.message : event.signpostName, continuation: continuation, into: &output)
        writer.write(event.timestamp, as: .timestamp, into: &output)
        writer.writeBasename(event.processImagePath, as: .process, into: &output)
        writer.writeBasename(event.senderImagePath, as: .senderImage, into: &output)
        writer.write(event.threadID, as: .thread, into: &output)
        writer.write(event.messageType, as: .level, into: &output)
        writer.write(event.subsystem, as: .subsystem, into: &output)
        writer.write(event.category, as: .category, into: &output)
        writer.fields.pid = event.processID?.integer
        return writer.fields
    }

    /// Whether the line, up to `end` (its trailing blanks cut), is exactly `literal`.
    private static func isLine(_ line: Bytes, end: Int, _ literal: StaticString) -> Bool {
        end == literal.utf8CodeUnitCount && line.matches(literal, at: 0)
    }
}

/// The members of a `log` event (`json` and `ndjson` styles) that become a record's fields.
struct LogEventMembers: JSONMembers {
    var message, signpostName, timestamp, processImagePath, senderImagePath: JSONValue?
    var threadID, messageType, subsystem, category, processID: JSONValue?
    /// Whether the object has `eventType` and `finished` (`log show`'s last record has only the latter).
    var hasEventType = false
    var hasFinished = false

    init() {}

    mutating func take(_ key: JSONKey, _ value: JSONValue) {
        switch key {
        case "eventMessage": message = value
        case "signpostName": signpostName = value
        case "timestamp": timestamp = value
        case "processImagePath": processImagePath = value
        case "senderImagePath": senderImagePath = value
        case "threadID": threadID = value
        case "messageType": messageType = value
        case "subsystem": subsystem = value
        case "category": category = value
        case "processID": processID = value
        case "eventType": hasEventType = true
        case "finished": hasFinished = true
        default: break
        }
    }
}
