/// A visible window had no root view controller when launch finished.
struct RootViewControllerMissingRule: BuiltInRule {
    static let description = RuleDescription(
        id: "root-view-controller-missing",
        severity: .error,
        title: "Window without a root view controller at the end of launch",
        explanation: """
            At the end of launch UIKit checks the app's windows and requires each to have a \
            rootViewController. Current iOS versions raise an NSInternalInconsistencyException, \
            "Application windows are expected to have a root view controller at the end of application \
            launch", and the app terminates before its first frame: the user sees the launch screen or a \
            black screen, then the home screen. Old iOS versions (up to iOS 8) only logged "Applications are \
            expected to have a root view controller …" or the same sentence as the exception's, without \
            raising it, and kept running with a window that shows nothing: a blank or black screen. A line \
            with the sentence but without the exception's "reason:" (or a fatal handler's "CRASH:") is \
            counted as such a logged warning, not as a crash. Typical causes: a window made visible with views added to it directly instead of \
            through a view controller, a root view controller assigned later (in a completion handler or \
            after an asynchronous start-up step), or a second window (created by the app delegate or an SDK) \
            made visible without one.
            """,
        fix: """
            In a scene-based app create the window in scene(_:willConnectTo:options:) with \
            UIWindow(windowScene:), assign its rootViewController (a placeholder or loading view controller \
            if the real one is not ready yet), store it in the scene delegate's `var window: UIWindow?` and \
            only then call makeKeyAndVisible(). Put content in view controllers rather than adding subviews \
            to the window, remove any leftover window creation from application(_:didFinishLaunchingWithOptions:), \
            and give every extra window its own root view controller.
            """,
        references: [
            AppleReference.windowRootViewController, AppleReference.windowInitWithWindowScene,
            AppleReference.transitioningToScenes, AppleReference.tn3187,
        ],
        messageTemplate: "{process} finished launching with a window that has no root view controller ({variant})",
        patterns: [
            // The exception's reason, or React Native's fatal handler printing it (`CRASH: …`,
            // wix/react-native-navigation#73).
            RulePattern(
                literal: "Application windows are expected to have a root view controller",
                regex: "(?:[Rr]eason:[ \\t]{0,4}'?|CRASH:[ \\t]{0,4})Application windows are expected to have a root view controller at the end of application launch",
                data: ["variant": "exception"]),
            // iOS 7 logged the sentence without raising (jverkoey/iOS-Framework#105: the app stays on its
            // launch image); a quote of the exception without its reason is counted so too.
            RulePattern(
                literal: "Application windows are expected to have a root view controller",
                regex: "Application windows are expected to have a root view controller at the end of application launch",
                data: ["variant": "logged"]),
            RulePattern(
                literal: "Applications are expected to have a root view controller",
                regex: "Applications are expected to have a root view controller at the end of application launch",
                data: ["variant": "legacy-log"]),
        ],
        triggeringExamples: [
            RuleExample(
                "2016-01-28 14:35:06.205 HelloWorld[46615:6660268] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Application windows are expected to have a root view controller at the end of application launch'",
                data: ["variant": "exception"]),
            RuleExample(
                "DependentApp[5417:60b] Application windows are expected to have a root view controller at the end of application launch.",
                data: ["variant": "logged"]),
            RuleExample(
                "2014-12-28 23:56:02.013 TestApp[6247:281476] Applications are expected to have a root view controller at the end of application launch",
                data: ["variant": "legacy-log"]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "2016-01-28 14:35:06.205 HelloWorld[46615:6660268] Failed to instantiate the default view controller for UIMainStoryboardFile 'Main' - perhaps the designated entry point is not set?"
            ),
            RuleExample(
                "2016-01-28 14:35:06.205 HelloWorld[46615:6660268] *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Could not find a storyboard named 'Main' in bundle NSBundle </var/containers/Bundle/Application/HelloWorld.app> (loaded)'"
            ),
        ]
    ).abortingWhenItsVariantIs("exception")
}
