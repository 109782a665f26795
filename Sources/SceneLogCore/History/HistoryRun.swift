/// One recorded run of `scenelog report --record`: when, on which commit, and what it found.
public struct HistoryRun: Sendable, Equatable {
    /// Launch figures of one app in a run.
    public struct AppLaunches: Sendable, Equatable {
        public var app: String
        public var launches: Int
        /// Launches that became active.
        public var active: Int
        /// The median time to active (p50): what regressions compare.
        public var medianTimeToActiveMs: Int?
        /// The 90th percentile (nearest rank); `nil` in runs recorded before it was.
        public var p90TimeToActiveMs: Int?

        public init(app: String, launches: Int, active: Int, medianTimeToActiveMs: Int?, p90TimeToActiveMs: Int? = nil) {
            self.app = app
            self.launches = launches
            self.active = active
            self.medianTimeToActiveMs = medianTimeToActiveMs
            self.p90TimeToActiveMs = p90TimeToActiveMs
        }
    }

    /// The row id, once stored.
    public var id: Int64?
    /// ISO 8601, UTC.
    public var recordedAt: String
    public var commit: String?
    public var branch: String?
    public var inputs: Int
    public var lines: Int
    public var findingsBySeverity: [Severity: Int]
    public var findingsByRule: [String: Int]
    public var apps: [AppLaunches]

    public init(
        id: Int64? = nil, recordedAt: String, commit: String?, branch: String?, inputs: Int, lines: Int,
        findingsBySeverity: [Severity: Int], findingsByRule: [String: Int], apps: [AppLaunches]
    ) {
        self.id = id
        self.recordedAt = recordedAt
        self.commit = commit
        self.branch = branch
        self.inputs = inputs
        self.lines = lines
        self.findingsBySeverity = findingsBySeverity
        self.findingsByRule = findingsByRule
        self.apps = apps
    }

    /// The most a count may be in a run read back (10^15): a damaged or edited history holding
    /// more is refused, so that its sums and charts cannot overflow.
    static let countRange = 0...1_000_000_000_000_000

    /// Whether every count is within ``countRange`` (the findings per rule in all too) and every
    /// time to active within ``Launch/timeToActiveRange``.
    var isPlausible: Bool {
        let counts = [inputs, lines] + Array(findingsBySeverity.values) + Array(findingsByRule.values) + apps.flatMap { [$0.launches, $0.active] }
        let times = apps.flatMap { [$0.medianTimeToActiveMs, $0.p90TimeToActiveMs].compactMap { $0 } }
        let ruleTotal = findingsByRule.values.reduce(0.0) { $0 + Double($1) }
        return counts.allSatisfy(Self.countRange.contains) && ruleTotal <= Double(Self.countRange.upperBound)
            && times.allSatisfy(Launch.timeToActiveRange.contains)
    }

    /// The day it was recorded, `2025-06-03` (the first ten characters of ``recordedAt``).
    public var day: String {
        String(recordedAt.prefix(10))
    }

    /// When it was recorded, to the minute: `2025-06-03 10:00`.
    public var minute: String {
        String(recordedAt.prefix(16).map { $0 == "T" ? " " : $0 })
    }

    /// The commit's first seven characters (a short SHA), or `–` when none was recorded.
    public var shortCommit: String {
        commit.map { String($0.prefix(7)) } ?? "–"
    }

    /// What names the run for people: `2025-06-03 10:00 3f2a9c1`, its time and commit.
    public var label: String {
        "\(minute) \(shortCommit)"
    }

    /// What `--record` says when some of `report`'s launches are timed only to the second (their
    /// times stay out of the history's medians), or `nil`.
    public static func medianNote(for report: ScanReport) -> String? {
        let count = report.launches.count(where: \.isTimedToTheSecond)
        guard count > 0 else { return nil }
        return (count == 1 ? "1 launch timed to the second (whole-second stamps) is" : "\(count) launches timed to the second (whole-second stamps) are")
            + " left out of the history's medians"
    }

    /// The figures of `report`, recorded at `recordedAt`.
    public init(report: ScanReport, recordedAt: String, commit: String?, branch: String?) {
        var byApp: [String: (launches: Int, active: Int, times: [Int])] = [:]
        for launch in report.launches {
            let app = launch.bundle ?? launch.process ?? "unknown app"
            // The first apps only, as the report's statistics: a log that names a new app at every
            // launch adds no more rows (or time, or memory) to each run recorded.
            guard byApp.count < AppLaunchStatistics.Gathering.maximumApps || byApp[app] != nil else { continue }
            byApp[app, default: (0, 0, [])].launches += 1
            if launch.outcome == .active { byApp[app]?.active += 1 }
            if !launch.isTimedToTheSecond, let time = launch.timeToActiveMs { byApp[app]?.times.append(time) }
        }
        self.init(
            recordedAt: recordedAt, commit: commit, branch: branch, inputs: report.inputs.count,
            lines: report.totals.lines, findingsBySeverity: report.findingsBySeverity,
            findingsByRule: report.findingsByRule,
            apps: byApp.keys.sorted().map { app in
                let launches = byApp[app] ?? (0, 0, [])
                let times = launches.times.sorted()
                return AppLaunches(
                    app: app, launches: launches.launches, active: launches.active,
                    medianTimeToActiveMs: BaselineDiff.median(times),
                    p90TimeToActiveMs: AppLaunchStatistics.percentile(90, ofSorted: times))
            })
    }
}
