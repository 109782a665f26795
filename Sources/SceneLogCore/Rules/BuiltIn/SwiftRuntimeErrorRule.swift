/// A Swift runtime check failed (a force unwrap of `nil`, an index out of range): the process traps.
struct SwiftRuntimeErrorRule: BuiltInRule {
    static let description = RuleDescription(
        id: "swift-runtime-error",
        severity: .error,
        title: "App stopped by a Swift runtime error",
        explanation: """
            When a Swift runtime check fails, the runtime prints "Fatal error: <reason>" with the file \
            and line of the code (Swift 5.4 and later: "File.swift:42: Fatal error: …"; earlier: \
            "Fatal error: …: file File.swift, line 42") and stops the process with a trap \
            (EXC_BREAKPOINT, SIGTRAP): no exception, no "Terminating app" line. During a UIScene \
            migration the usual one is "Unexpectedly found nil while unwrapping an Optional value" on \
            a window: code, often a library, that reads the app delegate's window, or \
            UIApplication.shared.keyWindow, force-unwraps it, and finds nil once the window belongs to \
            the scene delegate. At launch the app dies before its first frame, on every launch. In a \
            crash report the crashed thread's first frame names the check: "Swift runtime failure: \
            Unexpectedly found nil while unwrapping an Optional value".
            """,
        fix: """
            Open the file and line the message names. For a window that is nil, get it from the scene: \
            (scene as? UIWindowScene)?.keyWindow, or view.window, instead of the app delegate's window; \
            update a library that still reads UIApplication.shared.delegate?.window. Otherwise replace \
            the force unwrap (!) with optional binding, or bound the index.
            """,
        references: [AppleReference.swiftRuntimeErrors, AppleReference.transitioningToScenes],
        messageTemplate: "{process} stopped on a Swift runtime error: {reason}",
        patterns: [
            // Swift 5.4 and later: the file and line first.
            RulePattern(
                literal: ": Fatal error",
                regex: #"(?<file>[^\s:\[\]]{1,512}\.swift):(?<fileLine>[0-9]{1,9}): Fatal error(?:: (?<reason>[^\n]{0,4096}))?"#
            ),
            // Swift 4 to 5.3: the file and line last.
            RulePattern(
                literal: "Fatal error: ",
                regex: #"Fatal error: (?<reason>[^\n]{0,4096}?): file (?<file>[^\n,]{1,512}\.swift), line (?<fileLine>[0-9]{1,9})"#
            ),
            // Swift 2 and 3, lower case, the force unwrap alone (a compiler's "fatal error:" is not one).
            RulePattern(
                literal: "fatal error: unexpectedly found nil",
                regex: #"fatal error: (?<reason>unexpectedly found nil while (?:implicitly )?unwrapping an Optional value)"#
            ),
            // A crash report's frame of the check that failed (its crashed thread's, pasted alone):
            // the compiler names the trap after the message.
            RulePattern(
                literal: "Swift runtime failure: ",
                regex: #"^[ \t>*`]{0,8}[0-9]{1,4}[ \t]+[^\n]{1,255}?[ \t]0x[0-9A-Fa-f]{1,16}[ \t]+Swift runtime failure: (?<reason>[^\n]{1,1024})"#
            ),
        ],
        triggeringExamples: [
            // Daltron/NotificationBanner#360 (Xcode console, iOS 14.5).
            RuleExample(
                "2021-08-04 20:03:06.496448+0530 abcxyz[13157:1163967] NotificationBannerSwift/BaseNotificationBanner.swift:380: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional value",
                data: [
                    "file": "NotificationBannerSwift/BaseNotificationBanner.swift", "fileLine": "380",
                    "reason": "Unexpectedly found nil while implicitly unwrapping an Optional value",
                ]),
            // SachK13/SKActivityIndicatorView#16.
            RuleExample(
                "2021-07-16 16:32:03.189337+0500 TCLiOS[1212:615830] Fatal error: Unexpectedly found nil while unwrapping an Optional value: file SKActivityIndicatorView/SKActivityIndicatorView.swift, line 150",
                data: [
                    "file": "SKActivityIndicatorView/SKActivityIndicatorView.swift", "fileLine": "150",
                    "reason": "Unexpectedly found nil while unwrapping an Optional value",
                ]),
            // iZettle/Form#172.
            RuleExample(
                "Form/ViewPortEvent.swift:76: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
                data: ["file": "Form/ViewPortEvent.swift", "fileLine": "76"]),
            // vikmeup/SCLAlertView-Swift#98 (Swift 2).
            RuleExample(
                "fatal error: unexpectedly found nil while unwrapping an Optional value",
                data: ["reason": "unexpectedly found nil while unwrapping an Optional value"]),
            // pichillilorenzo/flutter_inappwebview#2368: the crashed thread's first frame, pasted.
            RuleExample(
                "0   flutter_inappwebview_ios      \t0x000000010559fe14 Swift runtime failure: Unexpectedly found nil while unwrapping an Optional value + 0 (/<compiler-generated>:0)",
                data: ["reason": "Unexpectedly found nil while unwrapping an Optional value"]),
        ],
        nonTriggeringExamples: [
            RuleExample("/Users/dev/App/Pods/Headers/Public/React/RCTBridge.h:12:9: fatal error: 'React/RCTDefines.h' file not found"),
            // The words in an app's own message, not in a frame.
            RuleExample("2024-05-01 10:00:00.000 MyApp[1766:707] searching the docs for Swift runtime failure: how to read a trap"),
            RuleExample("flutter: Fatal error while loading the settings, using the defaults"),
        ]
    ).trappingTheProcess()

    /// A frame's reason ends before its offset and source (`… Optional value + 0 (/<compiler-generated>:0)`).
    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool {
        guard let reason = data["reason"], let offset = reason.firstRange(of: " + ") else { return true }
        let rest = reason[offset.upperBound...]
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, case let after = rest.dropFirst(digits.count), after.isEmpty || after.hasPrefix(" (") else { return true }
        data["reason"] = String(reason[..<offset.lowerBound])
        return true
    }
}
