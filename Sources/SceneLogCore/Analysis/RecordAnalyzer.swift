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

    /// Whether the launch tracker timed a line by when it arrived rather than by its stamp.
    var timesLaunchesByArrival: Bool {
        tracker?.timesByArrival ?? false
    }

    /// Whether the launch tracker stopped timing lines by arrival (the stream is a replay).
    var stoppedTimingByArrival: Bool {
        tracker?.arrivalTimingStopped ?? false
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

    /// What the user should hear about the rules themselves once the input `path` is read: the
    /// rules that gave up on some records (PCRE2 limits), and the rules not built in that were
    /// slower than 1 ms per record on average (each once per run).
    func ruleDiagnostics() -> [ScanDiagnostic] {
        let name = Escaping.visible(path)
        var diagnostics = engine.matchFailures.sorted { $0.key < $1.key }.map { rule, failure in
            ScanDiagnostic(
                .warning,
                "\(name): rule '\(Escaping.visible(rule))' stopped matching on \(failure.count) record(s): "
                    + "\(failure.error.message); those records were not checked by it")
        }
        for slow in engine.timing.slowRules {
            let id = engine.ruleSet.rules[slow.rule].rule.description.id
            guard engine.ruleSet.slowRuleReports.claim(id) else { continue }
            let milliseconds = (Double(slow.averageNanoseconds) / 1e6 * 10).rounded() / 10
            diagnostics.append(
                ScanDiagnostic(
                    .warning,
                    "\(name): rule '\(Escaping.visible(id))' took \(milliseconds) ms per line on average "
                        + "(\(slow.records) line(s)), which slows the scan down; look for nested or unbounded repeats "
                        + "in its pattern, or give it a literal"))
        }
        return diagnostics
    }
}
