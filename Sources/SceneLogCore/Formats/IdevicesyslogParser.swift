/// `idevicesyslog` output in its three eras, and the raw syslog_relay text that tidevice,
/// `pymobiledevice3 syslog live-old` and `go-ios syslog --nojson` print:
///
/// ```
/// Nov 12 12:24:57 iPad SpringBoard(FrontBoard)[510] <Notice>: msg          ≤ 1.2, device name
/// Jun  3 10:00:01 backboardd[68] <Notice>: msg                             1.3
/// Oct 10 09:14:07.123456 SpringBoard(FrontBoard)[34] <Notice>: msg         1.4+ (os_trace)
/// Apr 14 09:22:10 users-iMac SpringBoard[488]: msg                        BSD syslog (a simulator's system.log)
/// ```
///
/// Whether a device name stands before the process is decided once per input from its first lines.
/// vis(3) escapes of the syslog_relay eras (`\M-C\M-3`, `\134`) are decoded.
struct IdevicesyslogParser: RecordParser {
    static let format = LogFormat.idevicesyslog

    /// Whether lines carry the device's host name before the process (the ≤ 1.2 wire format);
    /// `nil` until a line of the old syslog eras shows it, when the sample held none (a live
    /// stream that went quiet after idevicesyslog's `[connected]` banner).
    private(set) var hasDeviceName: Bool?

    init(sample: [[UInt8]]) {
        var parsed = 0
        var withSpace = 0
        for line in sample {
            line.withUnsafeBufferPointer { bytes in
                guard let named = Self.namesDevice(bytes) else { return }
                parsed += 1
                if named { withSpace += 1 }
            }
        }
        hasDeviceName = parsed > 0 ? withSpace * 2 > parsed : nil
    }

    init(hasDeviceName: Bool) {
        self.hasDeviceName = hasDeviceName
    }

    /// Whether a record-start line of the syslog eras has a space in its sender (a device name
    /// before the process); `nil` for other lines, os_trace records included.
    private static func namesDevice(_ line: Bytes) -> Bool? {
        guard let shape = shape(line), !shape.hasMicroseconds else { return nil }
        return line.index(of: ASCII.space, from: shape.senderStart, to: shape.pidOpen) != nil
    }

    static func detectionScore(of line: Bytes) -> Int {
        let start = line.skippingBlanks(from: 0)
        if Self.connectionBanner(line, from: start) { return 3 }
        return shape(line) == nil ? 0 : 1
    }

    mutating func classify(_ line: Bytes) -> LineRole {
        if hasDeviceName == nil { hasDeviceName = Self.namesDevice(line) }
        if let fields = Self.fields(line, hasDeviceName: hasDeviceName ?? false) { return .recordStart(fields) }
        let start = line.skippingBlanks(from: 0)
        if Self.connectionBanner(line, from: start) {
            return .recordStart(.banner(.connectionBanner, length: line.trimmingTrailingBlanks(start..<line.count).upperBound, from: start))
        }
        if Self.toolNotice(line, from: start) {
            return .recordStart(.banner(.toolBanner, length: line.count, from: start))
        }
        return .continuation
    }

    func complete(_ record: Bytes, fields: RecordFields, rewritingInto output: inout [UInt8]) -> RecordCompletion {
        // os_trace records (microsecond timestamps) carry raw UTF-8; only syslog_relay text is vis-encoded.
        guard fields.kind == .message, let stamp = fields.timestamp, stamp.count <= 15,
            record.index(of: ASCII.backslash, from: fields.message.lowerBound) != nil
        else { return .unchanged }
        output.append(contentsOf: record[..<fields.message.lowerBound])
        VisDecoder.decode(UnsafeBufferPointer(rebasing: record[fields.message]), into: &output)
        var decoded = fields
        decoded.message = fields.message.lowerBound..<output.count
        return .rewritten(decoded)
    }

    /// The fields of a record-start line, or `nil` when it is not one.
    @inline(__always)
    static func fields(_ line: Bytes, hasDeviceName: Bool) -> RecordFields? {
        guard let shape = shape(line) else { return nil }
        var fields = RecordFields(message: shape.messageStart..<line.count)
        fields.timestamp = shape.timestamp
        var sender = shape.senderStart..<shape.pidOpen
        if hasDeviceName, !shape.hasMicroseconds, let space = line.index(of: ASCII.space, from: sender.lowerBound, to: sender.upperBound) {
            fields.device = sender.lowerBound..<space
            sender = space + 1..<sender.upperBound
        }
        fields.setSender(sender, in: line)
        fields.pid = line.decimalValue(shape.pidOpen + 1..<shape.pidClose)
        fields.level = shape.level
        return fields
    }

