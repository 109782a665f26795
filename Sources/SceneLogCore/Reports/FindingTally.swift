/// Findings counted by severity and by rule, without keeping them: what a long live watch reports
/// at its end.
public struct FindingTally: Sendable, Equatable {
    public private(set) var bySeverity: [Severity: Int] = [:]
    public private(set) var byRule: [String: Int] = [:]
    /// The severity each counted rule reported with.
    public private(set) var ruleSeverities: [String: Severity] = [:]

    public init() {}

    /// Counts `findings`.
    public init(_ findings: some Sequence<Finding>) {
        for finding in findings { add(finding) }
    }

    /// Counts one more finding.
    public mutating func add(_ finding: Finding) {
        bySeverity[finding.severity, default: 0] += 1
        byRule[finding.rule, default: 0] += 1
        ruleSeverities[finding.rule] = max(ruleSeverities[finding.rule] ?? finding.severity, finding.severity)
    }

    /// How many findings of `severity` were counted.
    public func count(of severity: Severity) -> Int {
        bySeverity[severity] ?? 0
    }

    /// How many findings were counted.
    public var total: Int { byRule.values.reduce(0, +) }

    /// Whether a finding at or above `severity` was counted.
    public func contains(atLeast severity: Severity) -> Bool {
        bySeverity.contains { $0.key >= severity && $0.value > 0 }
    }
}
