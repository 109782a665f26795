/// A detection rule: a description, and a decision on each pattern match.
///
/// Most rules only match text; rules with thresholds (hang seconds) override ``accept(_:configuration:)``.
public protocol Rule: Sendable {
    var description: RuleDescription { get }

    /// Records the rule looks at; `nil` for all.
    var recordFilter: RecordFilter? { get }

    /// Whether a match is a finding under `configuration`; may add to the match's data.
    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool
}

extension Rule {
    public var recordFilter: RecordFilter? { nil }

    public func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool { true }
}

/// A rule that ships with scenelog: one type per file under `Rules/BuiltIn`, listed in ``RuleCatalog``.
protocol BuiltInRule: Rule {
    static var description: RuleDescription { get }
    init()
}

extension BuiltInRule {
    var description: RuleDescription { Self.description }
}

/// Limits a rule to records of one process, subsystem or category (exact, case-sensitive).
public struct RecordFilter: Sendable, Equatable {
    public var process: String?
    public var subsystem: String?
    public var category: String?

    public init(process: String? = nil, subsystem: String? = nil, category: String? = nil) {
        self.process = process
        self.subsystem = subsystem
        self.category = category
    }

    func admits(_ record: RecordView) -> Bool {
        func equal(_ range: Range<Int>?, _ expected: String?) -> Bool {
            guard let expected else { return true }
            guard let bytes = record.bytes(of: range) else { return false }
            return bytes.equals(expected)
        }
        return equal(record.fields.process, process) && equal(record.fields.subsystem, subsystem)
            && equal(record.fields.category, category)
    }
}

/// Settings that change what rules report: from `.scenelog.yml` or the command line.
public struct RuleConfiguration: Sendable, Equatable {
    /// Ids of rules that do not run.
    public var disabledRules: Set<String>
    /// Severities that replace a rule's own.
    public var severityOverrides: [String: Severity]
    /// `main-thread-hang` fires at or above this many seconds.
    public var hangThresholdSeconds: Double
    /// `launch-slow` fires above this many seconds from the first launch marker to active.
    public var slowLaunchSeconds: Double

    public init(
        disabledRules: Set<String> = [], severityOverrides: [String: Severity] = [:], hangThresholdSeconds: Double = 1,
        slowLaunchSeconds: Double = 2
    ) {
        self.disabledRules = disabledRules
        self.severityOverrides = severityOverrides
        self.hangThresholdSeconds = hangThresholdSeconds
        self.slowLaunchSeconds = slowLaunchSeconds
    }

    /// The launch tracker's settings under this configuration.
    var launchSettings: LaunchTracker.Settings {
        var settings = LaunchTracker.Settings()
        settings.slowLaunchSeconds = slowLaunchSeconds
        settings.disabledDiagnoses = disabledRules
        settings.severityOverrides = severityOverrides
        return settings
    }
}
