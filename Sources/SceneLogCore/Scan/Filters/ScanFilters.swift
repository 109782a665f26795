/// What a run keeps besides ``ScanOptions/app`` and ``ScanOptions/minimumSeverity``: a time
/// window, some rules, one process, one device (`--since`, `--until`, `--rule`, `--process`,
/// `--device`, or the same keys of `.scenelog.yml`). Applied in the scan itself, so that reports,
/// parts for `scenelog merge` and cached results agree.
public struct ScanFilters: Sendable, Equatable, Codable {
    /// Records stamped outside it give no finding; launches wholly outside it are left out.
    public var window = TimeWindow()
    /// Keep only findings of these rules (rule or diagnosis ids); empty: every rule.
    public var rules: Set<String> = []
    /// Keep only findings and launches of this process name, and those that name no process (the
    /// lines of a plain Xcode console name none: they are the app's, whichever it is).
    public var process: String?
    /// Keep only findings and launches of this device (its name or UDID, as the log prints it), and
    /// those that name no device.
    public var device: String?

    public init() {}

    /// Whether no finding and no launch is left out.
    public var isEmpty: Bool { window.isUnbounded && rules.isEmpty && process == nil && device == nil }

    /// Whether every launch is kept.
    var admitsEveryLaunch: Bool { window.isUnbounded && process == nil && device == nil }

    /// Whether `finding` is of the rules, process and device kept (its time is checked apart).
    func admits(_ finding: Finding) -> Bool {
        if !rules.isEmpty, !rules.contains(finding.rule) { return false }
        return admits(process: finding.process, device: finding.device)
    }

    /// Whether `launch` is of the process and device kept, and under way inside the window.
    func admits(_ launch: Launch) -> Bool {
        admits(process: launch.process, device: launch.device) && window.admits(launch)
    }

    /// Whether a process and a device, where named, are those kept.
    private func admits(process named: String?, device namedDevice: String?) -> Bool {
        if let process, let named, named != process { return false }
        if let device, let namedDevice, namedDevice != device { return false }
        return true
    }
}
