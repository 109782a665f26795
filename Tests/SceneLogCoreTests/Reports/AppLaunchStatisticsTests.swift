import Testing

@testable import SceneLogCore

/// Per-app launch statistics: counts by outcome and start, and nearest-rank percentiles of the
/// time to active.
@Suite("app launch statistics")
struct AppLaunchStatisticsTests {
    /// A cold launch of `bundle`, spawned at 0 s and active after `milliseconds` (never, when nil).
    private func launch(_ index: Int, _ bundle: String, activeAfter milliseconds: Int?, intent: String? = nil) -> Launch {
        var launch = Launch(id: "L\(index)", path: "night.log")
        launch.bundle = bundle
        launch.intent = intent
        let location = SourceLocation(path: "night.log", line: index * 10, byteOffset: 0)
        launch.phases[.spawned] = LaunchMark(timestamp: "10:00:00.000", seconds: 1_000, location: location, process: "runningboardd")
        if let milliseconds {
            launch.phases[.active] = LaunchMark(
                timestamp: nil, seconds: 1_000 + Double(milliseconds) / 1000, location: location, process: bundle)
        }
        return launch
    }

    @Test("p50, p90 and max on a night with known times: 1 to 20 × 100 ms for one app, 3 for another")
    func percentilesOnAKnownNight() {
        var launches = (1...20).map { launch($0, "com.example.alpha", activeAfter: $0 * 100) }
        launches += [launch(21, "com.example.beta", activeAfter: 300), launch(22, "com.example.beta", activeAfter: 100),
                     launch(23, "com.example.beta", activeAfter: 200), launch(24, "com.example.beta", activeAfter: nil, intent: "background")]
        let apps = AppLaunchStatistics.of(launches)
        #expect(apps.map(\.app) == ["com.example.alpha", "com.example.beta"])
        let alpha = apps[0]
        #expect(alpha.launches == 20 && alpha.timedLaunches == 20)
        #expect(alpha.timeToActiveP50Ms == 1_000 && alpha.timeToActiveP90Ms == 1_800 && alpha.timeToActiveMaxMs == 2_000)
        #expect(alpha.outcomes == [.active: 20] && alpha.starts == [.cold: 20])
        let beta = apps[1]
        #expect(beta.launches == 4 && beta.timedLaunches == 3)
        #expect(beta.timeToActiveP50Ms == 200 && beta.timeToActiveP90Ms == 300 && beta.timeToActiveMaxMs == 300)
        #expect(beta.starts == [.cold: 3, .background: 1])
        #expect(beta.outcomes == [.active: 3, .incomplete: 1])
    }

    @Test("past 10,000 apps, launches of new apps are counted, not listed: memory stays flat however many names a log gives apps")
    func appsPastTheBound() {
        var gathering = AppLaunchStatistics.Gathering()
        let bound = AppLaunchStatistics.Gathering.maximumApps
        for index in 0..<(bound + 3) { gathering.add(launch(index, "com.example.app\(index)", activeAfter: 100)) }
        gathering.add(launch(0, "com.example.app0", activeAfter: 200))
        let apps = gathering.statistics
        #expect(apps.count == bound && gathering.launchesNotListed == 3)
        #expect(apps.first { $0.app == "com.example.app0" }?.launches == 2, "an app listed goes on counting")
        #expect(AppLaunchStatistics.notListed(3) == "3 launches of apps past the first 10,000 are not listed")
        #expect(AppLaunchStatistics.notListed(1) == "1 launch of apps past the first 10,000 is not listed")
    }

    @Test("nearest rank", arguments: [
        ([5], 50, 5), ([5], 90, 5), ([1, 2], 50, 1), ([1, 2], 90, 2), ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90, 9),
        ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90, 10),
    ])
    func nearestRank(values: [Int], percent: Int, expected: Int) {
        #expect(AppLaunchStatistics.percentile(percent, ofSorted: values) == expected)
    }

    @Test("the p90 is compared once both nights have 10 timed launches of the app; the median as before")
    func p90Regression() {
        // Yesterday: 10 launches of 100…1,000 ms. Tonight: the same median, but a slow tail.
        let yesterday = BaselineReport(
            path: "yesterday.json", findings: [],
            launches: (1...10).map { .init(id: "L\($0)", bundle: "com.example.alpha", process: nil, outcome: .active, timeToActiveMs: $0 * 100) })
        let tonight = (1...10).map { launch($0, "com.example.alpha", activeAfter: $0 <= 8 ? $0 * 100 : 4_000) }
        let diff = BaselineDiff(baseline: yesterday, inputs: [], findings: [], launches: tonight)
        #expect(diff.launchRegressions.map(\.kind) == [.slowerAtP90(baselineP90Ms: 900, currentP90Ms: 4_000)])
        #expect(diff.launchRegressions.first?.summary == "com.example.alpha: p90 time to active 900 ms → 4000 ms (+3100 ms, +344 %)")
        let fewer = BaselineDiff(baseline: yesterday, inputs: [], findings: [], launches: Array(tonight.prefix(9)) + [])
        #expect(fewer.launchRegressions.isEmpty, "9 launches tonight: no p90 compared")
    }

    @Test("a run's history entry has the p50 and the p90 of each app")
    func historyFigures() {
        let launches = (1...20).map { launch($0, "com.example.alpha", activeAfter: $0 * 100) }
        let run = HistoryRun(report: ScanReport(inputs: [], launches: LaunchLog(launches)), recordedAt: "2026-11-23T00:00:00Z", commit: nil, branch: nil)
        #expect(run.apps.map(\.medianTimeToActiveMs) == [1_050] && run.apps.map(\.p90TimeToActiveMs) == [1_800])
    }

    @Test("a run's history entry has the first 10,000 apps, as the report's statistics: a log that names a new app at every launch adds no more")
    func historyAppsPastTheBound() {
        let bound = AppLaunchStatistics.Gathering.maximumApps
        let launches = (0..<(bound + 3)).map { launch($0, "com.example.app\($0)", activeAfter: 100) } + [launch(0, "com.example.app0", activeAfter: 300)]
        let run = HistoryRun(report: ScanReport(inputs: [], launches: LaunchLog(launches)), recordedAt: "2026-11-23T00:00:00Z", commit: nil, branch: nil)
        #expect(run.apps.count == bound && !run.apps.contains { $0.app == "com.example.app\(bound)" })
        #expect(run.apps.first { $0.app == "com.example.app0" }?.launches == 2, "an app recorded goes on counting")
    }

    @Test("a start is warm only when the app delegate's willEnterForeground comes first; didBecomeActive or the scene's, unknown")
    func warmStarts() throws {
        func start(_ lines: String) throws -> AppLaunchStatistics.Start {
            AppLaunchStatistics.Start(try #require(try launches(in: lines).launches.first))
        }
        #expect(try start("applicationWillEnterForeground(_:)\napplicationDidBecomeActive(_:)\n") == .warm)
        #expect(try start("applicationDidBecomeActive(_:)\n") == .unknown)
        #expect(try start("sceneWillEnterForeground(_:)\nsceneDidBecomeActive(_:)\n") == .unknown)
        #expect(try start("application(_:didFinishLaunchingWithOptions:)\napplicationDidBecomeActive(_:)\n") == .cold)
    }
}
