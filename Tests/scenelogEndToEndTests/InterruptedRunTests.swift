import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP during `scan`, `timeline` and `report`: reading stops, the report of
/// what was read is still written and says it is interrupted, the exit code is 3, and
/// `report --record` records nothing.
@Suite("interrupted runs", .serialized)
struct InterruptedRunTests {
    static let line = "Oct  7 21:14:05 iPhone SpringBoard[52] <Notice>: a line of a long capture\n"

    /// A log of 1.5 million lines, written once for the tests that interrupt a long read.
    static let longLog: URL = {
        let folder = try! CommandRunner.temporaryFolder()
        let url = folder.appendingPathComponent("long.log")
        try! String(repeating: line, count: 1_500_000).write(to: url, atomically: true, encoding: .utf8)
        return url
    }()

    /// A `scenelog` process with its standard input a pipe the test keeps open until it ends.
    final class Run {
        let process = Process()
        let input = Pipe()
        private let out = Pipe()
        private let err = Pipe()

        init(_ arguments: [String], in folder: URL) throws {
            process.executableURL = CommandRunner.binary
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
            process.standardInput = input
            process.standardOutput = out
            process.standardError = err
            try process.run()
        }

        /// Sends `signal` once the process had time to start reading, then waits for the end:
        /// the exit status, standard output and standard error.
        func stop(with signal: Int32, after delay: TimeInterval) throws -> CommandResult {
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, signal)
            let output = out.fileHandleForReading.readDataToEndOfFile()
            let errors = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            #expect(process.terminationReason == .exit)
            return CommandResult(
                stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self),
                status: process.terminationStatus)
        }
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("a signal while standard input is open but silent ends the scan: report written, interrupted, exit 3",
          arguments: [SIGTERM, SIGINT, SIGHUP])
    func tinyInput(signal: Int32) throws {
        let folder = try CommandRunner.temporaryFolder()
        let run = try Run(["scan", "--format", "json", "--fail-on", "never", "-"], in: folder)
        run.input.fileHandleForWriting.write(Data(String(repeating: Self.line, count: 3).utf8))
        let result = try run.stop(with: signal, after: 1.0)
        #expect(result.status == 3)
        #expect(result.stderr.contains("interrupted: the report covers what was read until then"))
        let report = try Self.json(result.stdout)
        #expect(report["interrupted"] as? Bool == true)
        #expect((report["inputs"] as? [[String: Any]])?.first?["lines"] as? Int == 3)
    }

    @Test("a signal while a named FIFO has no writer ends the scan: report written, interrupted, exit 3")
    func fifoWithoutWriter() throws {
        let folder = try CommandRunner.temporaryFolder()
        #expect(mkfifo(folder.appendingPathComponent("device.log").path, 0o600) == 0)
        let run = try Run(["scan", "--format", "json", "--fail-on", "never", "device.log"], in: folder)
        let result = try run.stop(with: SIGTERM, after: 1.0)
        #expect(result.status == 3)
        #expect(result.stderr.contains("interrupted: the report covers what was read until then"))
        #expect(try Self.json(result.stdout)["interrupted"] as? Bool == true)
    }

    @Test("a signal during a long read stops it: report of what was read, interrupted, exit 3",
          arguments: [SIGTERM, SIGINT, SIGHUP])
    func largeInput(signal: Int32) throws {
        let log = Self.longLog
        let run = try Run(["scan", "--format", "json", "--jobs", "1", "--fail-on", "never", log.lastPathComponent], in: log.deletingLastPathComponent())
        let result = try run.stop(with: signal, after: 0.5)
        #expect(result.status == 3)
        let report = try Self.json(result.stdout)
        #expect(report["interrupted"] as? Bool == true)
        let lines = try #require((report["inputs"] as? [[String: Any]])?.first?["lines"] as? Int)
        #expect(lines > 0 && lines < 1_500_000)
    }

    @Test("a second signal, of another kind, ends the process at once, and the report being written leaves no temporary file")
    func secondSignal() throws {
        let folder = try CommandRunner.temporaryFolder()
        let crashes = (0..<200_000).map {
            "2025-10-07 14:03:00.000000+0200  localhost App\($0 % 50)[\(1_000 + $0)]: *** Terminating app due to uncaught exception 'E', reason: 'boom \($0)'\n"
        }
        try crashes.joined().write(to: folder.appendingPathComponent("crashes.log"), atomically: true, encoding: .utf8)
        let run = try Run(["scan", "--format", "json", "--fail-on", "never", "-o", "report.json", "-"], in: folder)
        run.input.fileHandleForWriting.write(try Data(contentsOf: folder.appendingPathComponent("crashes.log")))
        try run.input.fileHandleForWriting.close()
        func partial() -> Bool { (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.contains { $0.hasSuffix(".partial") } == true }
        let deadline = Date().addingTimeInterval(60)
        while !partial(), run.process.isRunning, Date() < deadline { usleep(200) }
        try #require(partial(), "the report was written before it could be interrupted")
        kill(run.process.processIdentifier, SIGINT)
        kill(run.process.processIdentifier, SIGTERM)
        run.process.waitUntilExit()
        #expect(run.process.terminationReason == .uncaughtSignal)
        #expect(!partial())
    }

    @Test("every format says a report is interrupted", arguments: ["text", "markdown", "html", "junit", "sarif", "ndjson"])
    func otherFormats(format: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        let run = try Run(["scan", "--format", format, "-"], in: folder)
        run.input.fileHandleForWriting.write(Data(Self.line.utf8))
        let result = try run.stop(with: SIGTERM, after: 1.0)
        #expect(result.status == 3)
        if format == "ndjson" {
            #expect(result.stdout.contains("\"interrupted\":true"))
        } else {
            #expect(result.stdout.contains("Interrupted: the report covers what was read until then."))
        }
    }

    @Test("timeline --format json, interrupted, writes its report and exits with 3")
    func timeline() throws {
        let folder = try CommandRunner.temporaryFolder()
        let run = try Run(["timeline", "--format", "json", "-"], in: folder)
        run.input.fileHandleForWriting.write(Data(Self.line.utf8))
        let result = try run.stop(with: SIGTERM, after: 1.0)
        #expect(result.status == 3)
        #expect(try Self.json(result.stdout)["interrupted"] as? Bool == true)
    }

    @Test("report --record, interrupted, writes the report, records nothing and exits with 3")
    func reportNotRecorded() throws {
        let folder = try CommandRunner.temporaryFolder()
        let history = folder.appendingPathComponent("history.sqlite")
        let run = try Run(["report", "--record", "--history", history.path, "--format", "json", "--fail-on", "never", "-"], in: folder)
        run.input.fileHandleForWriting.write(Data(Self.line.utf8))
        let result = try run.stop(with: SIGTERM, after: 1.0)
        #expect(result.status == 3)
        #expect(result.stderr.contains("scenelog: warning: interrupted: the run is not recorded in the history"))
        #expect(try Self.json(result.stdout)["interrupted"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: history.path))

        let whole = try CommandRunner.run(
            ["report", "--record", "--history", history.path, "--format", "json", "-"], stdin: Data(Self.line.utf8), in: folder)
        #expect(whole.status == 0)
        #expect(!whole.stderr.contains("not recorded"))
        #expect(FileManager.default.fileExists(atPath: history.path))
    }

    @Test("a run read to the end says interrupted: false and exits with 0")
    func uninterrupted() throws {
        let result = try CommandRunner.run(["scan", "--format", "json", "-"], stdin: Data(Self.line.utf8))
        #expect(result.status == 0)
        #expect(try Self.json(result.stdout)["interrupted"] as? Bool == false)
        let events = try CommandRunner.run(["scan", "--format", "ndjson", "-"], stdin: Data(Self.line.utf8))
        #expect(events.stdout.contains("\"interrupted\":false"))
        let text = try CommandRunner.run(["scan", "-"], stdin: Data(Self.line.utf8))
        #expect(!text.stdout.contains("Interrupted"))
    }
}
