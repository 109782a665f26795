/// A rule that could not be set up: a pattern PCRE2 rejects, a literal too short, a duplicate id.
public struct RuleError: Error, Sendable, Equatable, CustomStringConvertible {
    public let ruleID: String
    public let message: String
    /// For a pattern error: the pattern and the byte offset PCRE2 stopped at.
    public let pattern: String?
    public let offset: Int?

    public init(ruleID: String, message: String, pattern: String? = nil, offset: Int? = nil) {
        self.ruleID = ruleID
        self.message = message
        self.pattern = pattern
        self.offset = offset
    }

    public var description: String {
        var text = "rule '\(ruleID)': \(message)"
        if let pattern, let offset {
            text += "\n    \(pattern)\n    \(String(repeating: " ", count: min(offset, pattern.count)))^"
        }
        return text
    }
}

/// The rules of a run, compiled once (PCRE2 with JIT, plus one literal prefilter over all of them)
/// and shared read-only by every worker's ``RuleEngine``.
public final class RuleSet: Sendable {
    struct CompiledRule: Sendable {
        let rule: any Rule
        let severity: Severity
        /// Whether its confirmations are timed (``RuleTiming``): rules that are not built in.
        let isTimed: Bool
    }

    struct CompiledRulePattern: Sendable {
        let ruleIndex: Int
        let regex: CompiledPattern
        let data: [String: String]
    }

    let rules: [CompiledRule]
    let patterns: [CompiledRulePattern]
    /// The patterns' literals, each once: the message prefilter looks for them.
    let literals: [[UInt8]]
    /// For each literal, the patterns that need it.
    let patternsByLiteral: [[Int]]
    /// Patterns without a literal: tried on every record.
    let unfilteredPatterns: [Int]
    /// The rules whose findings say something about their launch (``RuleDescription/launchEffect``), by id.
    let launchEffects: [String: LaunchEffect]
    /// The variant after whose findings the process aborts, by rule (``RuleDescription/abortingVariant``).
    let abortingVariants: [String: String]
    public let configuration: RuleConfiguration
    /// The rules already reported as slow: each is reported once per rule set (a run builds one).
    let slowRuleReports = SlowRuleReports()
    /// How long a timed rule that is slow (``RuleTiming/slowAverageNanoseconds``) may take on one
    /// input in all, in nanoseconds, before it is not tried on the rest of it.
    let slowRuleBudgetNanoseconds: UInt64

    /// Compiles `rules`, leaving out those `configuration` disables.
    /// - Throws: ``RuleError`` for the first rule that cannot be compiled; nothing is half-built.
    public convenience init(rules: [any Rule], configuration: RuleConfiguration = RuleConfiguration()) throws(RuleError) {
        try self.init(rules: rules, configuration: configuration, limits: .default)
    }

    /// Compiles `rules` with PCRE2 `limits` on each match, and a slow rule's time budget per input.
    init(
        rules: [any Rule], configuration: RuleConfiguration, limits: CompiledPattern.Limits,
        slowRuleBudgetNanoseconds: UInt64 = RuleTiming.slowRuleBudgetNanoseconds
    ) throws(RuleError) {
        self.slowRuleBudgetNanoseconds = slowRuleBudgetNanoseconds
        var compiledRules: [CompiledRule] = []
        var compiledPatterns: [CompiledRulePattern] = []
        var literalIndex: [String: Int] = [:]
        var literals: [[UInt8]] = []
        var byLiteral: [[Int]] = []
        var unfiltered: [Int] = []
        var seen: Set<String> = []
        for rule in rules {
            let description = rule.description
            guard seen.insert(description.id).inserted else {
                throw RuleError(ruleID: description.id, message: "another rule has the same id")
            }
            guard !configuration.disabledRules.contains(description.id) else { continue }
            let ruleIndex = compiledRules.count
            compiledRules.append(
                CompiledRule(
                    rule: rule, severity: configuration.severityOverrides[description.id] ?? description.severity,
                    isTimed: !RuleCatalog.isBuiltIn(rule)))
            for pattern in description.patterns {
                let regex: CompiledPattern
                do {
                    regex = try CompiledPattern(pattern.regex, limits: limits)
                } catch {
                    throw RuleError(
                        ruleID: description.id, message: error.message, pattern: pattern.regex, offset: error.offset)
                }
                let patternIndex = compiledPatterns.count
                compiledPatterns.append(CompiledRulePattern(ruleIndex: ruleIndex, regex: regex, data: pattern.data))
                if pattern.literal.isEmpty {
                    unfiltered.append(patternIndex)
                    continue
                }
                guard pattern.literal.utf8.count >= LiteralPrefilter.minimumLiteralLength else {
                    throw RuleError(
                        ruleID: description.id,
                        message: "literal '\(pattern.literal)' is shorter than \(LiteralPrefilter.minimumLiteralLength) bytes")
                }
                if let index = literalIndex[pattern.literal] {
                    byLiteral[index].append(patternIndex)
                } else {
                    literalIndex[pattern.literal] = literals.count
                    literals.append(Array(pattern.literal.utf8))
                    byLiteral.append([patternIndex])
                }
            }
        }
        self.rules = compiledRules
        self.patterns = compiledPatterns
        self.literals = literals
        self.launchEffects = Dictionary(
            compiledRules.map(\.rule.description).filter { $0.launchEffect != .none }.map { ($0.id, $0.launchEffect) },
            uniquingKeysWith: { first, _ in first })
        self.abortingVariants = Dictionary(
            compiledRules.map(\.rule.description).compactMap { description in description.abortingVariant.map { (description.id, $0) } },
            uniquingKeysWith: { first, _ in first })
        self.patternsByLiteral = byLiteral
        self.unfilteredPatterns = unfiltered
        self.configuration = configuration
    }

    /// The descriptions of the rules that run, in order.
    public var descriptions: [RuleDescription] { rules.map(\.rule.description) }

    /// The severity a rule reports with (after overrides).
    public func severity(of ruleID: String) -> Severity? {
        rules.first { $0.rule.description.id == ruleID }?.severity
    }
}
