/// Which of the rules a crash report can be of (``CrashReportDiagnosis/rules``) each launch's
/// findings were of, for a crash report to fold into the launch's finding of its rule rather than
/// be a second one. One byte per launch that has such a finding, by its sequence number: a run of
/// a million watchdog kills keeps a few megabytes, not a set of names for each.
struct LaunchRuleMarks: Sendable, Equatable {
    /// The rules, each a bit (in this order).
    private static let rules = CrashReportDiagnosis.rules.sorted()
    private var marks: [Int: UInt8] = [:]

    /// Notes that the launch `id` has a finding of `rule`, when a crash report can be of that rule.
    mutating func note(_ rule: String, launch id: String) {
        guard let bit = Self.bit(of: rule) else { return }
        marks[LaunchNumbering.sequence(of: id), default: 0] |= bit
    }

    /// Whether the launch `id` has a finding of `rule`.
    func contains(_ rule: String, launch id: String) -> Bool {
        guard let bit = Self.bit(of: rule) else { return false }
        return (marks[LaunchNumbering.sequence(of: id)] ?? 0) & bit != 0
    }

    /// Adds the marks of `other`, whose launches are numbered on from `offset`.
    mutating func add(_ other: LaunchRuleMarks, offset: Int) {
        for (sequence, bits) in other.marks { marks[offset + sequence, default: 0] |= bits }
    }

    /// Each launch with a mark (its local id) and its rules, in launch order.
    var entries: [(launch: String, rules: [String])] {
        marks.keys.sorted().map { sequence in
            let bits = marks[sequence] ?? 0
            return (LaunchNumbering.localID(sequence), Self.rules.indices.filter { bits & (1 << $0) != 0 }.map { Self.rules[$0] })
        }
    }

    private static func bit(of rule: String) -> UInt8? {
        rules.firstIndex(of: rule).map { UInt8(1) << $0 }
    }
}
