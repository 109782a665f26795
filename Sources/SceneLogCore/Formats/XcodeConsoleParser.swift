/// The Xcode debug console (Xcode 8–14) and `NSLog` on stderr, with Swift `print()` output
/// interleaved unprefixed:
///
/// ```
/// 2020-09-16 17:06:55.755454-0700 VideoQuickStart[23092:6273980] [WindowScene] There is no scene delegate set. …
/// 2014-12-28 23:56:02.013 TestApp[6247:281476] NSLog
/// flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/
/// ```
///
/// The thread id is decimal, or hexadecimal in NSLog lines before iOS 7 (`PDFDemo[19634:f803]`).
/// A `[Category] ` right after `[pid:tid] ` is taken as the category
/// when it is a bracketed word. A line whose timestamp a paste left out keeps its process and pid
/// when it starts with a one-word `proc[pid:tid] ` (``fieldsWithoutTimestamp(_:)``), and so does a
/// device syslog line without its date and device (``syslogFieldsWithoutDate(_:)``). Timestamped
/// lines may be indented. A line the debugger or the `flutter` tool prints (``DebuggerLine``:
/// `Process 1198 stopped`, `Running Xcode build...`) is a record of kind ``RecordKind/debugger``,
/// indented or not. Any other non-blank line is a `print()` record of its own, unless it starts
/// with a blank or a closing bracket: then it continues the open record, as blank lines do (the
/// first such line, with no record to continue, starts one). In a console with metadata it also
/// continues a record whose brackets are still open or whose text ends with `=` (an `NSError`
/// printed over lines: `… UserInfo=`, `{NSUnderlyingError=…, `). Such a
/// line right before or after a prefixed line with the same message is `flutter run`'s echo of that
/// line (``ConsoleEcho``): a ``RecordKind/toolBanner`` record.
///
/// **The plain variant.** Since Xcode 15 the console copies messages without any metadata, mixed
/// with `flutter run` and lldb output: no line scores for any format. When the first detection
/// window of an input (``FormatDetector/sampleLines`` non-blank lines) fits no format and looks like
/// text (``FormatDetector/looksLikeText(_:)``), the input is read as this format: every line is a
/// record of its own (continuation rules as above), and when no line of the whole input carried the
/// timestamp prefix the summary notes ``plainNote``. A timestamped `proc[pid:tid]` line later in a
/// plain console is read with its fields, and then the note is not given (the console is the
/// classic one, whose `print()` lines are unprefixed anyway).
///
/// **The metadata-below variant.** Since Xcode 15 a console copied with its metadata shown puts a
/// line of it below each message (``XcodeMetadataLine``). From the first such line on, a message
/// runs on until its metadata line, which ends its record and gives its fields; the line after it
/// starts the next record.
///
/// Text that only *starts* free (a long pasted preamble before a device log) is read as plain at
/// first, and detection goes on: from the first line that scores for another format, a window of
/// lines is held back and detected again (``FormatDetector/formatAfterPlainText(_:)``). If another
/// format clearly fits it, the plain part ends there (its lines stay plain records), the input is
/// read in that format from that line on, and the summary names that format, without the note. If
/// not, the held lines are plain records too and detection waits for the next scoring line. A
/// preamble shorter than a detection window never reads as plain at all: the window holds both,
/// and the log's format wins, as before. A forced `--input-format xcode-console` reads the same
/// way, without any re-detection.
struct XcodeConsoleParser: RecordParser {
    static let format = LogFormat.xcodeConsole

    /// The summary's note on a console whose lines carry no metadata at all.
    static let plainNote = "plain Xcode console (no metadata): each line is a record of the app's process"

    /// Whether a timestamped `proc[pid:tid]` line was read.
    private var sawMetadata = false
    /// Whether any line started a record.
    private var sawRecord = false
    /// Whether a metadata line below its message was read (``XcodeMetadataLine``, Xcode 15 on):
    /// from then on a message's lines run on until their metadata line.
    private var sawMetadataBelow = false
    /// Whether the last line was such a metadata line: the next one starts a message.
    private var afterMetadataLine = false
    /// `flutter run`'s bare echoes of the device's lines.
    private var echo = ConsoleEcho()
    /// The open record's `{`, `(` and `[` not closed yet, and whether its last line ends with `=`:
    /// then the record goes on (``classify(_:)``).
    private var openRecord = OpenBrackets()

