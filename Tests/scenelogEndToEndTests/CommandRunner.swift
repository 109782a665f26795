import Foundation
import Testing

/// What a run of the built `scenelog` binary printed and returned.
struct CommandResult {
    var stdout: String
    var stderr: String
    var status: Int32
}

/// Runs the `scenelog` binary built next to the test bundle.
enum CommandRunner {
    /// The package's root folder (for `Samples/`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var binary: URL {
        // The test bundle sits in the build products folder, next to the executable.
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = products.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("scenelog")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/scenelog")
    }

    static func run(
        _ arguments: [String], stdin: Data? = nil, in directory: URL = packageRoot, environment: [String: String] = [:]
    ) throws -> CommandResult {
        try run(executable: binary, arguments, stdin: stdin, in: directory, environment: environment)
    }

    /// Runs `scenelog` through the shell, so that an argument can hold any byte: `arguments` is
    /// shell text (`"$(printf 'logs/bad-\377.log')"`).
    static func run(shellArguments arguments: String, in directory: URL) throws -> CommandResult {
        try run(executable: URL(fileURLWithPath: "/bin/sh"), ["-c", "exec '\(binary.path)' \(arguments)"], in: directory)
    }

    /// Runs another program (a path, or a name looked up on `PATH` by `/usr/bin/env`), as the
    /// tests of workflows, scripts and samples do.
    static func run(
        executable path: String, _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:],
        stdin: Data? = nil
    ) throws -> CommandResult {
        let absolute = path.hasPrefix("/")
        return try run(
            executable: URL(fileURLWithPath: absolute ? path : "/usr/bin/env"), absolute ? arguments : [path] + arguments,
            stdin: stdin, in: directory, environment: environment)
    }

    private static func run(
        executable: URL, _ arguments: [String], stdin: Data? = nil, in directory: URL, environment: [String: String] = [:]
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
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

    /// Writes an executable script. Its descriptor is closed on exec, so that no process that
    /// another test spawns meanwhile (a tmux server) keeps it open for writing, which would make
    /// starting the script fail (ETXTBSY).
    static func writeScript(_ text: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// A fresh temporary folder, inside ``scratch``.
    static func temporaryFolder() throws -> URL {
        let url = scratch.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The folder that holds the test process's temporary folders; it goes when the process exits.
    private static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenelog-tests-\(UUID().uuidString)")
        scratchPath = url.path
        atexit {
            if let scratchPath { try? FileManager.default.removeItem(atPath: scratchPath) }
        }
        return url
    }()
}

/// ``CommandRunner``'s scratch folder, for the exit handler that removes it (a C function, which
/// captures nothing); set once, before the handler is registered.
nonisolated(unsafe) private var scratchPath: String?

extension CommandResult {
    /// The runs of `scenelog history`'s text: the rows of its first table, each named by its date.
    var historyRuns: [Substring] {
        (stdout.components(separatedBy: "\n\n").first ?? "").split(separator: "\n").dropFirst().filter { $0.first?.isNumber == true }
    }
}
