/// A message cut to a readable length: the `excerpt` of a finding, the `text` of a callback.
enum Excerpt {
    /// How many characters (Unicode scalars) an excerpt keeps.
    static let length = 300
    /// "…" in UTF-8.
    private static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]

    /// The first ``length`` Unicode scalars of `message` (with "…" when there are more), made from
    /// a prefix of its bytes, counted where each scalar starts, rather than from the whole
    /// message, which may be megabytes long. Scalars, not grapheme clusters: one letter with a
    /// hundred thousand combining marks is one cluster, and would keep the excerpt as long as the
    /// message. A byte that is not UTF-8 becomes U+FFFD.
    static func of(_ message: UnsafeBufferPointer<UInt8>) -> String {
        // No more bytes than the length: no more scalars either, and nothing to count.
        guard message.count > length else { return message.string(0..<message.count) }
        let limit = min(message.count, length * 4)  // a scalar is 1 to 4 bytes
        var end = 0
        var scalars = 0
        while end < limit {
            if message[end] & 0xC0 != 0x80 {  // not a continuation byte: a scalar starts here
                if scalars == length { break }
                scalars += 1
            }
            end += 1
        }
        if end == message.count { return message.string(0..<end) }
        // Not inside a character: back to its first byte (at most 3 continuation bytes).
        var steps = 0
        while steps < 3, end > 0, message[end] & 0xC0 == 0x80 {
            end -= 1
            steps += 1
        }
        return String(unsafeUninitializedCapacity: end + ellipsis.count) { buffer in
            _ = buffer.initialize(from: UnsafeBufferPointer(rebasing: message[..<end]))
            _ = UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(from: ellipsis)
            return end + ellipsis.count
        }
    }
}
