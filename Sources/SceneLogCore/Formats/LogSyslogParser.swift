/// `log show` / `log stream --style syslog`:
///
/// ```
/// Timestamp                       (process)[PID]
/// 2023-09-27 22:55:39.622369+0200  localhost legacyScreenSaver[41737]: (ScreenSaverExample) hello
/// ```
struct LogSyslogParser: LogToolStyleParser {
    static let format = LogFormat.logSyslog

    /// The styles print nothing a parser must learn per input.
    init(sample: [[UInt8]]) {}

    static func isHeader(_ line: Bytes, from start: Int) -> Bool {
        line.matches("Timestamp ", at: start) && line.matches("(process)[PID]", at: line.skippingBlanks(from: start + 10))
    }

    static func fields(_ line: Bytes) -> RecordFields? {
        let start = line.skippingBlanks(from: 0)
        guard let stampEnd = FieldScanning.endOfISOTimestamp(line, from: start, fractionDigits: 1...9, zone: .required),
            line.matches("  ", at: stampEnd)
        else { return nil }
        let hostStart = stampEnd + 2
        guard let hostEnd = line.index(of: ASCII.space, from: hostStart), hostEnd > hostStart else { return nil }
        // "process[pid]: " — the process may hold spaces; the pid is the first "[digits]]: ".
        var search = hostEnd + 1
        while let open = line.index(of: ASCII.openBracket, from: search) {
            let close = line.endOfPid(from: open + 1)
            guard close > open + 1, line.matches("]:", at: close), open > hostEnd + 1 else {
                search = open + 1
                continue
            }
            var fields = RecordFields(message: line.count..<line.count)
            fields.timestamp = start..<stampEnd
            // The tool prints `localhost` for every device (a Mac's own log, a device's logarchive,
            // a simulator's): it names none.
            if !line.matches("localhost ", at: hostStart) { fields.device = hostStart..<hostEnd }
            fields.process = hostEnd + 1..<open
            fields.pid = line.decimalValue(open + 1..<close)
            var index = close + 2
            if index < line.count, line[index] == ASCII.space { index += 1 }
            fields.message = FieldScanning.messagePrefix(line, from: index, into: &fields, allowSource: true)..<line.count
            return fields
        }
        return nil
    }
}
