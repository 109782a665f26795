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

/// Scans an in-memory corpus with the one ``Scanner`` (read in 64 KiB chunks, as a file is, on
/// one thread), up to a chosen stage.
public struct CorpusScan {
    private let scanner: Scanner
    private let progress = Halfway()

    /// A scan whose set-up (the rules' prefilter) is done here, once, as a run of scenelog does it once.
    public init(stage: ScanStage, ruleSet: RuleSet) {
        var options = ScanOptions(ruleSet: stage == .parse ? nil : ruleSet)
        options.tracksLaunches = stage == .launches
        options.jobs = 1
        options.referenceTime = 1_790_000_000
        scanner = Scanner(options: options, observer: progress)
    }

    /// Scans `corpus`. `atHalf` is called once half of it has been read and `atEnd` once all of
    /// it has, before the input is finished: what happens between the two is the steady state.
    public func run(_ corpus: [UInt8], atHalf: @escaping () -> Void = {}, atEnd: @escaping () -> Void = {}) throws
        -> CorpusScanResult
    {
        progress.start(total: corpus.count, half: Self.halfway(in: corpus), atHalf: atHalf, atEnd: atEnd)
        let result = scanner.scan(bytes: corpus, name: "corpus")
        let summary = result.inputs.first
        return CorpusScanResult(
            lines: summary?.lines ?? 0, records: summary?.records ?? 0, findings: result.findings.count,
            launches: result.launches.count)
    }
}

/// Calls its hooks when the bytes read pass the corpus's half and reach its end.
private final class Halfway: ScanObserver {
    private var total = 0
    private var half = 0
    private var atHalf: () -> Void = {}
    private var atEnd: () -> Void = {}
    private var read = 0

    /// Starts counting a new run.
    func start(total: Int, half: Int, atHalf: @escaping () -> Void, atEnd: @escaping () -> Void) {
        self.total = total
        self.half = half
        self.atHalf = atHalf
        self.atEnd = atEnd
        read = 0
    }

    func scanDidRead(bytes: Int) {
        let before = read
        read += bytes
        if before < half, read >= half { atHalf() }
        if before < total, read >= total { atEnd() }
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
