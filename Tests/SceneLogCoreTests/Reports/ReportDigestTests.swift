import Testing

@testable import SceneLogCore

/// The digest every renderer reads: counts, the canonical outcome order, groups, baseline states.
@Suite("report digest")
struct ReportDigestTests {
    static func launch(_ id: String, _ outcome: LaunchOutcome) -> Launch {
        var launch = Launch(id: id, path: "a.log")
        let mark = LaunchMark(timestamp: nil, seconds: nil, location: SourceLocation(path: "a.log", line: 1, byteOffset: 0), process: nil)
        switch outcome {
        case .active: launch.phases[.active] = mark
        case .crashed: launch.termination = Termination(kind: .signal, detail: "SIGSEGV(11)")
        case .killed: launch.termination = Termination(kind: .watchdog)
        case .exited: launch.termination = Termination(kind: .clean)
        case .launchFailed: launch.hitLaunchTrap = true
        case .blackScreenSuspected:
            launch.phases[.sceneCreated] = mark
            launch.phases[.active] = mark
        case .incomplete: break
        }
        #expect(launch.outcome == outcome)
        return launch
    }

    @Test("outcomes are counted in the order LaunchOutcome declares them, whatever the launches' order")
    func outcomeOrder() {
        let launches = [LaunchOutcome.incomplete, .crashed, .blackScreenSuspected, .active, .killed, .crashed, .launchFailed, .exited, .active]
            .enumerated().map { Self.launch("L\($0.offset + 1)", $0.element) }
        let counts = OutcomeCounts(launches)
        #expect(counts.entries.map(\.outcome) == LaunchOutcome.allCases)
        #expect(counts.entries.map(\.count) == [2, 2, 1, 1, 1, 1, 1])
        #expect(counts.total == 9)
        #expect(LaunchOutcome.allCases.map(\.rawValue) == [
            "active", "crashed", "killed", "exited", "launch-failed", "black-screen-suspected", "incomplete",
        ])
    }

    @Test("the one-line summary", arguments: [
        ([LaunchOutcome](), "No launch found."),
        ([.active], "1 launch: 1 active."),
        ([.crashed, .active, .active], "3 launches: 2 active, 1 crashed."),
    ])
    func outcomeSummary(outcomes: [LaunchOutcome], expected: String) {
        let launches = outcomes.enumerated().map { Self.launch("L\($0.offset + 1)", $0.element) }
        #expect(OutcomeCounts(launches).summary == expected)
    }

    @Test("counts, groups and baseline states of the small report")
    func small() throws {
        let report = SceneLogCoreTests.smallReport()
        let digest = report.digest
        #expect(digest.severityCounts.map(\.severity) == [.error, .warning, .note])
        #expect(digest.severityCounts.map(\.count) == [2, 1, 1])
        #expect(digest.tally.byRule == ["uncaught-exception": 2, "window-created-before-activation": 1, "main-thread-io-at-launch": 1])
        #expect(digest.outcomeCounts.list == "1 active, 1 crashed")
        #expect(digest.totals.lines == 17)
        #expect(FindingGroups(report.findings).groups.map(\.count) == [1, 1, 2])
        let baseline = try #require(digest.baseline)
        #expect(report.findings.map { baseline.state(of: $0) } == [.unchanged, .unchanged, .new, .new])
        #expect(baseline.newGroups.groups.count == 1 && baseline.fixedGroups.groups.map(\.first.rule) == ["root-view-controller-missing"])
        #expect(baseline.notSeenGroups.groups.map(\.first.message) == ["Gamma did I/O on the main thread during launch"])
        #expect(baseline.counts == "2 new, 1 fixed, 1 not seen, 2 unchanged findings; 2 launch regressions")
        #expect(baseline.diff.launchRegressions.map(\.kind.name) == ["slower", "worse-outcome"])
    }

    @Test("the report's own counts agree with the digest's")
    func reportCounts() throws {
        let report = try sampleReport()
        let digest = ReportDigest(report)
        #expect(report.findingsBySeverity == Dictionary(uniqueKeysWithValues: digest.severityCounts.map { ($0.severity, $0.count) }))
        #expect(report.findingsByRule == digest.tally.byRule)
        #expect(digest.outcomeCounts.total == report.launches.count)
    }
}
