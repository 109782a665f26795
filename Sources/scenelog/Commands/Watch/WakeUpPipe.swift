import SceneLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the pipe that wakes the watch loop; a signal handler can only reach a global.
nonisolated(unsafe) private var wakeUpWriteEnd: Int32 = -1

/// A pipe the watch loop waits on beside its input: SIGINT, SIGTERM and SIGHUP write to it (so a
/// stop is seen at once, not after the next line), and so does whatever else must wake the loop.
final class WakeUpPipe {
    /// What woke the loop.
    enum Reason: UInt8 {
        case interrupted = 1
        case childFailed = 2
    }

    let readEnd: Int32

    /// Creates the pipe and routes the stop signals to it. SIGPIPE is ignored: a closed output is
    /// seen as a write error (EPIPE) and ends the watch quietly.
    init() throws(WatchError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw WatchError("cannot create a pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        wakeUpWriteEnd = ends[1]
        signal(SIGPIPE, SIG_IGN)
        SignalMask.unblock([SIGINT, SIGTERM, SIGHUP])
        for stop in [SIGINT, SIGTERM, SIGHUP] {
            signal(stop) { _ in
                var byte = WakeUpPipe.Reason.interrupted.rawValue
                _ = write(wakeUpWriteEnd, &byte, 1)
            }
        }
    }

    /// Wakes the loop with `reason` (from any thread).
    static func wake(_ reason: Reason) {
        var byte = reason.rawValue
        _ = write(wakeUpWriteEnd, &byte, 1)
    }

    /// Empties the pipe, returning the reasons it held.
    func drain() -> [Reason] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var reasons: [Reason] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            guard count > 0 else { return reasons }
            reasons += buffer[..<count].compactMap(Reason.init(rawValue:))
        }
    }
}
