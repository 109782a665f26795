/// An app without scenes names a main storyboard, but its app delegate cannot take the window.
struct AppDelegateMissingWindowRule: BuiltInRule {
    static let description = RuleDescription(
        id: "app-delegate-missing-window",
        severity: .error,
        title: "App delegate has no window property",
        explanation: """
            UIKit logs this from the app's process at launch when the app uses the app-delegate life \
            cycle (no UIApplicationSceneManifest) and its Info.plist names a main storyboard \
            (UIMainStoryboardFile), but the app delegate does not respond to window/setWindow:. UIKit \
            instantiates the storyboard's initial view controller and has nowhere to put the window it \
            makes for it, so nothing is shown: a black screen after the launch screen. It is the \
            app-delegate twin of scene-delegate-missing-window. Typical cause: the project came from \
            an Xcode 11 or later template, whose window property lives in SceneDelegate, and the scene \
            manifest and scene delegate were removed (to support iOS 12, say) without giving the app \
            delegate its window back.
            """,
        fix: """
            Adopt the scene life cycle, which apps built with the iOS 27 SDK must use anyway: add a \
            UIApplicationSceneManifest with a configuration naming your UIWindowSceneDelegate and \
            UISceneStoryboardFile, and declare `var window: UIWindow?` in that scene delegate. Until \
            then, declare the window in the app delegate: `var window: UIWindow?` (Objective-C: \
            `@property (strong, nonatomic) UIWindow *window;`), settable and visible to Objective-C.
            """,
        references: [AppleReference.applicationDelegateWindow, AppleReference.transitioningToScenes, AppleReference.tn3187],
        messageTemplate: "The app delegate of {process} has no window property, so the main storyboard is not shown",
        patterns: [
            RulePattern(
                literal: "The app delegate must implement the window property",
                regex: "The app delegate must implement the window property if it wants to use a main storyboard file"
            )
        ],
        triggeringExamples: [
            // wayou/wayou.github.io#149 (iOS 13, Xcode 11.2.1: a black screen on the device).
            RuleExample("The app delegate must implement the window property if it wants to use a main storyboard file"),
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [Application] The app delegate must implement the window property if it wants to use a main storyboard file."
            ),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [WindowScene] The scene delegate must implement the window property if it wants to use a main storyboard file."
            )
        ]
    )
}
