import Foundation
import Testing
import TestSupport

/// What the tests of `Samples/distributed/` share: a way to run any program, the scenelog under
/// test on a `PATH` of its own, and python3 with the modules a sample needs.
enum DistributedNight {
    static let distributed = CommandRunner.packageRoot.appendingPathComponent("Samples/distributed")

    /// The sample logs and crash reports (not the README, the screenshot or the nightly folder).
    static func sampleLogs() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: CommandRunner.packageRoot.appendingPathComponent("Samples").path)
            .filter { [".log", ".txt", ".json", ".ndjson", ".ips"].contains(where: $0.hasSuffix) }
            .sorted()
    }

    /// Runs a program (a path, or a name looked up on `PATH` by `/usr/bin/env`).
    static func run(
        _ executable: String, _ arguments: [String], in directory: URL = CommandRunner.packageRoot,
        environment: [String: String] = [:], stdin: Data? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
        process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
            .merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Standard error is drained on its own thread so that neither pipe can fill and stall the other.
        nonisolated(unsafe) var errors = Data()
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errors = err.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return CommandResult(
            stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self),
            status: process.terminationStatus)
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
        let check = try run(python, ["-c", modules.map { "import \($0)" }.joined(separator: "; ")])
        if check.status != 0 {
            try RequiredTool.missing(
                "python3 modules \(modules.joined(separator: ", ")) are needed for this test: \(install) "
                    + "(or bash .ci/install-dependencies tests)")
        }
        return python
    }
}
