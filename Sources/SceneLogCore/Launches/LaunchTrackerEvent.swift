/// What the ``LaunchTracker`` produced while reading a record, in the order it happened.
enum LaunchTrackerEvent {
    /// A launch reached a phase for the first time (background and foreground: each time).
    case reached(Launch, LaunchPhase)
    /// A launch's outcome became known, or changed after it was known; also every launch, with
    /// what is known, when it is closed.
    case changed(Launch)
    /// A launch-level finding (``LaunchDiagnosis``).
    case diagnosed(Finding)
}

/// What the tracker produced while reading records, in order, until the caller takes it.
struct LaunchTrackerEvents {
    /// Whether every step is handed out: a live watch shows each phase reached and each change of
    /// a launch as it happens; a batch scan needs only each launch's last state, and skips copying
    /// a launch for every phase and every change (``OpenLaunch/publish(into:)``).
    let isLive: Bool
    private var list: [LaunchTrackerEvent] = []

    init(isLive: Bool) {
        self.isLive = isLive
    }

    var isEmpty: Bool { list.isEmpty }

    mutating func append(_ event: LaunchTrackerEvent) {
        list.append(event)
    }

    /// `launch` reached `phase` (kept only when ``isLive``).
    mutating func reached(_ launch: Launch, _ phase: LaunchPhase) {
        if isLive { list.append(.reached(launch, phase)) }
    }

    /// Hands `body` each event in the order it happened, moved out of the buffer rather than
    /// copied (with its launch), and forgets them.
    mutating func takeEach(_ body: (LaunchTrackerEvent) -> Void) {
        list.reverse()
        while let event = list.popLast() { body(event) }
    }
}
