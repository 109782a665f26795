/// One launch the tracker still follows, and its phase machine: the phases reached, the
/// background/foreground cycle of the deactivation mask, the termination, and what was last handed out.
struct OpenLaunch {
    var launch: Launch
    /// The launch as last handed out.
    var emittedState: Launch?
    /// The outcome last handed out.
    var emitted: LaunchOutcome?
    /// The time of the latest line that moved the launch.
    var lastSeconds: Double?
    var inBackground = false
    var diagnosed: Set<String> = []
    /// Active with a scene but no key window yet: the black-screen decision is pending.
    var awaitingWindowKey = false
    /// Whether the app's own lifecycle lines are in the capture (a process filter may hide them).
    var appLinesSeen = false
    /// The app's callbacks checked against the documented orders.
    var callbackOrder = CallbackOrder()
    /// The line where UIKit said the app does not adopt the UIScene life cycle (once a process).
    var notAdoptingScenesLine: Int?
    /// UIKit said the app does not adopt the UIScene life cycle.
    var notAdoptingScenes: Bool { notAdoptingScenesLine != nil }
    /// UIKit read the app's scene configuration.
    var claimsScenes = false
    /// Whether the app went to the background before it was ever active (a background launch).
    var launchedInBackground = false
    /// The end a line of the app announced, and that line: an uncaught exception (the process
    /// aborts next), a privacy kill (TCC ends it). The launch ends there so when the capture shows
    /// no other end of it by the time it is closed.
    var announcedEnd: (termination: Termination, mark: LaunchMark)?

    /// Marks `phase` at `mark` when it was not reached before.
    mutating func reach(_ phase: LaunchPhase, _ mark: LaunchMark, into events: inout LaunchTrackerEvents) {
        if let seconds = mark.seconds { lastSeconds = seconds }
        guard !launch.phases.contains(phase) else { return }
        launch.phases[phase] = mark
        events.reached(launch, phase)
    }

    /// What the deactivation mask reaching `mask` means for the launch.
    enum MaskStep {
        /// The mask reached 0 the first time.
        case becameActive
        /// The background reason (15) was added, or the mask returned to 0 after it.
        case movedBetweenBackgroundAndForeground
        case none
    }

    /// The deactivation mask: reaching 0 the first time is `active`; the background reason (15)
    /// is `background`, and 0 again after it is `foreground`.
    mutating func applyMask(to mask: Int, _ mark: LaunchMark, into events: inout LaunchTrackerEvents) -> MaskStep {
        let backgroundBit = 1 << 15
        if mask & backgroundBit != 0, !inBackground {
            inBackground = true
            launch.phases[.background] = mark
            events.reached(launch, .background)
            return .movedBetweenBackgroundAndForeground
        }
        guard mask == 0 else { return .none }
        if !launch.phases.contains(.active) {
            reach(.active, mark, into: &events)
            return .becameActive
        }
        guard inBackground else { return .none }
        inBackground = false
        launch.phases[.foreground] = mark
        events.reached(launch, .foreground)
        return .movedBetweenBackgroundAndForeground
    }

    /// Records the termination (keeping the more specific of two descriptions of one exit).
    mutating func terminate(_ termination: Termination, _ mark: LaunchMark, into events: inout LaunchTrackerEvents) {
        if let better = Termination.merged(launch.termination, termination) { launch.termination = better }
        reach(.terminated, mark, into: &events)
    }

    /// Hands the launch out when its outcome is known (again after each change). A batch scan's
    /// launch is handed out only once it has ended, or when it is closed with what is known
    /// (``LaunchTracker``): its last state is all a report shows.
    mutating func publish(into events: inout LaunchTrackerEvents) {
        let outcome = launch.outcome
        guard outcome != .incomplete else { return }
        emitted = outcome
        guard events.isLive || launch.phases.contains(.terminated) else { return }
        emittedState = launch
        events.append(.changed(launch))
    }

    /// Whether the launch changed since it was last handed out.
    var changedSinceEmitted: Bool {
        guard let emittedState else { return true }
        return launch != emittedState
    }

    /// The scene create and the watchdog budget SpringBoard gave with it, when the app's lines went
    /// on past that budget and the launch was neither active nor ended: it never became active.
    /// Only said when the app's own lines are in the capture: a capture filtered to SpringBoard
    /// cannot show the app becoming active.
    var watchdogBudgetPassedBeforeActive: (created: LaunchMark, budget: Double)? {
        guard appLinesSeen, !launch.phases.contains(.active), !launch.phases.contains(.terminated),
            let budget = launch.watchdogBudget, let created = launch.phases[.sceneCreated],
            let createdSeconds = created.seconds, let lastSeconds, lastSeconds - createdSeconds > budget
        else { return nil }
        return (created, budget)
    }

    /// The app finished launching and went on (active, foreground, or a minute of its own lines)
    /// with no scene callback at all, and UIKit said it does not adopt scenes or read its scene
    /// configuration: the app delegate's `didFinishLaunching` and why no scene connected. Not for
    /// a background launch, nor an app that claims no scenes.
    var sceneNeverConnected: (finished: LaunchMark, reason: String)? {
        guard notAdoptingScenes || claimsScenes, !launchedInBackground, launch.intent != "background",
            let finished = launch.callbacks.first(where: { $0.step == .didFinishLaunching && $0.delegate == .app }),
            !launch.callbacks.contains(where: { $0.delegate == .scene })
        else { return nil }
        let wentOn = launch.phases.contains(.active) || launch.phases.contains(.foreground)
            || (finished.mark.seconds.flatMap { start in lastSeconds.map { $0 - start >= 60 } } ?? false)
        guard wentOn else { return nil }
        let reason = notAdoptingScenes
            ? "the app does not adopt the UIScene life cycle" : "the scene configuration was read but no scene delegate ran: black screen"
        return (finished.mark, reason)
    }
}

extension Termination {
    /// `new` when it says more than `current`: a more specific kind, or, for one kind, a named
    /// detail ("per-process-limit(7)") rather than a bare number ("reason 7"); `nil` otherwise.
    static func merged(_ current: Termination?, _ new: Termination) -> Termination? {
        guard let current else { return new }
        if new.kind.specificity > current.kind.specificity { return new }
        let namesMore = new.kind == current.kind && new.detail?.contains("(") == true && current.detail?.contains("(") != true
        return namesMore ? new : nil
    }
}
