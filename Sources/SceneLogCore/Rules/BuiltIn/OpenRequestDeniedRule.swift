/// The system refused to open the app: a launch on a simulator (`xcrun simctl launch`, and the
/// tools that launch through it) failed before the app was up.
struct OpenRequestDeniedRule: BuiltInRule {
    static let description = RuleDescription(
        id: "open-request-denied",
        severity: .error,
        title: "The system refused to open the app (the launch request failed)",
        explanation: """
            xcrun simctl launch, and the tools that launch an app on a simulator through it (flutter \
            run, expo run:ios, react-native run-ios, Detox), ask FrontBoard to open the app. When \
            SpringBoard's workspace denies the request, the tool prints "The request to open \
            "<bundle id>" failed." with the reason under it: "The request was denied by service \
            delegate (SBMainWorkspace)", then, when the app's process did start, an underlying error \
            in the FBProcessExit domain ("The process exited"): the app ended while it was being \
            launched, so its own lines or its crash report say why. A reason of NotFound \
            ("Application … is unknown to FrontBoard") means no app with that bundle id is installed \
            on that simulator; Busy, that it was still being installed.
            """,
        fix: """
            When the process exited (FBProcessExit), read what the app logged as it started: launch \
            it again with xcrun simctl launch --console booted <bundle id> to see its output, or \
            stream the simulator's log (xcrun simctl spawn booted log stream --level debug) and scan \
            that; a crash report of the app is in ~/Library/Logs/DiagnosticReports. For NotFound, \
            install the app on the simulator the tool launches on (xcrun simctl install booted \
            <path to the .app>) and check its bundle id; for Busy, launch again once the install is \
            done.
            """,
        references: [AppleReference.acquiringCrashReports],
        messageTemplate: "the system refused to open {bundle|the app}: the launch request failed",
        patterns: [
            // The request's description, as simctl prints it (its NSError's `description = "…";` in
            // a device log): the bundle in quotes; a tool or a user may have left only a placeholder.
            RulePattern(
                literal: "The request to open ",
                regex: #"The request to open (?:"(?<bundle>[A-Za-z0-9][\w.-]{0,255})"|[^\n"]{1,256}?) failed\."#)
        ],
        triggeringExamples: [
            // ryanmcgrath/cacao#155: `xcrun simctl launch --console booted com.cacao.ios-test`.
            RuleExample("\tThe request to open \"com.cacao.ios-test\" failed.", data: ["bundle": "com.cacao.ios-test"]),
            // flutter/flutter#9904: the simulator's log as `flutter run -v` relays it.
            RuleExample(
                "[        ] [DEVICE LOG] \t    description = \"The request to open \"com.yourcompany.dummy\" failed.\";",
                data: ["bundle": "com.yourcompany.dummy"]),
            // appinioGmbH/flutter_packages#147: `flutter run`, the bundle id left out by the reporter.
            RuleExample("The request to open <package name> failed."),
        ],
        nonTriggeringExamples: [
            // flutter/flutter#9904: the request as it is sent, before it fails.
            RuleExample(
                "[        ] [DEVICE LOG] May  8 15:37:46 ianh-macbookair CoreSimulatorBridge[27787]: [Common] [FBSSystemService][0xae11] Sending request to open \"com.yourcompany.dummy\""
            ),
            RuleExample("Simulator device failed to launch com.cacao.ios-test."),
        ]
    ).toldByATool()
}
