/// Prints each launch's timeline on standard output as soon as its outcome is known, one line
/// each time the outcome changes after that, and one when a launch shown with neither its app nor
/// its pid gets them (`scenelog timeline` on a terminal or a pipe).
///
/// A reader that goes away (`| head`) ends the printing quietly; any other write error ends it
/// and is kept in ``failure`` for the caller to report.
public final class TimelinePrinter {
    private let renderer: TimelineRenderer
    /// The launches printed: the outcome shown last, the last line of a phase or callback shown,
    /// and how many of its findings were shown (the findings of a launch only grow). The latest
    /// ``launchesRemembered`` or so: an earlier launch that changes again is printed whole again.
    private var printed: [String: (outcome: LaunchOutcome, lastLine: Int, findings: Int)] = [:]
    private static let launchesRemembered = 4_096
    /// The launch whose `went on:` lines the output ends with: more of them follow without a header.
    private var goingOn: String?
    /// The launches shown with neither an app nor a pid, which a later line may name.
    private var unnamed: Set<String> = []
    /// The write error that ended the printing, other than a closed reader.
    public private(set) var failure: ReportWriteError?
    /// Whether standard output's reader went away.
    public private(set) var readerWentAway = false

    public init(renderer: TimelineRenderer) {
        self.renderer = renderer
    }

    /// Whether the printing goes on (no write failed, the reader is still there).
    public var isOpen: Bool { failure == nil && !readerWentAway }

    /// Prints `launch` (with the findings linked to it) the first time its outcome is known; later,
    /// the phases and callbacks it went on to (a move to the background and back, its scene
    /// disconnected) and the findings linked to it since, a line when its outcome changes, and one
    /// when it was shown unnamed and now has its app or pid.
    public func show(_ launch: Launch, findings: [Finding]) {
        guard isOpen else { return }
        if printed[launch.id] == nil, LaunchNumbering.dropEarliest(from: &printed, keeping: Self.launchesRemembered) {
            unnamed.formIntersection(printed.keys)
        }
        let isNamed = launch.bundle != nil || launch.process != nil || launch.pid != nil
        let lastLine = TimelineRenderer.lastLine(of: launch)
        if let shown = printed[launch.id], shown.outcome == launch.outcome, findings.count <= shown.findings,
            lastLine <= shown.lastLine, !(isNamed && unnamed.contains(launch.id))
        {
            return  // nothing new to print (a change shown again with a finding it already showed)
        }
        var text = ""
        if unnamed.contains(launch.id), isNamed {
            unnamed.remove(launch.id)
            text += renderer.renderNaming(launch)
        }
        var endsGoingOn = false
        if let shown = printed[launch.id] {
            let later = renderer.renderLater(
                launch, after: shown.lastLine, findings: Array(findings.dropFirst(shown.findings)),
                continuing: goingOn == launch.id && text.isEmpty)
            text += later
            endsGoingOn = !later.isEmpty
            if shown.outcome != launch.outcome {
                text += renderer.renderChange(launch, findings: findings)
                endsGoingOn = false
            }
        } else {
            text += renderer.render(launch, findings: findings)
            if !isNamed { unnamed.insert(launch.id) }
        }
        printed[launch.id] = (launch.outcome, max(printed[launch.id]?.lastLine ?? 0, lastLine), max(printed[launch.id]?.findings ?? 0, findings.count))
        guard !text.isEmpty else { return }
        goingOn = endsGoingOn ? launch.id : nil
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
