/// Where a finding stands against the baseline; the raw values are SARIF's `baselineState`.
enum BaselineState: String, Sendable {
    /// In this run, not in the baseline.
    case new
    /// In both.
    case unchanged
    /// In the baseline, not in this run (a fixed finding).
    case absent
}

/// What the renderers read of a ``BaselineDiff``: the new and fixed findings grouped, each
/// finding's state, and the counts in one phrase.
struct BaselineDigest: Sendable {
    /// The comparison it digests.
    let diff: BaselineDiff
    /// The new findings, grouped where they repeat.
    let newGroups: [FindingGroup]
    /// The fixed findings, grouped where they repeat.
    let fixedGroups: [FindingGroup]
    /// The ``FindingGroup/key(of:)`` of every new finding.
    private let newKeys: Set<String>

    /// Digests `diff`.
    init(_ diff: BaselineDiff) {
        self.diff = diff
        newGroups = FindingGroup.grouping(diff.newFindings)
        fixedGroups = FindingGroup.grouping(diff.fixedFindings)
        newKeys = Set(diff.newFindings.map(FindingGroup.key(of:)))
    }

    /// Whether `finding`, one of this run's, is new or unchanged.
    func state(of finding: Finding) -> BaselineState {
        newKeys.contains(FindingGroup.key(of: finding)) ? .new : .unchanged
    }

    /// `1 new, 1 fixed, 42 unchanged findings; 1 launch regression`.
    var counts: String {
        let regressions = diff.launchRegressions.count
        return "\(diff.newFindings.count) new, \(diff.fixedFindings.count) fixed, \(diff.unchangedFindings.count) unchanged findings; "
            + "\(regressions) launch regression\(regressions == 1 ? "" : "s")"
    }
}
