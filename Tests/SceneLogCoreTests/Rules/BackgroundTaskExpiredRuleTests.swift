import Testing

@testable import SceneLogCore

/// A background task's kill as backboardd told it on iOS 7 (mixpanel/mixpanel-iphone#95, an
/// idevicesyslog capture quoted with Markdown's indent): the finding is the app's, not the
/// reporter's, and joins the app's launch by its pid.
struct BackgroundTaskExpiredRuleTests {
    private static let kill = """
        Dec 20 04:51:52 Lees-iPhone-5s backboardd[31] <Warning>: abiosapp[1101] has active assertions beyond permitted time: 
            {(
                <BKProcessAssertion: 0x170277f00> identifier: Called by abiosapp, from -[Mixpanel applicationDidEnterBackground:] process: abiosapp[1101] permittedBackgroundDuration: 180.000000 reason: finishTask owner pid:1101 preventSuspend  preventIdleSleep  preventSuspendOnSleep 
            )}
        Dec 20 04:51:52 Lees-iPhone-5s backboardd[31] <Warning>: Forcing crash report of abiosapp[1101]...
        Dec 20 04:51:53 Lees-iPhone-5s backboardd[31] <Warning>: Finished crash reporting.
        """

    @Test func theFindingIsTheKilledAppsWithItsReporterInItsData() throws {
        let (launches, findings) = try launches(in: Self.kill)
        let finding = try #require(findings.first)
        #expect(findings.count == 1 && launches.isEmpty)
        #expect(finding.rule == "background-task-expired" && finding.severity == .warning)
        #expect(finding.process == "abiosapp" && finding.pid == 1101 && finding.data["reportedBy"] == "backboardd")
        #expect(finding.message == "abiosapp was killed for keeping a background task past its allowance (0x8BADF00D)")
    }

    /// With the app's own line before it (a line the app printed, by its pid), the kill joins that
    /// launch and ends it.
    @Test func theFindingJoinsTheLaunchOfItsPid() throws {
        let appLine = "Dec 20 04:48:10 Lees-iPhone-5s abiosapp[1101] <Warning>: -[AppDelegate application:didFinishLaunchingWithOptions:]\n"
        let (launches, findings) = try launches(in: appLine + Self.kill)
        let launch = try #require(launches.first)
        #expect(launches.count == 1 && launch.pid == 1101)
        #expect(findings.first?.launch == launch.id && launch.findings == 1)
        #expect(launch.outcome == .killed && launch.termination == Termination(kind: .watchdog, detail: "0x8badf00d background task"))
        #expect(launch.phases[.terminated]?.location.line == 2)
    }
}
