/// Findings counted by severity and by rule, without keeping them: what a long live watch reports
/// at its end.
struct FindingTally: Sendable, Equatable {
    private(set) var bySeverity: [Severity: Int] = [:]
    private(set) var byRule: [String: Int] = [:]
    /// The severity each counted rule reported with.
    private(set) var ruleSeverities: [String: Severity] = [:]
    /// Two at most of the devices the findings came from (those that name one): enough to tell
    /// one device from several, however many a log names.
    private(set) var devices: Set<String> = []

    init() {}

    /// Counts `findings`.
    init(_ findings: some Sequence<Finding>) {
        for finding in findings { add(finding) }
    }

    /// Counts one more finding.
    mutating func add(_ finding: Finding) {
        bySeverity[finding.severity, default: 0] += 1
        byRule[finding.rule, default: 0] += 1
        ruleSeverities[finding.rule] = max(ruleSeverities[finding.rule] ?? finding.severity, finding.severity)
        if devices.count < 2, let device = finding.device { devices.insert(device) }
    }

    /// Counts the findings `other` counted.
    mutating func add(_ other: FindingTally) {
        bySeverity.merge(other.bySeverity, uniquingKeysWith: +)
        byRule.merge(other.byRule, uniquingKeysWith: +)
        ruleSeverities.merge(other.ruleSeverities, uniquingKeysWith: max)
        for device in other.devices where devices.count < 2 { devices.insert(device) }
    }

    /// Takes back the findings `other` counted (counted here before).
    mutating func subtract(_ other: FindingTally) {
        bySeverity.merge(other.bySeverity, uniquingKeysWith: -)
        byRule.merge(other.byRule, uniquingKeysWith: -)
        byRule = byRule.filter { $0.value > 0 }
    }

    /// How many findings of `severity` were counted.
    func count(of severity: Severity) -> Int {
        bySeverity[severity] ?? 0
    }

    /// How many findings were counted.
    var total: Int { byRule.values.reduce(0, +) }

    /// Whether a finding at or above `severity` was counted.
    func contains(atLeast severity: Severity) -> Bool {
        bySeverity.contains { $0.key >= severity && $0.value > 0 }
    }
}
