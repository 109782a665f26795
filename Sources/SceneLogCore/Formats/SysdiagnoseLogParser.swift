/// The text logs in a sysdiagnose archive's `logs/` folder (`MobileActivation/mobileactivationd.log`,
/// `MobileInstallation/mobile_installation.log`, …), and `MobileLockdown/lockdownd.log`:
///
/// ```
/// Wed May 24 13:58:04 2023 [173] <debug> (0x16bf9b000) MA: -[MobileActivationDaemon handleActivationInfoWithSession:activationSignature:completionBlock:]: Activation message:
/// 05/24/23 12:55:38.410307 pid=76 lockstart_local: Build version: 19H349
/// ```
///
/// The first grammar is `ctime` time (device local, no zone), `[pid]`, `<level>`, `(0xtid)`; the
/// process is not printed (it is the file's). lockdownd prints 24 bytes of time, `pid=`, then a name
/// up to the first `: `, read as the process. Lines that fit neither continue the open record: the
/// daemons dump plists and `{…}` descriptions raw, one line at a time.
struct SysdiagnoseLogParser: RecordParser {
    static let format = LogFormat.sysdiagnoseLog

    /// Both grammars are fixed; nothing is learnt per input.
    init(sample: [[UInt8]]) {}

    /// No other format prints either record start.
    static func detectionScore(of line: Bytes) -> Int {
        fields(line) == nil ? 0 : 3
    }

    func classify(_ line: Bytes) -> LineRole {
        if let fields = Self.fields(line) { return .recordStart(fields) }
        return .continuation
    }

    /// The fields of a record-start line of either grammar, or `nil`.
    static func fields(_ line: Bytes) -> RecordFields? {
        let start = line.skippingBlanks(from: 0)
        return daemonFields(line, from: start) ?? lockdownFields(line, from: start)
    }

    /// `Www Mmm [ d]d HH:MM:SS YYYY [pid] <level> (0xtid) message`.
    private static func daemonFields(_ line: Bytes, from start: Int) -> RecordFields? {
        guard let stampEnd = endOfCtimeTimestamp(line, from: start), line.matches(" [", at: stampEnd) else { return nil }
        let pidStart = stampEnd + 2
        let pidEnd = line.endOfDigits(from: pidStart)
        guard pidEnd > pidStart, line.matches("] <", at: pidEnd) else { return nil }
        let levelStart = pidEnd + 3
        var levelEnd = levelStart
        while levelEnd < line.count, isWordByte(line[levelEnd]) { levelEnd += 1 }
        guard levelEnd > levelStart, line.matches("> (0x", at: levelEnd) else { return nil }
        let threadStart = levelEnd + 3
        let threadEnd = line.endOfHexDigits(from: threadStart + 2)
        guard threadEnd > threadStart + 2, threadEnd < line.count, line[threadEnd] == ASCII.closeParen else { return nil }
        let messageStart = threadEnd + 1
        guard messageStart == line.count || line[messageStart] == ASCII.space else { return nil }
        var fields = RecordFields(message: min(messageStart + 1, line.count)..<line.count)
        fields.timestamp = start..<stampEnd
        fields.pid = line.decimalValue(pidStart..<pidEnd)
        fields.level = levelStart..<levelEnd
        fields.thread = threadStart..<threadEnd
        return fields
    }

    /// `<24 bytes of time> pid=<pid> <process>: message`; the process holds no `:`.
    private static func lockdownFields(_ line: Bytes, from start: Int) -> RecordFields? {
        let stampEnd = start + 24
        guard line.matches(" pid=", at: stampEnd), !ASCII.isBlank(line[start]),
            line.index(of: ASCII.tab, from: start, to: stampEnd) == nil
        else { return nil }
        let pidStart = stampEnd + 5
        let pidEnd = line.endOfDigits(from: pidStart)
        guard pidEnd > pidStart, pidEnd < line.count, line[pidEnd] == ASCII.space,
            let colon = line.index(of: ASCII.colon, from: pidEnd + 1), colon > pidEnd + 1,
            colon + 1 == line.count || line[colon + 1] == ASCII.space
        else { return nil }
        var fields = RecordFields(message: min(colon + 2, line.count)..<line.count)
        fields.timestamp = start..<stampEnd
        fields.pid = line.decimalValue(pidStart..<pidEnd)
        fields.process = pidEnd + 1..<colon
        return fields
    }

    /// The end of `Www Mmm [ d]d HH:MM:SS YYYY` (as `ctime` prints it) at `start`.
    private static func endOfCtimeTimestamp(_ line: Bytes, from start: Int) -> Int? {
        let s = start
        guard s + 24 <= line.count,
            isName(line, at: s), line[s + 3] == ASCII.space, isName(line, at: s + 4), line[s + 7] == ASCII.space,
            line[s + 8] == ASCII.space || ASCII.isDigit(line[s + 8]), ASCII.isDigit(line[s + 9]),
            line[s + 10] == ASCII.space,
            line.isDigits(s + 11..<s + 13), line[s + 13] == ASCII.colon, line.isDigits(s + 14..<s + 16),
            line[s + 16] == ASCII.colon, line.isDigits(s + 17..<s + 19), line[s + 19] == ASCII.space,
            line.isDigits(s + 20..<s + 24)
        else { return nil }
        return s + 24
    }

    /// An upper-case letter, then two lower-case ones (`Wed`, `May`).
    private static func isName(_ line: Bytes, at index: Int) -> Bool {
        ASCII.isUpper(line[index]) && ASCII.isLower(line[index + 1]) && ASCII.isLower(line[index + 2])
    }

    /// A letter, digit or `_` (the regex `\w`, in ASCII).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        ASCII.isUpper(byte) || ASCII.isLower(byte) || ASCII.isDigit(byte) || byte == 0x5F
    }
}
