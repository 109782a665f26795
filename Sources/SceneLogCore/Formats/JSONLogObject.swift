/// What a reader keeps of a JSON object's top-level members: each member is handed to it once,
/// in order, while the object is checked, so that one pass both checks and reads it.
protocol JSONMembers {
    init()
    /// Takes one member; the value's bytes are valid as long as the object's are.
    mutating func take(_ key: JSONKey, _ value: JSONValue)
}

/// JSON objects in a log record's bytes, read in place: checked against the JSON grammar (RFC 8259,
/// plus the trailing commas that Foundation's reader also takes) in one pass that hands the
/// top-level members to a ``JSONMembers``, without building any dictionary or string. String
/// values are decoded straight into the record's output buffer.
enum JSONLogObject {
    /// Reads `bytes` as one JSON object with nothing but blanks around it; `nil` when it is not one.
    ///
    /// - Parameter closeImplied: accept an object whose last `}` is missing (an interrupted
    ///   `log stream` array).
    static func read<Members: JSONMembers>(
        _ bytes: Bytes, as _: Members.Type, closeImplied: Bool = false
    ) -> Members? {
        var reader = JSONGrammar(bytes)
        var members = Members()
        reader.skipWhitespace()
        guard !reader.isAtEnd, reader.peek == ASCII.openBrace,
            reader.skipObject(closeImplied: closeImplied, into: &members)
        else { return nil }
        reader.skipWhitespace()
        return reader.isAtEnd ? members : nil
    }

    /// Reads a deferred record whose first line is a one-line JSON object.
    ///
    /// The first line is tried alone; the record's other lines are then raw continuation text.
    /// Failing that, the whole record is tried as one object spread over lines (indented output).
    ///
    /// - Returns: the object's members, with the continuation text (the lines after the first,
    ///   joined by `\n`) when the first line alone is the object and more lines follow; `nil` when
    ///   neither reads.
    static func readLeading<Members: JSONMembers>(
        of record: Bytes, as type: Members.Type
    ) -> (members: Members, continuation: Bytes?)? {
        let firstLineEnd = record.index(of: ASCII.newline, from: 0) ?? record.count
        if let members = read(UnsafeBufferPointer(rebasing: record[..<firstLineEnd]), as: type) {
            let continuation = firstLineEnd < record.count ? UnsafeBufferPointer(rebasing: record[(firstLineEnd + 1)...]) : nil
            return (members, continuation)
        }
        guard firstLineEnd < record.count, let members = read(record, as: type) else { return nil }
        return (members, nil)
    }

    /// Whether `record` (a deferred record's bytes) starts, after blanks, with `{`.
    static func startsObject(_ record: Bytes) -> Bool {
        let start = record.skippingBlanks(from: 0)
        return start < record.count && record[start] == ASCII.openBrace
    }

    /// Hands each element of the array `bytes` holds (checked already, with the object it is a
    /// member of) to `body`, in order; `false`, with nothing handed over, when `bytes` is no array.
    static func forEachElement<Failure: Error>(
        ofArray bytes: Bytes, _ body: (Bytes) throws(Failure) -> Void
    ) throws(Failure) -> Bool {
        var reader = JSONGrammar(bytes)
        reader.skipWhitespace()
        guard !reader.isAtEnd, reader.peek == ASCII.openBracket else { return false }
        reader.position += 1
        while true {
            reader.skipWhitespace()
            guard !reader.isAtEnd, reader.peek != ASCII.closeBracket else { return true }
            let start = reader.position
            guard reader.skipValue(depth: 1) else { return true }
            try body(UnsafeBufferPointer(rebasing: bytes[start..<reader.position]))
            reader.skipWhitespace()
            guard !reader.isAtEnd, reader.peek == ASCII.comma else { return true }
            reader.position += 1
        }
    }

    /// The members of a nested object value (such as `label`), already checked with its parent;
    /// `nil` when `value` is missing or not an object.
    static func nested<Members: JSONMembers>(_ value: JSONValue?, as _: Members.Type) -> Members? {
        guard let value, value.bytes.first == ASCII.openBrace else { return nil }
        var reader = JSONGrammar(value.bytes)
        var members = Members()
        _ = reader.skipObject(into: &members)
        return members
    }
}

