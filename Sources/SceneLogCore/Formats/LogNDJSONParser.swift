/// `log show` / `log stream --style ndjson`: one compact JSON object per line, with the keys of the
/// `json` style, and a last `{"count":540659,"finished":1}` record from `log show`.
///
/// ```
/// {"traceID":3105639345815556,"eventMessage":"[Q20195] Sent 37-byte query #1 …","eventType":"logEvent",…}
/// ```
///
/// Every line starting with `{` starts a record. A line that does not (and is not `log`'s preamble)
/// continues the open record: it is kept, raw, at the end of that record's message after a `\n`, as
/// every format keeps continuation lines; before any record it is unparsed. A record whose first line
/// does not decode as a JSON object (alone, or with the lines after it as one object spread over
/// lines) is unparsed, lines and all. The `finished` record and the preamble are tool banners.
struct LogNDJSONParser: RecordParser {
    static let format = LogFormat.logNDJSON

    init(sample: [[UInt8]]) {}

    /// 3 for a JSON line with `log`'s own keys or its `finished` record; 0 otherwise, since a JSON
    /// object line alone does not say which tool printed it.
    static func detectionScore(of line: Bytes) -> Int {
        let start = line.skippingBlanks(from: 0)
        guard start < line.count, line[start] == ASCII.openBrace else { return 0 }
        if line.range(of: "\"eventMessage\":") != nil || line.range(of: "\"eventType\":\"") != nil {
            return 3
        }
        return line.matches("{\"count\":", at: start) && line.range(of: "\"finished\":") != nil ? 3 : 0
    }

    func classify(_ line: Bytes) -> LineRole {
        let start = line.skippingBlanks(from: 0)
        if start < line.count, line[start] == ASCII.openBrace { return .deferredRecordStart }
        if LogToolBanner.matches(line, from: start) {
            return .recordStart(.banner(.toolBanner, length: line.trimmingTrailingBlanks(start..<line.count).upperBound, from: start))
        }
        return .continuation
    }

    func complete(_ record: Bytes, fields: RecordFields, rewritingInto output: inout [UInt8]) -> RecordCompletion {
        guard fields.kind == .message else { return .unchanged }
        guard let (event, continuation) = JSONLogObject.readLeading(of: record, as: LogEventMembers.self) else {
            return .rejected
        }
        if event.hasFinished, !event.hasEventType {
            let start = output.count
            output.append(contentsOf: record)
            return .rewritten(.banner(.toolBanner, length: output.count, from: start))
        }
        return .rewritten(LogJSONParser.eventFields(event, continuation: continuation, into: &output))
    }
}
