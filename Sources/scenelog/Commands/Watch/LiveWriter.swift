#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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
        guard state == .open, let failure = ReportOutput.writeAll(text) else { return }
        if failure == EPIPE {
            state = .closed
        } else {
            state = .failed
            Diagnostics.error("cannot write to standard output: \(String(cString: strerror(failure)))")
        }
    }
}
