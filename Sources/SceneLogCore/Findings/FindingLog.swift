/// The findings of a run, in input order, each input's in line order.
///
/// A scan keeps only a few megabytes of them in memory and spills the rest, encoded, to an
/// unlinked temporary file, so that its memory does not grow with the number of findings. Read
/// the log as a sequence, as many times as needed; each pass reads the spilled findings back.
///
/// ```swift
/// let result = Scanner(options: options).scan(["night/"])
/// for finding in result.findings where finding.severity == .error { print(finding.message) }
/// print(result.findings.count(atOrAbove: .warning))
/// ```
public struct FindingLog: Sequence, Sendable, ExpressibleByArrayLiteral {
    /// A run of findings, with what reading it changes: launch ids shifted past the inputs
    /// before it, or (a crash report's finding) the launch it was joined to.
    struct Part: Sendable {
        var run: FindingRun
        var launchShift = 0
        var launch: String?
        /// The device of the launch a crash report is linked to.
        var device: String?
    }

    private(set) var parts: [Part] = []
    /// Parts folded into another finding (a crash report of a problem a log told) or left out: not read.
    private var folded: Set<Int> = []
    /// Locations to add to the evidence of the first finding of a rule and launch (`rule`, US, `launch`).
    private var addedEvidence: [String: [SourceLocation]] = [:]
    /// The findings counted by severity and rule.
    private(set) var tally = FindingTally()

    /// A log of `findings`, in the order given.
    public init(_ findings: [Finding] = []) {
        if !findings.isEmpty { append(FindingRun(held: findings)) }
    }

    public init(arrayLiteral findings: Finding...) {
        self.init(findings)
    }

    /// The first finding, if there is one.
    public var first: Finding? {
        var iterator = makeIterator()
        return iterator.next()
    }

    /// Adds `finding` after the others (for building a report by hand; a scan adds its findings
    /// in bulk).
    public mutating func append(_ finding: Finding) {
        append(FindingRun(held: [finding]))
    }

    /// How many findings there are.
    public var count: Int { tally.total }

    /// Whether there is none.
    public var isEmpty: Bool { count == 0 }

    /// How many findings are at `severity` or above it.
    public func count(atOrAbove severity: Severity) -> Int {
        Severity.allCases.filter { $0 >= severity }.reduce(0) { $0 + tally.count(of: $1) }
    }

    public func makeIterator() -> Iterator {
        Iterator(parts: parts.enumerated().filter { !folded.contains($0.offset) }.map(\.element), addedEvidence: addedEvidence)
    }

    /// Adds a stream's findings, their launch ids shifted by `launchShift`.
    mutating func append(_ run: FindingRun, launchShift: Int = 0) {
        guard run.count > 0 else { return }
        parts.append(Part(run: run, launchShift: launchShift))
        tally.add(run.tally)
    }

    /// Adds `other`'s findings, their launch ids shifted by `launchShift`.
    mutating func append(contentsOf other: FindingLog, launchShift: Int) {
        parts += other.parts.map { part in
            var part = part
            part.launchShift += launchShift
            return part
        }
        tally.add(other.tally)
    }

    /// Joins the findings of part `index` (a crash report's) to launch `id`, on `device`.
    mutating func link(part index: Int, toLaunch id: String, device: String?) {
        parts[index].launch = id
        parts[index].device = device
    }

    /// Folds part `index` (a crash report's finding) into the finding of `rule` of launch `id`
    /// that a log gave: the part is no longer read, and its location joins that finding's evidence.
    mutating func fold(part index: Int, intoFindingOf rule: String, launch id: String) {
        guard folded.insert(index).inserted else { return }
        tally.subtract(parts[index].run.tally)
        let locations = parts[index].run.held.map(\.location)
        addedEvidence[Self.evidenceKey(rule: rule, launch: id), default: []] += locations
    }

    /// Leaves part `index` (a crash report's finding) out: it is no longer read nor counted.
    mutating func leaveOut(part index: Int) {
        guard folded.insert(index).inserted else { return }
        tally.subtract(parts[index].run.tally)
    }

    fileprivate static func evidenceKey(rule: String, launch: String) -> String {
        rule + "\u{1F}" + launch
    }

    /// Reads a log's findings in order.
    public struct Iterator: IteratorProtocol {
        private let parts: [Part]
        private var index = 0
        private var reader: FindingRunReader?
        /// Evidence still to add, to the first finding of its rule and launch.
        private var addedEvidence: [String: [SourceLocation]]

        init(parts: [Part], addedEvidence: [String: [SourceLocation]]) {
            self.parts = parts
            self.addedEvidence = addedEvidence
        }

        public mutating func next() -> Finding? {
            while index < parts.count {
                if reader == nil { reader = FindingRunReader(parts[index].run) }
                if var finding = reader?.next() {
                    let part = parts[index]
                    if let launch = part.launch {
                        finding.launch = launch
                        if finding.device == nil { finding.device = part.device }
                    } else if part.launchShift != 0 {
                        finding = LaunchNumbering(offset: part.launchShift).apply(to: finding)
                    }
                    if !addedEvidence.isEmpty, let launch = finding.launch,
                        let locations = addedEvidence.removeValue(forKey: FindingLog.evidenceKey(rule: finding.rule, launch: launch))
                    {
                        finding.evidence += locations
                    }
                    return finding
                }
                reader = nil
                index += 1
            }
            return nil
        }
    }
}