    init(sample: [[UInt8]]) {}

    /// Only timestamped `proc[pid:tid]` lines count: `print()` lines look like any text.
    static func detectionScore(of line: Bytes) -> Int {
        fields(line) == nil ? 0 : 1
    }

    mutating func classify(_ line: Bytes) -> LineRole {
        if let role = classifyAroundMetadataBelow(line) { return role }
        if let fields = Self.fields(line) ?? Self.fieldsWithoutTimestamp(line) ?? Self.syslogFieldsWithoutDate(line) {
            sawMetadata = true
            sawRecord = true
            let message = UnsafeBufferPointer(rebasing: line[fields.message])
            echo.notePrefixed(message: message)
            openRecord = OpenBrackets(message)
            return .recordStart(fields)
        }
        guard let first = line.first, !line.isBlankLine else {
            echo.noteOther()
            return .continuation
        }
        if let start = DebuggerLine.appTextAfterPrompt(line) {
            sawRecord = true
            echo.noteOther()
            openRecord = OpenBrackets(UnsafeBufferPointer(rebasing: line[start...]))
            return .recordStart(RecordFields(message: start..<line.count))
        }
        if DebuggerLine.parse(line) != nil {
            sawRecord = true
            echo.noteOther()
            openRecord = OpenBrackets()
            return .recordStart(.banner(.debugger, length: line.count))
        }
        guard !ASCII.isBlank(first), first != ASCII.closeBrace, first != ASCII.closeParen, first != ASCII.closeBracket
        else {
            echo.noteOther()
            openRecord.add(line)
            // The first line (a paste that kept a leading blank) has no record to continue.
            return sawRecord ? .continuation : indentedFirstRecord(line)
        }
        if sawMetadata, openRecord.goesOn {
            echo.noteOther()
            openRecord.add(line)
            return .continuation
        }
        openRecord = OpenBrackets(line)
        if echo.isEcho(bare: line) { return .recordStart(.banner(.toolBanner, length: line.count)) }
        sawRecord = true
        return .recordStart(RecordFields(message: 0..<line.count))
    }

    /// A console whose metadata stands below each message (``XcodeMetadataLine``): the metadata line
    /// ends the open record (``complete(_:fields:rewritingInto:)`` reads it), the line after it
    /// starts the next, and the lines between continue it. `nil` for a line read as any other.
    private mutating func classifyAroundMetadataBelow(_ line: Bytes) -> LineRole? {
        if XcodeMetadataLine.isOne(line) {
            sawMetadataBelow = true
            afterMetadataLine = true
            echo.noteOther()
            // One with no message above it (a paste that begins with it) tells nothing of its own.
            guard sawRecord else { return .recordStart(.banner(.toolBanner, length: line.count)) }
            return .continuation
        }
        guard sawMetadataBelow, !line.isBlankLine, Self.fields(line) == nil else { return nil }
        guard afterMetadataLine else { return .continuation }
        afterMetadataLine = false
        echo.noteOther()
        openRecord = OpenBrackets()
        if DebuggerLine.parse(line) != nil { return .recordStart(.banner(.debugger, length: line.count)) }
        return .recordStart(RecordFields(message: line.skippingBlanks(from: 0)..<line.count))
    }

    /// The first record, from a line that would continue one: its message starts after the blanks.
    private mutating func indentedFirstRecord(_ line: Bytes) -> LineRole {
        sawRecord = true
        return .recordStart(RecordFields(message: line.skippingBlanks(from: 0)..<line.count))
    }

    /// A bare line that turned out to be the echo of the prefixed line after it is a tool banner.
    /// A record that ends with its metadata line takes its fields from it.
    mutating func complete(_ record: Bytes, fields: RecordFields, rewritingInto output: inout [UInt8]) -> RecordCompletion {
        if sawMetadataBelow, fields.kind == .message, let completed = Self.withMetadataBelow(record, fields: fields, into: &output) {
            return completed
        }
        guard echo.takeOpenRecordEcho(), fields.kind == .message, fields.process == nil, fields.timestamp == nil else {
            return .unchanged
        }
        let start = output.count
        output.append(contentsOf: record)
        return .rewritten(.banner(.toolBanner, length: output.count, from: start))
    }

