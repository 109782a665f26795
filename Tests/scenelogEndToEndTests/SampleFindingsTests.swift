import Foundation
import Testing

/// The exact rule ids (line rules and launch diagnoses) each sample produces: one sample per
/// black-screen cause and termination kind.
@Suite struct SampleFindingsTests {
    static let expected: [String: Set<String>] = [
        "crash-report-sigabrt.ips": ["crash-report"],
        "crash-report-watchdog-scene-create.ips": ["launch-watchdog-termination"],
        "black-screen-no-default-configuration.log": ["default-configuration-missing", "black-screen-suspected"],
        "black-screen-scene-class-not-loaded.log": ["scene-class-not-loaded", "black-screen-suspected"],
        "black-screen-scene-delegate-missing-window.log": ["scene-delegate-missing-window"],
        "black-screen-storyboard-not-found.txt": ["scene-storyboard-not-found"],
        "black-screen-window-before-activation.log": ["window-created-before-activation", "black-screen-suspected"],
        "console-export-header-subsystem-columns-flutter-ios26.txt": ["scene-lifecycle-not-adopted"],
        "console-export-library-column-sigabrt.txt": ["root-view-controller-missing"],
        "console-export-react-native-not-adopted.txt": ["scene-lifecycle-not-adopted"],
        "crash-relaunch-two-launches.txt": ["uncaught-exception"],
        "go-ios-ostrace-plain.log": ["scene-lifecycle-not-adopted"],
        "go-ios-syslog-json.log": ["black-screen-suspected"],
        "idevicesyslog-1.2-device-name-uikit-not-adopted.log": ["scene-lifecycle-not-adopted"],
        "idevicesyslog-1.3-flutter-scene-adopted.log": [],
        "idevicesyslog-1.4-microseconds-watchdog.log": ["launch-watchdog-termination"],
        "log-compact-capacitor-ios26.log": ["scene-configuration-missing", "scene-lifecycle-not-adopted"],
        "log-default-stream-simulator.log": ["default-configuration-missing"],
        "log-json-style-unity.json": [],
        "log-ndjson-ios27-trap.ndjson": ["scene-lifecycle-required"],
        "log-syslog-style-scene-delegate-class.log": [
            "no-scene-delegate-for-storyboard", "scene-delegate-class-not-loaded", "black-screen-suspected",
        ],
        "pymobiledevice3-live-label-unity.log": ["scene-lifecycle-not-adopted"],
        "scene-adopted-clean-launch.txt": [],
        "slow-launch-hang-main-thread-io.txt": ["main-thread-hang", "main-thread-io-at-launch", "launch-slow"],
        "sysdiagnose-mobileactivation.log": [],
        "termination-force-quit-and-clean-exit.log": [],
        "termination-jetsam-memory-limit.log": [],
        "termination-tcc-privacy-usage-description.txt": ["privacy-usage-description-missing", "scene-lifecycle-not-adopted"],
        "termination-uncaught-js-exception.txt": ["uncaught-exception"],
        "two-devices-idevicesyslog.log": ["launch-watchdog-termination"],
        "xcode-console-nslog-storyboard.log": ["storyboard-entry-point-missing", "unknown-interface-builder-class"],
        "xcode-console-print-function-scene-cold-launch.log": [],
        "xcode-console-plain-app-based-ios26-warning.txt": ["scene-lifecycle-not-adopted", "scene-never-connected"],
        "console-export-filtered-to-app-slow-launch-background-cycle.txt": ["launch-slow"],
        "idevicesyslog-starts-after-launch-watchdog-exit.log": ["launch-watchdog-termination"],
        "unity-trampoline-app-based.log": [],
        "unity-trampoline-uiscene.log": [],
        "xcode-console-warm-deep-link.log": [],
        "xcode-console-cold-deep-link.log": [],
        "xcode-console-background-launch.log": [],
        "xcode-console-external-display-scene.log": [],
        "xcode-console-ios27-trap-lldb-breakpoint.txt": ["scene-lifecycle-required"],
        "xcode-console-prose-quoting-callbacks.txt": [],
        "flutter-run-simulator-open-request-denied.txt": ["open-request-denied"],
    ]

    /// Samples of apps that adopted the scene life cycle.
    static let adopted = [
        "scene-adopted-clean-launch.txt", "idevicesyslog-1.3-flutter-scene-adopted.log", "log-json-style-unity.json",
        "go-ios-syslog-json.log", "termination-uncaught-js-exception.txt", "black-screen-window-before-activation.log",
        "crash-relaunch-two-launches.txt",
    ]

    private func ruleIDs(of sample: String) throws -> Set<String> {
        let result = try CommandRunner.run(["scan", "--format", "json", "Samples/\(sample)"])
        #expect(result.status == 0 || result.status == 1, "\(sample): \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = try #require(object?["findings"] as? [[String: Any]])
        return Set(findings.compactMap { $0["rule"] as? String })
    }

    @Test(arguments: expected.keys.sorted())
    func sampleYieldsExactlyItsRules(sample: String) throws {
        #expect(try ruleIDs(of: sample) == Self.expected[sample])
    }

    /// Every log and crash report in Samples/ (not its README, the nightly workflow folder or the
    /// report screenshot) has its expected rules listed.
    @Test func everySampleIsCovered() throws {
        let folder = CommandRunner.packageRoot.appendingPathComponent("Samples")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { name in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue && name != "README.md" && !name.hasSuffix(".png")
        }
        #expect(Set(files) == Set(Self.expected.keys))
    }

    @Test(arguments: adopted)
    func adoptedAppsHaveNoSceneLifecycleFinding(sample: String) throws {
        #expect(try ruleIDs(of: sample).filter { $0.hasPrefix("scene-lifecycle-") }.isEmpty)
    }
}
