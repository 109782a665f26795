/// How a run compares with a baseline (an earlier JSON report): findings new, fixed, not seen and
/// unchanged, matched by rule, process and message with numbers set aside (never by line), and
/// launches that got slower or ended worse, per app.
///
/// A baseline finding missing from this run is *fixed* only when this run could have seen it: its
/// input (the same path) was read, and its app, when it has one, appeared. Otherwise it is *not
/// seen*: a device that was not plugged in, or an app that was not launched, fixes nothing.
public struct BaselineDiff: Sendable {
    /// When a launch counts as slower: its app's median time to active grew by more than both.
    public struct Thresholds: Sendable, Equatable {
        public var percent: Double
        public var milliseconds: Int

        public init(percent: Double = 20, milliseconds: Int = 100) {
            self.percent = percent
            self.milliseconds = milliseconds
        }

        /// Whether a time that went from `before` to `now` grew by more than both thresholds.
        func exceeded(from before: Int, to now: Int) -> Bool {
            now - before > milliseconds && Double(now - before) > Double(before) * percent / 100
        }
    }

    /// One app whose launches got worse.
    public struct LaunchRegression: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// The median time to active grew past the thresholds.
            case slower(baselineMedianMs: Int, currentMedianMs: Int)
            /// The 90th percentile grew past the thresholds (compared when both runs have at
            /// least ``BaselineDiff/launchesForP90`` timed launches of the app).
            case slowerAtP90(baselineP90Ms: Int, currentP90Ms: Int)
            /// The worst outcome is worse than before (active → crashed, black screen…).
            case worseOutcome(baseline: LaunchOutcome, current: LaunchOutcome)

