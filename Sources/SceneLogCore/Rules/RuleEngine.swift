/// Runs a ``RuleSet`` over records: PCRE2 only on the patterns whose literal the shared message
/// prefilter (``MessagePrefilter``) found. One engine per input (it owns PCRE2 match memory). A
/// rule that gives up (a PCRE2 limit) on ``recordsBeforeStopping`` records is not tried on the
/// rest of the input: each give-up costs the whole match limit's time.
///
/// Its state is only touched by the thread that runs it: the hot properties skip the dynamic
/// exclusivity checks, which would cost several runtime calls per record.
final class RuleEngine {
    let ruleSet: RuleSet
    // The rule set's tables, held here so that a record's lookups do not go through the set.
    private let patternsByLiteral: [[Int]]
    private let unfilteredPatterns: [Int]
    private let scratch = MatchScratch()
    @exclusivity(unchecked) private var stamps: [UInt32]
    @exclusivity(unchecked) private var generation: UInt32 = 0
    @exclusivity(unchecked) private var candidates: [Int] = []
    /// Rule ids whose patterns hit a PCRE2 limit (or failed), with on how many records; the scan goes on.
    @exclusivity(unchecked) private(set) var matchFailures: [String: (count: Int, error: PCRE2Error)] = [:]
    /// The rules (by index) that gave up too often: no longer tried.
    @exclusivity(unchecked) private var stoppedRules: Set<Int> = []
    /// How many records a rule may give up on before it is no longer tried on the input.
    static let recordsBeforeStopping = 100
    /// How long the confirmations of the rules that are not built in took.
    @exclusivity(unchecked) private(set) var timing: RuleTiming
    /// Rule ids that went past the slow rules' time budget (``RuleSet/slowRuleBudgetNanoseconds``),
    /// with the line after which they were not tried.
    @exclusivity(unchecked) private(set) var rulesOverBudget: [String: Int] = [:]
    /// The line after which no rule that is not built in was tried: together they went past
    /// three times the slow rules' budget (``RuleTiming/areAllOverBudget(_:)``); `nil` while not.
    @exclusivity(unchecked) private(set) var userRulesStoppedAfterLine: Int?
    /// Whether the rules that are not built in were not tried on this input at all: they went
    /// past that budget on an earlier input of the run.
    let skipsUserRules: Bool

    init(ruleSet: RuleSet) {
        self.ruleSet = ruleSet
        patternsByLiteral = ruleSet.patternsByLiteral
        unfilteredPatterns = ruleSet.unfilteredPatterns
        stamps = [UInt32](repeating: 0, count: ruleSet.patterns.count)
        timing = RuleTiming(ruleCount: ruleSet.rules.count)
        skipsUserRules = ruleSet.slowRuleReports.areUserRulesOutOfTime
        if skipsUserRules { stopUserRules() }
    }

    /// The findings in `record` (at most one per rule), in rule order.
    ///
    /// - Parameter literals: the rule literals (indexes into ``RuleSet/literals``) found in the
    ///   record's message.
    func findings(in record: RecordView, literals: [Int], path: String) -> [Finding] {
        guard record.fields.kind == .message else { return [] }
        collectCandidates(literals)
        guard !candidates.isEmpty else { return [] }
        candidates.sort()
        timing.nextRecord()
        let message = record.message
        // Patterns are numbered rule by rule, so sorted candidates come grouped by rule.
        var found: [Finding] = []
        var lastMatchedRule = -1
        // A rule one of whose patterns gave up on this record, unless another of them matches.
        var gaveUp: (rule: Int, error: PCRE2Error)?
        for patternIndex in candidates {
            let pattern = ruleSet.patterns[patternIndex]
            guard pattern.ruleIndex != lastMatchedRule, stoppedRules.isEmpty || !stoppedRules.contains(pattern.ruleIndex) else { continue }
            if let failure = gaveUp, failure.rule != pattern.ruleIndex {
                noteFailure(failure)
                gaveUp = nil
            }
            do {
                if let finding = try evaluate(pattern, on: record, message: message, path: path) {
                    found.append(finding)
                    lastMatchedRule = pattern.ruleIndex
                    gaveUp = nil
                }
            } catch {
                gaveUp = (pattern.ruleIndex, error)
            }
            if ruleSet.rules[pattern.ruleIndex].isTimed { stopIfOverBudget(pattern.ruleIndex, line: record.line) }
        }
        if let gaveUp { noteFailure(gaveUp) }
        if userRulesStoppedAfterLine == nil, timing.areAllOverBudget(3 * ruleSet.slowRuleBudgetNanoseconds) {
            userRulesStoppedAfterLine = record.line
            stopUserRules()
            ruleSet.slowRuleReports.noteUserRulesOutOfTime()
        }
        return found
    }

    /// Counts a record a rule could not check, and stops trying it after ``recordsBeforeStopping``.
    private func noteFailure(_ failure: (rule: Int, error: PCRE2Error)) {
        let id = ruleSet.rules[failure.rule].rule.description.id
        let count = (matchFailures[id]?.count ?? 0) + 1
        matchFailures[id] = (count, failure.error)
        if count >= Self.recordsBeforeStopping { stoppedRules.insert(failure.rule) }
    }

    /// Stops trying every rule that is not built in (the timed ones).
    private func stopUserRules() {
        stoppedRules.formUnion(ruleSet.rules.indices.filter { ruleSet.rules[$0].isTimed })
    }

