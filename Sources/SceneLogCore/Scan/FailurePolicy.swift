/// How a finished run ends for the scripts that run it (the README's exit-code table): the command
/// line gives each verdict its exit status.
public enum RunVerdict: Sendable, Equatable {
    /// Nothing fails the run (exit status 0).
    case passed
    /// A finding at or above the threshold or, against a baseline, a regression (1).
    case failed
    /// The run cannot vouch for the inputs: one could not be read, the run was interrupted, or no
    /// logs were read at all (3).
    case incomplete
}

/// What fails a run: `--fail-on`, `--fail-on-regression` and `--allow-empty`.
public struct FailurePolicy: Sendable, Equatable {
    /// Findings at or above it fail the run; `nil` (`--fail-on never`): none does.
    public var failOn: Severity?
    /// Whether a regression against a baseline fails the run: a new finding at or above ``failOn``
    /// or a launch regression. When it does not, a run with a baseline is judged as one without.
    public var failsOnRegression: Bool
    /// Whether a run that read no logs (``ScanResult/readNothing``) may pass.
    public var allowsEmpty: Bool

    /// A policy; `failsOnRegression` defaults to on unless `failOn` is `nil` (`--fail-on never`
    /// passes whatever the findings and regressions).
    public init(failOn: Severity?, failsOnRegression: Bool? = nil, allowsEmpty: Bool = false) {
        self.failOn = failOn
        self.failsOnRegression = failsOnRegression ?? (failOn != nil)
        self.allowsEmpty = allowsEmpty
    }

    /// The verdict on `result`, compared with `baseline` when there is one: incomplete first; then,
    /// with a baseline and ``failsOnRegression``, whether anything regressed; else whether a
    /// finding is at or above ``failOn``.
    public func verdict(on result: ScanResult, baseline: BaselineDiff? = nil) -> RunVerdict {
        if result.unreadableInputs > 0 || result.interrupted || result.readBackFailed || (result.readNothing && !allowsEmpty) {
            return .incomplete
        }
        if let baseline, failsOnRegression { return baseline.hasRegression(atOrAbove: failOn) ? .failed : .passed }
        guard let failOn else { return .passed }
        return result.findings.count(atOrAbove: failOn) > 0 ? .failed : .passed
    }
}
