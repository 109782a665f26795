/// Everything one run found: the model every renderer draws from.
public struct ScanReport: Sendable {
    /// The version of the JSON report's shape.
    public static let schemaVersion = 1

    /// The tool's name and version.
    public var tool: ToolInfo
    /// One entry per input scanned, in the order given.
    public var inputs: [InputSummary]
    /// Every finding, in input order.
    public var findings: [Finding]
    /// Every launch, in the order they started.
    public var launches: [Launch]
    /// The descriptions of the rules that ran (for fix hints and explanations), by id.
    public var rules: [String: RuleDescription]
    /// The comparison with a baseline report, when one was given (`scenelog report --baseline`).
    public var baseline: BaselineDiff?

    public init(
        tool: ToolInfo = .current, inputs: [InputSummary], findings: [Finding] = [], launches: [Launch] = [],
        rules: [RuleDescription] = []
    ) {
        self.tool = tool
        self.inputs = inputs
        self.findings = findings
        self.launches = launches
        self.rules = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The line counts of all inputs added up.
    var totals: LineCounts {
        inputs.reduce(into: LineCounts()) { total, input in
            total.records += input.records
            total.continuationLines += input.continuationLines
            total.unparsedLines += input.unparsedLines
        }
    }

    /// How many findings there are of each severity.
    public var findingsBySeverity: [Severity: Int] {
        var counts: [Severity: Int] = [.error: 0, .warning: 0, .note: 0]
        for finding in findings { counts[finding.severity, default: 0] += 1 }
        return counts
    }

    /// How many findings each rule produced.
    public var findingsByRule: [String: Int] {
        findings.reduce(into: [:]) { counts, finding in counts[finding.rule, default: 0] += 1 }
    }
}

/// The `tool` entry of a report.
public struct ToolInfo: Sendable, Equatable, Codable {
    public var name: String
    public var version: String

    public static let current = ToolInfo(name: "scenelog", version: "0.1.0")
}
