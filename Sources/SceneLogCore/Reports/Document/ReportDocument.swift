/// The JSON report (`--format json`, schema version 1, DESIGN section 6) as a `Codable` value:
/// what ``ReportFormat/json`` writes, key for key, for reading a report back (a baseline, a
/// shard to merge).
///
/// Decoding reads every report scenelog writes; keys added to schema version 1 later are optional
/// here so that older reports still read. Encoding leaves out the keys whose value is `nil`,
/// which the JSON report writes as `null`: the report itself is written by the streaming renderer.
public struct ReportDocument: Codable, Sendable, Equatable {
    public var schemaVersion: Int
    public var tool: ToolInfo
    public var inputs: [Input]
    public var findings: [FindingEntry]
    public var launches: [LaunchEntry]
    public var summary: Summary
    /// The comparison with a baseline (`scenelog report --baseline`), when there was one.
    public var baseline: Baseline?

    enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, inputs, findings, launches, summary, baseline
    }

    /// An `inputs` entry.
    public struct Input: Codable, Sendable, Equatable {
        public var path: String
        public var format: String?
        public var bytes: Int
        public var lines: Int
        public var records: Int
        public var continuationLines: Int
        public var unparsedLines: Int
        public var truncatedLines: Int?
        public var firstTimestamp: String?
        public var lastTimestamp: String?
        public var note: String?

        enum CodingKeys: String, CodingKey {
            case path, format, bytes, lines, records, continuationLines, unparsedLines, truncatedLines, firstTimestamp,
                lastTimestamp, note
        }
    }

    /// A `findings` entry (and a baseline's `newFindings` and `fixedFindings` entries).
    public struct FindingEntry: Codable, Sendable, Equatable {
        public var rule: String
        public var severity: Severity
        public var message: String
        public var path: String
        public var line: Int
        public var timestamp: String?
        public var process: String?
        public var pid: Int?
        public var launch: String?
        public var excerpt: String
        public var data: [String: String]?

        enum CodingKeys: String, CodingKey {
            case rule, severity, message, path, line, timestamp, process, pid, launch, excerpt, data
        }

        /// The finding it records. Only the path and line of its location are in a report.
        public var finding: Finding {
            Finding(
                rule: rule, severity: severity, message: message, location: SourceLocation(path: path, line: line, byteOffset: -1),
                timestamp: timestamp, process: process, pid: pid, launch: launch, excerpt: excerpt, data: data ?? [:])
        }
    }

    /// A `launches` entry.
    public struct LaunchEntry: Codable, Sendable, Equatable {
        public var id: String
        public var bundle: String?
        public var process: String?
        public var pid: Int?
        public var device: String?
        public var path: String?
        public var intent: String?
        /// Each phase reached, by its name (`requested`, `active`…).
        public var phases: [String: Mark]
        public var events: [Event]?
        public var outcome: LaunchOutcome
        public var timeToActiveMs: Int?
        public var termination: TerminationEntry?
        public var watchdogBudget: Double?
        /// How many findings belong to the launch.
        public var findings: Int

        enum CodingKeys: String, CodingKey {
            case id, bundle, process, pid, device, path, intent, phases, events, outcome, timeToActiveMs, termination,
                watchdogBudget, findings
        }
    }

    /// Where and when a phase was seen.
    public struct Mark: Codable, Sendable, Equatable {
        public var line: Int
        public var timestamp: String?
        public var process: String?

        enum CodingKeys: String, CodingKey {
            case line, timestamp, process
        }
    }

    /// An `events` entry of a launch.
    public struct Event: Codable, Sendable, Equatable {
        public var name: String
        public var detail: String?
        public var line: Int
        public var timestamp: String?

        enum CodingKeys: String, CodingKey {
            case name, detail, line, timestamp
        }
    }

    /// A launch's `termination`.
    public struct TerminationEntry: Codable, Sendable, Equatable {
        public var kind: Termination.Kind
        public var detail: String?

        enum CodingKeys: String, CodingKey {
            case kind, detail
        }
    }

    /// The `summary`: findings by severity and by rule, and the number of launches.
    public struct Summary: Codable, Sendable, Equatable {
        public var findings: SeverityCounts
        public var findingsByRule: [String: Int]
        public var launches: Int

        enum CodingKeys: String, CodingKey {
            case findings, findingsByRule, launches
        }
    }

    /// Findings counted by severity.
    public struct SeverityCounts: Codable, Sendable, Equatable {
        public var error: Int
        public var warning: Int
        public var note: Int

        enum CodingKeys: String, CodingKey {
            case error, warning, note
        }

        /// The count of `severity`.
        public subscript(severity: Severity) -> Int {
            switch severity {
            case .error: error
            case .warning: warning
            case .note: note
            }
        }
    }

    /// The `baseline` object.
    public struct Baseline: Codable, Sendable, Equatable {
        /// The baseline report's path.
        public var path: String
        public var newFindings: [FindingEntry]
        public var fixedFindings: [FindingEntry]
        /// How many findings are in both.
        public var unchangedFindings: Int
        public var launchRegressions: [Regression]

        enum CodingKeys: String, CodingKey {
            case path, newFindings, fixedFindings, unchangedFindings, launchRegressions
        }
    }

    /// A `launchRegressions` entry: medians for `slower`, outcomes for `worse-outcome`.
    public struct Regression: Codable, Sendable, Equatable {
        public var app: String
        /// ``BaselineDiff/LaunchRegression/Kind/name``.
        public var kind: String
        public var summary: String
        public var baselineMedianMs: Int?
        public var currentMedianMs: Int?
        public var baselineOutcome: LaunchOutcome?
        public var currentOutcome: LaunchOutcome?

        enum CodingKeys: String, CodingKey {
            case app, kind, summary, baselineMedianMs, currentMedianMs, baselineOutcome, currentOutcome
        }
    }
}
