/// The log goes on past the watchdog allowance with the app neither active nor gone.
enum LaunchNeverActiveDiagnosis {
    static let description = RuleDescription(
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
