/// Writes a decoded record's field texts (JSON values) one after another into the buffer that
/// ``RecordParser/complete(_:fields:rewritingInto:)`` fills, and keeps where each one went.
struct DecodedRecordWriter {
    /// The fields written so far; their ranges index the output buffer.
    var fields = RecordFields(message: 0..<0)

    /// Writes `text` as `field`; writes nothing, leaving the field absent, when `text` is `nil` or empty.
    mutating func write(
        _ text: String?, as field: WritableKeyPath<RecordFields, Range<Int>?>, into output: inout [UInt8]
    ) {
        guard let text, !text.isEmpty else { return }
        fields[keyPath: field] = Self.append(text, to: &output)
    }

    /// Writes the message, then the record's raw continuation lines (if any) after a `\n`.
    mutating func writeMessage(_ text: String, continuation: Bytes?, into output: inout [UInt8]) {
        let start = output.count
        output.append(contentsOf: text.utf8)
        if let continuation {
            output.append(ASCII.newline)
            output.append(contentsOf: continuation)
        }
        fields.message = start..<output.count
    }

    /// Appends `text` to `output` as UTF-8 and returns its byte range there.
    static func append(_ text: String, to output: inout [UInt8]) -> Range<Int> {
        let start = output.count
        output.append(contentsOf: text.utf8)
        return start..<output.count
    }

    /// The last component of `path` (`/usr/bin/sudo` → `sudo`); `nil` for `nil`.
    static func basename(_ path: String?) -> String? {
        guard let path else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
