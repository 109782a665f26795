/// HangTracer saw the main thread blocked for at least the configured number of seconds.
struct MainThreadHangRule: BuiltInRule {
    static let description = RuleDescription(
        id: "main-thread-hang",
        severity: .warning,
        title: "Main thread hang",
        explanation: """
            HangTracer runs inside the app and logs "Hang detected: <n>s" when the main run loop did not \
            respond for that long; the note after it says what happens next ("debugger attached, not \
            reporting", "always-on hang reporting", "not over capture threshold"). While the main thread \
            is blocked the app neither draws nor handles touches. During launch that means the launch \
            screen or a black screen stays up until the first frame, and a hang that lasts as long as \
            the launch allowance (about 20 s, far less for a background launch) ends in a watchdog kill. \
            Xcode's debugger hides that kill, so a long hang seen in a debug session is a warning for \
            launches from the home screen. Only hangs at or above the configured threshold are reported \
            (1 s unless hangThresholdSeconds says otherwise).
            """,
        fix: """
            Find what the main thread was doing: record the launch with the Instruments Time Profiler \
            or Hangs template, or read the hang report in Xcode Organizer. Move synchronous I/O, \
            networking, heavy decoding, database work and lock or semaphore waits off the main thread, \
            and defer set-up that the first screen does not need until after it is shown.
            """,
        references: [AppleReference.understandingHangs, AppleReference.reducingLaunchTime],
        messageTemplate: "{process} main thread was blocked for {seconds} s",
        patterns: [
            RulePattern(literal: "Hang detected: ", regex: #"Hang detected: (?<seconds>[0-9]{1,12}(?:\.[0-9]{1,12})?)s"#)
        ],
        triggeringExamples: [
            RuleExample(
                "default\t15:36:47.704442+0500\tRunner\tHang detected: 9.30s (debugger attached, not reporting)",
                data: ["seconds": "9.30"])
        ],
        nonTriggeringExamples: [
            RuleExample("error\t10:41:14.914859+0900\tBobCamAgent\tHang detected: 0.32s (debugger attached, not reporting)"),
            RuleExample("default\t21:58:28.782140-0500\tMobileJarvisNative\tHang detected: 0.26s (always-on hang reporting)"),
            RuleExample("default\t15:36:47.704431+0500\tRunner\tApp is being debugged, do not track this hang"),
            RuleExample("default\t11:16:24.479434+0500\tRunner\tCreating hang event with BundleID: bizlevel.kz"),
        ]
    )

    /// Reports the hang only when it lasted at least ``RuleConfiguration/hangThresholdSeconds``.
    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool {
        guard let text = data["seconds"], let seconds = Double(text) else { return false }
        return seconds >= configuration.hangThresholdSeconds
    }
}
