import Testing

@testable import SceneLogCore

/// The status line of `watch` on a terminal, and where the summary says open launches were stuck.
@Suite("watch status line")
struct StatusLineTests {
    /// The watchdog sample's launch as it was when its scene create was sent.
    static func launchInSceneCreate() throws -> Launch {
        var launch = try #require(try launches(in: try sample("idevicesyslog-1.4-microseconds-watchdog.log")).launches.first)
        launch.phases[.terminated] = nil
        return launch
    }

    @Test("a launch waiting in scene-create shows its time against the watchdog's budget")
    func sceneCreateAgainstWatchdog() throws {
        var waiting = WaitingLaunches()
        let launch = try Self.launchInSceneCreate()
        waiting.reached(launch, .spawned, at: 100)
        waiting.reached(launch, .sceneCreated, at: 101)
        let waits = waiting.waits(at: 109.14)
        #expect(waits.count == 1, "one entry per launch")
        let status = StatusLine(source: "idevicesyslog", lines: 1234, rate: 85.4, devices: 1, waits: waits)
        #expect(status.text(width: 200) == "idevicesyslog · 1234 lines · 85 lines/s · 1 device · io.waypoint.tripplanner scene-create 8.1 s of 19.96 s")
        #expect(LiveTextRenderer().stuck(try #require(waits.first)) == "io.waypoint.tripplanner: stuck in scene-create for 8.1 s of 19.96 s (line 33)\n")
        waiting.ended(launch)
        #expect(waiting.waits(at: 110).isEmpty)
    }

    @Test("before scene-create a launch shows the time since its phase, without a budget")
    func otherPhase() throws {
        var waiting = WaitingLaunches()
        waiting.reached(try Self.launchInSceneCreate(), .spawned, at: 10)
        let wait = try #require(waiting.waits(at: 12.96).first)
        #expect(wait.timeText == "3.0 s")
        #expect(LiveTextRenderer().stuck(wait) == "io.waypoint.tripplanner: stuck after spawned for 3.0 s (line 10)\n")
    }

    @Test("log text is escaped and the line cut to the terminal's width, wide characters counted twice")
    func escapedAndCut() throws {
        var launch = try Self.launchInSceneCreate()
        launch.bundle = "evil\u{1B}[2Japp"
        var waiting = WaitingLaunches()
        waiting.reached(launch, .sceneCreated, at: 0)
        let text = StatusLine(source: "-", lines: 1, rate: 0, devices: 0, waits: waiting.waits(at: 1)).text(width: 200)
        #expect(!text.contains("\u{1B}"))
        #expect(StatusLine.cut("abcdef", to: 6) == "abcdef")
        #expect(StatusLine.cut("abcdefg", to: 6) == "abcde…")
        #expect(StatusLine.cut("日本語のアプリ", to: 6) == "日本…")
    }
}
