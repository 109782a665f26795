/// Tells a text log from the binary and structured files people point scenelog at by mistake.
enum InputKind: Sendable, Equatable {
    case text
    case gzip
    case zip
    case tar
    case bzip2
    case xz
    case crashReport
    case utf16
    case utf32
    /// `log show --style json` re-written on one line (`jq -c`, `json.dumps`, a log shipper).
    case compactLogJSON
    /// A report scenelog wrote (JSON, SARIF, NDJSON events): a baseline or yesterday's report kept
    /// beside the logs, whose quoted messages and rule texts are no log's lines.
    case scenelogReport
    case binary

    /// Looks at the first bytes of an input.
    static func sniff(_ head: UnsafeBufferPointer<UInt8>) -> InputKind {
        if head.count >= 2, head[0] == 0x1F, head[1] == 0x8B { return .gzip }
        // UTF-32's byte-order marks (`FF FE 00 00`, `00 00 FE FF`) before UTF-16's, which the first starts with.
        if head.count >= 4, head[0..<4].elementsEqual([0xFF, 0xFE, 0, 0]) || head[0..<4].elementsEqual([0, 0, 0xFE, 0xFF]) {
            return .utf32
        }
        if head.count >= 2, (head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF) { return .utf16 }
        if head.matches("PK\u{03}\u{04}", at: 0) { return .zip }
        if head.count >= 262, head.matches("ustar", at: 257) { return .tar }
        // "BZh", the block size digit, then the block magic (π) or the end-of-stream magic (√π).
        if head.count >= 10, head.matches("BZh", at: 0), (0x31...0x39).contains(head[3]),
            head[4..<10].elementsEqual([0x31, 0x41, 0x59, 0x26, 0x53, 0x59])
                || head[4..<10].elementsEqual([0x17, 0x72, 0x45, 0x38, 0x50, 0x90])
        {
            return .bzip2
        }
        if head.count >= 6, head[0] == 0xFD, head.matches("7zXZ", at: 1), head[5] == 0 { return .xz }
        if let unitSize = unitSizeWithoutByteOrderMark(head) { return unitSize == 4 ? .utf32 : .utf16 }
        if startsCrashReport(head) { return .crashReport }
        if startsCompactLogJSON(head) { return .compactLogJSON }
        if isScenelogReport(head) { return .scenelogReport }
        if let unquoted = QuotedReport.unquoted(head), unquoted.withUnsafeBufferPointer(startsCrashReport) { return .crashReport }
        return BinaryContent.startsBinary(head) ? .binary : .text
    }

    /// Whether `head` opens a report scenelog wrote: its JSON report (whose keys are sorted, `apps`
    /// first), its NDJSON events, or a SARIF log whose tool is scenelog.
    private static func isScenelogReport(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        if head.matches("{\n  \"apps\" : [", at: 0) { return true }
        if head.matches("{\"type\":\"finding\",\"data\":{", at: 0) || head.matches("{\"type\":\"launch\",\"change\":\"", at: 0)
            || head.matches("{\"type\":\"summary\",\"findings\":{", at: 0)
        {
            return true
        }
        return head.matches("{\n  \"$schema\" : \"https://json.schemastore.org/sarif-", at: 0)
            && head.range(of: "\"driver\" : {\n          \"name\" : \"scenelog\"") != nil
    }

    /// Whether `head` opens with a crash report: an `.ips` metadata line, a legacy report's
    /// `Incident Identifier:`, or an excerpt of a legacy report's header.
    private static func startsCrashReport(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = head.skippingBlankLinesAndMarkdownLead(from: 0)
        if head.matches("{\"", at: start) {
            let end = head.index(of: ASCII.newline, from: start) ?? head.count
            let firstLine = UnsafeBufferPointer(rebasing: head[start..<end])
            if firstLine.range(of: "\"bug_type\"") != nil { return true }
        }
        return startsIncidentIdentifier(head, at: start) || startsLegacyReportExcerpt(head, at: start)
    }

