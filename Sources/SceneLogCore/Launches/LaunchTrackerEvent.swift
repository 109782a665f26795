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
    /// Whether phases reached are kept: a live watch shows each one; a batch scan needs only the
    /// launches' states, and skips copying a launch for every phase.
    let keepsPhases: Bool
    private var list: [LaunchTrackerEvent] = []

    init(keepsPhases: Bool) {
        self.keepsPhases = keepsPhases
    }

    var isEmpty: Bool { list.isEmpty }

    mutating func append(_ event: LaunchTrackerEvent) {
        list.append(event)
    }

    /// `launch` reached `phase` (kept only when ``keepsPhases``).
    mutating func reached(_ launch: Launch, _ phase: LaunchPhase) {
        if keepsPhases { list.append(.reached(launch, phase)) }
    }

    /// Hands `body` each event in the order it happened, moved out of the buffer rather than
    /// copied (with its launch), and forgets them.
    mutating func takeEach(_ body: (LaunchTrackerEvent) -> Void) {
        list.reverse()
        while let event = list.popLast() { body(event) }
    }
}
