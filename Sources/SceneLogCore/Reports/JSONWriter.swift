/// Writes JSON straight into bytes, without an intermediate tree: reports with many findings stay
/// cheap to write. Pretty-printed (two-space indent, `"key" : value`), or compact on one line for
/// NDJSON. The bytes go into a ``ByteBuffer`` (an append is a store or a `memcpy`, where an array
/// checked its uniqueness and copied generically: most of a dense report's writing time).
struct JSONWriter: ~Copyable {
    private var buffer: ByteBuffer
    /// One line, no spaces (`"key":value`).
    private let compact: Bool
    /// Whether the innermost open container has an element yet.
    private var innermostHasElement = false
    /// The same for what encloses each open container, outermost (the top level) first: one entry
    /// per open container. The innermost is kept apart, so that each element touches no array.
    private var enclosingHaveElements: [Bool] = []
    /// How many containers are open.
    private var depth: Int { enclosingHaveElements.count }
    /// Whether a key was just written and its value is due.
    private var afterKey = false

    init(reservingCapacity capacity: Int = 1 << 16, compact: Bool = false) {
        buffer = ByteBuffer(capacity: capacity)
        self.compact = compact
    }

    /// The bytes written so far (since the last drain), valid until the next write.
    var bytes: UnsafeBufferPointer<UInt8> { buffer.bytes }

    /// Hands the bytes written so far to `write` and forgets them, once they reach `threshold`:
    /// a long report goes out piece by piece instead of being held whole.
    mutating func drain(atLeast threshold: Int = 1 << 16, to write: ([UInt8]) throws -> Void) rethrows {
        guard buffer.count >= threshold else { return }
        try write(Array(buffer.bytes))
        buffer.removeAll()
    }

    mutating func beginObject() { open(0x7B) }
    mutating func endObject() { close(0x7D) }
    mutating func beginArray() { open(0x5B) }
    mutating func endArray() { close(0x5D) }

    /// Writes `"key" : ` for the value that follows: a key of the schema, copied as it is (ASCII,
    /// nothing to escape).
    mutating func key(_ key: StaticString) {
        guard key.hasPointerRepresentation else { return self.key(schema: key.description) }
        writeKey(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }

    /// Writes `"key" : ` for a key of the schema held in a string (an enum's raw value), copied as
    /// it is (ASCII, nothing to escape).
    mutating func key(schema key: String) {
        var key = key
        key.withUTF8 { writeKey($0) }
    }

    /// Writes `"key" : ` for a key that comes from the data (escaped like any string).
    mutating func key(dynamic key: String) {
        separate()
        writeQuoted(key)
        endKey()
    }

    private mutating func endKey() {
        let colon: StaticString = compact ? ":" : " : "
        append(colon)
        afterKey = true
    }

    /// Writes `"key" : ` for a key of the schema (ASCII, nothing to escape): the separator, the
    /// line break and indent, the quoted key and the colon, in room made once.
    private mutating func writeKey(_ key: UnsafeBufferPointer<UInt8>) {
        guard !afterKey, depth > 0, depth <= Self.deepestOneCopyIndent, !compact else {
            separate()
            buffer.append(0x22)
            buffer.append(key)
            buffer.append(0x22)
            return endKey()
        }
        let lineBreakAndIndent = Self.lineBreakAndIndent(depth: depth)
        var target = buffer.room(for: 1 + lineBreakAndIndent.count + 1 + key.count + Self.closingQuoteAndColon.count)
        let start = target
        if innermostHasElement {
            target.pointee = 0x2C
            target += 1
        }
        target += ByteBuffer.copy(lineBreakAndIndent, to: target)
        target.pointee = 0x22
        target += 1 + ByteBuffer.copy(key, to: target + 1)
        target += ByteBuffer.copy(Self.closingQuoteAndColon, to: target)
        buffer.grow(by: target - start)
        innermostHasElement = true
        afterKey = true
    }

    mutating func string(_ value: String?) {
        separate()
        if let value { writeQuoted(value) } else { append("null") }
    }

    mutating func int(_ value: Int?) {
        separate()
        guard let value else { return append("null") }
        appendDigits(of: value)
    }

    mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
    }

    mutating func double(_ value: Double?) {
        separate()
        guard let value, value.isFinite else { return append("null") }
        if value == value.rounded() && abs(value) < 1e15 { return appendDigits(of: Int(value)) }
        append(String(value))
    }

