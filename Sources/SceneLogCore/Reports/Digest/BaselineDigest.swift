/// Where a finding stands against the baseline; the raw values are SARIF's `baselineState`.
enum BaselineState: String, Sendable {
    /// In this run, not in the baseline.
    case new
    /// In both.
    case unchanged
    /// In the baseline, not in this run, whose input and app were read (a fixed finding). A
    /// finding not seen (``BaselineDiff/notSeenFindings``) has no state: SARIF leaves it out.
    case absent
}

/// What the renderers read of a ``BaselineDiff``: the new, fixed and not-seen findings grouped (up to
/// ``FindingGroups/defaultLimit`` groups each), each finding's state, and the counts in one phrase.
struct BaselineDigest: Sendable {
    /// The comparison it digests.
    let diff: BaselineDiff
    /// The new findings, grouped where they repeat.
    let newGroups: FindingGroups
    /// The fixed findings, grouped where they repeat.
    let fixedGroups: FindingGroups
    /// The findings not seen (their input or app absent from this run), grouped where they repeat.
    let notSeenGroups: FindingGroups

    /// Digests `diff`.
    init(_ diff: BaselineDiff) {
        self.diff = diff
        newGroups = FindingGroups(diff.newFindings)
        fixedGroups = FindingGroups(diff.fixedFindings)
        notSeenGroups = FindingGroups(diff.notSeenFindings)
    }

    /// Whether `finding`, one of this run's, is new or unchanged.
    func state(of finding: Finding) -> BaselineState {
        diff.isInBaseline(finding) ? .unchanged : .new
    }

    /// `1 new, 1 fixed, 2 not seen, 42 unchanged findings; 1 launch regression`.
    var counts: String {
        let regressions = diff.launchRegressions.count
        return "\(diff.newFindingCount) new, \(diff.fixedFindings.count) fixed, \(diff.notSeenFindings.count) not seen, "
            + "\(diff.unchangedFindingCount) unchanged findings; "
            + "\(regressions) launch regression\(regressions == 1 ? "" : "s")"
    }
}
