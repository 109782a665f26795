/// The scene delegate loaded, but UIKit cannot hand it the window for the scene storyboard.
struct SceneDelegateMissingWindowRule: BuiltInRule {
    static let description = RuleDescription(
        id: "scene-delegate-missing-window",
        severity: .error,
        title: "Scene delegate has no window property",
        explanation: """
            UIKit logs this from the app's process (category WindowScene) while connecting a scene whose \
            configuration names a storyboard (UISceneStoryboardFile). It has instantiated the \
            storyboard's initial view controller and wants to create a UIWindow for the scene and store \
            it through the scene delegate's window setter, but the delegate does not respond to \
            window/setWindow:. UIKit then creates no window and the view controller is dropped, so the \
            scene connects and the app turns active with nothing on screen: a black screen at launch. \
            Typical causes during a migration: the window property was left in the app delegate and not \
            added to the new scene delegate, it is declared with `let` or as a read-only computed \
            property, or the Swift class conforms only to UISceneDelegate, so its `var window` is not \
            exposed to Objective-C and UIKit cannot see it.
            """,
        fix: """
            Declare the window in the scene delegate: `class SceneDelegate: UIResponder, \
            UIWindowSceneDelegate { var window: UIWindow? … }` (Objective-C: `@property (strong, \
            nonatomic) UIWindow *window;`). The conformance must be UIWindowSceneDelegate (or the property \
            marked @objc) and the property must be settable. If you would rather create the window \
            yourself, remove UISceneStoryboardFile from the scene configuration and, in \
            scene(_:willConnectTo:options:), create it with UIWindow(windowScene:), set its \
            rootViewController, assign it to `window` and call makeKeyAndVisible().
            """,
        references: [
            AppleReference.windowSceneDelegateWindow, AppleReference.sceneStoryboardFile,
            AppleReference.transitioningToScenes, AppleReference.tn3187,
        ],
        messageTemplate: "The scene delegate of {process} has no settable window property, so the scene storyboard is not shown",
        patterns: [
            RulePattern(
                literal: "The scene delegate must implement the window property",
                regex: "The scene delegate must implement the window property if it wants to use a main storyboard file"
            )
        ],
        triggeringExamples: [
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [WindowScene] The scene delegate must implement the window property if it wants to use a main storyboard file."
            )
        ],
        nonTriggeringExamples: [
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
            ),
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [Application] The app delegate must implement the window property if it wants to use a main storyboard file."
            ),
        ]
    ).showingTheAppClaimsScenes()
}
