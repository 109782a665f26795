/// A message cut to a readable length: the `excerpt` of a finding, the `text` of a callback.
enum Excerpt {
    /// How many characters (Unicode scalars) an excerpt keeps.
    static let length = 300

    /// The first ``length`` Unicode scalars of `message` (with "…" when there are more), converted
    /// from a prefix of its bytes rather than from the whole message, which may be megabytes long.
    /// Scalars, not grapheme clusters: one letter with a hundred thousand combining marks is one
    /// cluster, and would keep the excerpt as long as the message.
    static func of(_ message: UnsafeBufferPointer<UInt8>) -> String {
        // No more bytes than the length: no more scalars either, and nothing to count.
        guard message.count > length else { return message.string(0..<message.count) }
        var end = min(message.count, length * 4)  // a scalar is 1 to 4 bytes
        if end < message.count {
            // Not inside a character: back to its first byte (at most 3 continuation bytes).
            var steps = 0
            while steps < 3, end > 0, message[end] & 0xC0 == 0x80 {
                end -= 1
                steps += 1
            }
        }
        let text = message.string(0..<end)
        if end == message.count, text.unicodeScalars.count <= length { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(length))) + "…"
    }
}
