import SceneLogCore

/// Follows one input's records: runs the rules and the launch tracker, learns which pid is which
/// app, notes the time span, and reports unparsed and cut lines on standard error as they are found.
final class ScanSink: RecordSink {
    private let path: String
    private let verbose: Bool
    var engine: RuleEngine?
    var tracker: LaunchTracker?
    private let learnsIdentities: Bool
    @exclusivity(unchecked) private(set) var times = TimeSpanTracker()
    @exclusivity(unchecked) private(set) var findings: [Finding] = []
    @exclusivity(unchecked) private(set) var identities = ProcessIdentities()

    /// - Parameter learnsIdentities: whether to learn which pid is which bundle (for `--app`).
    init(path: String, verbose: Bool, learnsIdentities: Bool) {
        self.path = path
        self.verbose = verbose
        self.learnsIdentities = learnsIdentities
    }

    /// Takes a finding made outside the rule engine (a launch diagnosis).
    func add(_ finding: Finding) {
        findings.append(finding)
    }

    func receive(_ record: RecordView) {
        times.note(record)
        guard let engine else { return }
        if learnsIdentities { identities.note(record) }
        tracker?.observe(record)
        var found = engine.findings(in: record, path: path)
        guard !found.isEmpty else { return }
        if let tracker {
            for index in found.indices { tracker.attach(&found[index], from: record) }
        }
        findings += found
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        if let engine {
            // Unparsed text (an Xcode 15 console copy, a pasted fragment) may still carry a known message.
            let found = engine.findings(in: .bareLine(bytes, line: line), path: path)
            if !found.isEmpty { findings += found }
        }
        guard verbose else { return }
        Diagnostics.emit("\(path):\(line): unparsed: \(Diagnostics.printable(String(decoding: bytes, as: UTF8.self)))\n")
    }

    func truncated(line: Int, keptBytes: Int) {
        Diagnostics.warning("\(path):\(line): line longer than \(keptBytes) bytes; the rest of it was skipped")
    }

    /// Warns once per rule whose pattern gave up (a PCRE2 limit) on some records of this input.
    func reportMatchFailures() {
        guard let engine else { return }
        for (rule, failure) in engine.matchFailures.sorted(by: { $0.key < $1.key }) {
            Diagnostics.warning(
                "\(path): rule '\(rule)' stopped matching on \(failure.count) record(s): \(failure.error.message); those records were not checked by it")
        }
    }
}
