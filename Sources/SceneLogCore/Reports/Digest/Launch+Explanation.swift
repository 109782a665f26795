/// The line of the log that explains a launch's outcome, which the timeline shows next to it
/// with `--context`.
struct OutcomeExplanation: Equatable {
    /// Where the line is.
    var location: SourceLocation
    /// What it is: the finding's rule (`uncaught-exception`) or `termination`.
    var what: String
}

extension Launch {
    /// The line that explains how the launch ended, from what the launch records: for an ending
    /// other than active or incomplete, its first error-level finding (the exception's reason, the
    /// watchdog kill, the hang, the crash report, the iOS 27 trap), else its termination line,
    /// else its first warning (a black screen suspected); `nil` for an active or incomplete launch
    /// or when nothing was recorded.
    func outcomeExplanation(findings: [Finding]) -> OutcomeExplanation? {
        guard outcome != .active, outcome != .incomplete else { return nil }
        let ordered = findings.sorted { $0.location.line < $1.location.line }
        if let error = ordered.first(where: { $0.severity == .error }) {
            return OutcomeExplanation(location: error.location, what: error.rule)
        }
        if let terminated = phases[.terminated] {
            return OutcomeExplanation(location: terminated.location, what: "termination")
        }
        return ordered.first { $0.severity == .warning }.map { OutcomeExplanation(location: $0.location, what: $0.rule) }
    }
}
