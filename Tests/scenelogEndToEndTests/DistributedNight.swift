import Foundation
import Testing
import TestSupport

/// What the tests of `Samples/distributed/` share: the scenelog under test on a `PATH` of its own,
/// and python3 with the modules a sample needs.
enum DistributedNight {
    static let distributed = CommandRunner.packageRoot.appendingPathComponent("Samples/distributed")

    /// The sample logs and crash reports (not the README, the screenshot or the nightly folder).
    static func sampleLogs() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: CommandRunner.packageRoot.appendingPathComponent("Samples").path)
            .filter { [".log", ".txt", ".json", ".ndjson", ".ips"].contains(where: $0.hasSuffix) }
            .sorted()
    }

    /// A folder holding only a `scenelog` link to the binary under test, for the front of `PATH`.
    static func binFolder() throws -> URL {
        let bin = try CommandRunner.temporaryFolder()
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("scenelog"), withDestinationURL: CommandRunner.binary)
        return bin
    }

    /// `PATH` with `bin` in front.
    static func path(with bin: URL) -> String {
        bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// python3, with `modules` importable; otherwise the test is skipped (failed in CI), naming
    /// what to install.
    static func python(with modules: [String], install: String) throws -> String {
        let python = try RequiredTool.python3.locate()
        let check = try CommandRunner.run(executable: python, ["-c", modules.map { "import \($0)" }.joined(separator: "; ")])
        if check.status != 0 {
            try RequiredTool.missing(
                "python3 modules \(modules.joined(separator: ", ")) are needed for this test: \(install) "
                    + "(or bash .ci/install-dependencies tests)")
        }
        return python
    }
}
