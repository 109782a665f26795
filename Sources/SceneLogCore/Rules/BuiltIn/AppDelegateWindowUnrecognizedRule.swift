/// Code asked the app delegate for its window, which the app delegate does not implement: the app
/// aborts with an uncaught exception.
struct AppDelegateWindowUnrecognizedRule: BuiltInRule {
    static let description = RuleDescription(
        id: "app-delegate-window-unrecognized",
        severity: .error,
        title: "Code asked the app delegate for a window it does not have",
        explanation: """
            Before scenes, the app delegate owned the app's window, and much code still finds the \
            window through it: `UIApplication.shared.delegate?.window` in Swift, \
            `[[UIApplication sharedApplication].delegate window]` in Objective-C. Progress HUDs, \
            analytics, ad and research SDKs, React Native and Flutter plug-ins do it to present \
            their views. UIApplicationDelegate's window is optional, and a scene-based app keeps its \
            window in the scene delegate (as Xcode 11 and later templates do), so its app delegate \
            often has none. The Objective-C runtime then raises NSInvalidArgumentException \
            "-[<AppDelegate> window]: unrecognized selector sent to instance", and the app aborts: at \
            launch the user sees the launch screen, then the home screen. A Swift property that does \
            not match the protocol's `var window: UIWindow?` (a `let`, or a non-optional type) is not \
            the protocol's window and fails the same way. Unity and cocos2d apps name their app \
            delegate AppController (UnityAppController).
            """,
        fix: """
            Update the library that asks: current versions find the window through the foreground \
            UIWindowScene. Until then, give the app delegate the property the protocol declares, \
            `var window: UIWindow?` (Objective-C: `@property (strong, nonatomic) UIWindow *window;`), \
            and in scene(_:willConnectTo:options:) hand it the scene's window once you have created it \
            (`(UIApplication.shared.delegate as? AppDelegate)?.window = window`). Keep the scene \
            delegate's window as the one UIKit shows.
            """,
        references: [AppleReference.applicationDelegateWindow, AppleReference.windowSceneDelegateWindow, AppleReference.transitioningToScenes],
        messageTemplate: "{process} crashed: code asked its app delegate {className} for a window, and it has no window property",
        patterns: [
            // Only the exception's reason: the runtime logs the same text just before it, and the
            // exception is what ends the app (one problem, one finding). The app delegate is the
            // class named *Delegate or *AppController that was asked for `window`.
            RulePattern(
                literal: "window]: unrecognized selector sent to instance",
                regex: #"reason: '-\[(?<className>[\w.]{0,1024}(?:Delegate|AppController)) window\]: unrecognized selector sent to instance"#
            )
        ],
        triggeringExamples: [
            // SVProgressHUD/SVProgressHUD#976 (iOS 12; the app delegate declared `let window`).
            RuleExample(
                "2019-08-18 18:23:46.748695+0300 familymarkets[4288:706603] *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '-[familymarkets.AppDelegate window]: unrecognized selector sent to instance 0x1d008fc80'",
                data: ["className": "familymarkets.AppDelegate"]),
            // ResearchKit/ResearchKit#1379 (the window moved to SceneDelegate; a process name with a space).
            RuleExample(
                "2020-05-20 10:30:36.597573-0400 5M Workout[39806:9350115] *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '-[_M_Workout.AppDelegate window]: unrecognized selector sent to instance 0x6000022650a0'",
                data: ["className": "_M_Workout.AppDelegate"]),
            // A cocos2d/Unity app delegate, quoted in a public SDK guide (code corpus).
            RuleExample(
                "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '-[AppController window]: unrecognized selector sent to instance 0x283fddc00'",
                data: ["className": "AppController"]),
        ],
        nonTriggeringExamples: [
            // The runtime's own line before the exception: the exception's line is the finding.
            RuleExample(
                "2019-08-18 18:23:46.747470+0300 familymarkets[4288:706603] -[familymarkets.AppDelegate window]: unrecognized selector sent to instance 0x1d008fc80"
            ),
            // Another class asked for another selector.
            RuleExample("reason: '-[NSNull length]: unrecognized selector sent to instance 0x10edcaf40'"),
        ]
    )
}
