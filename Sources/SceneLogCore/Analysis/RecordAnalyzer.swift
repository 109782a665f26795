/// Runs the rules and the launch tracker over one input's records: one prefilter pass over each
/// message serves both, and each finding is linked to the launch it belongs to.
struct RecordAnalyzer {
    private let prefilter: MessagePrefilter
    private let engine: RuleEngine
    /// `nil` when launches are not tracked (rules only).
    private var tracker: LaunchTracker?
    private let path: String
    private var hits = MessageHits()
    /// Whether findings of events told over several lines wait for the event's last line, to carry
    /// its other lines as evidence (a report); a live watch shows them at once.
    private let holdsEvents: Bool
    /// The events told over several lines (a watchdog kill, a launch failure; see `eventKey`)
    /// still open, by rule and app: their finding, and the line that last told them.
    private var openEvents: [String: (finding: Finding, lastLine: Int)] = [:]
    /// The findings made while an event was open, which come out in line order once it is over.
    private var waiting: [Finding] = []
    /// Lines of one event further apart than this are two events.
    private static let eventSpan = 40
    /// The most lines an event's finding lists as evidence: a line repeated without end (a crash
    /// loop's exception, a log flooded with one line) goes on folding into the event, unlisted, so
    /// that memory and the report stay bounded.
    static let evidenceKept = 64
    /// Where and in which process (`nil`: a bare line) the latest uncaught exception was told by the
    /// runtime's own line, for libc++abi's line that tells it again later (see ``restatementSpan``).
    private var latestException: (line: Int, process: String?)?
    /// How many lines after the runtime's line of an uncaught exception libc++abi's line for it may
    /// come (past the first throw call stack, one line per frame in older consoles) and still be it.
    private static let restatementSpan = 400
    /// Whether an uncaught exception whose reason another rule names on the same line is folded
    /// into that rule's finding; not when the run keeps only some rules (the other may be left out).
    private let foldsExplainedExceptions: Bool

