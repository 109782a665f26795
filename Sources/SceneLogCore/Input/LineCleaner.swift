/// Removes what is not log text from a line: NUL bytes (tidevice and raw syslog_relay streams
/// start records with one) and ANSI SGR colour sequences (`ESC [ … m`, as idevicesyslog and
/// pymobiledevice3 print on a terminal).
///
/// It also drops the prefixes that test harnesses put before each device line they echo
/// (Flutter's `[        ] [DEVICE LOG] ` and `flutter run -v`'s `[  +34 ms] `, Appium's
/// `[IOS_SYSLOG_ROW] `, Appium 1.x's `2015-06-19 20:34:05:820 - info: [IOS_SYSLOG_ROW ] `), a
/// Markdown blockquote's `> `, a code mark glued to the line, and the line number that `grep -n`
/// or an editor's search put before a line, so pasted output parses as the device log it carries.
///
/// Lines that contain neither are passed through untouched, without a copy; the others are
/// rewritten into a reused buffer. Invalid UTF-8 is left as it is.
struct LineCleaner: ~Copyable {
    private var scratch = ByteBuffer()

    /// The cleaned bytes of `line`: `line` itself (without a harness prefix) when it holds nothing
    /// to remove, else the cleaner's own bytes, valid until its next call.
    ///
    /// - Parameters:
    ///   - holdsNul: whether `line` holds a NUL, when the caller looked already.
    ///   - mayHoldEscape: `false` when the caller knows that `line` holds no escape.
    mutating func clean(
        _ line: UnsafeBufferPointer<UInt8>, holdsNul: Bool? = nil, mayHoldEscape: Bool = true
    ) -> UnsafeBufferPointer<UInt8> {
        let holdsNul = holdsNul ?? (line.index(of: 0, from: 0) != nil)
        let holdsEscape = mayHoldEscape && line.index(of: ASCII.escape, from: 0) != nil
        let cleaned = holdsNul || holdsEscape ? removingControls(line) : line
        return UnsafeBufferPointer(rebasing: cleaned[HarnessPrefix.length(in: cleaned)...])
    }

    private mutating func removingControls(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        scratch.removeAll()
        var index = 0
        while index < line.count {
            let byte = line[index]
            if byte == 0 {
                index += 1
            } else if byte == ASCII.escape, index + 1 < line.count, line[index + 1] == ASCII.openBracket {
                index = Self.endOfControlSequence(line, from: index + 2)
            } else {
                scratch.append(byte)
                index += 1
            }
        }
        return scratch.bytes
    }

    /// The index just past a CSI sequence whose parameters start at `start`: parameter and
    /// intermediate bytes (0x20–0x3F), then one final byte (0x40–0x7E).
    private static func endOfControlSequence(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < line.count, line[index] >= 0x20, line[index] <= 0x3F { index += 1 }
        if index < line.count, line[index] >= 0x40, line[index] <= 0x7E { index += 1 }
        return index
    }
}

/// Prefixes that test harnesses print before the device lines they pass on.
enum HarnessPrefix {
    /// The length of a harness prefix at the start of `line` (after blanks), or 0.
    static func length(in line: UnsafeBufferPointer<UInt8>) -> Int {
        let start = line.skippingBlanks(from: 0)
        guard start < line.count else { return 0 }
        switch line[start] {
        case ASCII.openBracket:
            // Flutter: "[        ] [DEVICE LOG] ", "[   +1 ms] [DEVICE LOG] "; Appium: "[iOSLog] [IOS_SYSLOG_ROW] ",
            // "[IOSDeviceLog] ".
            guard let close = line.index(of: ASCII.closeBracket, from: start + 1, to: min(line.count, start + 24)),
                close + 2 < line.count, line[close + 1] == ASCII.space
            else { return 0 }
            if line.matches("[DEVICE LOG] ", at: close + 2) { return close + 2 + 13 }
            if line.matches("[IOS_SYSLOG_ROW] ", at: close + 2) { return close + 2 + 17 }
            // Appium's device log: "[IOSDeviceLog] " alone before an idevicesyslog line.
            if line.matches("[IOSDeviceLog] ", at: start) { return start + 15 }
            // `flutter run -v`: "[  +34 ms] ", "[        ] " before each line it passes on.
            return isFlutterElapsedTime(line, start + 1..<close) ? close + 2 : 0
        case 0x69:  // "i"
            return line.matches("info: [IOS_SYSLOG_ROW ] ", at: start) ? start + 24 : 0
        case UInt8(ascii: "2"):
            // Appium 1.x's own log: "2015-06-19 20:34:05:820 - info: [IOS_SYSLOG_ROW ] " (a time with
            // its milliseconds after a colon, 23 bytes).
            let stamp = start + 23
            if stamp + 27 < line.count && line[stamp] == ASCII.space && line.matches(" - info: [IOS_SYSLOG_ROW ] ", at: stamp)
                && line.isDigits(start..<start + 4)
            {
                return stamp + 27
            }
            return start == 0 ? lineNumberLength(in: line, from: 0) : 0
        case ASCII.zero...ASCII.nine:
            return start == 0 ? lineNumberLength(in: line, from: 0) : 0
        case UInt8(ascii: "L"):
            // Notepad++'s search results: "Line  453: " before each line found.
            guard start == 0, line.matches("Line ", at: 0) else { return 0 }
            return lineNumberLength(in: line, from: line.skippingBlanks(from: 5))
        case ASCII.greater:
            return blockquoteLength(in: line, from: start)
        case ASCII.backtick:
            return gluedCodeMarkLength(in: line, from: start)
        default:
            return 0
        }
    }

