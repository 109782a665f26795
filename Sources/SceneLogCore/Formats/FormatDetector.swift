/// Picks an input's format from its first non-blank lines.
///
/// Each format scores each line (see ``RecordParser/detectionScore(of:)``); the best total wins,
/// ties going to the more specific format. Lines are given without their ANSI colour and NULs.
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
}
