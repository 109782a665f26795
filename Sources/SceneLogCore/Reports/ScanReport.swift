/// Everything one run found: the model every renderer draws from.
public struct ScanReport: Sendable {
    /// The version of the JSON report's shape.
    public static let schemaVersion = 1

    /// The tool's name and version.
    public var tool: ToolInfo
    /// One entry per input scanned, in the order given.
    public var inputs: [InputSummary]
    /// Every finding, in input order.
    public var findings: FindingLog
    /// Every launch, in the order they started.
    public var launches: LaunchLog
    /// The descriptions of the rules that ran (for fix hints and explanations), by id.
    public var rules: [String: RuleDescription]
    /// The comparison with a baseline report, when one was given (`scenelog report --baseline`).
    public var baseline: BaselineDiff?
    /// Whether the run was stopped (SIGINT, SIGTERM, SIGHUP) before every input was read: the
    /// report covers what was read until then.
    public var interrupted: Bool
    /// For one part of a distributed run: what the JSON report carries for `scenelog merge`.
    var part: ReportPart?
    /// How many inputs, archive members or folders could not be read: the report leaves them out.
    public var unreadableInputs = 0
    /// The first of those (``ScanResult/keptInputErrors``), with why.
    public var inputErrors: [InputError] = []

    public init(
        tool: ToolInfo = .current, inputs: [InputSummary], findings: FindingLog = FindingLog(), launches: LaunchLog = LaunchLog(),
        rules: [RuleDescription] = [], interrupted: Bool = false
    ) {
        self.tool = tool
        self.inputs = inputs
        self.findings = findings
        self.launches = launches
        self.interrupted = interrupted
        self.rules = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The line that says a report is of an interrupted run, in every format that has a summary.
    static let interruptedNote = "Interrupted: the report covers what was read until then."

    /// The line that says which inputs could not be read, in every format that has a summary;
    /// `nil` when all could. Paths and reasons are escaped for a line (``Escaping/visible(_:limit:)``);
    /// each format escapes the line for its own syntax besides.
    var unreadableNote: String? {
        guard unreadableInputs > 0 else { return nil }
        let shown = inputErrors.prefix(5).map { "'\(Escaping.visible($0.path, limit: 200))' (\(Escaping.visible($0.reason, limit: 200)))" }
        let more = unreadableInputs > shown.count ? "; and \(unreadableInputs - shown.count) more" : ""
        let count = unreadableInputs == 1 ? "1 input could" : "\(unreadableInputs) inputs could"
        return "\(count) not be read, and this report leaves \(unreadableInputs == 1 ? "it" : "them") out: " + shown.joined(separator: "; ") + more + "."
    }

    /// The line that says no input yielded a record, in every format that has a summary.
    static let nothingReadNote = "No logs were read: the inputs held no record (an empty folder, empty files, or nothing readable)."

    /// Whether no input yielded a record or a finding (an empty folder, only empty files, or
    /// nothing that could be read): such a run found nothing because it read nothing, which is no
    /// success. A line that no format parses may still hold a finding (a quoted message alone).
    public var readNothing: Bool { findings.isEmpty && !inputs.contains { $0.records > 0 } }

    /// The line counts of all inputs added up (at most `Int.max`: merged parts come from outside).
    var totals: LineCounts {
        func sum(_ a: Int, _ b: Int) -> Int {
            let (total, overflow) = a.addingReportingOverflow(b)
            return overflow ? .max : total
        }
        return inputs.reduce(into: LineCounts()) { total, input in
            total.records = sum(total.records, input.records)
            total.continuationLines = sum(total.continuationLines, input.continuationLines)
            total.unparsedLines = sum(total.unparsedLines, input.unparsedLines)
        }
    }

    /// How many findings there are of each severity (every severity, zero included).
    public var findingsBySeverity: [Severity: Int] {
        let tally = findings.tally
        return Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0, tally.count(of: $0)) })
    }

    /// How many findings each rule produced.
    public var findingsByRule: [String: Int] {
        findings.tally.byRule
    }

    /// The counts, groups and baseline states every renderer reads, worked out anew on each call:
    /// keep the digest rather than asking twice.
    var digest: ReportDigest {
        ReportDigest(self)
    }
}

/// The `tool` entry of a report.
public struct ToolInfo: Sendable, Equatable, Codable {
    /// The tool's name: `scenelog`.
    public var name: String
    /// Its version (``SceneLog/version`` for this one).
    public var version: String

    /// A tool of `name` at `version`.
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// This scenelog: its name and ``SceneLog/version``.
    public static let current = ToolInfo(name: SceneLog.name, version: SceneLog.version)
}
