/// The time from the first launch marker to active is above the threshold (for a time known only to
/// the second, even at the low end of what its stamps allow).
enum LaunchSlowDiagnosis {
    static let description = RuleDescription(
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
        messageTemplate: "{process} took {timeToActive} to become active (threshold {thresholdMs} ms)",
        patterns: [], triggeringExamples: [], nonTriggeringExamples: [])
}
