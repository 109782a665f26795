/// The app delegate's application(_:open:options:) ran in an app whose scenes connected.
enum URLOpenOnAppDelegateDiagnosis {
    static let description = RuleDescription(
        id: "url-open-on-app-delegate", severity: .warning,
        title: "URL handled on the app delegate of a scene-based app",
        explanation: """
            The app printed application(_:open:options:) after a scene connected. In a scene-based app \
            UIKit does not call the app delegate's URL method: URLs go to the scene delegate. A URL \
            that opens the running app (warm) arrives in scene(_:openURLContexts:); a URL that launches \
            the app (cold) arrives inside scene(_:willConnectTo:options:) as \
            connectionOptions.urlContexts (universal links as connectionOptions.userActivities). Code \
            left on the app delegate, or a library that still hooks it, loses deep links after the \
            UIScene migration, usually only on cold launches.
            """,
        fix: """
            Handle both paths in the scene delegate: in scene(_:willConnectTo:options:) read \
            connectionOptions.urlContexts (and userActivities) for the cold launch, and implement \
            scene(_:openURLContexts:) (and scene(_:continue:)) for the warm one; forward them to the \
            code that handled application(_:open:options:). For React Native, Flutter and Capacitor, \
            forward them to the framework's linking module as its UIScene migration guide describes.
            """,
        references: [AppleReference.sceneOpenURLContexts, AppleReference.sceneWillConnect, AppleReference.tn3187],
        messageTemplate: "{process} handled a URL in application(_:open:options:) after its scene connected: deep links are lost",
        patterns: [],
        triggeringExamples: [
            RuleExample(
                """
                2025-06-02 09:14:03.140552+0200 Ledgerly[2211:9917301] scene(_:willConnectTo:options:)
                2025-06-02 09:14:03.402117+0200 Ledgerly[2211:9917301] sceneDidBecomeActive(_:)
                2025-06-02 09:14:21.771902+0200 Ledgerly[2211:9917301] application(_:open:options:)
                """)
        ],
        nonTriggeringExamples: [
            // An app-delegate app: application(_:open:options:) is the right place.
            RuleExample(
                """
                2025-06-02 09:14:03.120418+0200 Ledgerly[2211:9917301] application(_:didFinishLaunchingWithOptions:)
                2025-06-02 09:14:03.402117+0200 Ledgerly[2211:9917301] applicationDidBecomeActive(_:)
                2025-06-02 09:14:21.771902+0200 Ledgerly[2211:9917301] application(_:open:options:)
                """),
            RuleExample(
                """
                2025-06-02 09:14:03.140552+0200 Ledgerly[2211:9917301] scene(_:willConnectTo:options:)
                2025-06-02 09:14:03.402117+0200 Ledgerly[2211:9917301] sceneDidBecomeActive(_:)
                2025-06-02 09:14:21.771902+0200 Ledgerly[2211:9917301] scene(_:openURLContexts:)
                """),
        ]
    )
}
