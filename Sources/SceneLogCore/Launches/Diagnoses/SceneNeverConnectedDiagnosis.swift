/// The app finished launching and went on, but no scene ever connected.
enum SceneNeverConnectedDiagnosis {
    static let description = RuleDescription(
        id: "scene-never-connected", severity: .warning,
        title: "App finished launching but no scene connected",
        explanation: """
            The app's own traces show application(_:didFinishLaunchingWithOptions:) and then the app going \
            on (active, in the foreground, or logging for minutes), but scene(_:willConnectTo:options:) \
            never ran and no scene delegate method printed anything. When UIKit also says the app does \
            not adopt the UIScene life cycle, the app is still app-delegate based: with the iOS 27 SDK it \
            will not launch at all. When the app's scene configuration was read (a scene configuration \
            message, application(_:configurationForConnecting:options:)) yet no scene connected, UIKit \
            could not create the scene delegate: the window is never shown, a black screen.
            """,
        fix: """
            Adopt the scene-based life cycle (TN3187): add UIApplicationSceneManifest with a \
            "Default Configuration" for UIWindowSceneSessionRoleApplication naming your scene delegate \
            class, move window set-up into scene(_:willConnectTo:options:) with UIWindow(windowScene:), \
            and move foreground/background handling into the scene delegate. If the manifest is there, \
            check that UISceneDelegateClassName names a class that exists (with its module for Swift) and \
            that application(_:configurationForConnecting:options:) returns a configuration of that name.
            """,
        references: [AppleReference.tn3187, AppleReference.transitioningToScenes, AppleReference.specifyingScenes],
        messageTemplate: "{process} finished launching and went on, but no scene connected ({reason})",
        patterns: [],
        triggeringExamples: [
            RuleExample(
                """
                2025-06-02 09:14:03.120418+0200 Ledgerly[2211:9917301] application(_:didFinishLaunchingWithOptions:)
                2025-06-02 09:14:03.131006+0200 Ledgerly[2211:9917301] `UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.
                2025-06-02 09:14:03.402117+0200 Ledgerly[2211:9917301] applicationDidBecomeActive(_:)
                """,
                data: ["reason": "the app does not adopt the UIScene life cycle"]),
            RuleExample(
                """
                2025-06-02 09:14:03.118026+0200 Ledgerly[2211:9917301] application(_:didFinishLaunchingWithOptions:)
                2025-06-02 09:14:03.121337+0200 Ledgerly[2211:9917301] application(_:configurationForConnecting:options:)
                2025-06-02 09:14:03.129901+0200 Ledgerly[2211:9917301] [SceneConfiguration] Info.plist configuration "Default Configuration" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name "Ledgerly.SceneDelegate".
                2025-06-02 09:14:03.402117+0200 Ledgerly[2211:9917301] applicationDidBecomeActive(_:)
                """,
                data: ["reason": "the scene configuration was read but no scene delegate ran: black screen"]),
        ],
        nonTriggeringExamples: [
            // A scene-based app: the scene connected.
            RuleExample(
                """
                2025-06-02 09:14:03.120418+0200 Ledgerly[2211:9917301] application(_:didFinishLaunchingWithOptions:)
                2025-06-02 09:14:03.140552+0200 Ledgerly[2211:9917301] scene(_:willConnectTo:options:)
                2025-06-02 09:14:03.402117+0200 Ledgerly[2211:9917301] sceneDidBecomeActive(_:)
                """),
            // An app-delegate app that claims no scenes and gets no warning (before iOS 18.4).
            RuleExample(
                """
                2025-06-02 09:14:03.120418+0200 Ledgerly[2211:9917301] application(_:didFinishLaunchingWithOptions:)
                2025-06-02 09:14:03.402117+0200 Ledgerly[2211:9917301] applicationDidBecomeActive(_:)
                """),
            // Unity's scene trampoline prints no willConnect, but its scene callbacks show the scene.
            RuleExample(
                """
                -> applicationDidFinishLaunching()
                -> sceneWillEnterForeground()
                -> applicationWillEnterForeground()
                -> sceneDidBecomeActive()
                -> applicationDidBecomeActive()
                """),
            // A background launch (a silent push): no scene is expected.
            RuleExample(
                """
                2025-06-02 03:00:12.004417+0200 Ledgerly[2390:9920114] application(_:didFinishLaunchingWithOptions:)
                2025-06-02 03:00:12.010023+0200 Ledgerly[2390:9920114] `UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.
                """),
        ]
    )
}
