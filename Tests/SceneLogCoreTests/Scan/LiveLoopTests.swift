import Foundation
import Testing

@testable import SceneLogCore

/// The live loop of `watch` reading several sources side by side, with a tick on a timer.
@Suite("live loop", .serialized)
struct LiveLoopTests {
    @Test("two followed files are read side by side, their launches labelled, and the tick comes without lines")
    func twoFeedsAndTicks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("liveloop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try sample("idevicesyslog-1.4-microseconds-watchdog.log")
        let observer = LaunchRecorder()
        let feeds = try ["iphone.log", "ipad.log"].map { name in
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let source = try LiveSource.following(path, fromStart: true, report: { _ in })
            return LiveFeed(source: source, label: name, options: try testScanOptions(), observer: observer)
        }
        let expected = 2 * text.split(separator: "\n").count
        var linesAtTicks: [Int] = []
        let loop = try LiveLoop(
            feeds: feeds, outputEnd: { nil },
            tick: LiveLoop.Tick(everyMilliseconds: 20) { lines in
                linesAtTicks.append(lines)
                // Once everything is read, a few more ticks come with no line: then stop.
                if linesAtTicks.suffix(3) == [expected, expected, expected] { LiveLoop.requestStop() }
            })
        // A loop that never ticks would wait for ever: a late stop ends it, and the test fails.
        let watchdog = DispatchWorkItem { LiveLoop.requestStop() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        defer { watchdog.cancel() }
        #expect(loop.run() == .interrupted)
        #expect(linesAtTicks.suffix(3) == [expected, expected, expected])
        #expect(loop.linesArrived == expected)
        let result = loop.finish()
        #expect(result.inputs.count == 2)
        #expect(result.launches.map(\.device) == ["iphone.log", "ipad.log"])
        #expect(Set(observer.devices) == ["iphone.log", "ipad.log"])
    }
}

/// Records the devices of the launches a live scan hands out.
private final class LaunchRecorder: ScanObserver {
    var devices: [String?] = []

    var wantsLiveEvents: Bool { true }

    func scanLaunch(_ launch: Launch, didReach phase: LaunchPhase) {
        devices.append(launch.device)
    }
}
