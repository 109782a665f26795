/// What reports count and time a launch by, apart from its app and device: its outcome, how it
/// started, and its time to active as statistics take it in. Worked out when the launch is written
/// to the spool and kept beside its locator (``LaunchRun``), so that a report's figures
/// (``ReportDigest``) are read without reading the launches back.
struct LaunchFigures: Sendable, Equatable {
    let outcome: LaunchOutcome
    let start: AppLaunchStatistics.Start
    /// ``statisticsTimeMs``, or -1 for none (a time to active is never negative): a plain integer,
    /// so that the figures take 16 bytes beside each spilled launch's locator, not 24.
    private let timeMsOrNone: Int

    /// The time to active in milliseconds when it is known finer than to the second: times from
    /// whole-second stamps stay out of medians and percentiles.
    var statisticsTimeMs: Int? { timeMsOrNone >= 0 ? timeMsOrNone : nil }

    init(_ launch: Launch) {
        outcome = launch.outcome
        start = AppLaunchStatistics.Start(launch)
        timeMsOrNone = (launch.isTimedToTheSecond ? nil : launch.timeToActiveMs) ?? -1
    }
}

/// A launch as reports count it: its app, its device and its figures (``LaunchLog/summaries``).
struct LaunchSummary: Sendable {
    /// The app: its bundle id, else its process name (``AppLaunchStatistics/appName(of:)``).
    let app: String
    let device: String?
    let figures: LaunchFigures

    init(_ launch: Launch) {
        self.init(bundle: launch.bundle, process: launch.process, device: launch.device, figures: LaunchFigures(launch))
    }

    init(bundle: String?, process: String?, device: String?, figures: LaunchFigures) {
        app = AppLaunchStatistics.appName(bundle: bundle, process: process)
        self.device = device
        self.figures = figures
    }
}
