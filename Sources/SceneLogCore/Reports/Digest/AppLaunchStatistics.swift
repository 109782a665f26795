/// One app's launches in a report, as Xcode Organizer's and Sentry's app-start views show them:
/// how many, how they ended, how they started, and how long they took to become active.
public struct AppLaunchStatistics: Sendable, Equatable {
    /// How a launch started.
    public enum Start: String, Sendable, CaseIterable {
        /// A new process (the system's spawn or request lines were seen).
        case cold
        /// The app, already running, came back to the foreground.
        case warm
        /// Launched into the background (`intent: background`).
        case background
        /// Not known from the lines (a capture of the app's own lines only).
        case unknown
    }

    /// The app: its bundle id, else its process name.
    public var app: String
    public var launches: Int
    /// Launches by outcome (only the outcomes that occur).
    public var outcomes: [LaunchOutcome: Int]
    /// Launches by how they started (only the starts that occur).
    public var starts: [Start: Int]
    /// Launches whose time to active is known to the millisecond (times from whole-second stamps
    /// are left out of the percentiles).
    public var timedLaunches: Int
    /// The median time to active (nearest rank), of the timed launches.
    public var timeToActiveP50Ms: Int?
    /// The 90th percentile (nearest rank).
    public var timeToActiveP90Ms: Int?
    public var timeToActiveMaxMs: Int?

    /// The outcomes, in the canonical order (``OutcomeCounts``).
    var outcomeCounts: OutcomeCounts {
        OutcomeCounts([Launch](), plus: outcomes)
    }

    /// The starts in the order ``Start`` declares them: `3 cold, 1 warm`.
    var startList: String {
        Start.allCases.compactMap { start in starts[start].map { "\($0) \(start.rawValue)" } }.joined(separator: ", ")
    }

    /// What reports say of the launches of apps past the first ``Gathering/maximumApps``: `12
    /// launches of apps past the first 10,000 are not listed`.
    static func notListed(_ launches: Int) -> String {
        "\(launches) launch\(launches == 1 ? " of apps past the first 10,000 is" : "es of apps past the first 10,000 are") not listed"
    }

    /// The statistics of each app of `launches`, by app name, read in one pass.
    public static func of(_ launches: some Sequence<Launch>) -> [AppLaunchStatistics] {
        var gathering = Gathering()
        for launch in launches { gathering.add(launch) }
        return gathering.statistics
    }

    /// Each app's statistics, gathered as its launches are read one by one: counts and times to
    /// active only, never the launches. The first ``maximumApps`` apps are gathered; the launches of
    /// apps past them are only counted (``launchesNotListed``), so that memory stays flat however
    /// many names a log gives apps.
    struct Gathering {
        /// The most apps gathered: far more than a device runs, so that only a log that names a new
        /// app at every launch reaches it.
        static let maximumApps = 10_000

        private struct App {
            var launches = 0
            var outcomes: [LaunchOutcome: Int] = [:]
            var starts: [Start: Int] = [:]
            var times: [Int] = []

            mutating func add(outcome: LaunchOutcome, start: Start, time: Int?) {
                launches += 1
                outcomes[outcome, default: 0] += 1
                starts[start, default: 0] += 1
                if let time { times.append(time) }
            }
        }

        private var apps: [String: App] = [:]
        /// The launches of apps past the first ``maximumApps``.
        private(set) var launchesNotListed = 0

        mutating func add(_ launch: Launch) {
            add(LaunchSummary(launch))
        }

        /// Counts a launch from its summary (a spilled launch is not read back whole).
        mutating func add(_ launch: LaunchSummary) {
            let figures = launch.figures
            guard apps.count < Self.maximumApps || apps[launch.app] != nil else {
                launchesNotListed += 1
                return
            }
            apps[launch.app, default: App()].add(outcome: figures.outcome, start: figures.start, time: figures.statisticsTimeMs)
        }

        /// The statistics of each app, by app name.
        var statistics: [AppLaunchStatistics] {
            apps.map { name, app in
                let times = app.times.sorted()
                return AppLaunchStatistics(
                    app: name, launches: app.launches, outcomes: app.outcomes, starts: app.starts, timedLaunches: times.count,
                    timeToActiveP50Ms: percentile(50, ofSorted: times), timeToActiveP90Ms: percentile(90, ofSorted: times),
                    timeToActiveMaxMs: times.last)
            }.sorted { $0.app < $1.app }
        }
    }

    /// The name statistics group a launch under: its bundle id, else its process name.
    static func appName(of launch: Launch) -> String {
        appName(bundle: launch.bundle, process: launch.process)
    }

    /// The name statistics group a launch of `bundle` and `process` under.
    static func appName(bundle: String?, process: String?) -> String {
        bundle ?? process ?? "unknown app"
    }

    /// The nearest-rank `percent` percentile of `values`, sorted ascending.
    static func percentile(_ percent: Int, ofSorted values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        let rank = (percent * values.count + 99) / 100  // ⌈p·n/100⌉
        return values[max(rank, 1) - 1]
    }
}

extension AppLaunchStatistics.Start {
    /// How `launch` started, from what its lines show: the system's spawn or request lines, or the
    /// app's `didFinishLaunching` (only a new process runs it), make it cold; the app's callbacks
    /// starting at the app delegate's `applicationWillEnterForeground`, which a cold launch does not
    /// call, warm. Callbacks that start at `didBecomeActive` or at the scene's
    /// `sceneWillEnterForeground` (both called on a cold launch too) leave it unknown: a capture
    /// that begins late, or an app that logs only those, looks the same.
    public init(_ launch: Launch) {
        let steps = launch.callbacks.map(\.step)
        if launch.intent == "background" {
            self = .background
        } else if launch.phases.contains(.spawned) || launch.phases.contains(.requested)
            || steps.contains(.willFinishLaunching) || steps.contains(.didFinishLaunching)
            || launch.events.contains(where: { $0.name == "url-open:cold" })
        {
            self = .cold
        } else if let first = launch.callbacks.first, first.step == .willEnterForeground, first.delegate == .app {
            self = .warm
        } else {
            self = .unknown
        }
    }
}
