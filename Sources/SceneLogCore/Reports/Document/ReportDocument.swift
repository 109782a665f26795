/// The JSON report (`--format json`, schema version 1, DESIGN section 6) as a `Codable` value:
/// what ``ReportFormat/json`` writes, key for key, for reading a report back (a baseline, a
/// shard to merge).
///
/// Decoding reads every report scenelog writes; keys added to schema version 1 later are optional
/// here so that older reports still read. Encoding leaves out the keys whose value is `nil`,
/// which the JSON report writes as `null`: the report itself is written by the streaming renderer.
struct ReportDocument: Codable, Sendable, Equatable {
    var schemaVersion: Int
    var tool: ToolInfo
    var inputs: [Input]
    var findings: [FindingEntry]
    var launches: [LaunchEntry]
    var summary: Summary
    /// The comparison with a baseline (`scenelog report --baseline`), when there was one.
    var baseline: Baseline?
    /// Whether the run was stopped before every input was read (absent in older reports).
    var interrupted: Bool?

    enum CodingKeys: String, CodingKey {
        case schemaVersion, tool, inputs, findings, launches, summary, baseline, interrupted
    }

    /// An `inputs` entry.
    struct Input: Codable, Sendable, Equatable {
        var path: String
        var format: String?
        var bytes: Int
        var lines: Int
        var records: Int
        var continuationLines: Int
        var unparsedLines: Int
        var truncatedLines: Int?
        var firstTimestamp: String?
        var lastTimestamp: String?
        var note: String?

        enum CodingKeys: String, CodingKey {
            case path, format, bytes, lines, records, continuationLines, unparsedLines, truncatedLines, firstTimestamp,
                lastTimestamp, note
        }
    }

    /// A `findings` entry (and a baseline's `newFindings`, `fixedFindings` and `notSeenFindings` entries).
    struct FindingEntry: Codable, Sendable, Equatable {
        var rule: String
        var severity: Severity
        var message: String
        var path: String
        var line: Int
        var timestamp: String?
        var process: String?
        var pid: Int?
        var device: String?
        var launch: String?
        var excerpt: String
        var data: [String: String]?

        enum CodingKeys: String, CodingKey {
            case rule, severity, message, path, line, timestamp, process, pid, device, launch, excerpt, data
        }

        /// The finding it records. Only the path and line of its location are in a report.
        var finding: Finding {
            Finding(
                rule: rule, severity: severity, message: message, location: SourceLocation(path: path, line: line, byteOffset: -1),
                timestamp: timestamp, process: process, pid: pid, device: device, launch: launch, excerpt: excerpt, data: data ?? [:])
        }
    }

    /// A `launches` entry.
    struct LaunchEntry: Codable, Sendable, Equatable {
        var id: String
        var bundle: String?
        var process: String?
        var pid: Int?
        var device: String?
        var path: String?
        var intent: String?
        /// Each phase reached, by its name (`requested`, `active`…).
        var phases: [String: Mark]
        var events: [Event]?
        var outcome: LaunchOutcome
        var timeToActiveMs: Int?
        /// How finely `timeToActiveMs` is known: 1000 when the stamps print whole seconds.
        var timeToActivePrecisionMs: Int?
        /// What the time to active was measured from: a phase's name, or `appFirstLine`.
        var timeToActiveFrom: String?
        var termination: TerminationEntry?
        var watchdogBudget: Double?
        /// How many findings belong to the launch.
        var findings: Int
        /// `system`, `app` or `end-only`.
        var evidence: LaunchEvidence?
        var startSeen: Bool?
        var appFirstLine: Mark?
        var callbacks: [Callback]?

        enum CodingKeys: String, CodingKey {
            case id, bundle, process, pid, device, path, intent, phases, events, outcome, timeToActiveMs, timeToActivePrecisionMs,
                timeToActiveFrom, termination, watchdogBudget, findings, evidence, startSeen, appFirstLine, callbacks
        }
    }

