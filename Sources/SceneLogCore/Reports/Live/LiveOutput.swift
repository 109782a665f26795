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

    /// The status line at the bottom of the screen, while one is shown (``showStatus(_:)``).
    private var status: String?
    /// Moves to the start of the line and clears it.
    private static let clearLine = "\r\u{1B}[2K"

    /// Writes `text` (whole lines), above the status line when one is shown: the status line is
    /// cleared, the text written, and the status line drawn again below it.
    func write(_ text: String) {
        guard let status else { return writeOut(text) }
        writeOut(Self.clearLine + text + status)
    }

    /// Shows `line` as the status line (terminals only), in place of the one shown.
    public func showStatus(_ line: String) {
        guard isTerminal else { return }
        status = line
        writeOut(Self.clearLine + line)
    }

    /// Clears the status line and shows it no more; on a terminal, the cursor is then at the start
    /// of a clean line, even after an echoed `^C`.
    public func endStatus() {
        guard isTerminal else { return }
        status = nil
        writeOut(Self.clearLine)
    }

    /// Runs `body` (which writes to standard error) with the status line out of its way.
    public func aside(_ body: () -> Void) {
        guard let status else { return body() }
        writeOut(Self.clearLine)
        body()
        writeOut(status)
    }

    private func writeOut(_ text: String) {
        guard state == .open, let failure = ReportDestination.writeAll(text.utf8) else { return }
        if failure == EPIPE {
            state = .closed
        } else {
            state = .failed
            report(ScanDiagnostic(.error, "cannot write to standard output: \(String(cString: strerror(failure)))"))
        }
    }
}
