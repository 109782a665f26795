import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A short-lived program scenelog asks something of (`idevice_id -l`, `git rev-parse`): what it
/// prints is read for at most a deadline and a number of bytes, and a program that passes either
/// is ended (SIGTERM, then SIGKILL) rather than waited for.
struct BoundedRun {
    /// What it printed on standard output, up to the limit.
    var output: [UInt8]
    /// Which bound it passed (`did not finish listing the devices within 10 s`, `printed more than
    /// 64 KiB`), if any.
    var problem: String?
    /// Whether it exited by itself with status 0.
    var succeeded: Bool
    var status: Int32

    /// Runs `executable` with `arguments`, standard input on /dev/null, standard error scenelog's
    /// own or, `discardingErrors`, on /dev/null. `doing` names its task in ``problem``.
    /// - Throws: what starting it threw.
    init(
        _ executable: String, _ arguments: [String], doing task: String, deadlineSeconds: Double, outputLimit: Int,
        discardingErrors: Bool = false
    ) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        if discardingErrors { process.standardError = FileHandle.nullDevice }
        try process.run()
        (output, problem) = Self.readBounded(
            pipe.fileHandleForReading.fileDescriptor, doing: task, deadlineSeconds: deadlineSeconds, limit: outputLimit)
        try? pipe.fileHandleForReading.close()
        if problem != nil, process.isRunning {
            process.terminate()
            // SIGTERM may be ignored: SIGKILL after a moment.
            let pid = process.processIdentifier
            for _ in 0..<50 where process.isRunning { usleep(10_000) }
            if process.isRunning { kill(pid, SIGKILL) }
        }
        process.waitUntilExit()
        status = process.terminationStatus
        succeeded = problem == nil && process.terminationReason == .exit && status == 0
    }

    /// Reads `descriptor` to its end, for at most `deadlineSeconds` and `limit` bytes; `problem`
    /// says which bound was passed.
    private static func readBounded(_ descriptor: Int32, doing task: String, deadlineSeconds: Double, limit: Int)
        -> (bytes: [UInt8], problem: String?)
    {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(deadlineSeconds * 1e9)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return (bytes, "did not finish \(task) within \(Int(deadlineSeconds)) s") }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let waited = poll(&poller, 1, Int32(min((deadline - now) / 1_000_000 + 1, 1000)))
            if waited < 0, errno == EINTR { continue }
            guard waited > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return (bytes, nil) }
            bytes += buffer.prefix(count)
            guard bytes.count <= limit else { return (bytes, "printed more than \(limit >> 10) KiB") }
        }
    }
}
