import Foundation
import Testing

/// `scenelog timeline`, run as a binary.
@Suite struct TimelineCommandTests {
    @Test func printsPhasesFindingsAndOutcome() throws {
        let result = try CommandRunner.run(["timeline", "Samples/log-syslog-style-scene-delegate-class.log"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("L1  com.example.MyApp (MyApp, pid 48213"))
        for phase in ["requested", "spawned", "bootstrapped", "sceneCreated", "active"] {
            #expect(result.stdout.contains(phase), "\(phase)")
        }
        #expect(result.stdout.contains("⚑ error scene-delegate-class-not-loaded"))
        #expect(result.stdout.contains("⚑ warning black-screen-suspected"))
        #expect(result.stdout.contains("outcome: black-screen-suspected; time to active: 312 ms"))
        #expect(result.stdout.contains("1 launch: 1 black-screen-suspected."))
    }

    /// Asperi's Stack Overflow answer on SwiftUI previews (2020): the callbacks' print(#function)
    /// lines, then the app's first NSLog line, after it went active, names its process and pid.
    @Test("a launch shown before its app was named gets a line naming it")
    func namesALaunchShownUnnamed() throws {
        let capture = """
            application(_:didFinishLaunchingWithOptions:)
            application(_:configurationForConnecting:options:)
            scene(_:willConnectTo:options:)
            init()
            sceneWillEnterForeground(_:)
            sceneDidBecomeActive(_:)
            2020-06-12 16:08:14.460096+0300 TestPreview[70945:1547508] [Agent] Received remote injection

            """
        let result = try CommandRunner.run(["timeline", "-"], stdin: Data(capture.utf8))
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("L1  unknown app  -") == true)
        #expect(lines.contains("L1 is TestPreview (pid 70945)"), "\(result.stdout)")
    }

    /// A print(#function) study of the life cycle (a Korean blog's console fences, 2023): the app
    /// goes active, to the background and back, then is closed from the app switcher. What came
    /// after the launch was printed is printed when the launch ends, not dropped.
    @Test("what a launch went on to after it was printed (background, foreground, disconnect) is printed too")
    func printsWhatTheLaunchWentOnTo() throws {
        let capture = """
            application(_:didFinishLaunchingWithOptions:)
            scene(_:willConnectTo:options:)
            sceneWillEnterForeground(_:)
            sceneDidBecomeActive(_:)
            sceneWillResignActive(_:)
            sceneDidEnterBackground(_:)
            sceneWillEnterForeground(_:)
            sceneDidBecomeActive(_:)
            sceneWillResignActive(_:)
            sceneDidDisconnect(_:)

            """
        let result = try CommandRunner.run(["timeline", "-"], stdin: Data(capture.utf8))
        #expect(result.status == 0)
        let output = result.stdout
        let wentOn = try #require(output.range(of: "L1 went on:\n"), "\(output)")
        let first = output[..<wentOn.lowerBound]
        let later = output[wentOn.upperBound...]
        #expect(first.contains("↳ didBecomeActive") && !first.contains("willResignActive"), "\(output)")
        for (step, line) in [("willResignActive", 5), ("didEnterBackground", 6), ("willEnterForeground", 7), ("didDisconnect", 10)] {
            #expect(later.split(separator: "\n").contains { $0.contains("↳ \(step)") && $0.hasSuffix("line \(line)") }, "\(step): \(output)")
        }
        // Printed once each: nothing of the first part again.
        #expect(!later.contains("didFinishLaunching") && output.components(separatedBy: "went on:").count == 2, "\(output)")
    }

    /// expo/expo#46664: the iOS 27 message alone in an issue's fence. The launch is seen only by
    /// its end, so it has no row; its finding (told once its event is over) is its evidence.
    @Test("a launch seen only by its end shows its findings, even those told after it was printed")
    func endOnlyLaunchShowsItsFinding() throws {
        let issue = """
            The generated iOS project still uses an AppDelegate/window lifecycle, so the app is stopped at launch with:

            ```text
            Application failed to launch: UIScene life cycle is required for apps built with this SDK. See Technote TN3187 for more information on migration.
            ```

            """
        let result = try CommandRunner.run(["timeline", "-"], stdin: Data(issue.utf8))
        #expect(result.status == 1)
        #expect(result.stdout.contains("outcome: launch-failed"), "\(result.stdout)")
        let flags = result.stdout.split(separator: "\n").filter { $0.contains("⚑ error scene-lifecycle-required") }
        #expect(flags.count == 1 && flags.first?.hasSuffix("line 4") == true, "\(result.stdout)")
    }

    @Test func jsonHasTheLaunchesArray() throws {
        let result = try CommandRunner.run(["timeline", "--format", "json", "Samples/termination-uncaught-js-exception.txt"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let launches = try #require(object?["launches"] as? [[String: Any]])
        let launch = try #require(launches.first)
        #expect(launches.count == 1)
        #expect(launch["id"] as? String == "L1" && launch["outcome"] as? String == "crashed")
        #expect(launch["bundle"] as? String == "com.pantrypal.mobile" && launch["pid"] as? Int == 3388)
        #expect((launch["termination"] as? [String: String]) == ["kind": "signal", "detail": "SIGABRT(6)"])
        let phases = try #require(launch["phases"] as? [String: [String: Any]])
        #expect(phases["requested"]?["line"] as? Int == 7)
        #expect(launch["timeToActiveMs"] as? Int == 343 && launch["findings"] as? Int == 1)
        let findings = try #require(object?["findings"] as? [[String: Any]])
        #expect(findings.first?["launch"] as? String == "L1")
    }

    @Test func scanJSONIncludesTheSameLaunches() throws {
        let scan = try CommandRunner.run(["scan", "--format", "json", "Samples/scene-adopted-clean-launch.txt"])
        let object = try JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [String: Any]
        let launches = try #require(object?["launches"] as? [[String: Any]])
        #expect(launches.map { $0["outcome"] as? String } == ["active"])
        #expect((object?["summary"] as? [String: Any])?["launches"] as? Int == 1)
    }

    @Test func appFilterKeepsOneAppsLaunches() throws {
        let result = try CommandRunner.run([
            "timeline", "--app", "com.pantrypal.mobile", "Samples/termination-uncaught-js-exception.txt",
            "Samples/scene-adopted-clean-launch.txt",
        ])
        #expect(result.stdout.contains("com.pantrypal.mobile"))
        #expect(!result.stdout.contains("net.fernhill.fieldnotes"))
    }

    /// A launch is printed while the input is still open, as soon as its outcome is known.
    @Test func streamsALaunchBeforeTheInputEnds() throws {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["timeline", "-"]
        process.environment = ["NO_COLOR": "1"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        let lines = try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent("Samples/scene-adopted-clean-launch.txt"),
            encoding: .utf8)
        // Everything up to one line after the app became active; the input stays open.
        let prefix = lines.split(separator: "\n", omittingEmptySubsequences: false).prefix(53).joined(separator: "\n") + "\n"
        input.fileHandleForWriting.write(Data(prefix.utf8))
        let received = ReceivedBytes()
        output.fileHandleForReading.readabilityHandler = { handle in received.append(handle.availableData) }
        let deadline = Date().addingTimeInterval(10)
        var printed = false
        while Date() < deadline, !printed {
            Thread.sleep(forTimeInterval: 0.05)
            printed = received.text.contains("outcome: active")
        }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        #expect(printed, "the launch was not printed before the input ended")
    }
}

/// Bytes read from a pipe on another thread.
private final class ReceivedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ chunk: Data) {
        lock.lock()
        data.append(chunk)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
