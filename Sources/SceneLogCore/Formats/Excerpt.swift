/// A message cut to a readable length: the `excerpt` of a finding, the `text` of a callback.
enum Excerpt {
    /// How many characters an excerpt keeps.
    static let length = 300

    /// The first ``length`` characters of `message` (with "…" when there are more), converted from
    /// a prefix of its bytes rather than from the whole message, which may be megabytes long.
    static func of(_ message: UnsafeBufferPointer<UInt8>) -> String {
        // No more bytes than the length: no more characters either, and nothing to count.
        guard message.count > length else { return message.string(0..<message.count) }
        // Characters of real log text are 1 to 4 bytes; 16 per character leaves room for combining marks.
        let prefixBytes = length * 16
        var text = message.string(0..<min(message.count, prefixBytes))
        if message.count > prefixBytes, text.count <= length {
            text = message.string(0..<message.count)  // pathological clusters: count on the whole
        }
        return text.count > length ? String(text.prefix(length)) + "…" : text
    }
}
