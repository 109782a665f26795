/// Findings about a whole launch rather than one line, made by the ``LaunchTracker``.
enum LaunchDiagnosis: CaseIterable, Sendable {
    case blackScreenSuspected
    case launchSlow
    case launchNeverActive

    /// What each diagnosis means and what to do; listed by `scenelog rules` with the line rules.
    var description: RuleDescription {
        switch self {
        case .blackScreenSuspected:
            RuleDescription(
                id: "black-screen-suspected", severity: .warning,
                title: "App went active but no window became key",
                explanation: """
                    The app's scene connected and the app became active (its deactivation mask reached 0), \
                    but the app never logged "Window did become application key" or "Window became key in \
                    scene". The most common migration black screen logs no error at all: a window built in \
                    application(_:didFinishLaunchingWithOptions:) with UIWindow(frame:) is never attached to \
                    the scene, so UIKit shows nothing. A storyboard that UIKit could not load gives the same \
                    picture, usually with a line finding next to it.
                    """,
                fix: """
                    Create the window in scene(_:willConnectTo:options:) with UIWindow(windowScene:), set its \
                    rootViewController and call makeKeyAndVisible(). If the app delegate keeps a window \
                    property, make it point at the scene's window. Check the scene configuration's \
                    UISceneDelegateClassName and UISceneStoryboardFile.
                    """,
                references: [AppleReference.tn3187, AppleReference.windowInitWithWindowScene],
                messageTemplate: "{process} became active with no key window: black screen suspected",
                patterns: [], triggeringExamples: [], nonTriggeringExamples: [])
        case .launchSlow:
            RuleDescription(
                id: "launch-slow", severity: .warning,
                title: "Launch took longer than the threshold to become active",
                explanation: """
                    The time from the first launch marker (SpringBoard's bootstrap request, or the spawn) to \
                    the app becoming active is above the threshold (2 s unless set with thresholds: \
                    launch_slow_seconds). Users see the launch screen, or a black screen, all that time, and \
                    past the scene-create watchdog allowance (about 20 s) the system kills the app.
                    """,
                fix: """
                    Move work out of application(_:didFinishLaunchingWithOptions:) and \
                    scene(_:willConnectTo:options:): defer it until after the first frame, do I/O off the main \
                    thread, and look at main-thread-hang and main-thread-io-at-launch findings in the same launch.
                    """,
                references: [AppleReference.reducingLaunchTime],
                messageTemplate: "{process} took {timeToActiveMs} ms to become active (threshold {thresholdMs} ms)",
                patterns: [], triggeringExamples: [], nonTriggeringExamples: [])
        case .launchNeverActive:
            RuleDescription(
                id: "launch-never-active", severity: .error,
                title: "Launch never became active within the watchdog allowance",
                explanation: """
                    SpringBoard sent the scene create with a watchdog allowance, the log goes on past that \
                    allowance, and the app neither became active nor exited. The app is stuck at launch: a \
                    deadlock or a long synchronous task on the main thread before the first frame.
                    """,
                fix: """
                    Look for what blocks the main thread during launch (hang findings, synchronous network or \
                    disk work, waiting on a lock or a semaphore) and make it asynchronous.
                    """,
                references: [AppleReference.addressingWatchdogTerminations],
                messageTemplate: "{process} did not become active within the {watchdogBudget} s watchdog allowance",
                patterns: [], triggeringExamples: [], nonTriggeringExamples: [])
        }
    }

    /// A finding of this diagnosis for `launch`, located at `mark`.
    func finding(for launch: Launch, at mark: LaunchMark, data: [String: String]) -> Finding {
        let description = self.description
        var context = data
        context["process"] = launch.process ?? launch.bundle ?? "the app"
        return Finding(
            rule: description.id, severity: description.severity,
            message: description.message(with: context), location: mark.location,
            timestamp: mark.timestamp, process: launch.process, pid: launch.pid, launch: launch.id,
            excerpt: description.title, data: data)
    }
}
