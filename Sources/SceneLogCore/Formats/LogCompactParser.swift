/// `log show` / `log stream --style compact`:
///
/// ```
/// Timestamp               Ty Process[PID:TID]
/// 2022-11-14 13:21:15.341 Df My App[59972:780a15] (libffi.dylib) Hello World!
/// ```
struct LogCompactParser: LogToolStyleParser {
    static let format = LogFormat.logCompact

    /// The styles print nothing a parser must learn per input.
    init(sample: [[UInt8]]) {}

    static func isHeader(_ line: Bytes, from start: Int) -> Bool {
        line.matches("Timestamp ", at: start) && line.matches("Ty Process[PID:TID]", at: line.skippingBlanks(from: start + 10))
    }

    static func fields(_ line: Bytes) -> RecordFields? {
        let start = line.skippingBlanks(from: 0)
        guard let stampEnd = FieldScanning.endOfISOTimestamp(line, from: start, fractionDigits: 3...3, zone: .absent),
            stampEnd + 4 < line.count, line[stampEnd] == ASCII.space
        else { return nil }
        // A two-column type code: "Df", "E ", "A ", "I ", "Db", "F ".
        let typeStart = stampEnd + 1
        guard ASCII.isUpper(line[typeStart]), line[typeStart + 2] == ASCII.space,
            line[typeStart + 1] == ASCII.space || ASCII.isLower(line[typeStart + 1])
        else { return nil }
        let type = line.trimmingTrailingBlanks(typeStart..<typeStart + 2)
        let processStart = line.skippingBlanks(from: typeStart + 3)
        var search = processStart
        while let open = line.index(of: ASCII.openBracket, from: search) {
            let pidEnd = line.endOfPid(from: open + 1)
            guard pidEnd > open + 1, pidEnd < line.count, line[pidEnd] == ASCII.colon, open > processStart else {
                search = open + 1
                continue
            }
            let threadEnd = line.endOfHexDigits(from: pidEnd + 1)
            guard threadEnd > pidEnd + 1, threadEnd < line.count, line[threadEnd] == ASCII.closeBracket else {
                search = open + 1
                continue
            }
            var fields = RecordFields(message: line.count..<line.count)
            fields.timestamp = start..<stampEnd
            fields.level = type
            fields.process = processStart..<open
            fields.pid = line.decimalValue(open + 1..<pidEnd)
            fields.thread = pidEnd + 1..<threadEnd
            var index = threadEnd + 1
            if index < line.count, line[index] == ASCII.space { index += 1 }
            fields.message = FieldScanning.messagePrefix(line, from: index, into: &fields)..<line.count
            return fields
        }
        return nil
    }
}
