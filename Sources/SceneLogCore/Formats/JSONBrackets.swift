/// The brackets of JSON text, those inside strings set aside: how deep a document nests, and where
/// its top-level value ends, read without parsing it.
enum JSONBrackets {
    /// Calls `visit` with the offset of each bracket in `bytes` (from its start) and the depth after
    /// it (one more after `{` or `[`, one less after `}` or `]`), and with `commas`, of each comma
    /// and the depth it is at, until `visit` returns `false`.
    static func walk(_ bytes: some Collection<UInt8>, commas: Bool = false, _ visit: (_ offset: Int, _ depth: Int) -> Bool) {
        var depth = 0
        var inString = false
        var escaped = false
        for (offset, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else {
                    escaped = byte == UInt8(ascii: "\\")
                    inString = byte != UInt8(ascii: "\"")
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if !visit(offset, depth) { return }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if !visit(offset, depth) { return }
            case UInt8(ascii: ","):
                if commas, !visit(offset, depth) { return }
            default: break
            }
        }
    }

    /// The offset of the first bracket that takes `bytes` past `limit` levels deep, or `nil`.
    static func offsetPastDepth(_ limit: Int, in bytes: some Collection<UInt8>) -> Int? {
        var found: Int?
        walk(bytes) { offset, depth in
            if depth > limit { found = offset }
            return found == nil
        }
        return found
    }

    /// The length of the top-level value that `bytes` starts with (an object or an array), through
    /// its closing bracket; `nil` when it is not closed.
    static func lengthOfFirstValue(in bytes: some Collection<UInt8>) -> Int? {
        var length: Int?
        walk(bytes) { offset, depth in
            if depth == 0 { length = offset + 1 }
            return length == nil
        }
        return length
    }

    /// The top-level object that `bytes` starts with cut short: its members up to the last one
    /// whole, closed again; `nil` when not even one member is whole.
    static func wholeMembersOfCutObject(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        var lastComma: Int?
        walk(bytes, commas: true) { offset, depth in
            if depth == 1, bytes[bytes.index(bytes.startIndex, offsetBy: offset)] == UInt8(ascii: ",") { lastComma = offset }
            return depth > 0
        }
        guard let lastComma else { return nil }
        return Array(bytes.prefix(lastComma)) + [UInt8(ascii: "}")]
    }
}
