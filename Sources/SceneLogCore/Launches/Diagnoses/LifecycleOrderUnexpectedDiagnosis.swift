/// A scene's (or the app delegate's) callbacks in an order the documented sequences exclude.
enum LifecycleOrderUnexpectedDiagnosis {
    static let description = RuleDescription(
        id: "lifecycle-order-unexpected", severity: .warning,
        title: "Life-cycle callbacks came in an order UIKit does not use",
        explanation: """
            The documented cold launch of a scene-based app is willFinishLaunching → didFinishLaunching → \
            configurationForConnecting → willConnect → willEnterForeground → didBecomeActive; an \
            app-delegate app goes willFinishLaunching → didFinishLaunching → didBecomeActive. A scene's \
            first callback is always scene(_:willConnectTo:options:), and after sceneDidDisconnect(_:) the \
            scene gets no other callback until it connects again. The app's traces broke that order: \
            usually a scene delegate that is not the one UIKit created (a second instance, a delegate \
            set by hand), work forwarded between the app and scene delegates twice, or a trace printed \
            from the wrong method. Steps an app does not print are allowed to be missing.
            """,
        fix: """
            Let UIKit create the scene delegate from the scene configuration (UISceneDelegateClassName) \
            and do not call delegate methods yourself; keep launch work in \
            application(_:didFinishLaunchingWithOptions:) and scene set-up in \
            scene(_:willConnectTo:options:); check that each trace prints from the method it names.
            """,
        references: [AppleReference.managingLifeCycle, AppleReference.tn3187],
        messageTemplate: "{process}: expected {expected}, but {observed} came first ({scene})",
        patterns: [],
        triggeringExamples: [
            RuleExample(
                """
                2025-06-02 09:14:03.140552+0200 Ledgerly[2211:9917301] sceneDidBecomeActive(_:) <UIWindowScene: 0x10270b110; role: UIWindowSceneSessionRoleApplication; activationState: UISceneActivationStateForegroundActive>
                2025-06-02 09:14:03.144208+0200 Ledgerly[2211:9917301] scene(_:willConnectTo:options:) <UIWindowScene: 0x10270b110; role: UIWindowSceneSessionRoleApplication; activationState: UISceneActivationStateUnattached>
                """,
                data: ["expected": "willConnect", "observed": "didBecomeActive", "scene": "scene 0x10270b110"]),
            RuleExample(
                """
                2025-06-02 09:14:03.140552+0200 Ledgerly[2211:9917301] scene(_:willConnectTo:options:)
                2025-06-02 09:14:03.151277+0200 Ledgerly[2211:9917301] application(_:didFinishLaunchingWithOptions:)
                """,
                data: ["expected": "didFinishLaunching", "observed": "willConnect", "scene": "the app delegate"]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                2025-06-02 09:14:03.110048+0200 Ledgerly[2211:9917301] application(_:willFinishLaunchingWithOptions:)
                2025-06-02 09:14:03.120418+0200 Ledgerly[2211:9917301] application(_:didFinishLaunchingWithOptions:)
                2025-06-02 09:14:03.121337+0200 Ledgerly[2211:9917301] application(_:configurationForConnecting:options:)
                2025-06-02 09:14:03.140552+0200 Ledgerly[2211:9917301] scene(_:willConnectTo:options:)
                2025-06-02 09:14:03.391113+0200 Ledgerly[2211:9917301] sceneWillEnterForeground(_:)
                2025-06-02 09:14:03.402117+0200 Ledgerly[2211:9917301] sceneDidBecomeActive(_:)
                2025-06-02 09:15:41.002117+0200 Ledgerly[2211:9917301] sceneWillResignActive(_:)
                2025-06-02 09:15:41.502117+0200 Ledgerly[2211:9917301] sceneDidEnterBackground(_:)
                2025-06-02 09:16:02.118230+0200 Ledgerly[2211:9917301] sceneWillEnterForeground(_:)
                2025-06-02 09:16:02.201551+0200 Ledgerly[2211:9917301] sceneDidBecomeActive(_:)
                """),
            // Steps the app does not print may be missing.
            RuleExample(
                """
                2025-06-02 09:14:03.140552+0200 Ledgerly[2211:9917301] scene(_:willConnectTo:options:)
                2025-06-02 09:14:03.402117+0200 Ledgerly[2211:9917301] sceneDidBecomeActive(_:)
                """),
            // Two scenes without addresses: a second willConnect is a second scene.
            RuleExample(
                """
                2025-06-02 09:14:03.140552+0200 Ledgerly[2211:9917301] scene(_:willConnectTo:options:)
                2025-06-02 09:14:03.402117+0200 Ledgerly[2211:9917301] sceneDidBecomeActive(_:)
                2025-06-02 09:14:09.811045+0200 Ledgerly[2211:9917301] scene(_:willConnectTo:options:)
                """),
        ]
    )
}
