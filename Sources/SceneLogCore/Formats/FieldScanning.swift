/// Grammar pieces shared by several formats' parsers.
enum FieldScanning {
    /// The end of an ISO-style timestamp `YYYY-MM-DD HH:MM:SS` starting at `start`, with an optional
    /// fraction of `fractionDigits` digits and, if `zone`, a `±HHMM` offset.
    ///
    /// - Returns: the index just past the timestamp, or `nil` when the bytes do not fit.
    static func endOfISOTimestamp(
        _ line: Bytes, from start: Int, fractionDigits: ClosedRange<Int>, fractionRequired: Bool = true,
        zone: ZoneRequirement
    ) -> Int? {
        let s = start
        guard s + 19 <= line.count,
            line.isDigits(s..<s + 4), line[s + 4] == ASCII.minus, line.isDigits(s + 5..<s + 7),
            line[s + 7] == ASCII.minus, line.isDigits(s + 8..<s + 10), line[s + 10] == ASCII.space || line[s + 10] == ASCII.upperT,
            line.isDigits(s + 11..<s + 13), line[s + 13] == ASCII.colon, line.isDigits(s + 14..<s + 16),
            line[s + 16] == ASCII.colon, line.isDigits(s + 17..<s + 19)
        else { return nil }
        var index = s + 19
        if index < line.count, line[index] == ASCII.dot {
            let end = line.endOfDigits(from: index + 1)
            guard fractionDigits.contains(end - index - 1) else { return nil }
            index = end
        } else if fractionRequired {
            return nil
        }
        let hasZone = index + 5 <= line.count && (line[index] == ASCII.plus || line[index] == ASCII.minus)
            && line.isDigits(index + 1..<index + 5)
        switch zone {
        case .required:
            guard hasZone else { return nil }
            index += 5
        case .optional:
            if hasZone { index += 5 }
        case .absent:
            break
        }
        return index
    }

    enum ZoneRequirement { case required, optional, absent }

    /// Reads the `(senderImage) [subsystem:category] ` prefix that `log` puts before a message.
    ///
    /// - Returns: the index where the message text starts.
    static func messagePrefix(
        _ line: Bytes, from start: Int, into fields: inout RecordFields, allowSource: Bool = false
    ) -> Int {
        var index = start
        if index < line.count, line[index] == ASCII.openParen,
            let close = line.index(of: ASCII.closeParen, from: index + 1),
            close + 1 < line.count, line[close + 1] == ASCII.space,
            line.index(of: ASCII.space, from: index + 1, to: close) == nil, close > index + 1
        {
            fields.senderImage = index + 1..<close
            index = close + 2
        }
        if allowSource, index < line.count, line[index] == ASCII.less,
            let close = line.index(of: ASCII.greater, from: index + 1),
            close + 1 < line.count, line[close + 1] == ASCII.space
        {
            index = close + 2
        }
        if index < line.count, line[index] == ASCII.openBracket,
            let colon = line.index(of: ASCII.colon, from: index + 1),
            line.index(of: ASCII.space, from: index + 1, to: colon) == nil,
            line.index(of: ASCII.closeBracket, from: index + 1, to: colon) == nil,
            let close = endOfBracketedCategory(line, from: colon + 1)
        {
            fields.subsystem = index + 1..<colon
            fields.category = colon + 1..<close
            index = close + 1
            if index < line.count, line[index] == ASCII.space { index += 1 }
        }
        return index
    }

    /// The index of the `]` that closes a category (which may hold spaces and colons), when it is
    /// followed by a space or the end of the line.
    private static func endOfBracketedCategory(_ line: Bytes, from start: Int) -> Int? {
        var search = start
        while let close = line.index(of: ASCII.closeBracket, from: search) {
            if close + 1 == line.count || line[close + 1] == ASCII.space { return close }
            search = close + 1
        }
        return nil
    }

    /// The last path component of `range` (after the last `/`).
    static func basename(_ line: Bytes, _ range: Range<Int>) -> Range<Int> {
        var lower = range.upperBound
        while lower > range.lowerBound, line[lower - 1] != 0x2F { lower -= 1 }
        return lower..<range.upperBound
    }
}

/// Lines that Apple's `log` tool prints around the records, in every text style.
enum LogToolBanner {
    /// Whether `line` (from `start`) is a `log show`/`log stream` preamble or footer line.
    static func matches(_ line: Bytes, from start: Int) -> Bool {
        line.matches("Filtering the log data using ", at: start)
            || (line.matches("Skipping ", at: start) && line.matches("to include.", at: line.count - 11))
            || line.matches("getpwuid_r did not find a match", at: start)
            || line.matches("Error from getpwuid_r", at: start)
            || line.matches("Log      - Default:", at: start)
            || line.matches("Activity - Create:", at: start)
            || (line.matches("--------------------", at: start) && line.index(of: ASCII.space, from: start) == nil)
    }
}
