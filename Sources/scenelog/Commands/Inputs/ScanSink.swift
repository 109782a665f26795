import SceneLogCore

/// Follows one input's records: runs the rules and the launch tracker, learns which pid is which
/// app, notes the time span, and reports unparsed and cut lines on standard error as they are found.
final class ScanSink: RecordSink {
    private let path: String
    private let verbose: Bool
    private let analyzer: RecordAnalyzer?
    private let learnsIdentities: Bool
    @exclusivity(unchecked) private(set) var times = TimeSpanTracker()
    @exclusivity(unchecked) private var lineFindings: [Finding] = []
    @exclusivity(unchecked) private(set) var identities = ProcessIdentities()
    /// The launch diagnoses, which the tracker hands to this list.
    let diagnoses: FindingList

    /// - Parameters:
    ///   - analyzer: the rules and the launch tracker (which hands its diagnoses to `diagnoses`);
    ///     without one, lines are only counted.
    ///   - learnsIdentities: whether to learn which pid is which bundle (for `--app`).
    init(
        path: String, verbose: Bool, analyzer: RecordAnalyzer?, diagnoses: FindingList,
        learnsIdentities: Bool
    ) {
        self.path = path
        self.verbose = verbose
        self.analyzer = analyzer
        self.diagnoses = diagnoses
        self.learnsIdentities = learnsIdentities
    }

    /// Every finding so far, line findings and launch diagnoses, in line order.
    var findings: [Finding] {
        (lineFindings + diagnoses.findings).sorted { $0.location.line < $1.location.line }
    }

    func receive(_ record: RecordView) {
        times.note(record)
        guard let analyzer else { return }
        if learnsIdentities { identities.note(record) }
        let found = analyzer.analyze(record)
        if !found.isEmpty { lineFindings += found }
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        if let analyzer {
            let found = analyzer.analyzeUnparsed(bytes, line: line)
            if !found.isEmpty { lineFindings += found }
        }
        guard verbose else { return }
        Diagnostics.emit("\(path):\(line): unparsed: \(Diagnostics.printable(String(decoding: bytes, as: UTF8.self)))\n")
    }

    func truncated(line: Int, keptBytes: Int) {
        Diagnostics.warning("\(path):\(line): line longer than \(keptBytes) bytes; the rest of it was skipped")
    }

    /// Warns once per rule whose pattern gave up (a PCRE2 limit) on some records of this input.
    func reportMatchFailures() {
        guard let analyzer else { return }
        for (rule, failure) in analyzer.engine.matchFailures.sorted(by: { $0.key < $1.key }) {
            Diagnostics.warning(
                "\(path): rule '\(rule)' stopped matching on \(failure.count) record(s): \(failure.error.message); those records were not checked by it")
        }
    }
}

/// Findings collected by reference (the launch tracker's diagnoses).
final class FindingList {
    private(set) var findings: [Finding] = []

    func append(_ finding: Finding) {
        findings.append(finding)
    }
}