    /// Where the parts of a record-start line are.
    struct Shape {
        var timestamp: Range<Int>
        var hasMicroseconds: Bool
        var senderStart: Int
        var pidOpen: Int
        var pidClose: Int
        var level: Range<Int>?
        var messageStart: Int
    }

    /// Finds timestamp, `[pid]`, level and message start; `nil` when the line is not a record start.
    @inline(__always)
    static func shape(_ line: Bytes) -> Shape? {
        let start = line.skippingBlanks(from: 0)
        guard let stampEnd = endOfSyslogTimestamp(line, from: start) else { return nil }
        let hasMicroseconds = stampEnd - start > 15
        let senderStart = stampEnd + 1
        // The pid is the first "[digits]" after the sender; process names hold no '['.
        var search = senderStart
        while let open = line.index(of: ASCII.openBracket, from: search) {
            let close = line.endOfPid(from: open + 1)
            guard close > open + 1, close < line.count, line[close] == ASCII.closeBracket, open > senderStart else {
                search = open + 1
                continue
            }
            var shape = Shape(
                timestamp: start..<stampEnd, hasMicroseconds: hasMicroseconds, senderStart: senderStart,
                pidOpen: open, pidClose: close, level: nil, messageStart: close + 1)
            var index = close + 1
            // BSD syslog (a simulator's system.log, pasted by test harnesses): `proc[pid]: msg`.
            if index < line.count, line[index] == ASCII.colon, !hasMicroseconds { index += 1 }
            // iOS 9's launchd glues its job's label to its pid: `launchd[1](UIKitApplication:…) <Notice>: …`.
            let labelGlued = index < line.count && line[index] == ASCII.openParen && !hasMicroseconds
            guard index == line.count || line[index] == ASCII.space || labelGlued else { return nil }
            if index < line.count, !labelGlued { index += 1 }
            shape.messageStart = index
            if index < line.count, line[index] == ASCII.less,
                let greater = line.index(of: ASCII.greater, from: index + 1, to: min(line.count, index + 16)),
                greater + 1 < line.count, line[greater + 1] == ASCII.colon, greater > index + 1
            {
                shape.level = index + 1..<greater
                index = greater + 2
                if index < line.count, line[index] == ASCII.space { index += 1 }
                shape.messageStart = index
            } else if hasMicroseconds {
                return nil
            }
            return shape
        }
        return nil
    }

    /// The end of `Mon DD HH:MM:SS` (day space-padded or not) with an optional `.uuuuuu`, when it is
    /// followed by a space.
    @inline(__always)
    static func endOfSyslogTimestamp(_ line: Bytes, from start: Int) -> Int? {
        guard let end = endOfSyslogStamp(line, from: start), end < line.count, line[end] == ASCII.space else { return nil }
        return end
    }

    /// The end of `Mon DD HH:MM:SS` with an optional fraction from `start`, whatever follows it;
    /// `nil` when no such stamp is there.
    @inline(__always)
    static func endOfSyslogStamp(_ line: Bytes, from start: Int) -> Int? {
        var index = start
        guard index + 15 <= line.count, ASCII.isUpper(line[index]), ASCII.isLower(line[index + 1]),
            ASCII.isLower(line[index + 2]), line[index + 3] == ASCII.space
        else { return nil }
        index += 4
        if line[index] == ASCII.space { index += 1 }
        let dayEnd = line.endOfDigits(from: index, to: min(index + 2, line.count))
        guard dayEnd > index, dayEnd + 9 <= line.count, line[dayEnd] == ASCII.space else { return nil }
        index = dayEnd + 1
        guard line.isDigits(index..<index + 2), line[index + 2] == ASCII.colon, line.isDigits(index + 3..<index + 5),
            line[index + 5] == ASCII.colon, line.isDigits(index + 6..<index + 8)
        else { return nil }
        index += 8
        if index < line.count, line[index] == ASCII.dot {
            let end = line.endOfDigits(from: index + 1)
            guard end > index + 1 else { return nil }
            index = end
        }
        return index
    }

    /// `[connected]`, `[connected:UDID]`, `[disconnected]`, `[disconnected:UDID]`.
    static func connectionBanner(_ line: Bytes, from start: Int) -> Bool {
        guard line.matches("[connected", at: start) || line.matches("[disconnected", at: start) else { return false }
        let end = line.trimmingTrailingBlanks(start..<line.count).upperBound
        return line[end - 1] == ASCII.closeBracket && line.index(of: ASCII.space, from: start, to: end) == nil
    }

    /// What idevicesyslog prints on stderr about the connection, when a user merges it into the capture.
    static func toolNotice(_ line: Bytes, from start: Int) -> Bool {
        line.matches("*** Device is passcode protected", at: start)
            || line.matches("Waiting for device with UDID ", at: start)
            || line.matches("No device found", at: start)
            || (line.matches("Exiting...", at: start) && line.count - start <= 11)
    }

}