    /// - Parameters:
    ///   - path: the input's name, as findings' locations give it.
    ///   - tracker: the launch tracker, or `nil` to run the rules only.
    ///   - holdsEvents: keep a multi-line event's finding until its last line, with the others as
    ///     evidence (findings then come out up to ``eventSpan`` lines late, in line order).
    ///   - foldsExplainedExceptions: fold an uncaught exception into the finding of another rule that
    ///     names its reason on the same line (one problem, one finding).
    init(
        prefilter: MessagePrefilter, ruleSet: RuleSet, tracker: LaunchTracker?, path: String, holdsEvents: Bool = true,
        foldsExplainedExceptions: Bool = true
    ) {
        self.foldsExplainedExceptions = foldsExplainedExceptions
        self.prefilter = prefilter
        self.engine = RuleEngine(ruleSet: ruleSet)
        self.tracker = tracker
        self.path = path
        self.holdsEvents = holdsEvents
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
    mutating func analyze(_ record: RecordView, into events: inout LaunchTrackerEvents) -> [Finding] {
        guard record.fields.kind == .message else {
            tracker?.observe(record, markers: [], into: &events)
            return closeEvents(before: record.line)
        }
        prefilter.scan(record.message, into: &hits)
        if hits.isEmpty, openEvents.isEmpty, waiting.isEmpty, engine.needsLiteralHits {
            // Most records: no literal of a rule or a marker, nothing waiting on an event, and no
            // rule without a literal.
            tracker?.observe(record, markers: [], into: &events)
            return []
        }
        var found = engine.findings(in: record, literals: hits.ruleLiterals, path: path)
        let abortsAfterExplainedException = found.count > 1 && foldsExplainedExceptions && foldExplainedException(&found)
        if abortsAfterExplainedException { noteException(in: record, explainedBy: &found) }
        // Optional chaining reads the tracker in place; binding it with `if let` would copy it.
        if found.contains(where: { engine.launchEffect(of: $0).isWatchdogKill }), tracker?.ignoresWatchdog(of: record) == true {
            // A debugger is attached: SpringBoard lets the watchdog's overrun pass.
            found.removeAll { engine.launchEffect(of: $0).isWatchdogKill }
        }
        var closed = closeEvents(before: record.line)
        let (newEvents, namings) = found.isEmpty ? ([], []) : foldRepeatedEvents(&found)
        if tracker != nil {
            tracker?.observe(record, markers: hits.launchMarkers, into: &events)
            for index in found.indices {
                let namedProcess = found[index].process != nil
                tracker?.attach(
                    &found[index], from: record, effect: engine.launchEffect(of: found[index]),
                    endsProcess: abortsAfterExplainedException || engine.abortsTheProcess(after: found[index]), into: &events)
                if !namedProcess, found[index].process != nil { found[index].message = engine.message(of: found[index]) }
            }
            for naming in namings { linkKill(naming.key, to: naming.finding, from: record, into: &events) }
        }
        guard holdsEvents else {
            // Shown at once; the event stays open only to fold its later lines.
            for event in newEvents { openEvents[event.key] = (found[event.index], found[event.index].location.line) }
            return found
        }
        guard openEvents.count + newEvents.count > 0 else { return closed.isEmpty ? found : closed + found }
        for (index, finding) in found.enumerated() {
            if let key = newEvents.first(where: { $0.index == index })?.key {
                openEvents[key] = (finding, finding.location.line)
            } else {
                waiting.append(finding)
            }
        }
        closed += closeEvents(before: nil, ifNoneOpen: true)
        return closed
    }

    /// Drops an uncaught exception's finding when another rule's finding on the same line, as
    /// severe, names its reason (`Application windows are expected to have a root view controller…`,
    /// `Could not find a storyboard named…`): one problem, one finding. Returns whether it did; the
    /// process aborts next all the same.
    private func foldExplainedException(_ found: inout [Finding]) -> Bool {
        guard let exception = found.firstIndex(where: { engine.launchEffect(of: $0) == .endsProcess }),
            found.contains(where: { Self.explains(effect: engine.launchEffect(of: $0)) && $0.severity >= found[exception].severity })
        else { return false }
        found.remove(at: exception)
        return true
    }

    /// Whether a finding whose rule has `effect` may name an exception's reason: a rule about the
    /// app's set-up, not one about how the process or the launch ended.
    private static func explains(effect: LaunchEffect) -> Bool {
        switch effect {
        case .none, .notAdoptingScenes, .claimingScenes: true
        case .failsLaunch, .endsProcess, .trapsProcess, .stoppedByDyld, .privacyKill, .watchdogKill, .backgroundTaskKill, .toldByATool:
            false
        }
    }

    /// Drops the findings that tell again an event an earlier line reported (the second and third
    /// lines of one watchdog kill; the two halves of a launch failure's message that a paste wrapped
    /// onto two lines), adding their lines to its evidence: one problem, one finding.
    /// Returns the findings that open an event, by index, with their keys; and the dropped findings
    /// that named the app of a kill its first line did not name (see ``unnamedKill(namedBy:)``),
    /// with the kill's key.
    private mutating func foldRepeatedEvents(
        _ found: inout [Finding]
    ) -> (opened: [(index: Int, key: String)], namings: [(key: String, finding: Finding)]) {
        guard found.contains(where: { Self.eventKey(of: $0, effect: engine.launchEffect(of: $0)) != nil || echoedEvent(of: $0) != nil })
        else { return ([], []) }
        var opened: [(index: Int, key: String)] = []
        var namings: [(key: String, finding: Finding)] = []
        var kept: [Finding] = []
        for finding in found {
            let restates = UncaughtExceptionRule.restatesTheRuntime(finding)
            if restates, tellsTheLatestException(finding) {
                if let event = latestExceptionEvent() { addEvidence(finding, toEvent: event) }
                continue
            } else if !restates, engine.launchEffect(of: finding) == .endsProcess {
                latestException = (finding.location.line, finding.process)
                if let restatement = openRestatement(of: finding) {
                    replaceEvent(restatement, with: finding)
                    continue
                }
            }
            if let echoed = echoedEvent(of: finding) {
                addEvidence(finding, toEvent: echoed)
                continue
            }
            guard let key = Self.eventKey(of: finding, effect: engine.launchEffect(of: finding)) else {
                kept.append(finding)
                continue
            }
            if openEvents[key] != nil {
                addEvidence(finding, toEvent: key)
                completeEvent(key, with: finding)
            } else if let unnamed = unnamedKill(namedBy: finding) {
                addEvidence(finding, toEvent: unnamed)
                completeEvent(unnamed, with: finding)
                namings.append((unnamed, finding))
            } else if let named = namedKill(restatedBy: finding) {
                addEvidence(finding, toEvent: named)
            } else {
                opened.append((kept.count, key))
                kept.append(finding)
            }
        }
        found = kept
        return (opened, namings)
    }

    /// An uncaught exception that another rule explains on the record's line: the process aborts
    /// all the same. When libc++abi's line told it already (its event still open), the explaining
    /// finding takes that event's place, so that the crash stays one finding of its launch.
    private mutating func noteException(in record: RecordView, explainedBy found: inout [Finding]) {
        let process = record.bytes(of: record.fields.process).map { String(decoding: $0, as: UTF8.self) }
        latestException = (record.line, process)
        guard let explaining = found.firstIndex(where: { Self.explains(effect: engine.launchEffect(of: $0)) }),
            let restatement = openRestatement(of: found[explaining])
        else { return }
        replaceEvent(restatement, with: found.remove(at: explaining))
    }

    /// The key of the open event of libc++abi's line for an NSException that `finding` (the
    /// runtime's line, or a finding that explains it) tells better: of the same process, or of a
    /// line naming none. `nil` when a live watch showed the event already.
    private func openRestatement(of finding: Finding) -> String? {
        guard holdsEvents else { return nil }
        return openEvents.first { _, event in
            UncaughtExceptionRule.restatesTheRuntime(event.finding)
                && (event.finding.process == nil || finding.process == nil || event.finding.process == finding.process)
                && (event.finding.pid == nil || finding.pid == nil || event.finding.pid == finding.pid)
        }?.key
    }

    /// Puts `finding` in place of the open event `key`'s finding, whose launch it takes (the launch
    /// counted that one already) and whose line becomes its evidence; the event goes on under
    /// `finding`'s own key.
    private mutating func replaceEvent(_ key: String, with finding: Finding) {
        guard let event = openEvents.removeValue(forKey: key) else { return }
        var replacement = finding
        replacement.launch = event.finding.launch
        if replacement.process == nil, replacement.pid == nil, let process = event.finding.process {
            // A bare line's finding: the process that the launch gave the event's.
            replacement.process = process
            replacement.pid = event.finding.pid
            replacement.message = engine.message(of: replacement)
        }
        // What the launch's ownership added (``LaunchTracker``): the app's bundle, who told the line.
        for key in ["bundle", "reportedBy"] where replacement.data[key] == nil { replacement.data[key] = event.finding.data[key] }
        replacement.evidence = Array(
            (event.finding.evidence + [event.finding.location] + replacement.evidence).sorted { $0.line < $1.line }
                .prefix(Self.evidenceKept))
        let newKey = Self.eventKey(of: replacement, effect: engine.launchEffect(of: replacement)) ?? key
        openEvents[newKey] = (replacement, max(event.lastLine, replacement.location.line))
    }

    /// Whether libc++abi's line `finding` tells again the latest uncaught exception: the runtime's
    /// line told it within ``restatementSpan`` lines before, in the same process or on a line naming none.
    private func tellsTheLatestException(_ finding: Finding) -> Bool {
        guard let told = latestException else { return false }
        return finding.location.line - told.line <= Self.restatementSpan
            && (told.process == nil || finding.process == nil || told.process == finding.process)
    }

    /// The open event whose finding, or whose evidence, is the latest uncaught exception's line;
    /// `nil` once it is over.
    private func latestExceptionEvent() -> String? {
        guard let line = latestException?.line else { return nil }
        return openEvents.first { _, event in
            event.finding.location.line == line || event.finding.evidence.contains { $0.line == line }
        }?.key
    }

    /// Adds `finding`'s line to the evidence of the open event `key` (up to ``evidenceKept`` lines),
    /// whose last line it becomes.
    private mutating func addEvidence(_ finding: Finding, toEvent key: String) {
        if let kept = openEvents[key]?.finding.evidence.count, kept < Self.evidenceKept {
            openEvents[key]?.finding.evidence.append(finding.location)
        }
        openEvents[key]?.lastLine = finding.location.line
    }

    /// Adds to the open event `key`'s finding what `finding`, a later line of the event, tells that
    /// its first line did not (a crash report's `Termination Description` gives the watchdog's event
    /// and budget after its bare `Code 0x8badf00d`). Its message, which names who told it, is told
    /// again only when the later line names the app or the phase its first line did not.
    private mutating func completeEvent(_ key: String, with finding: Finding) {
        guard var completed = openEvents[key]?.finding else { return }
        let before = completed.data
        completed.data.merge(finding.data) { current, _ in current }
        // What the message says of the app and the phase, when the first line did not say it.
        if ["bundle", "phase"].contains(where: { before[$0] == nil && completed.data[$0] != nil }) {
            completed.message = engine.message(of: completed)
        }
        openEvents[key]?.finding = completed
    }

    /// The key of the open watchdog kill that `finding` names the app of, if any: a kill that the
    /// process of `finding` told first without naming the app, or naming the same one (a crash
    /// report's `Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d`, then its
    /// `Termination Description` with the app's bundle). `nil` when `finding` names no app.
    private func unnamedKill(namedBy finding: Finding) -> String? {
        guard let bundle = finding.data["bundle"], engine.launchEffect(of: finding) == .watchdogKill else { return nil }
        // The key the line would have if it named no app: by the process that told it.
        var unnamed = finding
        unnamed.data["bundle"] = nil
        guard let key = Self.eventKey(of: unnamed, effect: .watchdogKill), let event = openEvents[key],
            event.finding.data["bundle"].map({ $0 == bundle }) ?? true
        else { return nil }
        return key
    }

    /// The open watchdog kill of a named app that `finding`, a later line naming none, tells again:
    /// the latest one the same process told (a crash report's `Metadata:` block restating its
    /// termination reason cut before the app). `nil` when `finding` names an app.
    private func namedKill(restatedBy finding: Finding) -> String? {
        guard finding.data["bundle"] == nil, engine.launchEffect(of: finding) == .watchdogKill else { return nil }
        return openEvents.lazy.filter {
            $0.value.finding.rule == finding.rule && $0.value.finding.data["bundle"] != nil && $0.value.finding.process == finding.process
        }.max { $0.value.lastLine < $1.value.lastLine }?.key
    }

    /// Links the open kill `key`, whose first line named no app, to the launch of the app that
    /// `naming` (a later line of it) names, when the first line found none: `naming` is attached
    /// in its place, and the kill's finding takes its launch and owner.
    private mutating func linkKill(_ key: String, to naming: Finding, from record: RecordView, into events: inout LaunchTrackerEvents) {
        guard openEvents[key]?.finding.launch == nil else { return }
        var naming = naming
        tracker?.attach(&naming, from: record, effect: .watchdogKill, into: &events)
        guard naming.launch != nil else { return }
        openEvents[key]?.finding.launch = naming.launch
        openEvents[key]?.finding.process = naming.process
        openEvents[key]?.finding.pid = naming.pid
        openEvents[key]?.finding.data.merge(naming.data) { current, _ in current }
    }

    /// What makes findings one event, for the rules whose lines tell one event: a watchdog kill by
    /// the app killed (the system names it on several lines); a launch failure by its process and
    /// pid (a process fails to launch once); an uncaught exception by the process and pid its line
    /// names (a process aborts once; without a pid, two runs of the app may be near), and on a bare
    /// line of a plain console (no process, no pid: one app's output) by the exception's name, so
    /// that libc++abi's line printed twice is one crash. `nil` for other rules, and for an exception
    /// on a line that names a process but no pid (see ``echoedEvent(of:)``).
    private static func eventKey(of finding: Finding, effect: LaunchEffect) -> String? {
        func byProcess() -> String {
            finding.rule + "\u{1F}" + (finding.process ?? "") + "\u{1F}" + (finding.pid.map(String.init) ?? "")
        }
        switch effect {
        case .watchdogKill: return finding.rule + "\u{1F}" + (finding.data["bundle"] ?? finding.process ?? "")
        case .failsLaunch: return byProcess()
        case .endsProcess, .trapsProcess:
            if finding.pid != nil { return byProcess() }
            return finding.process == nil ? byProcess() + "\u{1F}" + (finding.data["exception"] ?? "") : nil
        default: return nil
        }
    }

    /// The open uncaught exception that a line naming no process tells again, if one is open: the
    /// latest of that rule (Xcode's console prints the app's `*** Terminating app…` line again,
    /// bare, from its standard error; Dimillian/IceCubesApp#1275).
    private func echoedEvent(of finding: Finding) -> String? {
        guard finding.process == nil, finding.pid == nil, !openEvents.isEmpty, engine.launchEffect(of: finding) == .endsProcess
        else { return nil }
        // The runtime's line is not folded into libc++abi's, which says less (a live watch showed it).
        let restates = UncaughtExceptionRule.restatesTheRuntime(finding)
        return openEvents.lazy.filter {
            $0.key.hasPrefix(finding.rule + "\u{1F}") && (restates || !UncaughtExceptionRule.restatesTheRuntime($0.value.finding))
        }.max { $0.value.lastLine < $1.value.lastLine }?.key
    }

    /// The events whose last line is more than ``eventSpan`` lines before `line` (all of them when
    /// `line` is `nil`), closed, with the findings waiting on them, in line order.
    private mutating func closeEvents(before line: Int?, ifNoneOpen: Bool = false) -> [Finding] {
        guard !openEvents.isEmpty || !waiting.isEmpty else { return [] }
        func isOver(_ event: (finding: Finding, lastLine: Int)) -> Bool {
            line.map { $0 - event.lastLine > Self.eventSpan } ?? true
        }
        // Checked without allocating: this runs for every record while an event is open.
        if !ifNoneOpen, openEvents.values.contains(where: isOver) {
            for (key, event) in openEvents where isOver(event) {
                openEvents[key] = nil
                if holdsEvents { waiting.append(event.finding) }
            }
        }
        guard !waiting.isEmpty else { return [] }
        // What waits behind an event still open keeps waiting; the rest comes out in line order.
        let firstOpen = openEvents.values.reduce(Int.max) { min($0, $1.finding.location.line) }
        guard waiting.contains(where: { $0.location.line < firstOpen }) else { return [] }
        waiting.sort { $0.location.line < $1.location.line }
        let ready = waiting.prefix { $0.location.line < firstOpen }
        waiting.removeFirst(ready.count)
        return Array(ready)
    }

    /// The findings of a line no parser understood (an Xcode 15 console copy, a pasted fragment),
    /// searched as a bare message.
    mutating func analyzeUnparsed(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> [Finding] {
        prefilter.scan(bytes, into: &hits)
        let found = engine.findings(in: .bareLine(bytes, line: line), literals: hits.ruleLiterals, path: path)
        guard holdsEvents, !openEvents.isEmpty else { return found }
        waiting += found  // after an open event's line: in line order once it is over
        return []
    }

    /// Ends the input: the launches still open are handed out, and the findings of events still
    /// open (returned, in line order).
    mutating func finish(into events: inout LaunchTrackerEvents) -> [Finding] {
        tracker?.finish(into: &events)
        return closeEvents(before: nil)
    }

    /// `nanoseconds` in whole seconds, or milliseconds under a second.
    private static func duration(_ nanoseconds: UInt64) -> String {
        nanoseconds >= 1_000_000_000 ? "\(nanoseconds / 1_000_000_000) s" : "\(nanoseconds / 1_000_000) ms"
    }

    /// What the user should hear about the rules themselves once the input `path` is read: the
    /// rules that gave up on some records (PCRE2 limits), those not built in that went past their
    /// time budget, and those slower than 1 ms per record on average (each once per run).
    func ruleDiagnostics() -> [ScanDiagnostic] {
        let name = Escaping.visible(path)
        var diagnostics = engine.matchFailures.sorted { $0.key < $1.key }.map { rule, failure in
            let id = Escaping.visible(rule)
            guard !engine.stoppedTrying(rule) else {
                return ScanDiagnostic(
                    .warning,
                    "\(name): rule '\(id)' gave up on \(failure.count) records (\(failure.error.message)) and was not tried "
                        + "on the rest of the input: those records and the rest were not checked by it")
            }
            return ScanDiagnostic(
                .warning,
                "\(name): rule '\(id)' stopped matching on \(failure.count) record(s): "
                    + "\(failure.error.message); those records were not checked by it")
        }
        for (rule, line) in engine.rulesOverBudget.sorted(by: { $0.key < $1.key }) {
            let limit = Self.duration(engine.ruleSet.slowRuleBudgetNanoseconds)
            diagnostics.append(
                ScanDiagnostic(
                    .warning,
                    "\(name): rule '\(Escaping.visible(rule))' took more than \(limit) on this input and was not tried "
                        + "after line \(line): the rest of the input was not checked by it; look for nested or unbounded "
                        + "repeats in its pattern, or give it a literal"))
        }
        if engine.skipsUserRules {
            diagnostics.append(
                ScanDiagnostic(
                    .warning,
                    "\(name): the rules that are not built in were not tried on this input: they took more than "
                        + "\(Self.duration(3 * engine.ruleSet.slowRuleBudgetNanoseconds)) together on an earlier input of this run; "
                        + "give them literals, or fewer rules"))
        }
        if let line = engine.userRulesStoppedAfterLine {
            diagnostics.append(
                ScanDiagnostic(
                    .warning,
                    "\(name): the rules that are not built in took more than \(Self.duration(3 * engine.ruleSet.slowRuleBudgetNanoseconds)) together on this input, over 1 ms "
                        + "a line, and none was tried after line \(line): the rest of the input was not checked by them; "
                        + "give them literals, or fewer rules"))
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
