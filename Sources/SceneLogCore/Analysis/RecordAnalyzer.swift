/// Runs the rules and the launch tracker over one input's records: one prefilter pass over each
/// message serves both, and each finding is linked to the launch it belongs to.
struct RecordAnalyzer {
    private let prefilter: MessagePrefilter
    private let engine: RuleEngine
    /// `nil` when launches are not tracked (rules only).
    private var tracker: LaunchTracker?
    private let path: String
    private var hits = MessageHits()
    /// The line of the latest finding of each event told over several lines (``LaunchEffect/watchdogKill``), by rule and app.
    private var lastEventLines: [String: Int] = [:]
    /// Lines of one event further apart than this are two events.
    private static let eventSpan = 40

    /// - Parameters:
    ///   - path: the input's name, as findings' locations give it.
    ///   - tracker: the launch tracker, or `nil` to run the rules only.
    init(prefilter: MessagePrefilter, ruleSet: RuleSet, tracker: LaunchTracker?, path: String) {
        self.prefilter = prefilter
        self.engine = RuleEngine(ruleSet: ruleSet)
        self.tracker = tracker
        self.path = path
    }

    /// The findings of `record` (at most one per rule), each linked to its launch; what the launch
    /// tracker made of the record goes to `events`.
    mutating func analyze(_ record: RecordView, into events: inout [LaunchTrackerEvent]) -> [Finding] {
        guard record.fields.kind == .message else {
            tracker?.observe(record, markers: [], into: &events)
            return []
        }
        prefilter.scan(record.message, into: &hits)
        var found = engine.findings(in: record, literals: hits.ruleLiterals, path: path)
        if !found.isEmpty { foldRepeatedEvents(&found) }
        guard tracker != nil else { return found }
        tracker?.observe(record, markers: hits.launchMarkers, into: &events)
        for index in found.indices {
            tracker?.attach(&found[index], from: record, effect: engine.launchEffect(of: found[index]), into: &events)
        }
        return found
    }

    /// Drops the findings that tell again an event an earlier line reported (the second and third
    /// lines of one watchdog kill): one problem, one finding.
    private mutating func foldRepeatedEvents(_ found: inout [Finding]) {
        found.removeAll { finding in
            guard engine.launchEffect(of: finding) == .watchdogKill else { return false }
            let key = finding.rule + "\u{1F}" + (finding.data["bundle"] ?? finding.process ?? "")
            let line = finding.location.line
            defer { lastEventLines[key] = line }
            if lastEventLines.count > 1_000 { lastEventLines.removeAll() }
            return lastEventLines[key].map { line - $0 <= Self.eventSpan } ?? false
        }
    }

    /// The findings of a line no parser understood (an Xcode 15 console copy, a pasted fragment),
    /// searched as a bare message.
    mutating func analyzeUnparsed(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> [Finding] {
        prefilter.scan(bytes, into: &hits)
        return engine.findings(in: .bareLine(bytes, line: line), literals: hits.ruleLiterals, path: path)
    }

    /// Ends the input: the launches still open are handed out.
    mutating func finish(into events: inout [LaunchTrackerEvent]) {
        tracker?.finish(into: &events)
    }

    /// Rule ids whose patterns hit a PCRE2 limit on some records, with how often.
    var matchFailures: [String: (count: Int, error: PCRE2Error)] { engine.matchFailures }
}
