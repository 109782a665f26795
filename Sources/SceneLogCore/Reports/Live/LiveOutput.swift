#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a live stream to standard output as each piece is ready (no buffering). A reader that
/// went away (`scenelog watch | head`) ends the stream quietly; any other write error is reported
/// once, and the watch ends with the input-error status.
public final class LiveOutput {
    public enum State: Equatable, Sendable {
        case open
        /// The reader closed the pipe (EPIPE).
        case closed
        /// A write failed otherwise.
        case failed
    }

    public private(set) var state = State.open
    /// Whether standard output is a terminal (repeats may then be redrawn in place).
    public let isTerminal = isatty(STDOUT_FILENO) == 1
    private let report: (ScanDiagnostic) -> Void

    /// - Parameter report: told once when a write fails for another reason than a closed reader.
    public init(report: @escaping (ScanDiagnostic) -> Void) {
        self.report = report
    }

    /// How a live loop ends because of the output: `nil` while it is open.
    public var loopEnd: LiveLoop.End? {
        switch state {
        case .open: nil
        case .closed: .outputClosed
        case .failed: .outputFailed
        }
    }

    func write(_ text: String) {
        guard state == .open, let failure = ReportDestination.writeAll(text.utf8) else { return }
        if failure == EPIPE {
            state = .closed
        } else {
            state = .failed
            report(ScanDiagnostic(.error, "cannot write to standard output: \(String(cString: strerror(failure)))"))
        }
    }
}
