#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the pipe that wakes the watch loop; a signal handler can only reach a global.
nonisolated(unsafe) private var wakeUpWriteEnd: Int32 = -1

/// A pipe the live loop waits on beside its input: a stop asked from a signal handler writes to it
/// (so a stop is seen at once, not after the next line), and so does a spawned idevicesyslog that fails.
final class WakeUpPipe {
    /// What woke the loop.
    enum Reason: UInt8 {
        case interrupted = 1
        case childFailed = 2
    }

    let readEnd: Int32

    /// The one pipe of the process, once made (``LiveLoop/prepare()``).
    nonisolated(unsafe) static var shared: WakeUpPipe?

    /// Creates the pipe; ``wake(_:)`` writes to it from then on.
    init() throws(WatchError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw WatchError("cannot create a pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        wakeUpWriteEnd = ends[1]
    }

    /// Wakes the loop with `reason` (from any thread, and from a signal handler: one write(2)).
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
