import Foundation

/// The JSON report (`--format json`), schema version 1; keys are sorted so output is stable.
struct JSONRenderer {
    func render(_ report: ScanReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Document(report: report)) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The top-level JSON object.
    private struct Document: Encodable {
        let report: ScanReport

        enum CodingKeys: String, CodingKey {
            case schemaVersion, tool, inputs, findings, launches, summary
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ScanReport.schemaVersion, forKey: .schemaVersion)
            try container.encode(report.tool, forKey: .tool)
            try container.encode(report.inputs.map(Input.init), forKey: .inputs)
            try container.encode(report.findings.map(FindingEntry.init), forKey: .findings)
            try container.encode(report.launches.map(LaunchEntry.init), forKey: .launches)
            try container.encode(Summary(report: report), forKey: .summary)
        }
    }

    /// An `inputs` entry; `format` is `null` when no line fitted any format.
    private struct Input: Encodable {
        let summary: InputSummary

        enum CodingKeys: String, CodingKey {
            case path, format, bytes, lines, records, continuationLines, unparsedLines, truncatedLines
            case firstTimestamp, lastTimestamp
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(summary.path, forKey: .path)
            try container.encode(summary.format?.rawValue, forKey: .format)
            try container.encode(summary.bytes, forKey: .bytes)
            try container.encode(summary.lines, forKey: .lines)
            try container.encode(summary.records, forKey: .records)
            try container.encode(summary.continuationLines, forKey: .continuationLines)
            try container.encode(summary.unparsedLines, forKey: .unparsedLines)
            try container.encode(summary.truncatedLines, forKey: .truncatedLines)
            try container.encode(summary.timeSpan.flatMap { $0.first.iso8601 }, forKey: .firstTimestamp)
            try container.encode(summary.timeSpan.flatMap { $0.last.iso8601 }, forKey: .lastTimestamp)
        }
    }

    /// A `findings` entry; absent values are `null`.
    private struct FindingEntry: Encodable {
        let finding: Finding

        enum CodingKeys: String, CodingKey {
            case rule, severity, message, path, line, timestamp, process, pid, launch, excerpt, data
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(finding.rule, forKey: .rule)
            try container.encode(finding.severity.rawValue, forKey: .severity)
            try container.encode(finding.message, forKey: .message)
            try container.encode(finding.location.path, forKey: .path)
            try container.encode(finding.location.line, forKey: .line)
            try container.encode(finding.timestamp, forKey: .timestamp)
            try container.encode(finding.process, forKey: .process)
            try container.encode(finding.pid, forKey: .pid)
            try container.encode(finding.launch, forKey: .launch)
            try container.encode(finding.excerpt, forKey: .excerpt)
            try container.encode(finding.data, forKey: .data)
        }
    }

    /// A `launches` entry (DESIGN section 6); absent values are `null`.
    private struct LaunchEntry: Encodable {
        let launch: Launch

        enum CodingKeys: String, CodingKey {
            case id, path, bundle, process, pid, device, intent, phases, outcome, timeToActiveMs, termination, findings
            case watchdogBudget, events
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(launch.id, forKey: .id)
            try container.encode(launch.path, forKey: .path)
            try container.encode(launch.bundle, forKey: .bundle)
            try container.encode(launch.process, forKey: .process)
            try container.encode(launch.pid, forKey: .pid)
            try container.encode(launch.device, forKey: .device)
            try container.encode(launch.intent, forKey: .intent)
            let phases = Dictionary(uniqueKeysWithValues: launch.phases.map { ($0.key.rawValue, Mark(mark: $0.value)) })
            try container.encode(phases, forKey: .phases)
            try container.encode(launch.outcome.rawValue, forKey: .outcome)
            try container.encode(launch.timeToActiveMs, forKey: .timeToActiveMs)
            try container.encode(launch.termination.map(TerminationEntry.init), forKey: .termination)
            try container.encode(launch.findings, forKey: .findings)
            try container.encode(launch.watchdogBudget, forKey: .watchdogBudget)
            try container.encode(launch.events.map(EventEntry.init), forKey: .events)
        }
    }

    private struct Mark: Encodable {
        let mark: LaunchMark

        enum CodingKeys: String, CodingKey { case timestamp, line, process }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(mark.timestamp, forKey: .timestamp)
            try container.encode(mark.location.line, forKey: .line)
            try container.encode(mark.process, forKey: .process)
        }
    }

    private struct TerminationEntry: Encodable {
        let termination: Termination

        enum CodingKeys: String, CodingKey { case kind, detail }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(termination.kind.rawValue, forKey: .kind)
            try container.encode(termination.detail, forKey: .detail)
        }
    }

    private struct EventEntry: Encodable {
        let event: LaunchEvent

        enum CodingKeys: String, CodingKey { case name, detail, timestamp, line }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(event.name, forKey: .name)
            try container.encode(event.detail, forKey: .detail)
            try container.encode(event.mark.timestamp, forKey: .timestamp)
            try container.encode(event.mark.location.line, forKey: .line)
        }
    }

    /// The `summary` object: findings by severity and by rule, and launches.
    private struct Summary: Encodable {
        let report: ScanReport

        enum CodingKeys: String, CodingKey {
            case findings, findingsByRule, launches
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let counts = report.findingsBySeverity
            try container.encode(
                Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, counts[$0] ?? 0) }),
                forKey: .findings)
            try container.encode(report.findingsByRule, forKey: .findingsByRule)
            try container.encode(report.launches.count, forKey: .launches)
        }
    }
}
