/// File names are bytes; Swift strings are Unicode. A name that is not valid UTF-8 (a Latin-1
/// name, a name from a broken archive) is kept in a string reversibly: each byte of it that is not
/// part of valid UTF-8 becomes one scalar of U+10FE80–U+10FEFF, a private-use range, and goes back
/// to that byte when the file is opened. Outputs and diagnostics show such a byte as `\xFF`.
///
/// A name that is valid UTF-8 is the same string either way, except that a scalar of that range
/// in it is kept as its four bytes, so that every string made here goes back to the bytes it came from.
public enum PathBytes {
    /// The first scalar of the range that stands for the bytes 0x80–0xFF.
    private static let firstEscape: UInt32 = 0x10FE80

    /// The string for a name or path given as bytes (from the file system or the command line).
    public static func string(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            guard let (scalar, length) = scalar(in: bytes, at: index) else {
                result.append(escape(bytes[index]))  // not UTF-8: the byte stands for itself
                index += 1
                continue
            }
            if escapedByte(scalar) == nil {
                result.append(scalar)
            } else {
                for byte in bytes[index..<index + length] { result.append(escape(byte)) }
            }
            index += length
        }
        return String(result)
    }

    /// The string for a name or path given as a C string (a directory entry, an archive member).
    static func string(cString: UnsafePointer<CChar>) -> String {
        var count = 0
        while cString[count] != 0 { count += 1 }
        return string(UnsafeRawBufferPointer(start: cString, count: count))
    }

    /// The bytes of a name or path made by ``string(_:)`` (any other string: its UTF-8).
    public static func bytes(_ path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if let byte = escapedByte(scalar) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// The byte `scalar` stands for, when it is one of the escape range.
    static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        scalar.value >= firstEscape && scalar.value <= firstEscape + 0x7F ? UInt8(scalar.value - firstEscape + 0x80) : nil
    }

    /// `\xFF`: how a byte that is not UTF-8 shows in outputs and diagnostics.
    static func visibleForm(of byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "\\x" + (hex.count == 1 ? "0" + hex : hex)
    }

    /// Calls `body` with `path` as the C string the system calls take, its escaped bytes restored.
    static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard path.unicodeScalars.contains(where: { escapedByte($0) != nil }) else { return try path.withCString(body) }
        let bytes = self.bytes(path) + [0]
        return try bytes.withUnsafeBytes { try body($0.bindMemory(to: CChar.self).baseAddress!) }
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(firstEscape + UInt32(byte) - 0x80)!
    }

    /// The scalar of the valid UTF-8 sequence at `index` and its length, or `nil` when the bytes
    /// there are not one (a stray continuation byte, a cut or overlong sequence, a surrogate).
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, length: Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        let secondRange: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xE1...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        default: return nil
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return nil }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }
}