    /// An object of string values, keys sorted.
    mutating func stringObject(_ values: [String: String]) {
        beginObject()
        if values.count == 1, let (key, value) = values.first {  // most findings' data: nothing to sort
            self.key(dynamic: key)
            string(value)
            return endObject()
        }
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            self.key(dynamic: key)
            string(value)
        }
        endObject()
    }

    /// An object of integer values, keys sorted.
    mutating func intObject(_ values: [String: Int]) {
        beginObject()
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            self.key(dynamic: key)
            int(value)
        }
        endObject()
    }

    // MARK: - Layout

    private mutating func open(_ bracket: UInt8) {
        separate()
        buffer.append(bracket)
        enclosingHaveElements.append(innermostHasElement)
        innermostHasElement = false
    }

    private mutating func close(_ bracket: UInt8) {
        let hadElements = innermostHasElement
        innermostHasElement = enclosingHaveElements.removeLast()
        if hadElements { newline() }
        buffer.append(bracket)
    }

    /// Before a value or a key: a comma after the previous element, a new line and the indent.
    @inline(__always)
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if innermostHasElement { buffer.append(0x2C) }
        innermostHasElement = true
        newline()
    }

    /// A line break and the indent of the current depth, copied in one piece up to 32 levels deep.
    @inline(__always)
    private mutating func newline() {
        guard !compact else { return }
        let lineBreakAndIndent = Self.lineBreakAndIndent(depth: depth)
        buffer.append(lineBreakAndIndent)
        var indent = 2 * depth - (lineBreakAndIndent.count - 1)
        while indent > 0 {  // deeper: more spaces, a piece at a time
            let piece = min(indent, Self.lineBreakAndSpaces.utf8CodeUnitCount - 1)
            buffer.append(UnsafeBufferPointer(start: Self.lineBreakAndSpaces.utf8Start + 1, count: piece))
            indent -= piece
        }
    }

    private static let lineBreakAndSpaces: StaticString = "\n                                                                "
    /// What follows a key's name: `" : `.
    private static var closingQuoteAndColon: UnsafeBufferPointer<UInt8> {
        let text: StaticString = "\" : "
        return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }
    /// How deep an indent ``lineBreakAndIndent(depth:)`` holds whole.
    private static let deepestOneCopyIndent = (lineBreakAndSpaces.utf8CodeUnitCount - 1) / 2

    /// A line break and the indent of `depth` open containers, up to 32 deep (deeper, the first
    /// 32 levels of it).
    @inline(__always)
    private static func lineBreakAndIndent(depth: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: lineBreakAndSpaces.utf8Start, count: 1 + min(2 * depth, lineBreakAndSpaces.utf8CodeUnitCount - 1))
    }

    /// A string's UTF-8, as it is.
    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append($0) }
    }

    /// A literal's bytes, as they are (`null`, `true`, `false`).
    @inline(__always)
    private mutating func append(_ literal: StaticString) {
        buffer.append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// The decimal digits of `value`, without going through a `String`.
    private mutating func appendDigits(of value: Int) {
        if value < 0 { buffer.append(0x2D) }
        var magnitude = value.magnitude
        // Room for the 20 digits of a UInt64, written from the end (the last digit first), then
        // appended in one piece.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            buffer.append(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Writes `value` as a JSON string: `"` and `\` escaped, control characters (C0, DEL and C1) as
    /// `\n`, `\t`… or `\u00XX`, bidirectional formatting characters as `\u202e`…, and a byte of a file name that is not UTF-8 (``PathBytes``) as `\xFF` (`"\\xFF"`
    /// in JSON), as every other output shows it.
    private mutating func writeQuoted(_ value: String) {
        guard value.utf8.withContiguousStorageIfAvailable({ writeQuoted(utf8: $0) }) == nil else { return }
        var text = value  // not contiguous yet
        text.withUTF8 { writeQuoted(utf8: $0) }
    }

    /// Writes `utf8` as a JSON string (see ``writeQuoted(_:)``): copied in one piece when no byte
    /// of it needs a closer look (``mayNeedEscape(_:)``, eight bytes at a time), as most do.
    private mutating func writeQuoted(utf8: UnsafeBufferPointer<UInt8>) {
        buffer.append(0x22)
        if Self.mayNeedEscape(utf8) { writeEscaping(utf8) } else { buffer.append(utf8) }
        buffer.append(0x22)
    }

    /// Writes the bytes of a JSON string, escaping those that need it; runs that need no escape
    /// are copied in one piece.
    private mutating func writeEscaping(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == 0xF4, let escaped = Self.escapedByte(utf8, at: index) {
                buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                buffer.append(0x5C)
                append(PathBytes.visibleForm(of: escaped))
                index += 4
                runStart = index
                continue
            }
            if byte == 0xE2 || byte == 0xD8, let bidi = Self.bidiControl(utf8, at: index) {
                // A bidirectional formatting character, which would show the text out of order.
                buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendUnicodeEscape(bidi.scalar)
                index += bidi.length
                runStart = index
                continue
            }
            if byte == 0xC2, index + 1 < utf8.count, utf8[index + 1] < 0xA0 {
                // A C1 control (U+0080–U+009F; U+009B starts a terminal sequence as ESC [ does).
                buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscape(utf8[index + 1])
                index += 2
                runStart = index
                continue
            }
            index += 1
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
            buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index - 1]))
            appendEscape(byte)
            runStart = index
        }
        buffer.append(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }

    /// Whether a byte of `utf8` is one that ``writeEscaping(_:)`` may escape: a control character,
    /// `"`, `\`, or 0x7F and above (DEL, and the lead byte of a ``PathBytes`` escape among those of
    /// any non-ASCII character). Looks at eight bytes at a time (a string shorter than that, a byte
    /// at a time).
    private static func mayNeedEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = utf8.baseAddress else { return false }
        guard utf8.count >= 8 else { return utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F } }
        func word(at offset: Int) -> UInt64 { UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self) }
        var offset = 0
        while utf8.count - offset > 8 {
            if mayNeedEscape(word(at: offset)) { return true }
            offset += 8
        }
        return mayNeedEscape(word(at: utf8.count - 8))  // the last eight bytes, some of them looked at already
    }

    /// Whether any of the eight bytes of `word` needs a closer look (see ``mayNeedEscape(_:)``).
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        guard (word | (word &+ ones)) & highBits == 0 else { return true }  // 0x7F and above
        // Every byte is below 0x7F from here, so no subtraction borrows across bytes but after a
        // byte that is found.
        /// Whether a byte of `bytes`, each below 0x80, is zero.
        func hasZeroByte(_ bytes: UInt64) -> Bool { (bytes &- ones) & highBits != 0 }
        return (word &- ones &* 0x20) & highBits != 0 || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
    }

    /// The byte that the scalar encoded at `index` of `utf8` stands for, when it is one of
    /// ``PathBytes``' escape range (U+10FE80–U+10FEFF: `F4 8F BA 80`–`F4 8F BB BF`).
    private static func escapedByte(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt8? {
        guard index + 3 < utf8.count, utf8[index + 1] == 0x8F, utf8[index + 2] == 0xBA || utf8[index + 2] == 0xBB
        else { return nil }
        return 0x80 + (utf8[index + 2] == 0xBB ? 0x40 : 0) + (utf8[index + 3] & 0x3F)
    }

    /// The bidirectional formatting character (``Escaping/isLayoutControl(_:)``) encoded at `index`
    /// of `utf8`, and how many bytes it takes: U+061C in two, the others in three.
    private static func bidiControl(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int)? {
        let length = utf8[index] == 0xD8 ? 2 : 3
        guard index + length <= utf8.count else { return nil }
        var value = UInt32(utf8[index] & (length == 2 ? 0x1F : 0x0F))
        for offset in 1..<length {
            let byte = utf8[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value), Escaping.isLayoutControl(scalar) else { return nil }
        return (value, length)
    }

    /// `\uXXXX` for a character of the Basic Multilingual Plane (`\u001b` for ESC).
    private mutating func appendUnicodeEscape(_ scalar: UInt32) {
        let hex: StaticString = "0123456789abcdef"
        append(#"\u"#)
        for shift in stride(from: 12, through: 0, by: -4) { buffer.append(hex.utf8Start[Int(scalar >> UInt32(shift) & 0xF)]) }
    }

    private mutating func appendEscape(_ byte: UInt8) {
        switch byte {
        case 0x22: append(#"\""#)
        case 0x5C: append(#"\\"#)
        case 0x0A: append(#"\n"#)
        case 0x0D: append(#"\r"#)
        case 0x09: append(#"\t"#)
        default: appendUnicodeEscape(UInt32(byte))
        }
    }
}