    /// The length of a line number and its colon that `grep -n` (`453:`) or an editor's search
    /// (`Line  453: `) put before a line they found, and the one space after it, or 0. A clock
    /// time (`16:58:58.25`, its colon followed by a digit) is no line number, but `grep -n`'s glued
    /// to a dated line is (`12:2020-06-12 16:08:14…`).
    private static func lineNumberLength(in line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let colon = line.endOfDigits(from: start)
        guard colon > start, colon - start <= 7, colon + 1 < line.count, line[colon] == UInt8(ascii: ":") else { return 0 }
        let next = colon + 1
        if line[next] == ASCII.space { return next + 1 }
        if ASCII.isUpper(line[next]) || ASCII.isLower(line[next]) { return next }
        // A date after it: four digits and a dash.
        return next + 5 <= line.count && line.isDigits(next..<next + 4) && line[next + 4] == UInt8(ascii: "-") ? next : 0
    }

    /// The length of a Markdown blockquote's markers at `start` (a log quoted in a bug report:
    /// `> 2019-03-10 14:57:47.661454+0000 App[68076:4764666] …`, `> > …` nested): each `>` and the
    /// one space after it, so that an indented line stays indented.
    static func blockquoteLength(in line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < line.count, line[index] == ASCII.greater {
            index += 1
            if index < line.count, line[index] == ASCII.space { index += 1 }
        }
        return index
    }

    /// The length of a Markdown code mark glued to the log line it opens (a log pasted into a bug
    /// report: `` `QBImagePickerDemo[1946:43442] [access] This app has crashed… ``, `` ```dyld: Library
    /// not loaded: … ``), or 0. A fence alone or with a one-word language (```` ```text ````) is
    /// left as it is: it is no log line, and it is told as the fence it is; so is inline code
    /// around a line's first word.
    private static func gluedCodeMarkLength(in line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < line.count, end - start < 4, line[end] == ASCII.backtick { end += 1 }
        let marks = end - start
        guard marks == 1 || marks == 3, end < line.count, line[end] != ASCII.space, line[end] != ASCII.tab else { return 0 }
        let space = line.index(of: ASCII.space, from: end)
        // A fence's language is one word; a glued log line goes on after a space.
        if marks == 3 { return space == nil ? 0 : end }
        // Inline code of the line's first word is the message's own (`` `UIScene` lifecycle will soon be required… ``).
        if let close = line.index(of: ASCII.backtick, from: end), close < space ?? line.count { return 0 }
        return end
    }

    /// Whether `field` is the elapsed-time column of `flutter run -v`: eight bytes or more, all
    /// blanks, or blanks then `+34 ms` at its end.
    private static func isFlutterElapsedTime(_ line: UnsafeBufferPointer<UInt8>, _ field: Range<Int>) -> Bool {
        guard field.count >= 8 else { return false }
        let start = line.skippingBlanks(from: field.lowerBound)
        guard start < field.upperBound else { return true }
        let digitsEnd = line.endOfDigits(from: start + 1)
        return line[start] == ASCII.plus && digitsEnd > start + 1 && digitsEnd + 3 == field.upperBound
            && line.matches(" ms", at: digitsEnd)
    }
}
