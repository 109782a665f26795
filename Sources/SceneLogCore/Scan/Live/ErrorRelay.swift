#if canImport(Glibc)
import Glibc

private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin

private let systemRead = Darwin.read
#endif

/// The standard error of a spawned idevicesyslog (no device, a passcode to enter), read by the
/// live loop and passed on whole lines at a time, so that the watch can keep its status line out
/// of the way of each message.
final class ErrorRelay {
    /// The read end of the pipe (non-blocking).
    let descriptor: Int32
    /// A line begun and not ended yet.
    private var pending: [UInt8] = []
    /// The pipe was closed (idevicesyslog exited).
    private(set) var ended = false
    /// The most bytes held back waiting for a line's end.
    static let maximumPending = 4_096

    init(descriptor: Int32) {
        self.descriptor = descriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(descriptor)
    }

    /// What arrived: the whole lines (everything with `final`, or when a line grows too long).
    func take(final: Bool) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while !ended {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                pending += buffer[..<count]
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { ended = true }
            break
        }
        let end = final || ended || pending.count > Self.maximumPending ? pending.count : (pending.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
        defer { pending.removeFirst(end) }
        return Array(pending[..<end])
    }
}
