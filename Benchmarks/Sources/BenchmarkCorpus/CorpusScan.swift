import SceneLogCore

/// How much of scenelog's work a measured scan does.
public enum ScanStage: String, CaseIterable, Sendable {
    /// Lines, format detection and records; nothing looks at the messages.
    case parse
    /// And every built-in rule on every record.
    case rules
    /// And launch tracking, with each finding linked to its launch: what `scenelog scan` does.
    case launches
}

/// What one scan of a corpus gave.
public struct CorpusScanResult: Equatable, Sendable {
    public var lines = 0
    public var records = 0
    public var findings = 0
    public var launches = 0
}

/// Scans an in-memory corpus in 64 KiB chunks, as a file is read, up to a chosen stage.
public struct CorpusScan {
    public static let chunkSize = 64 << 10
    private let stage: ScanStage
    private let ruleSet: RuleSet

    public init(stage: ScanStage, ruleSet: RuleSet) {
        self.stage = stage
        self.ruleSet = ruleSet
    }

    /// Scans `corpus`. `atHalf` is called once half of it has been read and `atEnd` once all of
    /// it has, before the input is finished: what happens between the two is the steady state.
    public func run(_ corpus: [UInt8], atHalf: () -> Void = {}, atEnd: () -> Void = {}) throws -> CorpusScanResult {
        let sink = StageSink(stage: stage, ruleSet: ruleSet)
        let scanner = InputScanner(path: "corpus", sink: sink)
        let half = Self.halfway(in: corpus)
        try corpus.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + Self.chunkSize, offset < half ? half : bytes.count)
                try scanner.take(UnsafeBufferPointer(rebasing: bytes[offset..<end]))
                offset = end
                if offset == half { atHalf() }
            }
        }
        atEnd()
        let summary = scanner.finish()
        sink.finish()
        return CorpusScanResult(
            lines: summary.lines, records: summary.records, findings: sink.findings, launches: sink.launches.count)
    }
}

extension CorpusScan {
    /// Where the second half of `corpus` starts: just after the line end nearest its middle.
    public static func halfway(in corpus: [UInt8]) -> Int {
        guard let newline = corpus[(corpus.count / 2)...].firstIndex(of: UInt8(ascii: "\n")) else { return corpus.count }
        return newline + 1
    }

    /// How many lines the second half of `corpus` holds.
    public static func linesInSecondHalf(of corpus: [UInt8]) -> Int {
        corpus[halfway(in: corpus)...].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}

/// Counts records, or runs the rules (and the launch tracker) on them.
private final class StageSink: RecordSink {
    private let engine: RuleEngine?
    private let analyzer: RecordAnalyzer?
    private let tally = Tally()

    /// Findings and launches, counted by the tracker's callbacks too.
    private final class Tally {
        var findings = 0
        var launches: Set<String> = []
    }

    init(stage: ScanStage, ruleSet: RuleSet) {
        switch stage {
        case .parse:
            engine = nil
            analyzer = nil
        case .rules:
            engine = RuleEngine(ruleSet: ruleSet)
            analyzer = nil
        case .launches:
            let tally = tally
            let tracker = LaunchTracker(
                path: "corpus", timestamps: TimestampContext(year: nil, referenceTime: 1_790_000_000),
                settings: ruleSet.configuration.launchSettings,
                onUpdate: { tally.launches.insert($0.id) }, onDiagnosis: { _ in tally.findings += 1 })
            engine = nil
            analyzer = RecordAnalyzer(engine: RuleEngine(ruleSet: ruleSet), tracker: tracker, path: "corpus")
        }
    }

    var findings: Int { tally.findings }
    var launches: Set<String> { tally.launches }

    func receive(_ record: RecordView) {
        if let analyzer {
            tally.findings += analyzer.analyze(record).count
        } else if let engine {
            tally.findings += engine.findings(in: record, path: "corpus").count
        }
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        if let analyzer {
            tally.findings += analyzer.analyzeUnparsed(bytes, line: line).count
        } else if let engine {
            tally.findings += engine.findings(in: .bareLine(bytes, line: line), path: "corpus").count
        }
    }

    func truncated(line: Int, keptBytes: Int) {}

    func finish() {
        analyzer?.tracker.finish()
    }
}
