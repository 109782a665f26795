/// Decodes the BSD vis(3) escapes that syslog_relay puts on bytes ≥ 0x80 and on backslashes.
///
/// `\M-c` → `0x80 | c`; `\M^c` → `0x80 | (c ^ 0x40)` (`\M^?` → `0xFF`); `\ddd` (octal) → that
/// byte; `\\` → `\`. Escapes that would produce a control byte are left encoded, so decoding
/// never puts a NUL or an escape character into a message.
enum VisDecoder {
    static func decode(_ input: Bytes, into output: inout [UInt8]) {
        var index = 0
        while index < input.count {
            let byte = input[index]
            guard byte == ASCII.backslash, index + 1 < input.count else {
                output.append(byte)
                index += 1
                continue
            }
            if let (value, length) = escape(input, at: index) {
                output.append(value)
                index += length
            } else {
                output.append(byte)
                index += 1
            }
        }
    }

    /// The byte an escape at `index` stands for, and the escape's length.
    private static func escape(_ input: Bytes, at index: Int) -> (UInt8, Int)? {
        let next = input[index + 1]
        if next == ASCII.backslash { return (ASCII.backslash, 2) }
        if next == 0x4D, index + 3 < input.count {  // "M"
            let kind = input[index + 2]
            let character = input[index + 3]
            if kind == ASCII.minus, character >= 0x21, character <= 0x7E { return (0x80 | character, 4) }
            if kind == 0x5E {  // "^"
                if character == 0x3F { return (0xFF, 4) }
                if character >= 0x40, character <= 0x5F { return (0x80 | (character ^ 0x40), 4) }
            }
            return nil
        }
        guard index + 3 < input.count, (0x30...0x33).contains(next),
            (0x30...0x37).contains(input[index + 2]), (0x30...0x37).contains(input[index + 3])
        else { return nil }
        let value = (next - 0x30) << 6 | (input[index + 2] - 0x30) << 3 | (input[index + 3] - 0x30)
        guard value >= 0x20, value != 0x7F else { return nil }
        return (value, 4)
    }
}
