import ArgumentParser
import SceneLogCore

/// Which findings and launches are kept, as Console.app and lnav filter: `--since`, `--until`,
/// `--rule`, `--process`, `--device`. Each one given overrides the settings file's key.
struct FilterOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Leave out what was logged before this time: 2026-11-24T10:00:00 (+02:00 or Z for an offset), 2026-11-24, 10:00 (today), or back from now: 90s, 10m, 2h, 1d.",
            valueName: "time"))
    var since: String?

    @Option(help: ArgumentHelp("Leave out what was logged after this time (written as for --since).", valueName: "time"))
    var until: String?

    @Option(name: .customLong("rule"), help: ArgumentHelp("Keep only findings of this rule (repeatable).", valueName: "id"))
    var rules: [String] = []

    @Option(help: ArgumentHelp(
            "Keep only findings and launches of this process, and those of lines that name no process (a plain Xcode console's).",
            valueName: "name"))
    var process: String?

    @Option(
        help: ArgumentHelp(
            "Keep only findings and launches of this device (its name or UDID, as the log prints it), and those that name none.",
            valueName: "name|udid"))
    var device: String?

    func validate() throws {
        _ = try window(over: TimeWindow())
        if process?.isEmpty == true || device?.isEmpty == true { throw ValidationError("--process and --device need a name") }
    }

    /// The filters of the settings file with those given here in their place; `--rule` ids must be
    /// among `settings`' rules.
    func filters(over settings: RunSettings) throws -> ScanFilters {
        var filters = settings.filters
        filters.window = try window(over: filters.window)
        if !rules.isEmpty {
            for id in rules where !settings.rules.contains(where: { $0.id == id }) {
                // Known only once the settings are read, in `run`: said as a usage error of this
                // command, not with the top-level usage argument-parser gives a late one.
                throw Diagnostics.usageError("--rule: " + RuleListRenderer.unknownRule(id, among: settings.rules))
            }
            filters.rules = Set(rules)
        }
        filters.process = process ?? filters.process
        filters.device = device ?? filters.device
        return filters
    }

    /// `window` with `--since` and `--until` in place of its ends when given.
    private func window(over window: TimeWindow) throws -> TimeWindow {
        var window = window
        do {
            if let since { window.since = try TimeBound(parsing: since) }
            if let until { window.until = try TimeBound(parsing: until) }
        } catch {
            throw ValidationError("--since/--until: \(error.description)")
        }
        if let since = window.since, let until = window.until, since.instant > until.instant {
            throw ValidationError("the time window ends before it starts: --until (or until:) is before --since (or since:)")
        }
        return window
    }
}
