import Foundation

/// A `scenelog` process whose standard output is read as it arrives, so that tests can wait for
/// something to be printed while it runs.
final class LiveProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var outputText = ""
    private var errorText = ""

    /// Starts `scenelog arguments` in `directory`; `stdin` is given to it as standard input
    /// (`/dev/null` when nil).
    init(
        _ arguments: [String], stdin: FileHandle? = nil, in directory: URL = CommandRunner.packageRoot,
        environment: [String: String] = [:]
    ) throws {
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
            .merging(environment) { $1 }
        process.standardInput = stdin ?? FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        out.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            guard !data.isEmpty else { return }
            lock.withLock { outputText += String(decoding: data, as: UTF8.self) }
        }
        err.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            guard !data.isEmpty else { return }
            lock.withLock { errorText += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
    }

    /// Everything printed so far.
    var output: String { lock.withLock { outputText } }
    var errors: String { lock.withLock { errorText } }

    /// Waits until the output contains `text` (true) or `timeout` seconds pass (false).
    func waitFor(_ text: String, timeout: TimeInterval = 20) -> Bool {
        waitUntil(timeout: timeout) { $0.contains(text) }
    }

    /// Waits until `condition` holds for the output (true) or `timeout` seconds pass (false).
    func waitUntil(timeout: TimeInterval = 20, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(output) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// Sends SIGINT, waits for the exit, and returns the exit status.
    func interrupt() -> Int32 {
        process.interrupt()
        return finish()
    }

    /// Waits for the exit (and the last output) and returns the exit status.
    func finish() -> Int32 {
        process.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.1)
        return process.terminationStatus
    }
}