/// A member's name in a ``JSONLogObject``, as written between its quotes.
struct JSONKey {
    let bytes: Bytes

    static func ~= (name: StaticString, key: JSONKey) -> Bool {
        key.bytes.count == name.utf8CodeUnitCount && key.bytes.matches(name, at: 0)
    }
}

/// A member's value in a ``JSONLogObject``: its JSON text, checked.
struct JSONValue {
    let bytes: Bytes

    /// Whether it is a string.
    var isString: Bool { bytes.first == ASCII.quote }

    /// Whether it is the empty string.
    var isEmptyString: Bool { bytes.count == 2 && isString }

    /// Whether it is a string or a number: a value that reads as text.
    var isText: Bool {
        guard let first = bytes.first else { return false }
        return first == ASCII.quote || first == ASCII.minus || ASCII.isDigit(first)
    }

    /// Appends the value as text: a string decoded, a number as written. Writes nothing for other
    /// values and returns `nil` for them.
    func writeText(into output: inout [UInt8]) -> Range<Int>? {
        guard isText else { return nil }
        let start = output.count
        if isString {
            JSONGrammar.decodeString(UnsafeBufferPointer(rebasing: bytes[1..<bytes.count - 1]), into: &output)
        } else {
            output.append(contentsOf: bytes)
        }
        return start..<output.count
    }

    /// An integer: a number without a fraction that fits, or a string of digits (go-ios prints
    /// `"pid":"59"`); `nil` otherwise.
    var integer: Int? {
        let text = isString ? UnsafeBufferPointer(rebasing: bytes[1..<bytes.count - 1]) : bytes
        let negative = text.first == ASCII.minus
        let digits = negative ? 1..<text.count : 0..<text.count
        if !digits.isEmpty, text.isDigits(digits), let magnitude = text.decimalValue(digits) {
            return negative ? -magnitude : magnitude
        }
        // 2876.0 or 2.876e3: exact integers written as a fraction.
        guard !isString, let value = Double(String(decoding: bytes, as: UTF8.self)), let exact = Int(exactly: value)
        else { return nil }
        return exact
    }
}

/// Members of nested objects, which are checked but not kept.
private struct IgnoredMembers: JSONMembers {
    mutating func take(_ key: JSONKey, _ value: JSONValue) {}
}

/// The JSON grammar over bytes: skipping (and so checking) values, and decoding strings.
private struct JSONGrammar {
    /// Nesting deeper than this is refused, so that a hostile line cannot exhaust the stack.
    static let maximumDepth = 128

    let bytes: Bytes
    var position = 0

