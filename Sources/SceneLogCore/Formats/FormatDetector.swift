/// Picks an input's format from its first non-blank lines.
///
/// Each format scores each line (see ``RecordParser/detectionScore(of:)``); the best total wins,
/// ties going to the more specific format. Lines are given without their ANSI colour and NULs.
///
/// When the first window fits no format but looks like text, the input is a plain Xcode console
/// (see ``XcodeConsoleParser``); while it is read so, ``formatAfterPlainText(_:)`` decides whether a
/// log in another format starts later.
enum FormatDetector {
    /// How many non-blank lines are enough to decide.
    static let sampleLines = 40
    /// Blank lines count too, up to this many lines in all.
    static let maximumSampleLines = 1_000
    /// And the sample never holds more than this many bytes.
    static let maximumSampleBytes = 4 << 20

    /// The best format for `lines`, or `nil` when no format recognises any of them.
    static func detect(_ lines: DetectionSample) -> LogFormat? {
        var best: (format: LogFormat, score: Int)?
        for format in LogFormat.allCases {
            let type = format.parserType
            var score = 0
            lines.forEach { line, _, _ in score += type.detectionScore(of: line) }
            if score > 0, score > (best?.score ?? 0) { best = (format, score) }
        }
        return best?.format
    }

    /// Whether `lines` look like text: nine in ten of the non-blank lines, at least, are valid
    /// UTF-8 without control characters other than tabs (a carriage return is allowed too). A
    /// window of blank lines only does not.
    static func looksLikeText(_ lines: DetectionSample) -> Bool {
        var text = 0
        lines.forEach { line, _, _ in
            if !line.isBlankLine, isText(line) { text += 1 }
        }
        return lines.nonBlankLines > 0 && text * 10 >= lines.nonBlankLines * 9
    }

    /// Whether `line` scores for a format other than the Xcode console (whose timestamped lines a
    /// plain console reads as they are): the line where another log may start.
    static func scoresForAnotherFormat(_ line: Bytes) -> Bool {
        for format in LogFormat.allCases where format != .xcodeConsole {
            if format.parserType.detectionScore(of: line) > 0 { return true }
        }
        return false
    }

    /// The format in which `lines`, held back from a plain Xcode console from the first line that
    /// scores for another format on, are read instead; `nil` to keep reading them as plain.
    ///
    /// Another format takes over when it clearly fits: at least two of the lines score for it, and
    /// its score (as in ``detect(_:)``) is at least a quarter of the non-blank lines. A stray line
    /// of an app's output that happens to look like a log line does not end the plain console.
    static func formatAfterPlainText(_ lines: DetectionSample) -> LogFormat? {
        var best: (format: LogFormat, score: Int, lines: Int)?
        for format in LogFormat.allCases where format != .xcodeConsole {
            let type = format.parserType
            var score = 0
            var scoring = 0
            lines.forEach { line, _, _ in
                let lineScore = type.detectionScore(of: line)
                score += lineScore
                if lineScore > 0 { scoring += 1 }
            }
            if score > 0, score > (best?.score ?? 0) { best = (format, score, scoring) }
        }
        guard let best, best.lines >= 2, best.score * 4 >= lines.nonBlankLines else { return nil }
        return best.format
    }

    /// Whether `line` is valid UTF-8 without control characters but tab and carriage return.
    private static func isText(_ line: Bytes) -> Bool {
        var iterator = line.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let value = scalar.value
                if value < 0x20, value != 0x09, value != 0x0D { return false }
                if value == 0x7F { return false }
            case .emptyInput:
                return true
            case .error:
                return false
            }
        }
    }
}
