/// One occurrence of a rule in a log: the `findings` entries of a report.
public struct Finding: Sendable, Equatable {
    /// The rule's id (`scene-lifecycle-not-adopted`).
    public var rule: String
    public var severity: Severity
    /// What was found, in a sentence built from the match's data.
    public var message: String
    /// Where the record that triggered it starts.
    public var location: SourceLocation
    /// The record's timestamp as printed.
    public var timestamp: String?
    public var process: String?
    public var pid: Int?
    /// The device the record came from (its name or UDID), when the log says.
    public var device: String?
    /// The launch it belongs to, once launches are tracked.
    public var launch: String?
    /// The record's message, cut to a readable length.
    public var excerpt: String
    /// Structured values taken from the line (configuration name, class name, seconds…).
    public var data: [String: String]
    /// The other lines that told the same problem (the second and third lines of one watchdog
    /// kill), in line order: one problem, one finding.
    public var evidence: [SourceLocation] = []

    public init(
        rule: String, severity: Severity, message: String, location: SourceLocation, timestamp: String? = nil,
        process: String? = nil, pid: Int? = nil, device: String? = nil, launch: String? = nil, excerpt: String,
        data: [String: String] = [:]
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.location = location
        self.timestamp = timestamp
        self.process = process
        self.pid = pid
        self.device = device
        self.launch = launch
        self.excerpt = excerpt
        self.data = data
    }
}