    /// Stops trying a slow rule that took more than its time budget on this input.
    private func stopIfOverBudget(_ rule: Int, line: Int) {
        guard timing.isOverBudget(rule: rule, budget: ruleSet.slowRuleBudgetNanoseconds), !stoppedRules.contains(rule) else { return }
        stoppedRules.insert(rule)
        rulesOverBudget[ruleSet.rules[rule].rule.description.id] = line
    }

    /// Whether the rule `id` gave up too often and was not tried on the rest of the input.
    func stoppedTrying(_ id: String) -> Bool {
        (matchFailures[id]?.count ?? 0) >= Self.recordsBeforeStopping
    }

    /// `finding`'s message made again from its data and process (a bare line's finding that took
    /// its launch's process).
    func message(of finding: Finding) -> String {
        guard let description = ruleSet.rules.first(where: { $0.rule.description.id == finding.rule })?.rule.description else {
            return finding.message
        }
        return Self.message(of: description, data: finding.data, process: finding.process)
    }

    /// The message of `description`'s template filled with `data`, `{process}` with `process`
    /// unless the data names one ("the process" when neither does), and `{reportedBy}` with the
    /// process whose line it is (the app's own, or the system process's line about the app).
    private static func message(of description: RuleDescription, data: [String: String], process: String?) -> String {
        var context = data
        if context["process"] == nil { context["process"] = process ?? "the process" }
        // Only for a template that says it: one more entry would cost every other finding an allocation.
        if description.namesReporter, context["reportedBy"] == nil {
            // A system line about the app (a group `app`) quoted without its process: not the app's word.
            context["reportedBy"] = context["app"] == nil ? context["process"] : "the system"
        }
        return description.message(with: context)
    }

    /// What the rule of `finding` says about its launch (``RuleDescription/launchEffect``).
    func launchEffect(of finding: Finding) -> LaunchEffect {
        ruleSet.launchEffects[finding.rule] ?? .none
    }

    /// Whether the process aborts after `finding` (an exception's reason; see
    /// ``RuleDescription/abortingWhenItsVariantIs(_:)``).
    func abortsTheProcess(after finding: Finding) -> Bool {
        guard let variant = ruleSet.abortingVariants[finding.rule] else { return false }
        return finding.data["variant"] == variant
    }

    /// Whether every pattern has a literal: then a message without one of the literals cannot
    /// match any rule, and need not be looked at.
    var needsLiteralHits: Bool { unfilteredPatterns.isEmpty }

    private func collectCandidates(_ literals: [Int]) {
        if !candidates.isEmpty { candidates.removeAll(keepingCapacity: true) }
        if !literals.isEmpty {
            nextGeneration()
            for literal in literals {
                for patternIndex in patternsByLiteral[literal] where stamps[patternIndex] != generation {
                    stamps[patternIndex] = generation
                    candidates.append(patternIndex)
                }
            }
        }
        if !unfilteredPatterns.isEmpty { candidates.append(contentsOf: unfilteredPatterns) }
    }

    /// A new stamp value, so that no pattern counts as a candidate of this message yet.
    private func nextGeneration() {
        generation &+= 1
        if generation == 0 {
            for index in stamps.indices { stamps[index] = 0 }
            generation = 1
        }
    }

    /// The finding of `pattern` in `record`, if it matches.
    /// - Throws: ``PCRE2Error`` when the match gave up (a limit) or failed.
    private func evaluate(
        _ pattern: RuleSet.CompiledRulePattern, on record: RecordView, message: UnsafeBufferPointer<UInt8>,
        path: String
    ) throws(PCRE2Error) -> Finding? {
        let compiled = ruleSet.rules[pattern.ruleIndex]
        let description = compiled.rule.description
        if let filter = compiled.rule.recordFilter, !filter.admits(record) { return nil }
        let match: PatternMatch?
        if compiled.isTimed {
            // Only the match is timed, whether it matched, missed or gave up.
            let start = RuleTiming.now()
            defer { timing.add(rule: pattern.ruleIndex, since: start) }
            match = try pattern.regex.firstMatch(in: UnsafeRawBufferPointer(message), using: scratch)
        } else {
            match = try pattern.regex.firstMatch(in: UnsafeRawBufferPointer(message), using: scratch)
        }
        guard let match else { return nil }
        var data = pattern.data
        pattern.regex.addCaptures(of: match, in: message, to: &data)
        guard compiled.rule.accept(&data, configuration: ruleSet.configuration) else { return nil }
        // A line that names no process but the app's executable (dyld's ``RulePattern/referencingExecutable``): its process.
        var process = record.bytes(of: record.fields.process).map { String(decoding: $0, as: UTF8.self) } ?? data["executable"]
        // Its pid too, when the line gives it in a group `pid` (dyld's `dyld[13960]:`).
        var pid = record.fields.pid ?? data["pid"].flatMap { Int($0) }
        if let app = data["app"] {
            // A system process's line about an app (``RulePattern/regex``): the app's finding.
            if let reporter = process, reporter != app { data["reportedBy"] = reporter }
            process = app
            pid = data["appPid"].flatMap { Int($0) }
        }
        return Finding(
            rule: description.id,
            severity: compiled.severity,
            message: Self.message(of: description, data: data, process: process),
            location: SourceLocation(path: path, line: record.line, byteOffset: record.byteOffset),
            timestamp: record.bytes(of: record.fields.timestamp).map { String(decoding: $0, as: UTF8.self) },
            process: process,
            pid: pid,
            device: record.bytes(of: record.fields.device).map { String(decoding: $0, as: UTF8.self) },
            excerpt: Excerpt.of(message),
            data: data
        )
    }
}

@available(*, unavailable)
extension RuleEngine: Sendable {}
