/// A crash report quoted in a bug report as a Markdown blockquote: `> ` before each of its lines
/// (`> Incident Identifier: …`, `> {"app_name":"…","bug_type":"309",…}`).
enum QuotedReport {
    /// `bytes` with each line's blockquote markers removed (``HarnessPrefix/blockquoteLength(in:from:)``)
    /// when its first line with content opens with `>`; `nil` when it does not. Lines without the
    /// markers are kept as they are.
    static func unquoted(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let first = bytes.skippingBlankLinesAndMarkdownLead(from: 0)
        guard first < bytes.count, bytes[first] == ASCII.greater else { return nil }
        var unquoted: [UInt8] = []
        unquoted.reserveCapacity(bytes.count)
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes.index(of: ASCII.newline, from: lineStart).map { $0 + 1 } ?? bytes.count
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd])
            let content = line.skippingBlanks(from: 0)
            let markers = content < line.count && line[content] == ASCII.greater
                ? HarnessPrefix.blockquoteLength(in: line, from: content) : 0
            unquoted.append(contentsOf: line[markers...])
            lineStart = lineEnd
        }
        return unquoted
    }
}
