/// Everything one run found: the model every renderer draws from.
public struct ScanReport: Sendable, Equatable {
    /// The version of the JSON report's shape.
    public static let schemaVersion = 1

    /// The tool's name and version.
    public var tool: ToolInfo
    /// One entry per input scanned, in the order given.
    public var inputs: [InputSummary]

    public init(tool: ToolInfo = .current, inputs: [InputSummary]) {
        self.tool = tool
        self.inputs = inputs
    }

    /// The line counts of all inputs added up.
    public var totals: LineCounts {
        inputs.reduce(into: LineCounts()) { total, input in
            total.records += input.records
            total.continuationLines += input.continuationLines
            total.unparsedLines += input.unparsedLines
        }
    }
}

/// The `tool` entry of a report.
public struct ToolInfo: Sendable, Equatable, Codable {
    public var name: String
    public var version: String

    public static let current = ToolInfo(name: "scenelog", version: "0.1.0")
}