    init(_ bytes: Bytes) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }
    var peek: UInt8 { bytes[position] }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case ASCII.space, ASCII.tab, ASCII.newline, ASCII.carriageReturn: position += 1
            default: return
            }
        }
    }

    /// Skips one value; `false` when the text there is not one.
    mutating func skipValue(depth: Int) -> Bool {
        guard !isAtEnd, depth <= Self.maximumDepth else { return false }
        switch peek {
        case ASCII.openBrace:
            var ignored = IgnoredMembers()
            return skipObject(depth: depth + 1, into: &ignored)
        case ASCII.openBracket: return skipArray(depth: depth + 1)
        case ASCII.quote: return skipString()
        case UInt8(ascii: "t"): return skipLiteral("true")
        case UInt8(ascii: "f"): return skipLiteral("false")
        case UInt8(ascii: "n"): return skipLiteral("null")
        default: return skipNumber()
        }
    }

    /// Skips an object at `{`.
    ///
    /// - Parameters:
    ///   - closeImplied: the end of the text may stand for this object's `}`.
    ///   - members: takes each member of this object (not of nested ones) once it is checked.
    mutating func skipObject<Members: JSONMembers>(
        depth: Int = 1, closeImplied: Bool = false, into members: inout Members
    ) -> Bool {
        position += 1
        skipWhitespace()
        if isAtEnd { return closeImplied }
        if peek == ASCII.closeBrace {
            position += 1
            return true
        }
        while true {
            let keyStart = position + 1
            guard !isAtEnd, peek == ASCII.quote, skipString() else { return false }
            let keyEnd = position - 1
            skipWhitespace()
            guard !isAtEnd, peek == ASCII.colon else { return false }
            position += 1
            skipWhitespace()
            let valueStart = position
            guard skipValue(depth: depth) else { return false }
            members.take(
                JSONKey(bytes: UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd])),
                JSONValue(bytes: UnsafeBufferPointer(rebasing: bytes[valueStart..<position])))
            skipWhitespace()
            if isAtEnd { return closeImplied }
            if let ended = afterItem(closing: ASCII.closeBrace) { return ended }
        }
    }

    private mutating func skipArray(depth: Int) -> Bool {
        position += 1
        skipWhitespace()
        if !isAtEnd, peek == ASCII.closeBracket {
            position += 1
            return true
        }
        while true {
            guard skipValue(depth: depth) else { return false }
            skipWhitespace()
            guard !isAtEnd else { return false }
            if let ended = afterItem(closing: ASCII.closeBracket) { return ended }
        }
    }

    /// Reads what follows a member or an element: a `,` (a trailing one right before `closing`
    /// ends the container too) or `closing`.
    ///
    /// - Returns: `nil` to go on with the next item, `true` when the container ended, `false` when
    ///   the text there is not JSON.
    private mutating func afterItem(closing: UInt8) -> Bool? {
        if peek == closing {
            position += 1
            return true
        }
        guard peek == ASCII.comma else { return false }
        position += 1
        skipWhitespace()
        guard !isAtEnd, peek == closing else { return nil }
        position += 1
        return true
    }

    /// Skips a string at `"`: escapes must be JSON's, and control characters escaped.
    mutating func skipString() -> Bool {
        // A local index: this loop is where most of a JSON log's bytes are read.
        var index = position + 1
        defer { position = index }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.quote {
                index += 1
                return true
            }
            if byte < ASCII.space { return false }
            guard byte == ASCII.backslash else {
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { return false }
            switch bytes[index + 1] {
            case ASCII.quote, ASCII.backslash, ASCII.slash, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 2
            case UInt8(ascii: "u"):
                guard bytes.endOfHexDigits(from: index + 2, to: min(index + 6, bytes.count)) == index + 6 else { return false }
                index += 6
            default:
                return false
            }
        }
        return false
    }

    private mutating func skipLiteral(_ literal: StaticString) -> Bool {
        guard bytes.matches(literal, at: position) else { return false }
        position += literal.utf8CodeUnitCount
        return true
    }

    /// Skips `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func skipNumber() -> Bool {
        if peek == ASCII.minus { position += 1 }
        guard !isAtEnd, ASCII.isDigit(peek) else { return false }
        if peek == ASCII.zero {
            position += 1
        } else {
            position = bytes.endOfDigits(from: position)
        }
        if !isAtEnd, peek == ASCII.dot {
            let digits = position + 1
            position = bytes.endOfDigits(from: digits)
            guard position > digits else { return false }
        }
        if !isAtEnd, peek | 0x20 == UInt8(ascii: "e") {
            position += 1
            if !isAtEnd, peek == ASCII.plus || peek == ASCII.minus { position += 1 }
            let digits = position
            position = bytes.endOfDigits(from: digits)
            guard position > digits else { return false }
        }
        return true
    }

    /// Appends the decoded text of a checked string's contents (without its quotes) as UTF-8. A lone
    /// surrogate escape becomes U+FFFD.
    static func decodeString(_ text: Bytes, into output: inout [UInt8]) {
        var index = 0
        while index < text.count {
            guard let backslash = text.index(of: ASCII.backslash, from: index) else {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: text[index...]))
                return
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<backslash]))
            let escape = text[backslash + 1]
            index = backslash + 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(ASCII.newline)
            case UInt8(ascii: "r"): output.append(ASCII.carriageReturn)
            case UInt8(ascii: "t"): output.append(ASCII.tab)
            case UInt8(ascii: "u"):
                var scalar = hexValue(text, at: index)
                index += 4
                if (0xD800..<0xDC00).contains(scalar), text.matches("\\u", at: index) {
                    let low = hexValue(text, at: index + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &output)
            default: output.append(escape)  // \" \\ \/
            }
        }
    }

    private static func hexValue(_ text: Bytes, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in text[index..<index + 4] {
            let digit = ASCII.isDigit(byte) ? byte - ASCII.zero : (byte | 0x20) - UInt8(ascii: "a") + 10
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        UTF8.encode(scalar) { output.append($0) }
    }
}
