import Foundation

/// What a ``Scanner`` reads and reports: the rules, which findings and launches to keep, how many
/// threads, which files and archive members, and how to stop.
public struct ScanOptions: Sendable {
    /// The number of cores this process may run on (the default of ``jobs``), read once: the
    /// count comes from the cgroup files, and options are built more than once at start-up.
    public static let coreCount = ProcessInfo.processInfo.activeProcessorCount

    /// The rules to run; `nil` only parses and counts lines.
    public var ruleSet: RuleSet?
    /// Whether launches are rebuilt (and their diagnoses made); without it only line rules run.
    public var tracksLaunches = true
    /// A format to read every input as, instead of detecting one.
    public var inputFormat: LogFormat?
    /// The year of timestamps that print none (idevicesyslog); default: the input's modification year.
    public var year: Int?
    /// The time (seconds since 1970) that dates timestamps printing no date; default: the input's
    /// modification time, or now for a stream.
    public var referenceTime: Double?
    /// Keep only the findings and launches of this app: a bundle id or a process name.
    public var app: String?
    /// Leave out findings below this severity.
    public var minimumSeverity: Severity = .note
    /// The time window, rules, process and device kept (``ScanFilters``).
    public var filters = ScanFilters()
    /// Threads to scan with. With more threads than inputs, a file's rules run on a thread of
    /// their own beside its parsing.
    public var jobs = Self.coreCount
    /// Which files of folders and which members of archives are read.
    public var selection = PathSelection()
    /// Whether links inside a named folder are followed even when they lead outside every named
    /// folder (by default they are skipped with a warning; files named directly are always read).
    public var followsLinksOutsideRoots = false
    /// Scan only this part of the inputs (``InputShard``); `nil`: all of them.
    public var shard: InputShard?
    /// Whether the run is one part of a distributed one: its JSON report then carries each
    /// input's whole result (``ReportPart``), for `scenelog merge`.
    public var reportsAsPart = false
    /// A folder of earlier results (``ContentCache``): an input whose bytes, path, modification
    /// time, rules and options match an entry is not scanned again. `nil`: no cache.
    public var cacheFolder: String?
    /// How far a compressed member may expand.
    public var expansionLimits = ExpansionLimits()
    /// Where long lines are cut (the rest of the line is skipped, with a warning).
    public var maximumLineLength = LineSplitter.defaultMaximumLineLength
    /// Whether each unparsed line is reported to the observer (`--verbose`).
    public var reportsUnparsedLines = false
    /// Whether a live scan times launch phases by when their lines arrive (a monotonic clock)
    /// where the log's stamps print whole seconds: for a stream read as it is written.
    public var timesByArrival = false
    /// Asked between chunks: once it answers `true`, reading stops and what was read is reported.
    public var isStopRequested: @Sendable () -> Bool = { false }

    /// Options that run `ruleSet` (or, with `nil`, only count lines).
    public init(ruleSet: RuleSet?) {
        self.ruleSet = ruleSet
    }

    /// Whether `finding` is kept: at or above ``minimumSeverity`` and of ``app`` (by process name,
    /// bundle id, or the bundle the system's lines and the launches gave its pid or process).
    func admits(_ finding: Finding, identities: ProcessIdentities) -> Bool {
        guard finding.severity >= minimumSeverity else { return false }
        guard let app else { return true }
        return identities.finding(finding, isOf: app)
    }

    /// Whether no finding is left out (no app, no minimum severity).
    var admitsEveryFinding: Bool { app == nil && minimumSeverity == .note }

    /// Whether `launch` is of ``app`` (every launch without one) and kept by ``filters``.
    func admits(_ launch: Launch) -> Bool {
        if let app, !launch.isOf(app: app) { return false }
        return filters.admits(launch)
    }

    /// Whether every launch is kept (no app, no launch filter).
    var admitsEveryLaunch: Bool { app == nil && filters.admitsEveryLaunch }
}