    /// Whether `head` opens with an array of `log show --style json` records on one line: `[{`
    /// then, on the same line, a record's `"eventMessage"` and the next record, or no line end at all.
    private static func startsCompactLogJSON(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = head.skippingBlanks(from: head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        guard head.matches("[", at: start), head.matches("{", at: head.skippingBlanks(from: start + 1)) else { return false }
        let lineEnd = head.index(of: ASCII.newline, from: start) ?? head.count
        let line = UnsafeBufferPointer(rebasing: head[start..<lineEnd])
        return line.range(of: "\"eventMessage\"") != nil
            && (line.range(of: "},{") != nil || line.range(of: "}, {") != nil || lineEnd == head.count)
    }

    /// 2 or 4 when `head` reads as UTF-16 or UTF-32 text without a byte-order mark (what some
    /// Windows tools write): at least nine in ten of its first units are an ASCII character and
    /// zeros, the zeros on the same side; `nil` otherwise. Text in UTF-8 has no NUL, and a binary
    /// file is rarely so regular.
    private static func unitSizeWithoutByteOrderMark(_ head: UnsafeBufferPointer<UInt8>) -> Int? {
        for unitSize in [4, 2] {
            let units = min(head.count, 512) / unitSize
            guard units >= 8 else { continue }
            var little = 0
            var big = 0
            for unit in 0..<units {
                let bytes = head[(unit * unitSize)..<(unit * unitSize + unitSize)]
                let isASCII: (UInt8) -> Bool = { $0 == ASCII.newline || $0 == 0x09 || $0 == ASCII.carriageReturn || (0x20..<0x7F).contains($0) }
                if isASCII(bytes.first!), bytes.dropFirst().allSatisfy({ $0 == 0 }) { little += 1 }
                if isASCII(bytes.last!), bytes.dropLast().allSatisfy({ $0 == 0 }) { big += 1 }
            }
            if max(little, big) * 10 >= units * 9 { return unitSize }
        }
        return nil
    }

    /// Whether a legacy crash report's `Incident Identifier:` starts `head` at `start`, or one of
    /// its next two lines after labels, short lines ending with `:`, that a reporter put above it
    /// (`TESTFLIGHT CRASH REPORT:`), or one of its next ``proseLinesAbove`` lines after the few
    /// sentences of a question that quotes it (Stack Overflow 44365935; xamarin/xamarin-macios#3811),
    /// when the report's next header key follows it (`Beta Identifier:` in a TestFlight build's).
    private static func startsIncidentIdentifier(_ head: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var lineStart = start
        var labelsOnly = true
        for lineIndex in 0...proseLinesAbove {
            if head.matches("Incident Identifier:", at: lineStart) {
                guard identifiesAnIncident(head, after: lineStart + 20) else { return false }
                guard !labelsOnly || lineIndex > 2 else { return true }
                guard let newline = head.index(of: ASCII.newline, from: lineStart) else { return false }
                let next = head.skippingBlankLinesAndMarkdownLead(from: newline + 1)
                return head.matches("CrashReporter Key:", at: next) || head.matches("Hardware Model:", at: next)
                    || head.matches("Beta Identifier:", at: next)
            }
            guard let newline = head.index(of: ASCII.newline, from: lineStart) else { return false }
            let end = head.trimmingTrailingBlanks(lineStart..<newline).upperBound
            if newline - lineStart > 60 || end == lineStart || head[end - 1] != UInt8(ascii: ":") { labelsOnly = false }
            lineStart = head.skippingBlankLinesAndMarkdownLead(from: newline + 1)
        }
        return false
    }

    /// Whether what follows `Incident Identifier:` is one: a UUID's hex digits and dashes (at
    /// least eight of them; `X` where a reporter masked them), not words (`see ticket 123`).
    private static func identifiesAnIncident(_ head: UnsafeBufferPointer<UInt8>, after start: Int) -> Bool {
        var index = head.skippingBlanks(from: start, to: min(head.count, start + 64))
        let first = index
        while index < head.count, ASCII.isHexDigit(head[index]) || head[index] == ASCII.minus || head[index] | 0x20 == UInt8(ascii: "x") {
            index += 1
        }
        return index - first >= 8
    }

    /// The most lines of prose above a quoted report's `Incident Identifier:` (a question's
    /// paragraph, a `**Crash log:**` label, the `.ips` metadata line of a report copied whole).
    private static let proseLinesAbove = 12

    /// The header keys a legacy (text) crash report's lines start with, in its order.
    private static let legacyHeaderKeys: [StaticString] = [
        "CrashReporter Key:", "Hardware Model:", "Process:", "Path:", "Identifier:", "Version:", "Code Type:", "Role:",
        "Parent Process:", "Coalition:", "Date/Time:", "Launch Time:", "OS Version:", "Release Type:", "Baseband Version:",
        "Report Version:", "Exception Type:", "Exception Codes:", "Exception Subtype:", "Exception Note:",
        "Termination Reason:", "Termination Description:", "Triggered by Thread:",
    ]

    /// How many header lines open an excerpt of a legacy crash report, at least.
    private static let excerptHeaderLines = 3

    /// Whether `head` is an excerpt of a legacy crash report pasted without its first lines (a bug
    /// report quoting from `Date/Time:` or `Exception Type:` on): it opens with a block of at least
    /// ``excerptHeaderLines`` header lines (blank lines between them allowed), the report's
    /// `Exception Type:` or `Termination Reason:` among them, after at most ``proseLinesAbove``
    /// lines of a question's prose (xamarin/Xamarin.Forms#14951: `App crashing on startup.`). A log
    /// whose first line merely starts with such a key is no report, nor one whose lines above it
    /// are a log's (see ``isProse(_:from:to:)``).
    private static func startsLegacyReportExcerpt(_ head: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var lineStart = start
        for _ in 0...proseLinesAbove {
            if opensLegacyReportExcerpt(head, at: lineStart) { return true }
            guard let newline = head.index(of: ASCII.newline, from: lineStart), isProse(head, from: lineStart, to: newline) else {
                return false
            }
            lineStart = head.skippingBlankLinesAndMarkdownLead(from: newline + 1)
        }
        return false
    }

    /// Whether a line reads as a sentence, not as a log's record: it starts with no digit (a
    /// timestamp), no syslog stamp (`Oct 10 09:14:07`), and holds no tab (a console export's columns).
    private static func isProse(_ head: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let line = UnsafeBufferPointer(rebasing: head[start..<end])
        let first = line.skippingBlanks(from: 0)
        guard first < line.count else { return true }
        return !ASCII.isDigit(line[first]) && line.index(of: 0x09, from: first) == nil
            && IdevicesyslogParser.endOfSyslogStamp(line, from: first) == nil
    }

    /// Whether the block of header lines at `start` opens a legacy report's excerpt.
    private static func opensLegacyReportExcerpt(_ head: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var lineStart = start
        var headerLines = 0
        var namesTheCrash = false
        while lineStart < head.count, let lineEnd = head.index(of: ASCII.newline, from: lineStart) {
            let content = head.skippingBlanks(from: lineStart, to: lineEnd)
            if content < lineEnd, head[content] != 0x0D {
                guard legacyHeaderKeys.contains(where: { head.matches($0, at: content) }) else { break }
                headerLines += 1
                namesTheCrash = namesTheCrash || head.matches("Exception Type:", at: content) || head.matches("Termination Reason:", at: content)
            }
            lineStart = lineEnd + 1
        }
        return headerLines >= excerptHeaderLines && namesTheCrash
    }

    /// Whether libarchive reads it: an archive or a compressed file.
    var isArchive: Bool {
        switch self {
        case .gzip, .zip, .tar, .bzip2, .xz: true
        default: false
        }
    }

    /// What to tell the user about an input of this kind that is not read as a text stream (piped
    /// in, or nested deeper than one level in an archive).
    var refusal: String? {
        switch self {
        case .text: nil
        case .gzip, .bzip2, .xz: "is compressed, not a text log; name the file instead (scenelog reads compressed files and archives), or decompress it first"
        case .zip, .tar: "is an archive, not a text log; name the file instead (scenelog reads archives), or extract it first"
        case .crashReport: "is a crash report (.ips), not a console log; name the file instead, and scenelog reads it as a crash report"
        case .utf16: "is UTF-16 text (as Windows PowerShell writes it); convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8)"
        case .utf32: "is UTF-32 text; convert it to UTF-8 first (iconv -f UTF-32 -t UTF-8)"
        case .compactLogJSON:
            "is log show --style json written on one line, whose records scenelog cannot count a line each; "
                + "write one record a line (jq -c '.[]' capture.json > capture.ndjson) or keep log show's own layout"
        case .scenelogReport: "is a report scenelog wrote, not a log; scan the logs it was made from"
        case .binary: "is not a text log (it holds binary data)"
        }
    }
}
