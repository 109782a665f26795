import Foundation
import Testing

/// Whole-second stamps are never read to the millisecond, and every report names the device of
/// each launch and finding, on the built binary.
@Suite("timing precision and devices, end to end")
struct TimingAndDeviceTests {
    static let wholeSecondSample = "Samples/idevicesyslog-1.3-flutter-scene-adopted.log"
    static let twoDeviceSample = "Samples/two-devices-idevicesyslog.log"

    /// A generated idevicesyslog 1.3 night: launches of `apps` whose stamps are all in one second.
    static func wholeSecondNight(apps: Int) -> String {
        (0..<apps).map { index in
            let pid = 2000 + index
            let bundle = "com.example.app\(index)"
            let second = String(format: "%02d", index % 60)
            return """
                Dec  2 14:05:\(second) SpringBoard(FrontBoard)[34] <Notice>: Bootstrapping app<\(bundle)> with intent foreground-interactive
                Dec  2 14:05:\(second) runningboardd(RunningBoard)[33] <Notice>: Now tracking process: [app<\(bundle)(CFD66C1D-EE1A-67F6-CAF4-DE178EFF8153)>:\(pid)]
                Dec  2 14:05:\(second) App\(index)(UIKitCore)[\(pid)] <Notice>: UIWindowScene: 0x30df77f40: Window became key in scene: UIWindow: 0x3027ef700; contextId: 0x6626de18
                Dec  2 14:05:\(second) App\(index)(UIKitCore)[\(pid)] <Notice>: Deactivation reason removed: 5; deactivation reasons: 32 -> 0; animating application lifecycle event: 0

                """
        }.joined()
    }

    @Test("whole-second stamps never print 0 ms, in any human format", arguments: ["text", "markdown", "html", "junit"])
    func neverZeroMilliseconds(format: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        let night = folder.appendingPathComponent("night.log")
        try Self.wholeSecondNight(apps: 3).write(to: night, atomically: true, encoding: .utf8)
        for input in [Self.wholeSecondSample, night.path] {
            let result = try CommandRunner.run(["scan", "--format", format, input])
            #expect(result.status == 0, "\(result.stderr)")
            for claim in [" 0 ms", ">0 ms", "+0 ms", "1000 ms"] {
                #expect(!result.stdout.contains(claim), "\(format) of \(input) says \(claim)")
            }
        }
        let text = try CommandRunner.run(["scan", night.path]).stdout
        #expect(text.components(separatedBy: "active after < 1 s").count == 4)
        let timeline = try CommandRunner.run(["timeline", Self.wholeSecondSample]).stdout
        #expect(timeline.contains("time to active: ≈ 1 s") && !timeline.contains(" ms "))
    }

    @Test("JSON gives timeToActivePrecisionMs: 1000 for whole seconds, 1 for microseconds")
    func jsonPrecision() throws {
        let coarse = try CommandRunner.run(["scan", "--format", "json", Self.wholeSecondSample])
        let fine = try CommandRunner.run(["scan", "--format", "json", "Samples/scene-adopted-clean-launch.txt"])
        func launch(_ stdout: String) throws -> [String: Any] {
            let json = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
            return try #require((json?["launches"] as? [[String: Any]])?.first)
        }
        #expect(try launch(coarse.stdout)["timeToActivePrecisionMs"] as? Int == 1000)
        #expect(try launch(fine.stdout)["timeToActivePrecisionMs"] as? Int == 1)
        #expect(try launch(fine.stdout)["timeToActiveMs"] as? Int == 332, "millisecond logs keep their figures")
    }