    /// One of the app's life-cycle callbacks.
    struct Callback: Codable, Sendable, Equatable {
        var step: LifecycleStep
        var delegate: LifecycleDelegate
        var scene: String?
        var line: Int
        var timestamp: String?
        var text: String

        enum CodingKeys: String, CodingKey {
            case step, delegate, scene, line, timestamp, text
        }
    }

    /// Where and when a phase was seen.
    struct Mark: Codable, Sendable, Equatable {
        var line: Int
        var timestamp: String?
        var process: String?

        enum CodingKeys: String, CodingKey {
            case line, timestamp, process
        }
    }

    /// An `events` entry of a launch.
    struct Event: Codable, Sendable, Equatable {
        var name: String
        var detail: String?
        var line: Int
        var timestamp: String?

        enum CodingKeys: String, CodingKey {
            case name, detail, line, timestamp
        }
    }

    /// A launch's `termination`.
    struct TerminationEntry: Codable, Sendable, Equatable {
        var kind: Termination.Kind
        var detail: String?

        enum CodingKeys: String, CodingKey {
            case kind, detail
        }
    }

    /// The `summary`: findings by severity and by rule, and the number of launches.
    struct Summary: Codable, Sendable, Equatable {
        var findings: SeverityCounts
        var findingsByRule: [String: Int]
        var launches: Int

        enum CodingKeys: String, CodingKey {
            case findings, findingsByRule, launches
        }
    }

    /// Findings counted by severity.
    struct SeverityCounts: Codable, Sendable, Equatable {
        var error: Int
        var warning: Int
        var note: Int

        enum CodingKeys: String, CodingKey {
            case error, warning, note
        }

        /// The count of `severity`.
        subscript(severity: Severity) -> Int {
            switch severity {
            case .error: error
            case .warning: warning
            case .note: note
            }
        }
    }

    /// The `baseline` object.
    struct Baseline: Codable, Sendable, Equatable {
        /// The baseline report's path.
        var path: String
        var newFindings: [FindingEntry]
        var fixedFindings: [FindingEntry]
        /// Gone from this run, but their input was not read or their app did not appear (absent
        /// from reports written before it was added: read as none).
        var notSeenFindings: [FindingEntry]
        /// How many findings are in both.
        var unchangedFindings: Int
        var launchRegressions: [Regression]
        /// How many launches timed to the second were left out of the medians.
        var launchesTimedToTheSecond: Int?

        enum CodingKeys: String, CodingKey {
            case path, newFindings, fixedFindings, notSeenFindings, unchangedFindings, launchRegressions, launchesTimedToTheSecond
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decode(String.self, forKey: .path)
            newFindings = try container.decode([FindingEntry].self, forKey: .newFindings)
            fixedFindings = try container.decode([FindingEntry].self, forKey: .fixedFindings)
            notSeenFindings = try container.decodeIfPresent([FindingEntry].self, forKey: .notSeenFindings) ?? []
            unchangedFindings = try container.decode(Int.self, forKey: .unchangedFindings)
            launchRegressions = try container.decode([Regression].self, forKey: .launchRegressions)
            launchesTimedToTheSecond = try container.decodeIfPresent(Int.self, forKey: .launchesTimedToTheSecond)
        }
    }

    /// A `launchRegressions` entry: medians for `slower`, outcomes for `worse-outcome`.
    struct Regression: Codable, Sendable, Equatable {
        var app: String
        /// ``BaselineDiff/LaunchRegression/Kind/name``.
        var kind: String
        var summary: String
        var baselineMedianMs: Int?
        var currentMedianMs: Int?
        var baselineOutcome: LaunchOutcome?
        var currentOutcome: LaunchOutcome?

        enum CodingKeys: String, CodingKey {
            case app, kind, summary, baselineMedianMs, currentMedianMs, baselineOutcome, currentOutcome
        }
    }
}
