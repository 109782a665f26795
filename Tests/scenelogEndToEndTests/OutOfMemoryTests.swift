import Foundation
import Testing

/// A run that runs out of memory ends with a clear message and the input-error status, not with
/// a crash report: run under an address-space limit (`ulimit -v`) just above what it starts with.
/// Linux only: macOS ignores RLIMIT_AS.
#if os(Linux)
@Suite("out of memory", .serialized)
struct OutOfMemoryTests {
    /// Runs `scenelog arguments` in `folder` with its address space limited to `kilobytes`.
    static func run(_ arguments: [String], limit kilobytes: Int, in folder: URL) throws -> (result: CommandResult, signaled: Bool) {
        let quoted = ([CommandRunner.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v \(kilobytes) && exec " + quoted.joined(separator: " ")]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let result = CommandResult(
            stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
            status: process.terminationStatus)
        return (result, process.terminationReason == .uncaughtSignal)
    }

    @Test("a baseline too large for the memory left ends the run with a message, not a signal")
    func largeBaseline() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = CommandRunner.packageRoot.appendingPathComponent("Samples/crash-relaunch-two-launches.txt").path
        let small = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", sample])
        try Data(small.stdout.utf8).write(to: folder.appendingPathComponent("small.json"))
        // The same report with 200,000 findings: about 60 MB, several times that once decoded.
        var report = try #require(try JSONSerialization.jsonObject(with: Data(small.stdout.utf8)) as? [String: Any])
        let finding = try #require((report["findings"] as? [[String: Any]])?.first)
        report["findings"] = Array(repeating: finding, count: 200_000)
        try JSONSerialization.data(withJSONObject: report).write(to: folder.appendingPathComponent("large.json"))
        let command = ["report", sample, "--format", "json", "--jobs", "1", "--fail-on", "never", "--baseline"]

        // The least address space the command runs in with a small baseline, to within 32 MiB.
        var floor = 96 << 10
        while floor < 4 << 20, try Self.run(command + ["small.json"], limit: floor, in: folder).result.status != 0 {
            floor += 32 << 10
        }
        let (result, signaled) = try Self.run(command + ["large.json"], limit: floor + (48 << 10), in: folder)
        #expect(!signaled, "killed by a signal: \(result.stderr.prefix(300))")
        #expect(result.status == 2 || result.status == 3, "\(result.stderr.prefix(300))")
        #expect(result.stderr.contains("out of memory") || result.stderr.contains("not enough memory"), "\(result.stderr.prefix(300))")
        #expect(!result.stderr.contains("crashed"))
    }
}
#endif
