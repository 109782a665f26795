#if canImport(Glibc)
import Glibc

private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin

private let systemWrite = Darwin.write
#endif

/// Writes a live stream to standard output as each piece is ready (no buffering). A reader that
/// went away (`scenelog watch | head`) ends the stream quietly; any other write error is reported
/// once, and the watch ends with exit code 3.
final class LiveWriter {
    enum State: Equatable {
        case open
        /// The reader closed the pipe (EPIPE).
        case closed
        /// A write failed otherwise.
        case failed
    }

    private(set) var state = State.open
    /// Whether standard output is a terminal (repeats may then be redrawn in place).
    let isTerminal = isatty(STDOUT_FILENO) == 1

    func write(_ text: String) {
        guard state == .open else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                if errno == EPIPE {
                    state = .closed
                } else {
                    state = .failed
                    Diagnostics.error("cannot write to standard output: \(String(cString: strerror(errno)))")
                }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
