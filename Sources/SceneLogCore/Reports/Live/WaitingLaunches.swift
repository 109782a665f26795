/// The launches of a live watch that wait for their outcome, each with the phase it reached last
/// and when that phase's line arrived (on the monotonic clock), so that a launch that hangs shows
/// how long it has waited, against its watchdog budget once its scene create was sent.
struct WaitingLaunches {
    /// The most launches followed; beyond it the earliest is let go (a tracker keeps 256 open).
    static let capacity = 256

    private struct Entry {
        var key: String
        var launch: Launch
        var phase: LaunchPhase
        var since: Double
    }

    /// In the order the launches started.
    private var entries: [Entry] = []

    /// `launch` reached `phase` at `now` (seconds on the monotonic clock).
    mutating func reached(_ launch: Launch, _ phase: LaunchPhase, at now: Double) {
        let key = Self.key(of: launch)
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index] = Entry(key: key, launch: launch, phase: phase, since: now)
            return
        }
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append(Entry(key: key, launch: launch, phase: phase, since: now))
    }

    /// `launch` has its outcome (or was closed): it waits no more.
    mutating func ended(_ launch: Launch) {
        let key = Self.key(of: launch)
        entries.removeAll { $0.key == key }
    }

    /// Each waiting launch at `now`: where it is and for how long.
    func waits(at now: Double) -> [LaunchWait] {
        entries.map { entry in
            LaunchWait(
                launch: entry.launch, phase: entry.phase, elapsed: max(now - entry.since, 0),
                line: entry.launch.phases[entry.phase]?.location.line)
        }
    }

    /// Launch ids are per source: with several sources, the device tells two `L1` apart.
    private static func key(of launch: Launch) -> String {
        (launch.device ?? "") + "\u{1F}" + launch.id
    }
}

/// Where a waiting launch is, and for how long it has been there.
struct LaunchWait {
    let launch: Launch
    let phase: LaunchPhase
    /// Seconds since the phase's line arrived.
    let elapsed: Double
    /// The line of the phase.
    let line: Int?

    /// The phase as the watchdog names it: `scene-create` once the scene create was sent.
    var stage: String {
        phase == .sceneCreated ? "scene-create" : phase.rawValue
    }

    /// The watchdog's budget, while the launch waits in scene-create.
    var budget: Double? {
        phase == .sceneCreated ? launch.watchdogBudget : nil
    }

    /// `8.1 s of 19.96 s` in scene-create with a budget, else `8.1 s`.
    var timeText: String {
        let tenths = Int((elapsed * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s" + (budget.map { " of \($0) s" } ?? "")
    }
}
