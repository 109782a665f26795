/// An Objective-C exception nobody caught: the app aborts right after this line.
struct UncaughtExceptionRule: BuiltInRule {
    static let description = RuleDescription(
        id: "uncaught-exception",
        severity: .error,
        title: "App terminated by an uncaught exception",
        explanation: """
            UIKit and Foundation raise an NSException for programming errors; when nothing catches it, \
            the runtime logs "*** Terminating app due to uncaught exception '<name>', reason: '<text>'", \
            prints the first throw call stack and aborts the process (SpringBoard then reports \
            "domain:signal(2) code:SIGABRT(6)"). At launch the usual ones are \
            NSInternalInconsistencyException "Application windows are expected to have a root view \
            controller at the end of application launch" (a window made visible without a \
            rootViewController), NSInvalidArgumentException "Could not find a storyboard named 'Main' in \
            bundle …" (Info.plist still names a storyboard that was deleted or renamed, in \
            UIMainStoryboardFile or in the scene manifest's UISceneStoryboardFile), and React Native's \
            RCTFatalException, which wraps a JavaScript error thrown while the bundle loads. A C++ exception \
            nobody caught ends the same way, with only libc++abi's "terminating due to uncaught exception of \
            type <type>: <what>": in React Native, facebook::jsi::JSError, a JavaScript error thrown into \
            native code through JSI (Hermes, TurboModules, Reanimated). Kotlin/Native \
            (Kotlin and Compose Multiplatform) logs "Uncaught Kotlin exception: <class>: <message>", and \
            .NET for iOS (MAUI, Xamarin) "Unhandled managed exception: <message> (<type>)", and both \
            terminate the process the same way.
            """,
        fix: """
            Read the reason: it usually names the cause. For a missing storyboard, remove the \
            UIMainStoryboardFile and UISceneStoryboardFile entries when the UI is built in code, or fix \
            the name. For a missing root view controller, set window.rootViewController before \
            makeKeyAndVisible() in scene(_:willConnectTo:options:). For RCTFatalException, fix the \
            JavaScript error logged just before ("Unhandled JS Exception: …"). Otherwise symbolicate the \
            first throw call stack, or add an Objective-C exception breakpoint in Xcode.
            """,
        references: [AppleReference.languageExceptionCrashes],
        messageTemplate: "{process} crashed with an uncaught exception: {exception|its type is not on this line}",
        patterns: [
            // The reason runs to its closing quote at the end of the line; a line cut off or
            // continued (React Native appends the JavaScript stack) keeps the rest of the line.
            // Both parts are read up to a bound, the closing quote dropped in `accept`, so that a
            // reason megabytes long costs no more than a short one.
            RulePattern(
                literal: "Terminating app due to uncaught exception",
                regex: #"Terminating app due to uncaught exception '(?<exception>[^\n]{0,1024}?)', reason: '(?<quotedReason>[^\n]{0,4096})"#
            ),
            // No reason on the line.
            RulePattern(
                literal: "Terminating app due to uncaught exception",
                regex: #"Terminating app due to uncaught exception '(?<quotedException>[^\n]{0,1024})"#
            ),
            // libc++abi, for a C++ exception: its type, then what() when there is one (an NSException
            // is the next pattern's).
            RulePattern(
                literal: "uncaught exception of type ",
                regex: #"terminating (?:due to|with) uncaught exception of type (?!NSException\b)(?<exception>[^\s:]{1,256}(?:::[^\s:]{1,256}){0,16})(?:: (?<reason>[^\n]{0,4096}))?"#
            ),
            // libc++abi's line for an NSException says only that one ended the process. The runtime's
            // "Terminating app" line, when the capture holds it too (before or after), names it and
            // is the finding (see `restatesTheRuntime`); without it (the console's last lines pasted
            // alone) this line is the one sign of the crash.
            RulePattern(
                literal: "uncaught exception of type ",
                regex: #"terminating (?:due to|with) uncaught exception of type (?<exception>NSException)(?![\w:])"#
            ),
            // Kotlin/Native's runtime: the exception's class, then its message. Its standard error
            // and the app's output interleave in a console: when a stack frame follows the colon
            // (bisq-network/bisq-mobile#104), the line names no class.
            RulePattern(
                literal: "Uncaught Kotlin exception: ",
                regex: #"Uncaught Kotlin exception: (?<exception>[A-Za-z_$][\w$]{0,255}(?:\.[A-Za-z_$][\w$]{0,255}){0,32})(?=:|[ \t]*(?:\n|$))(?:: (?<reason>[^\n]{0,4096}))?"#
            ),
            RulePattern(literal: "Uncaught Kotlin exception: ", regex: #"Uncaught Kotlin exception: "#),
            // Unity's exception handler (its trampoline's `UnhandledExceptionHandler`): the name,
            // then the reason, unquoted.
            RulePattern(
                literal: "Uncaught exception: ",
                regex: #"(?:^|[\s\]])Uncaught exception: (?<exception>[A-Za-z_][\w.]{0,255}Exception): (?<reason>[^\n]{0,4096})"#
            ),
            // Firebase Crashlytics' crash, copied from its console: the exception's name alone on
            // the line that heads the crashed thread's frames (an indented one may continue a
            // Markdown fence's), its reason (when shown) on the next. An Objective-C exception's
            // name, one word (a Java class's has dots).
            RulePattern(
                literal: "Fatal Exception: ",
                regex: #"(?:^|\n)[ \t>*`]{0,16}Fatal Exception: (?<exception>[A-Za-z_][A-Za-z0-9_]{0,255})(?![\w.:$])"#
            ),
            // Titanium's: the name quoted; the reason, when the record holds it, two lines down.
            RulePattern(
                literal: "The application has crashed with an uncaught exception '",
                regex: #"The application has crashed with an uncaught exception '(?<exception>[^'\n]{1,1024})'(?:\.?[ \t]*\n[ \t]*Reason:[ \t]*\n[ \t]*(?<reason>[^\n]{1,4096}))?"#
            ),
            // .NET for iOS (MAUI, Xamarin): the message, then the exception's type in parentheses at
            // the end of the line, or on a later line when the message runs over several.
            RulePattern(
                literal: "Unhandled managed exception:",
                regex: #"Unhandled managed exception: (?<reason>[^\n]{0,4096}?) \((?<exception>[A-Za-z_][A-Za-z0-9_.`+]{0,255})\)[ \t]*(?=\n|$)"#
            ),
            RulePattern(
                literal: "Unhandled managed exception:",
                regex: #"Unhandled managed exception: (?<reason>[^\n]{0,4096})"#
            ),
            // Xamarin.iOS before .NET: the message and type on the next line, in the same record
            // when the format keeps them together; alone on the line when they are a record apart.
            RulePattern(
                literal: "Unhandled managed exception:",
                regex: #"Unhandled managed exception:[ \t]*(?:\n[ \t]*(?<reason>[^\n]{0,4096}?) \((?<exception>[A-Za-z_][A-Za-z0-9_.`+]{0,255})\)[ \t]*)?(?=\n|$)"#
            ),
        ],
        triggeringExamples: [
            // flutter/flutter#182361: a Crashlytics crash pasted from its console.
            RuleExample("          Fatal Exception: NSGenericException", data: ["exception": "NSGenericException"]),
            // NativeScript/NativeScript#1007: a simulator's syslog line quoted in a Markdown code span.
            RuleExample(
                "you see `Oct 30 17:27:00 KOEVSKAMAC.local jasmine[25320]: *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'There can only be one UIApplication instance.'`",
                data: ["exception": "NSInternalInconsistencyException", "reason": "There can only be one UIApplication instance."]),
            RuleExample(
                "2019-06-12 15:35:40.396991+0900 Dot[14510:3687618] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Application windows are expected to have a root view controller at the end of application launch'",
                data: [
                    "exception": "NSInternalInconsistencyException",
                    "reason": "Application windows are expected to have a root view controller at the end of application launch",
                ]),
            RuleExample(
                "2020-02-13 19:37:15.398395-0800 RolloutTest[32437:5670227] *** Terminating app due to uncaught exception 'RCTFatalException: Unhandled JS Exception: TypeError: this.methodFactory is not a function. (In 'this.methodFactory(o,t,n)', 'this.methodFactory' is undefined)', reason: 'Unhandled JS Exception: TypeError: this.methodFactory is not a function. (In 'this.methodFactory(o,t,n)', 'this.methodFactory' is undefined), stack:",
                data: [
                    "exception":
                        "RCTFatalException: Unhandled JS Exception: TypeError: this.methodFactory is not a function. (In 'this.methodFactory(o,t,n)', 'this.methodFactory' is undefined)",
                    "reason":
                        "Unhandled JS Exception: TypeError: this.methodFactory is not a function. (In 'this.methodFactory(o,t,n)', 'this.methodFactory' is undefined), stack:",
                ]),
            RuleExample(
                "error\t23:30:44.812377-0500\tdSYMDemo\t*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Could not find a storyboard named 'Main' in bundle NSBundle </Users/hmc/Library/Developer/CoreSimulator/Devices/2ADFB467-5FFF-4F61-872F-73F1CF1C2174/data/Containers/Bundle/Application/1DE87EF5-E2FA-44B8-8967-F565941653CB/dSYMDemo.app> (loaded)'",
                data: [
                    "exception": "NSInvalidArgumentException",
                    "reason":
                        "Could not find a storyboard named 'Main' in bundle NSBundle </Users/hmc/Library/Developer/CoreSimulator/Devices/2ADFB467-5FFF-4F61-872F-73F1CF1C2174/data/Containers/Bundle/Application/1DE87EF5-E2FA-44B8-8967-F565941653CB/dSYMDemo.app> (loaded)",
                ]),
            RuleExample(
                "error\t23:30:44.812377-0500\tMyApp\tTerminating app due to uncaught exception 'RCTFatalException: Unhandled JS Exception: t.typeof is not a function.",
                data: ["exception": "RCTFatalException: Unhandled JS Exception: t.typeof is not a function."]),
            // react/react-native#47273 (React Native 0.76, Xcode console).
            RuleExample(
                "libc++abi: terminating due to uncaught exception of type facebook::jsi::JSError: JS Symbols are not convertible to dynamic",
                data: ["exception": "facebook::jsi::JSError", "reason": "JS Symbols are not convertible to dynamic"]),
            // introlab/rtabmap#1436 (a Flutter app's C++ library): no what().
            RuleExample(
                "libc++abi: terminating due to uncaught exception of type UException", data: ["exception": "UException"]),
            // AloneMonkey/MonkeyDev#294 (iOS 13.4): the older wording.
            RuleExample(
                "libc++abi.dylib: terminating with uncaught exception of type CYPoolError", data: ["exception": "CYPoolError"]),
            // arkivanov/Decompose#639 (Compose Multiplatform, iOS 16.4, Xcode console).
            RuleExample(
                "Uncaught Kotlin exception: kotlin.IllegalStateException: ComposeUIViewController.view should be attached to window",
                data: ["exception": "kotlin.IllegalStateException", "reason": "ComposeUIViewController.view should be attached to window"]),
            // bisq-network/bisq-mobile#104 (Compose Multiplatform, Xcode console): the class was
            // printed on the line before, a stack frame follows the colon.
            RuleExample(
                "Uncaught Kotlin exception:     at 0   presentation                        0x1096baab3        kfun:kotlin.Throwable#<init>(kotlin.String?){} + 119"
            ),
            // OudomMunint/.NetMAUI-To-Do-List-App#236 (.NET MAUI, Xcode console).
            RuleExample(
                "2024-08-04 15:04:33.574 ToDoListApp[15548:617024] Unhandled managed exception: Object reference not set to an instance of an object. (System.NullReferenceException)",
                data: ["exception": "System.NullReferenceException", "reason": "Object reference not set to an instance of an object."]),
            // dotnet/macios#4895 (Xamarin.iOS, Xcode console): the message and type are the next line.
            RuleExample("2018-09-30 14:23:45.302 InternalsVisibleStrongNamed[387:147683] Unhandled managed exception:"),
            // dotnet/maui#27840: the message runs over the next lines, the type after them.
            RuleExample(
                "Unhandled managed exception: Failed to lookup the required marshalling information.",
                data: ["reason": "Failed to lookup the required marshalling information."]),
            // jiulongw/swift-unity#41 (Unity in a Swift app, iOS 11): Unity's handler.
            RuleExample(
                "2018-02-09 17:19:26.099599 DemoApp[219:4699] Uncaught exception: NSInvalidArgumentException: Storyboard (<UIStoryboard: 0x17027b8c0>) doesn't contain a view controller with identifier 'unitySplashStoryboard'",
                data: [
                    "exception": "NSInvalidArgumentException",
                    "reason": "Storyboard (<UIStoryboard: 0x17027b8c0>) doesn't contain a view controller with identifier 'unitySplashStoryboard'",
                ]),
            // hyperlab/TiMixpanel#4 (Titanium, iOS 7 syslog): the reason two lines down.
            RuleExample(
                "[ERROR] The application has crashed with an uncaught exception 'NSInvalidArgumentException'.\n    Reason:\n    Could not find a storyboard named 'MPNotification' in bundle NSBundle </var/mobile/Applications/476AB2A6-BBFB-4256-A644-F06EE1B131C8/WappZapp.app> (loaded)",
                data: [
                    "exception": "NSInvalidArgumentException",
                    "reason": "Could not find a storyboard named 'MPNotification' in bundle NSBundle </var/mobile/Applications/476AB2A6-BBFB-4256-A644-F06EE1B131C8/WappZapp.app> (loaded)",
                ]),
            // openflocon/Flocon#528 (Kotlin Multiplatform): an unquoted message keeps its last quote.
            RuleExample(
                "Uncaught Kotlin exception: kotlin.internal.IrLinkageError: Can not get instance of singleton 'Flocon': No class found for symbol 'io.github.openflocon.flocon/Flocon|null[0]'",
                data: [
                    "exception": "kotlin.internal.IrLinkageError",
                    "reason": "Can not get instance of singleton 'Flocon': No class found for symbol 'io.github.openflocon.flocon/Flocon|null[0]'",
                ]),
            // react/react-native#11354 (React Native 0.38, Xcode console): libc++abi's line alone.
            RuleExample(
                "libc++abi.dylib: terminating with uncaught exception of type NSException", data: ["exception": "NSException"]),
        ],
        nonTriggeringExamples: [
            // Crashlytics' Android crash: a Java class, not an Objective-C exception.
            RuleExample("Fatal Exception: java.lang.IllegalStateException: Can't erase a recycled bitmap"),
            // A comment that quotes one.
            RuleExample("    // Fatal Exception: NSGenericException"),
            RuleExample(
                "error\t23:30:44.781604-0500\tMobileJarvisNative\tUnhandled JS Exception: [runtime not ready]: Error: GOOGLE_CLIENT_ID not configured in environment, js engine: hermes"
            )
        ]
    ).endingTheProcess()

    /// Whether `finding` is libc++abi's line for an NSException (`terminating with uncaught
    /// exception of type NSException`), which tells again, without its name or reason, the crash
    /// that the runtime's own `*** Terminating app due to uncaught exception` line tells.
    static func restatesTheRuntime(_ finding: Finding) -> Bool {
        finding.rule == description.id && finding.data["exception"] == "NSException" && finding.data["reason"] == nil
            && finding.excerpt.contains("uncaught exception of type NSException")
    }

    /// Gives libc++abi's line for an NSException, which names no reason, the JavaScript error that
    /// React Native's RCTFatal logged in `launch` before raising it (`Unhandled JS Exception: …`,
    /// its event ``LaunchSignalReader/unhandledJSException``): that error is the exception's reason
    /// (react/react-native#15847), and its line joins the finding's evidence. Only the latest such
    /// error counts, and only within ``javaScriptErrorSpan`` lines and, when both lines are
    /// stamped, ``javaScriptErrorSeconds`` before the abort.
    static func explain(_ finding: inout Finding, byJavaScriptErrorOf launch: Launch, at time: @autoclosure () -> Double?) {
        guard finding.rule == description.id, finding.data["reason"] == nil, finding.data["exception"] == "NSException",
            launch.events.contains(where: { $0.name == LaunchSignalReader.unhandledJSException })
        else { return }
        let now = time()
        guard
            let error = launch.events.last(where: { event in
                guard event.name == LaunchSignalReader.unhandledJSException, event.mark.location.line < finding.location.line,
                    finding.location.line - event.mark.location.line <= javaScriptErrorSpan
                else { return false }
                guard let now, let then = event.mark.seconds else { return true }
                return now - then <= javaScriptErrorSeconds
            }),
            let text = error.detail
        else { return }
        finding.data["reason"] = "Unhandled JS Exception: " + text
        finding.evidence.append(error.mark.location)
    }

    /// How many lines before libc++abi's line RCTFatal's may come and still be its reason (the
    /// JavaScript stack RCTLog prints between them).
    static let javaScriptErrorSpan = 400
    /// How long before libc++abi's line RCTFatal's may come (it raises the exception at once).
    static let javaScriptErrorSeconds = 10.0

    /// The runtime's quoted captures run to the end of the line or their bound: the closing quote
    /// goes (another wording's unquoted reason keeps a quote it ends with).
    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool {
        if let reason = data.removeValue(forKey: "quotedReason") { data["reason"] = reason.droppingLineEnd(closing: "'") }
        if let exception = data.removeValue(forKey: "quotedException") {
            data["exception"] = exception.droppingLineEnd(closing: "'")
        }
        return true
    }
}
