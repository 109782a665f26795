/// What a run keeps besides ``ScanOptions/app`` and ``ScanOptions/minimumSeverity``: a time
/// window, some rules, one process, one device (`--since`, `--until`, `--rule`, `--process`,
/// `--device`, or the same keys of `.scenelog.yml`). Applied in the scan itself, so that reports,
/// parts for `scenelog merge` and cached results agree.
public struct ScanFilters: Sendable, Equatable, Codable {
    /// Records stamped outside it give no finding; launches wholly outside it are left out.
    public var window = TimeWindow()
    /// Keep only findings of these rules (rule or diagnosis ids); empty: every rule.
    public var rules: Set<String> = []
    /// Keep only findings and launches of this process name.
    public var process: String?
    /// Keep only findings and launches of this device (its name or UDID, as the log prints it).
    public var device: String?

    public init() {}

    /// Whether no finding and no launch is left out.
    public var isEmpty: Bool { window.isUnbounded && rules.isEmpty && process == nil && device == nil }

    /// Whether every launch is kept.
    var admitsEveryLaunch: Bool { window.isUnbounded && process == nil && device == nil }

    /// Whether `finding` is of the rules, process and device kept (its time is checked apart).
    func admits(_ finding: Finding) -> Bool {
        if !rules.isEmpty, !rules.contains(finding.rule) { return false }
        if let process, finding.process != process { return false }
        if let device, finding.device != device { return false }
        return true
    }

    /// Whether `launch` is of the process and device kept, and under way inside the window.
    func admits(_ launch: Launch) -> Bool {
        if let process, launch.process != process { return false }
        if let device, launch.device != device { return false }
        return window.admits(launch)
    }
}