            /// The kind's name in every report: `slower` or `worse-outcome` (the `kind` of a
            /// launch regression in the JSON report).
            public var name: String {
                switch self {
                case .slower: "slower"
                case .slowerAtP90: "slower-p90"
                case .worseOutcome: "worse-outcome"
                }
            }
        }

        public var app: String
        public var kind: Kind

        /// One line: `com.example.app: median time to active 338 ms → 638 ms (+300 ms, +89 %)`.
        public var summary: String {
            switch kind {
            case .slower(let before, let now):
                return "\(app): median time to active " + Self.change(from: before, to: now)
            case .slowerAtP90(let before, let now):
                return "\(app): p90 time to active " + Self.change(from: before, to: now)
            case .worseOutcome(let before, let now):
                return "\(app): launches ended \(before.rawValue) before, \(now.rawValue) now"
            }
        }

        /// `338 ms → 638 ms (+300 ms, +89 %)`.
        private static func change(from before: Int, to now: Int) -> String {
            let percent = before > 0 ? Int((Double(now - before) / Double(before) * 100).rounded()) : 0
            return "\(before) ms → \(now) ms (+\(now - before) ms, +\(percent) %)"
        }
    }

    /// Timed launches of an app each run needs before their p90s are compared.
    public static let launchesForP90 = 10

    public var baselinePath: String
    /// How many of this run's findings are not in the baseline.
    public private(set) var newFindingCount: Int
    /// How many of this run's findings are in the baseline too.
    public private(set) var unchangedFindingCount: Int
    /// In the baseline, not in this run, though its input was read and its app appeared in it.
    public var fixedFindings: [Finding]
    /// In the baseline, not in this run, whose input was not read or whose app did not appear in
    /// it: nothing says whether they are fixed.
    public var notSeenFindings: [Finding]
    public var launchRegressions: [LaunchRegression]
    /// How many launches, of this run and the baseline together, have a time to active known only
    /// to the second (whole-second stamps): they are left out of the medians.
    public private(set) var launchesTimedToTheSecond: Int
    /// This run's findings.
    private let current: FindingLog
    /// What the baseline's findings share with their repeats (``FindingGroup/key(of:)``).
    private let baselineKeys: Set<String>

    /// Compares `findings` and `launches` with `baseline`, reading `findings` once.
    ///
    /// - Parameter inputs: the paths of the inputs this run read (``InputSummary/path``): a
    ///   baseline finding of any other input is not seen rather than fixed.
    public init(
        baseline: BaselineReport, inputs: [String], findings: FindingLog, launches: some Sequence<Launch>, thresholds: Thresholds = Thresholds()
    ) {
        baselinePath = baseline.path
        current = findings
        baselineKeys = Set(baseline.findings.map(FindingGroup.key(of:)))
        var seen: Set<String> = []
        // The launches are read once: their apps, and what the regressions compare.
        var apps: Set<String> = []
        var launchesNow: [(String, LaunchOutcome, Int?)] = []
        var currentTimedToTheSecond = 0
        for launch in launches {
            apps.formUnion([launch.bundle, launch.process].compactMap(\.self))
            if let app = launch.bundle ?? launch.process {
                launchesNow.append((app, launch.outcome, launch.isTimedToTheSecond ? nil : launch.timeToActiveMs))
            }
            if launch.isTimedToTheSecond { currentTimedToTheSecond += 1 }
        }
        var new = 0
        for finding in findings {
            let key = FindingGroup.key(of: finding)
            if let process = finding.process { apps.insert(process) }
            if baselineKeys.contains(key) {
                seen.insert(key)
            } else {
                new += 1
            }
        }
        newFindingCount = new
        unchangedFindingCount = findings.count - new
        let gone = baseline.findings.filter { !seen.contains(FindingGroup.key(of: $0)) }
        let read = Set(inputs)
        let baselineApps = BaselineApps(baseline.launches)
        let (fixed, notSeen) = gone.reduce(into: ([Finding](), [Finding]())) { split, finding in
            let appSeen = baselineApps.names(of: finding).map { !apps.isDisjoint(with: $0) } ?? true
            if read.contains(finding.location.path) && appSeen {
                split.0.append(finding)
            } else {
                split.1.append(finding)
            }
        }
        fixedFindings = fixed
        notSeenFindings = notSeen
        launchRegressions = Self.regressions(
            baseline: baseline.launches.compactMap { launch in
                launch.app.map { ($0, launch.outcome, launch.isTimedToTheSecond ? nil : launch.timeToActiveMs) }
            },
            current: launchesNow,
            thresholds: thresholds)
        launchesTimedToTheSecond = baseline.launches.count(where: \.isTimedToTheSecond) + currentTimedToTheSecond
    }

    /// This run's findings that are not in the baseline, in input order, read from the run's findings.
    public var newFindings: LazyFilterSequence<FindingLog> {
        let keys = baselineKeys
        return current.lazy.filter { !keys.contains(FindingGroup.key(of: $0)) }
    }

    /// Whether `finding`, one of this run's, is in the baseline.
    func isInBaseline(_ finding: Finding) -> Bool {
        baselineKeys.contains(FindingGroup.key(of: finding))
    }

    /// Whether anything got worse: a new finding at or above `severity`, or a launch regression.
    public func hasRegression(atOrAbove severity: Severity?) -> Bool {
        !launchRegressions.isEmpty || severity.map { threshold in newFindings.contains { $0.severity >= threshold } } ?? false
    }

    /// The apps of a baseline's findings: the bundle and process of a finding's launch, else its
    /// process when that is the process of one of the baseline's launches.
    private struct BaselineApps {
        private let byLaunch: [String: [String]]
        private let processes: Set<String>

        init(_ launches: [BaselineReport.LaunchRecord]) {
            byLaunch = Dictionary(
                launches.map { ($0.id, [$0.bundle, $0.process].compactMap(\.self)) }, uniquingKeysWith: { first, _ in first })
            processes = Set(launches.compactMap(\.process))
        }

        /// The names `finding`'s app goes by; `nil` for a finding of no app (a system process's).
        func names(of finding: Finding) -> [String]? {
            if let launch = finding.launch, let names = byLaunch[launch], !names.isEmpty { return names }
            if let process = finding.process, processes.contains(process) { return [process] }
            return nil
        }
    }

    private static func regressions(
        baseline: [(String, LaunchOutcome, Int?)], current: [(String, LaunchOutcome, Int?)], thresholds: Thresholds
    ) -> [LaunchRegression] {
        let before = Dictionary(grouping: baseline, by: \.0)
        let now = Dictionary(grouping: current, by: \.0)
        var found: [LaunchRegression] = []
        for app in now.keys.sorted() {
            guard let old = before[app], let new = now[app] else { continue }
            let (oldTimes, newTimes) = (old.compactMap(\.2).sorted(), new.compactMap(\.2).sorted())
            if let previous = median(oldTimes), let latest = median(newTimes), thresholds.exceeded(from: previous, to: latest) {
                found.append(LaunchRegression(app: app, kind: .slower(baselineMedianMs: previous, currentMedianMs: latest)))
            }
            if oldTimes.count >= launchesForP90, newTimes.count >= launchesForP90,
                let previous = AppLaunchStatistics.percentile(90, ofSorted: oldTimes),
                let latest = AppLaunchStatistics.percentile(90, ofSorted: newTimes), thresholds.exceeded(from: previous, to: latest)
            {
                found.append(LaunchRegression(app: app, kind: .slowerAtP90(baselineP90Ms: previous, currentP90Ms: latest)))
            }
            if let previous = worst(old.map(\.1)), let latest = worst(new.map(\.1)), latest.badness > previous.badness {
                found.append(LaunchRegression(app: app, kind: .worseOutcome(baseline: previous, current: latest)))
            }
        }
        return found
    }

    /// The note reports print when launches timed to the second were left out of the medians, or `nil`.
    public var timedToTheSecondNote: String? {
        Self.timedToTheSecondNote(count: launchesTimedToTheSecond)
    }

    /// `2 launches timed to the second (whole-second stamps) are left out of the medians.`, or
    /// `nil` for none.
    static func timedToTheSecondNote(count: Int) -> String? {
        guard count > 0 else { return nil }
        return count == 1
            ? "1 launch timed to the second (whole-second stamps) is left out of the medians."
            : "\(count) launches timed to the second (whole-second stamps) are left out of the medians."
    }

    static func median(_ values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The worst outcome among `outcomes`, leaving out `incomplete` (the log ended first).
    private static func worst(_ outcomes: [LaunchOutcome]) -> LaunchOutcome? {
        outcomes.filter { $0 != .incomplete }.max { $0.badness < $1.badness }
    }
}