    @Test("a baseline diff leaves whole-second launches out of the medians and says so")
    func baselineNote() throws {
        let folder = try CommandRunner.temporaryFolder()
        let night = folder.appendingPathComponent("night.log")
        try Self.wholeSecondNight(apps: 2).write(to: night, atomically: true, encoding: .utf8)
        let baseline = folder.appendingPathComponent("yesterday.json")
        let first = try CommandRunner.run(["scan", "--format", "json", "--output", baseline.path, night.path])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try CommandRunner.run(["report", "--baseline", baseline.path, night.path])
        #expect(report.stdout.contains("4 launches timed to the second (whole-second stamps) are left out of the medians."))
        let markdown = try CommandRunner.run(["report", "--baseline", baseline.path, "--format", "markdown", night.path])
        #expect(markdown.stdout.contains("left out of the medians"))
        let json = try CommandRunner.run(["report", "--baseline", baseline.path, "--format", "json", night.path])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["baseline"] as? [String: Any])?["launchesTimedToTheSecond"] as? Int == 4)
        let history = folder.appendingPathComponent("history.sqlite")
        let recorded = try CommandRunner.run(["report", "--record", "--history", history.path, night.path])
        #expect(recorded.stderr.contains("note: 2 launches timed to the second (whole-second stamps) are left out of the history's medians"))
    }

    @Test("the two-device sample names each launch's and finding's device in every format")
    func devicesInEveryFormat() throws {
        let text = try CommandRunner.run(["scan", "--fail-on", "never", Self.twoDeviceSample]).stdout
        #expect(text.contains("Shiftboard on QA-iPad"))
        #expect(text.contains("(pid 812) on Anas-iPhone  active"))
        #expect(text.contains("(pid 812) on QA-iPad  killed"))
        let markdown = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "markdown", Self.twoDeviceSample]).stdout
        #expect(markdown.contains("io.kestrel.shiftboard on QA-iPad") && markdown.contains("Shiftboard on QA-iPad"))
        let html = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "html", Self.twoDeviceSample]).stdout
        #expect(html.contains("on QA-iPad</span>") && html.contains("· Anas-iPhone"))
        let junit = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "junit", Self.twoDeviceSample]).stdout
        #expect(junit.contains("(device QA-iPad)") && junit.contains("device: QA-iPad"))
        let failing = try CommandRunner.run(["scan", "--format", "junit", Self.twoDeviceSample]).stdout
        #expect(failing.contains("Shiftboard[812]  device QA-iPad"), "a failure's details name the device")
        let sarif = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "sarif", Self.twoDeviceSample]).stdout
        #expect(sarif.contains("\"device\" : \"QA-iPad\""))
        let github = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "github", Self.twoDeviceSample]).stdout
        #expect(github.contains("title=launch-watchdog-termination in Shiftboard on QA-iPad::"))
        let json = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "json", Self.twoDeviceSample]).stdout
        let findings = (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["findings"] as? [[String: Any]]
        #expect(findings?.first?["device"] as? String == "QA-iPad")
    }

    @Test("a single-device report stays uncluttered")
    func singleDevice() throws {
        let text = try CommandRunner.run(["scan", "Samples/idevicesyslog-1.2-device-name-uikit-not-adopted.log"]).stdout
        #expect(!text.contains(" on iPhone"))
    }

    @Test("watch times a live whole-second stream by when its lines arrive, and says so")
    func liveArrival() throws {
        let folder = try CommandRunner.temporaryFolder()
        let log = folder.appendingPathComponent("live.log")
        try Self.wholeSecondNight(apps: 1).write(to: log, atomically: true, encoding: .utf8)
        let player = try WatchCommandTests.fakeIdevicesyslog(playing: log.path, pause: 0.05)
        let path = player.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let watch = try LiveProcess(["watch", "--fail-on", "never"], environment: ["PATH": path])
        #expect(WatchCommandTests.waitForFile(player.appendingPathComponent("done")))
        Thread.sleep(forTimeInterval: 0.3)
        #expect(watch.interrupt() == 0)
        let summary = try #require(watch.output.components(separatedBy: "── summary ──").last)
        let time = try #require(summary.firstMatch(of: /active after (\d+) ms/).flatMap { Int($0.1) })
        #expect((100..<1000).contains(time), "three 50 ms pauses between the request and active: \(summary)")
        #expect(watch.errors.contains("launch times are measured from when each line arrived"))
    }
}
