/// The primitives of the spool's encodings (``FindingEncoding``, ``LaunchEncoding``): numbers as
/// zig-zag variable-length integers, strings as a length and their UTF-8 bytes, fractional numbers
/// as their 8 bytes, and an optional value as a flag byte (0: none, 1: present) before it.
enum CompactWriter {
    static func byte(_ value: UInt8, into bytes: inout [UInt8]) {
        bytes.append(value)
    }

    static func bool(_ value: Bool, into bytes: inout [UInt8]) {
        bytes.append(value ? 1 : 0)
    }

    /// Zig-zag LEB128: small numbers, negative ones included (a byte offset of -1), take a byte.
    static func integer(_ value: Int, into bytes: inout [UInt8]) {
        var zigzag = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
        while zigzag >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(zigzag))
    }

    static func optionalInteger(_ value: Int?, into bytes: inout [UInt8]) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        integer(value, into: &bytes)
    }

    /// The number's bits, little-endian: it comes back exactly.
    static func double(_ value: Double, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    static func optionalDouble(_ value: Double?, into bytes: inout [UInt8]) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        double(value, into: &bytes)
    }

    static func string(_ value: String, into bytes: inout [UInt8]) {
        var value = value
        value.withUTF8 { utf8 in
            integer(utf8.count, into: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    static func optionalString(_ value: String?, into bytes: inout [UInt8]) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        string(value, into: &bytes)
    }
}

/// Reads what ``CompactWriter`` wrote. Each read is `nil` when the bytes end first or do not hold
/// what was asked for (which bytes a spool wrote never do); an optional read is `.some(nil)` for a
/// value written as absent.
struct CompactReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() -> Bool? {
        byte().map { $0 == 1 }
    }

    /// An integer of at most ±2⁵³ (a line, an offset, a pid, a count): bytes from outside (a part,
    /// a cache entry) cannot bring one whose sums or differences overflow.
    mutating func integer() -> Int? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let byte = byte() {
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 {
                let decoded = Int(truncatingIfNeeded: Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
                return decoded.magnitude <= Self.largestInteger ? decoded : nil
            }
            shift += 7
            if shift > 63 { return nil }
        }
        return nil
    }

    /// The largest magnitude ``integer()`` reads: 2⁵³.
    static let largestInteger: UInt = 1 << 53

    /// A count, a size or an index: an integer that is not negative, of at most 2⁴⁰ (a thousand
    /// billion lines), so that the counts of millions of inputs add up without overflowing.
    mutating func count() -> Int? {
        guard let value = integer(), value >= 0, value <= 1 << 40 else { return nil }
        return value
    }

    /// How many things follow, each at least one byte long: no more than the bytes left, so that
    /// bytes from outside (a part, a cache entry) cannot make a reader loop or reserve for more.
    mutating func itemCount() -> Int? {
        guard let value = count(), value <= bytes.count - position else { return nil }
        return value
    }

    mutating func optionalInteger() -> Int?? {
        optional { $0.integer() }
    }

    /// A finite number of at most ±10¹³ (seconds since 1970, a budget): never NaN, an infinity or
    /// one whose milliseconds overflow an `Int`.
    mutating func double() -> Double? {
        guard bytes.count - position >= 8 else { return nil }
        let bits = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + position).loadUnaligned(as: UInt64.self))
        position += 8
        let value = Double(bitPattern: bits)
        return value.isFinite && value.magnitude <= 1e13 ? value : nil
    }

    mutating func optionalDouble() -> Double?? {
        optional { $0.double() }
    }

    mutating func string() -> String? {
        guard let count = count(), count <= bytes.count - position else { return nil }
        defer { position += count }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + count]), as: UTF8.self)
    }

    mutating func optionalString() -> String?? {
        optional { $0.string() }
    }

    /// A value written after a flag byte by one of the writer's `optional…` functions.
    mutating func optional<Value>(_ read: (inout CompactReader) -> Value?) -> Value?? {
        guard let flag = byte() else { return nil }
        guard flag == 1 else { return .some(nil) }
        guard let value = read(&self) else { return nil }
        return .some(value)
    }
}
