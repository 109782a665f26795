#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a watch's status line (``StatusLine``) up to date on a terminal: redrawn on each
/// ``refresh(lines:)`` (the live loop's tick, about once a second), below the findings and phases.
public final class LiveStatus {
    /// How often the status line is redrawn (milliseconds).
    public static let interval = 1_000

    private let output: LiveOutput
    private let observer: WatchObserver
    private let source: String
    /// The previous refresh: when (monotonic seconds) and how many lines had arrived.
    private var previous: (seconds: Double, lines: Int)?
    private var rate = 0.0

    /// - Parameter source: the name of what is read (`idevicesyslog`, a followed file…).
    public init(output: LiveOutput, observer: WatchObserver, source: String) {
        self.output = output
        self.observer = observer
        self.source = source
    }

    /// Redraws the status line, `lines` having arrived so far.
    public func refresh(lines: Int) {
        let now = WatchObserver.monotonicSeconds()
        if let previous, now > previous.seconds { rate = Double(lines - previous.lines) / (now - previous.seconds) }
        previous = (now, lines)
        let status = StatusLine(source: source, lines: lines, rate: rate, devices: observer.devicesSeen, waits: observer.waits(at: now))
        output.showStatus(status.text(width: Self.terminalColumns() - 1))
    }

    /// The width of the terminal on standard output (80 when it cannot be told).
    static func terminalColumns() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return max(Int(size.ws_col), 20)
    }
}

@available(*, unavailable)
extension LiveStatus: Sendable {}
