/// A UIWindow was allocated before the app first became active, typically outside any scene.
struct WindowCreatedBeforeActivationRule: BuiltInRule {
    static let description = RuleDescription(
        id: "window-created-before-activation",
        severity: .warning,
        title: "Window created before the app first became active",
        explanation: """
            UIKit logs this from the app's process when a UIWindow was created before the app's first \
            activation, most often from the app delegate: a stored property such as `var window = \
            UIWindow(frame: UIScreen.main.bounds)`, AppDelegate.init, or an SDK that sets up an overlay \
            window that early. Such a window belongs to no UIWindowScene. In an app that uses the scene \
            life cycle UIKit does not attach it to the scene that connects later, so whatever it holds is \
            not shown and the app renders black; where it does appear, its size, traits or appearance may \
            be wrong, as the message says.
            """,
        fix: """
            Create windows only once their scene exists: declare `var window: UIWindow?` (optional, with \
            no initial value) in the scene delegate, and in scene(_:willConnectTo:options:) create it with \
            UIWindow(windowScene:), set its rootViewController and call makeKeyAndVisible(). Remove window \
            creation from the app delegate's initializer, stored properties and \
            application(_:didFinishLaunchingWithOptions:), and start SDKs that create their own windows \
            from the scene delegate, or pass them the UIWindowScene.
            """,
        references: [
            AppleReference.windowInitWithWindowScene, AppleReference.transitioningToScenes, AppleReference.tn3187,
        ],
        messageTemplate: "{process} created a UIWindow before its first activation",
        patterns: [
            RulePattern(
                literal: "UIWindows were created prior to initial application activation",
                regex: "UIWindows were created prior to initial application activation"
            )
        ],
        triggeringExamples: [
            RuleExample(
                "2021-09-14 10:02:41.117385-0400 App[8125:2417790] UIWindows were created prior to initial application activation. This may result in incorrect visual appearance"
            )
        ],
        nonTriggeringExamples: [
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [WindowScene] The scene delegate must implement the window property if it wants to use a main storyboard file."
            ),
            RuleExample(
                "default\t22:50:45.786360-0500\tMobileJarvisNative\tKey window API is scene-level: YES"
            ),
        ]
    )
}
