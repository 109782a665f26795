/// Prints each launch's timeline on standard output as soon as its outcome is known, and one line
/// each time the outcome changes after that (`scenelog timeline` on a terminal or a pipe).
///
/// A reader that goes away (`| head`) ends the printing quietly; any other write error ends it
/// and is kept in ``failure`` for the caller to report.
public final class TimelinePrinter {
    private let renderer: TimelineRenderer
    private var printed: [String: LaunchOutcome] = [:]
    /// The write error that ended the printing, other than a closed reader.
    public private(set) var failure: ReportWriteError?
    /// Whether standard output's reader went away.
    public private(set) var readerWentAway = false

    public init(renderer: TimelineRenderer) {
        self.renderer = renderer
    }

    /// Whether the printing goes on (no write failed, the reader is still there).
    public var isOpen: Bool { failure == nil && !readerWentAway }

    /// Prints `launch` (with the findings linked to it) the first time its outcome is known, and
    /// a line when its outcome changes.
    public func show(_ launch: Launch, findings: [Finding]) {
        guard isOpen, printed[launch.id] != launch.outcome else { return }
        let text = printed[launch.id] == nil ? renderer.render(launch, findings: findings) : renderer.renderChange(launch, findings: findings)
        printed[launch.id] = launch.outcome
        do {
            try ReportDestination.writeStandardOutput(text)
        } catch where error.readerWentAway {
            readerWentAway = true
        } catch {
            failure = error
        }
    }
}

@available(*, unavailable)
extension TimelinePrinter: Sendable {}
