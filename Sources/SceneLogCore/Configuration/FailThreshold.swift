/// The values of `--fail-on` and `fail_on:`: the severity at or above which a finding fails the
/// run, or `never`.
public enum FailThreshold: String, CaseIterable, Sendable {
    case note, warning, error, never

    /// The severity, `nil` for `never`.
    public var severity: Severity? { Severity(rawValue: rawValue) }
}
