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
