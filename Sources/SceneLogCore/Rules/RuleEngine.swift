/// Runs a ``RuleSet`` over records: one pass per record, the literal prefilter first, PCRE2 only on
/// the patterns whose literal occurs. One engine per worker (it owns PCRE2 match memory).
public final class RuleEngine {
    /// How many characters of a message a finding's excerpt keeps.
    public static let excerptLength = 300

    public let ruleSet: RuleSet
    private let prefilter: LiteralPrefilter
    private let patternsByLiteral: [[Int]]
    private let ruleLiteralCount: Int
    private let unfilteredPatterns: [Int]
    private let hasUnfilteredPatterns: Bool
    private let scratch = MatchScratch()
    @exclusivity(unchecked) private var stamps: [UInt32]
    @exclusivity(unchecked) private var generation: UInt32 = 0
    @exclusivity(unchecked) private var candidates: [Int] = []
    /// The launch markers (indexes into ``LaunchSignalReader/literals``) found in the last message.
    @exclusivity(unchecked) public private(set) var launchMarkers: [Int] = []
    /// Rule ids whose patterns hit a PCRE2 limit (or failed), with how often; the scan goes on.
    public private(set) var matchFailures: [String: (count: Int, error: PCRE2Error)] = [:]

    public init(ruleSet: RuleSet) {
        self.ruleSet = ruleSet
        prefilter = ruleSet.prefilter
        patternsByLiteral = ruleSet.patternsByLiteral
        ruleLiteralCount = ruleSet.patternsByLiteral.count
        unfilteredPatterns = ruleSet.unfilteredPatterns
        hasUnfilteredPatterns = !ruleSet.unfilteredPatterns.isEmpty
        stamps = [UInt32](repeating: 0, count: ruleSet.patterns.count)
    }

    /// The findings in `record` (at most one per rule), in rule order.
    public func findings(in record: RecordView, path: String) -> [Finding] {
        if !launchMarkers.isEmpty { launchMarkers.removeAll(keepingCapacity: true) }
        guard record.fields.kind == .message else { return [] }
        let message = record.message
        collectCandidates(message)
        guard !candidates.isEmpty else { return [] }
        candidates.sort()
        // Patterns are numbered rule by rule, so sorted candidates come grouped by rule.
        var found: [Finding] = []
        var lastMatchedRule = -1
        for patternIndex in candidates {
            let pattern = ruleSet.patterns[patternIndex]
            guard pattern.ruleIndex != lastMatchedRule else { continue }
            if let finding = evaluate(pattern, on: record, message: message, path: path) {
                found.append(finding)
                lastMatchedRule = pattern.ruleIndex
            }
        }
        return found
    }

    private func collectCandidates(_ message: UnsafeBufferPointer<UInt8>) {
        if !candidates.isEmpty { candidates.removeAll(keepingCapacity: true) }
        let ruleLiterals = ruleLiteralCount
        var stamped = false
        prefilter.forEachMatch(in: message) { literal in
            guard literal < ruleLiterals else {
                launchMarkers.append(literal - ruleLiterals)
                return
            }
            if !stamped {
                nextGeneration()
                stamped = true
            }
            for patternIndex in patternsByLiteral[literal] where stamps[patternIndex] != generation {
                stamps[patternIndex] = generation
                candidates.append(patternIndex)
            }
        }
        if hasUnfilteredPatterns { candidates.append(contentsOf: unfilteredPatterns) }
    }

    /// A new stamp value, so that no pattern counts as a candidate of this message yet.
    private func nextGeneration() {
        generation &+= 1
        if generation == 0 {
            for index in stamps.indices { stamps[index] = 0 }
            generation = 1
        }
    }

    private func evaluate(
        _ pattern: RuleSet.CompiledRulePattern, on record: RecordView, message: UnsafeBufferPointer<UInt8>,
        path: String
    ) -> Finding? {
        let compiled = ruleSet.rules[pattern.ruleIndex]
        let description = compiled.rule.description
        if let filter = compiled.rule.recordFilter, !filter.admits(record) { return nil }
        let match: PatternMatch?
        do {
            match = try pattern.regex.firstMatch(in: UnsafeRawBufferPointer(message), using: scratch)
        } catch {
            let previous = matchFailures[description.id]?.count ?? 0
            matchFailures[description.id] = (previous + 1, error)
            return nil
        }
        guard let match else { return nil }
        var data = pattern.data
        for (name, index) in pattern.regex.groupNames {
            if let range = match[index] { data[name] = message.string(range) }
        }
        guard compiled.rule.accept(&data, configuration: ruleSet.configuration) else { return nil }
        let text = message.string(0..<message.count)
        let process = record.bytes(of: record.fields.process).map { String(decoding: $0, as: UTF8.self) }
        var context = data
        if context["process"] == nil { context["process"] = process ?? "the process" }
        return Finding(
            rule: description.id,
            severity: compiled.severity,
            message: Self.fill(description.messageTemplate, with: context),
            location: SourceLocation(path: path, line: record.line, byteOffset: record.byteOffset),
            timestamp: record.bytes(of: record.fields.timestamp).map { String(decoding: $0, as: UTF8.self) },
            process: process,
            pid: record.fields.pid,
            excerpt: text.count > Self.excerptLength ? String(text.prefix(Self.excerptLength)) + "…" : text,
            data: data
        )
    }

    /// `template` with each `{key}` replaced by `data[key]` (or left as it is when there is none).
    static func fill(_ template: String, with data: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let key = String(rest[rest.index(after: open)..<close])
            if let value = data[key] {
                result += value
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

@available(*, unavailable)
extension RuleEngine: Sendable {}
