#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small byte-level helpers shared by the line splitter and the format parsers.
///
/// They work on `UnsafeBufferPointer<UInt8>` so that the hot path never builds a `String`.
typealias Bytes = UnsafeBufferPointer<UInt8>

enum ASCII {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let escape: UInt8 = 0x1B
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let openParen: UInt8 = 0x28
    static let closeParen: UInt8 = 0x29
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let less: UInt8 = 0x3C
    static let greater: UInt8 = 0x3E
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let backtick: UInt8 = 0x60
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let upperT: UInt8 = 0x54
    static let upperZ: UInt8 = 0x5A

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }
    @inline(__always) static func isUpper(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }
    @inline(__always) static func isLower(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }
    @inline(__always) static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 6
    }
    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The index of the first `byte` at or after `start` and before `end`, found with `memchr`.
    @inline(__always)
    func index(of byte: UInt8, from start: Int, to end: Int? = nil) -> Int? {
        let limit = end ?? count
        guard start < limit, let base = baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), limit - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether these bytes lie inside `other`'s memory.
    @inline(__always)
    func lies(within other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = baseAddress, let outer = other.baseAddress else { return false }
        return base >= outer && base + count <= outer + other.count
    }

    /// Whether the bytes are those of `text`'s UTF-8.
    func equals(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { utf8 in
            utf8.count == count && (isEmpty || memcmp(utf8.baseAddress!, baseAddress!, count) == 0)
        } ?? text.utf8.elementsEqual(self)
    }

    /// Whether the bytes at `offset` spell `literal`.
    @inline(__always)
    func matches(_ literal: StaticString, at offset: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset >= 0, offset + length <= count, let base = baseAddress else { return false }
        return memcmp(base + offset, literal.utf8Start, length) == 0
    }

    /// Whether the bytes at `offset` spell `literal`, ignoring ASCII case.
    func matchesIgnoringCase(_ literal: StaticString, at offset: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset >= 0, offset + length <= count else { return false }
        let other = literal.utf8Start
        for index in 0..<length where self[offset + index] | 0x20 != other[index] | 0x20 {
            return false
        }
        return true
    }

    /// Whether `literal` occurs anywhere in the bytes, ignoring ASCII case.
    func containsIgnoringCase(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard length <= count else { return false }
        return (0...count - length).contains { matchesIgnoringCase(literal, at: $0) }
    }

    /// The offset at or after `start` past blank lines and what a paste from Markdown puts before a
    /// document: a code fence line (```` ``` ````, ```` ```json ````, `~~~`) and the blank lines
    /// after it, or the opening backtick of inline code (`` `{"bug_type":…} ``); then past the
    /// banner of a crash report shown as text (`Translated Report (Full Report Below)`).
    func skippingBlankLinesAndMarkdownLead(from start: Int) -> Int {
        var index = skippingBlankLines(from: start)
        if startsMarkdownFence(at: index) {
            index = skippingBlankLines(from: endOfLine(from: index))
        } else if index < count, self[index] == ASCII.backtick {
            index += 1
        }
        return skippingTranslatedReportBanner(from: index)
    }

    /// Whether a Markdown code fence (```` ``` ````, ```` ```text ````, `~~~`) starts at `index`.
    func startsMarkdownFence(at index: Int) -> Bool {
        matches("```", at: index) || matches("~~~", at: index)
    }

    /// Past the banner Xcode and Console.app put above a crash report they show as text
    /// (`Translated Report (Full Report Below)` between two rules of dashes), when it is at `start`.
    private func skippingTranslatedReportBanner(from start: Int) -> Int {
        var index = start
        if matches("-----", at: index) { index = skippingBlankLines(from: endOfLine(from: index)) }
        guard matches("Translated Report (Full Report Below)", at: index) else { return start }
        index = skippingBlankLines(from: endOfLine(from: index))
        if matches("-----", at: index) { index = skippingBlankLines(from: endOfLine(from: index)) }
        return index
    }

    /// The offset past the line break that ends the line at `start` (the end, for the last line).
    private func endOfLine(from start: Int) -> Int {
        index(of: ASCII.newline, from: start).map { $0 + 1 } ?? count
    }

    /// The offset at or after `start` past blanks and line breaks.
    private func skippingBlankLines(from start: Int) -> Int {
        var index = start
        while index < count, ASCII.isBlank(self[index]) || self[index] == ASCII.newline || self[index] == 0x0D { index += 1 }
        return index
    }

    /// The offset of the first byte at or after `start` that is not a space or a tab.
    @inline(__always)
    func skippingBlanks(from start: Int, to end: Int? = nil) -> Int {
        let limit = end ?? count
        var index = start
        while index < limit, ASCII.isBlank(self[index]) { index += 1 }
        return index
    }

    /// The end of a run of decimal digits starting at `start` (equal to `start` when there is none).
    @inline(__always)
    func endOfDigits(from start: Int, to end: Int? = nil) -> Int {
        let limit = end ?? count
        var index = start
        while index < limit, ASCII.isDigit(self[index]) { index += 1 }
        return index
    }

    /// The end of a run of hexadecimal digits starting at `start`.
    @inline(__always)
    func endOfHexDigits(from start: Int, to end: Int? = nil) -> Int {
        let limit = end ?? count
        var index = start
        while index < limit, ASCII.isHexDigit(self[index]) { index += 1 }
        return index
    }

    /// The end of a bracketed pid's digits at `start`, a minus sign allowed before them (no system
    /// prints one: the line is still a record, its pid read as none, as an overlong one is); `start`
    /// when there are no digits.
    func endOfPid(from start: Int) -> Int {
        let digits = start < count && self[start] == ASCII.minus ? start + 1 : start
        let end = endOfDigits(from: digits)
        return end > digits ? end : start
    }

    /// The decimal value of `range`, or `nil` when it is empty, not all digits or too long.
    @inline(__always)
    func decimalValue(_ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 18 else { return nil }
        var value = 0
        for index in range {
            let byte = self[index]
            guard ASCII.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - ASCII.zero)
        }
        return value
    }

    /// Whether `range` holds exactly `count` digits.
    @inline(__always)
    func isDigits(_ range: Range<Int>) -> Bool {
        guard range.upperBound <= count else { return false }
        for index in range where !ASCII.isDigit(self[index]) { return false }
        return true
    }

    /// The index of the last `byte` in `range`.
    func lastIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        var index = range.upperBound
        while index > range.lowerBound {
            index -= 1
            if self[index] == byte { return index }
        }
        return nil
    }

    /// `range` with trailing spaces and tabs removed.
    func trimmingTrailingBlanks(_ range: Range<Int>) -> Range<Int> {
        var upper = range.upperBound
        while upper > range.lowerBound, ASCII.isBlank(self[upper - 1]) { upper -= 1 }
        return range.lowerBound..<upper
    }

    /// The first `limit` bytes of `range` at most, ending where a character starts when the bound
    /// falls inside one (UTF-8 continuation bytes are not cut off their first).
    func prefix(of range: Range<Int>, bytes limit: Int) -> Range<Int> {
        var end = Swift.min(range.upperBound, range.lowerBound + limit)
        while end < range.upperBound, end > range.lowerBound, self[end] & 0xC0 == 0x80 { end -= 1 }
        return range.lowerBound..<end
    }

    /// Whether every byte is a space or a tab.
    var isBlankLine: Bool {
        for byte in self where !ASCII.isBlank(byte) { return false }
        return true
    }

    /// The bytes of `range` decoded as UTF-8, with invalid sequences replaced.
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The range of the first occurrence of `literal` at or after `start` (`memchr` for its first
    /// byte, then a comparison).
    func range(of literal: StaticString, from start: Int = 0) -> Range<Int>? {
        let length = literal.utf8CodeUnitCount
        guard length > 0, start >= 0 else { return nil }
        let first = literal.utf8Start.pointee
        var search = start
        while search + length <= count, let index = index(of: first, from: search, to: count - length + 1) {
            if matches(literal, at: index) { return index..<index + length }
            search = index + 1
        }
        return nil
    }
}
