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
    static func detect(_ lines: [[UInt8]]) -> LogFormat? {
        var best: (format: LogFormat, score: Int)?
        for format in LogFormat.allCases {
            let type = format.parserType
            var score = 0
            for line in lines {
                score += line.withUnsafeBufferPointer { type.detectionScore(of: $0) }
            }
            if score > 0, score > (best?.score ?? 0) { best = (format, score) }
        }
        return best?.format
    }
}
