/// What the three text styles of Apple's `log` tool (default, syslog, compact) share: a column
/// header, the preamble and footer lines, and raw continuation lines.
protocol LogToolStyleParser: RecordParser {
    /// Whether `line` (from `start`) is this style's column header.
    static func isHeader(_ line: Bytes, from start: Int) -> Bool
    /// The fields of a record-start line, or `nil` when it is not one.
    static func fields(_ line: Bytes) -> RecordFields?
}

extension LogToolStyleParser {
    static func detectionScore(of line: Bytes) -> Int {
        if isHeader(line, from: line.skippingBlanks(from: 0)) { return 5 }
        return fields(line) == nil ? 0 : 2
    }

    func classify(_ line: Bytes) -> LineRole {
        if let fields = Self.fields(line) { return .recordStart(fields) }
        let start = line.skippingBlanks(from: 0)
        if Self.isHeader(line, from: start) || LogToolBanner.matches(line, from: start) {
            let end = line.trimmingTrailingBlanks(start..<line.count).upperBound
            return .recordStart(.banner(.toolBanner, length: end, from: start))
        }
        return .continuation
    }
}