    /// The record's fields read from its last line when that is its metadata line, the message
    /// ending before it; `nil` when its last line is none.
    private static func withMetadataBelow(_ record: Bytes, fields: RecordFields, into output: inout [UInt8]) -> RecordCompletion? {
        guard let newline = record.lastIndex(of: ASCII.newline, in: fields.message.lowerBound..<record.count),
            let metadata = XcodeMetadataLine(record, from: newline + 1)
        else { return nil }
        let start = output.count
        output.append(contentsOf: record)
        let message = record.trimmingTrailingBlanks(fields.message.lowerBound..<newline)
        return .rewritten(metadata.fields(message: message, movedBy: start))
    }

    /// ``plainNote`` when records were read and none of them carried metadata.
    var variantNote: String? {
        sawRecord && !sawMetadata && !sawMetadataBelow ? Self.plainNote : nil
    }

    /// The fields of a `YYYY-MM-DD HH:MM:SS.fff[fff][±zzzz] proc[pid:tid] ` line, or `nil`.
    static func fields(_ line: Bytes) -> RecordFields? {
        let start = line.skippingBlanks(from: 0)
        guard let stampEnd = FieldScanning.endOfISOTimestamp(line, from: start, fractionDigits: 3...6, zone: .optional),
            stampEnd + 1 < line.count, line[stampEnd] == ASCII.space, !ASCII.isBlank(line[stampEnd + 1])
        else { return nil }
        var fields = processFields(line, from: stampEnd + 1, within: line.count)
        fields?.timestamp = start..<stampEnd
        return fields
    }

    /// The fields of a `proc[pid:tid] ` line whose timestamp a paste left out (`Runner[406:6604]
    /// [SceneConfiguration] Info.plist contained no UIScene configuration dictionary …`), or `nil`:
    /// the process starts the line with a letter and is one short word (letters, digits, `.`, `_`,
    /// `-`), so that a sentence holding a `[n:n]` is no process.
    static func fieldsWithoutTimestamp(_ line: Bytes) -> RecordFields? {
        guard let first = line.first, ASCII.isUpper(first) || ASCII.isLower(first),
            let fields = processFields(line, from: 0, within: min(line.count, maximumProcessLength)),
            let process = fields.process,
            line[process].allSatisfy({ ASCII.isUpper($0) || ASCII.isLower($0) || ASCII.isDigit($0) || $0 == ASCII.dot || $0 == ASCII.underscore || $0 == ASCII.minus })
        else { return nil }
        return fields
    }

    /// The fields of a device syslog line whose date and device name a paste left out (`kernel[0]
    /// <Notice>: …`, `ReportCrash(CrashReporterSupport)[2782] <Notice>: …`, `SpringBoard(FrontBoard)[57]
    /// <Error>: …`; omz/Pythonista-Issues#405), or `nil`: the process (which may hold spaces, not
    /// colons) starts with a letter, its `(subsystem)` and `[pid]` follow within
    /// ``maximumProcessLength`` bytes, then a `<Level>: ` of letters. `syslog -F std` (and
    /// `react-native log-ios`, which prints it) puts a blank before each line, and the simulator's
    /// launchd its job's label before the level (` com.apple.CoreSimulator.SimDevice.<UUID>[17151]
    /// (com.apple.securityuploadd) <Notice>: …`): the message then starts at the label, as a
    /// device's syslog has it.
    static func syslogFieldsWithoutDate(_ line: Bytes) -> RecordFields? {
        let start = line.skippingBlanks(from: 0, to: min(line.count, 4))
        guard start < line.count, ASCII.isUpper(line[start]) || ASCII.isLower(line[start]),
            let open = line.index(of: ASCII.openBracket, from: start + 1, to: min(line.count, start + maximumSyslogProcessLength))
        else { return nil }
        let pidEnd = line.endOfDigits(from: open + 1)
        guard pidEnd > open + 1, line.matches("] ", at: pidEnd) else { return nil }
        var levelStart = pidEnd + 2
        var messageStart: Int?
        if line.matches("(", at: levelStart), let close = line.index(of: ASCII.closeParen, from: levelStart, to: min(line.count, levelStart + 256)),
            line.matches(") <", at: close)
        {
            messageStart = levelStart
            levelStart = close + 2
        }
        guard line.matches("<", at: levelStart) else { return nil }
        var levelEnd = levelStart + 1
        while levelEnd < line.count, ASCII.isUpper(line[levelEnd]) || ASCII.isLower(line[levelEnd]) { levelEnd += 1 }
        guard levelEnd > levelStart + 1, line.matches(">: ", at: levelEnd) || (line.matches(">:", at: levelEnd) && levelEnd + 2 == line.count)
        else { return nil }
        var fields = RecordFields(message: (messageStart ?? min(levelEnd + 3, line.count))..<line.count)
        let processEnd = line.index(of: ASCII.openParen, from: start + 1, to: open) ?? open
        // A whole syslog line (its date's time holds colons) is no such line: it is the log's.
        guard line.index(of: ASCII.colon, from: start, to: processEnd) == nil else { return nil }
        fields.process = start..<processEnd
        fields.pid = line.decimalValue(open + 1..<pidEnd)
        return fields
    }

