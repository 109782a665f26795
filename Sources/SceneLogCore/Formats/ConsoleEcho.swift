#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flutter run` prints a line of the device twice, one copy right after the other: once bare (no
/// timestamp, no process) and once with its `proc[pid:tid]` prefix.
///
/// ```
/// Unknown class ViewController in Interface Builder file.
/// 2016-07-07 08:44:32.164 Runner[10828:7368176] Unknown class ViewController in Interface Builder file.
/// ```
///
/// The bare copy is the tool's echo, not a second message of the app: ``XcodeConsoleParser`` makes
/// it a ``RecordKind/toolBanner`` record, whichever copy comes first. Only a bare line and a line
/// with a prefix side by side, with the same message, are an echo: lines repeated each with a
/// prefix of its own, and bare lines repeated, stay messages.
struct ConsoleEcho {
    private enum Line {
        case bare, prefixed, other
    }

    /// What the line before was, and the text of its message when it started a record: the first
    /// `textCount` bytes of `text`, which only grows (every line is remembered, so a copy is a
    /// `memcpy` and a comparison a `memcmp`).
    private var previous = Line.other
    private var text: [UInt8] = []
    private var textCount = 0
    /// Whether the record still open, a bare line, is the echo of the prefixed line read after it.
    private var openRecordIsEcho = false

    /// Notes a line with a prefix whose message is `message`; the bare line right before it, still
    /// the open record, is then its echo when it says the same.
    mutating func notePrefixed(message: Bytes) {
        if previous == .bare, says(message) { openRecordIsEcho = true }
        remember(.prefixed, message)
    }

    /// Whether the bare `line` is the echo of the prefixed line right before it; else it is noted.
    mutating func isEcho(bare line: Bytes) -> Bool {
        if previous == .prefixed, says(line) {
            previous = .other
            return true
        }
        remember(.bare, line)
        return false
    }

    /// Notes a line that starts no message record of its own (a continuation, a debugger line).
    mutating func noteOther() {
        previous = .other
    }

    /// Whether the record being completed is the echo of the line read after it (once: the answer
    /// is then cleared).
    mutating func takeOpenRecordEcho() -> Bool {
        defer { openRecordIsEcho = false }
        return openRecordIsEcho
    }

    private func says(_ message: Bytes) -> Bool {
        guard textCount == message.count else { return false }
        guard let start = message.baseAddress else { return true }
        return text.withUnsafeBufferPointer { memcmp($0.baseAddress!, start, textCount) == 0 }
    }

    private mutating func remember(_ line: Line, _ message: Bytes) {
        previous = line
        if text.count < message.count { text = [UInt8](repeating: 0, count: max(message.count, 2 * text.count, 256)) }
        textCount = message.count
        guard let start = message.baseAddress else { return }
        text.withUnsafeMutableBufferPointer { _ = memcpy($0.baseAddress!, start, message.count) }
    }
}
