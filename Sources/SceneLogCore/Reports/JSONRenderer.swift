import Foundation

/// The JSON report (`--format json`), schema version 1; keys are sorted so output is stable.
struct JSONRenderer {
    func render(_ report: ScanReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Document(report)) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The top-level JSON object.
    private struct Document: Encodable {
        let report: ScanReport

        init(_ report: ScanReport) {
            self.report = report
        }

        enum CodingKeys: String, CodingKey {
            case schemaVersion, tool, inputs, findings, launches, summary
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ScanReport.schemaVersion, forKey: .schemaVersion)
            try container.encode(report.tool, forKey: .tool)
            try container.encode(report.inputs.map(Input.init), forKey: .inputs)
            try container.encode([String](), forKey: .findings)
            try container.encode([String](), forKey: .launches)
            try container.encode(Summary(), forKey: .summary)
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

    /// The `summary` object: counts by severity, and launches.
    private struct Summary: Encodable {
        let findings = ["error": 0, "warning": 0, "note": 0]
        let launches = 0
    }
}