    /// How far a date-less syslog line's `[pid]` may stand from its start: the simulator's launchd
    /// is named `com.apple.CoreSimulator.SimDevice.<UUID>`.
    private static let maximumSyslogProcessLength = 128

    /// How far a stamp-less line's `[pid:tid]` may stand from its start.
    private static let maximumProcessLength = 64

    /// The fields of `proc[pid:tid] [Category] message` from `processStart` on, the `[` within
    /// `limit`, or `nil`.
    private static func processFields(_ line: Bytes, from processStart: Int, within limit: Int) -> RecordFields? {
        // The process may hold spaces and brackets; "[pid:tid]" is the first "[digits:hex digits]"
        // then a space.
        var search = processStart + 1
        while let open = line.index(of: ASCII.openBracket, from: search, to: limit) {
            search = open + 1
            let pidEnd = line.endOfDigits(from: open + 1)
            guard pidEnd > open + 1, pidEnd < line.count, line[pidEnd] == ASCII.colon else { continue }
            let tidEnd = line.endOfHexDigits(from: pidEnd + 1)
            guard tidEnd > pidEnd + 1, tidEnd < line.count, line[tidEnd] == ASCII.closeBracket,
                tidEnd + 1 == line.count || line[tidEnd + 1] == ASCII.space
            else { continue }
            var fields = RecordFields(message: line.count..<line.count)
            fields.process = processStart..<open
            fields.pid = line.decimalValue(open + 1..<pidEnd)
            fields.thread = pidEnd + 1..<tidEnd
            var messageStart = min(tidEnd + 2, line.count)
            if let category = category(line, at: messageStart) {
                fields.category = category
                messageStart = category.upperBound + 2
            }
            fields.message = messageStart..<line.count
            return fields
        }
        return nil
    }

    /// The text of a `[Word…] ` at `index`: a letter, then neither blanks nor brackets, then `] `.
    private static func category(_ line: Bytes, at index: Int) -> Range<Int>? {
        guard index + 3 < line.count, line[index] == ASCII.openBracket,
            ASCII.isUpper(line[index + 1]) || ASCII.isLower(line[index + 1])
        else { return nil }
        var end = index + 2
        while end < line.count, !ASCII.isBlank(line[end]), line[end] != ASCII.openBracket, line[end] != ASCII.closeBracket {
            end += 1
        }
        guard end + 1 < line.count, line[end] == ASCII.closeBracket, line[end + 1] == ASCII.space else { return nil }
        return index + 1..<end
    }
}

/// The brackets a record's lines opened and did not close, and whether its last line ends with
/// `=`: a value printed over several lines goes on.
private struct OpenBrackets {
    /// The most brackets counted open: a line of opening brackets alone does not hold every line after it.
    private static let limit = 16
    private var open = 0
    private var endsWithEquals = false

    init() {}

    init(_ text: Bytes) {
        add(text)
    }

    /// Whether the next unprefixed line continues the record.
    var goesOn: Bool { open > 0 || endsWithEquals }

    mutating func add(_ text: Bytes) {
        for byte in text {
            switch byte {
            case ASCII.openBrace, ASCII.openParen, ASCII.openBracket: open = min(open + 1, Self.limit)
            case ASCII.closeBrace, ASCII.closeParen, ASCII.closeBracket: open = max(open - 1, 0)
            default: break
            }
        }
        let end = text.trimmingTrailingBlanks(0..<text.count).upperBound
        endsWithEquals = end > 0 && text[end - 1] == UInt8(ascii: "=")
    }
}
