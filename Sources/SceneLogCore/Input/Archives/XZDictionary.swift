/// The LZMA2 dictionary an `.xz` stream declares in its first block's header: its decoder takes
/// that much memory, whatever the file's size (`xz --lzma2=dict=1GiB` makes a small file that takes
/// a gigabyte to read).
enum XZDictionary {
    /// The largest dictionary read: that of `xz -9`, the largest preset.
    static let maximumBytes = 64 << 20

    /// How many first bytes of a file hold its first block's header.
    static let headLength = 64

    /// The dictionary size of the first block of the xz stream `head` starts, or `nil` when `head`
    /// is no xz stream, has no block, or its first block holds no LZMA2 filter that `head` shows.
    static func firstBlockBytes(in head: [UInt8]) -> Int? {
        let magic: [UInt8] = [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]
        let streamHeaderLength = 12
        guard head.count > streamHeaderLength + 2, head.starts(with: magic) else { return nil }
        var index = streamHeaderLength
        let headerLength = (Int(head[index]) + 1) * 4
        // A first byte of 0 starts the index: the stream holds no block.
        guard head[index] != 0, index + headerLength <= head.count else { return nil }
        let flags = head[index + 1]
        index += 2
        if flags & 0x40 != 0, varint(in: head, at: &index) == nil { return nil }  // compressed size
        if flags & 0x80 != 0, varint(in: head, at: &index) == nil { return nil }  // uncompressed size
        for _ in 0...Int(flags & 0x03) {
            guard let filter = varint(in: head, at: &index), let propertiesLength = varint(in: head, at: &index),
                propertiesLength <= UInt64(head.count - index)
            else { return nil }
            let lzma2: UInt64 = 0x21
            if filter == lzma2, propertiesLength == 1 {
                let bits = Int(head[index] & 0x3F)
                guard bits <= 40 else { return nil }
                return bits == 40 ? Int(UInt32.max) : (2 | (bits & 1)) << (bits / 2 + 11)
            }
            index += Int(propertiesLength)
        }
        return nil
    }

    /// The xz format's variable-length integer at `index` (seven bits a byte, low first, at most
    /// nine bytes), `index` moved past it; `nil` when `bytes` end first or it is longer.
    private static func varint(in bytes: [UInt8], at index: inout Int) -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 63, by: 7) {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }
}
