/// The `UIScene` subclass a scene configuration names cannot be loaded, or is not a `UIScene`.
struct SceneClassNotLoadedRule: BuiltInRule {
    static let description = RuleDescription(
        id: "scene-class-not-loaded",
        severity: .error,
        title: "Scene class in the scene configuration cannot be used",
        explanation: """
            A scene configuration names a custom scene class that UIKit cannot use: UISceneClassName in \
            Info.plist names a class that is not in the app binary or that is not a UIScene subclass, \
            or a scene session saved by an earlier run ("Encoded configuration", state restoration) \
            names such a class, typically after it was renamed or moved to another module. Swift \
            classes are known to the runtime by their module-qualified name (MyApp.GameScene), so a \
            bare or stale module name is not found. The scene then cannot be the subclass the app's \
            code expects, and whatever relies on that subclass does not run.
            """,
        fix: """
            Remove UISceneClassName unless you really subclass UIScene: UIWindowScene is the default \
            for window roles and almost no app needs another class. Otherwise give the class's runtime \
            name, $(PRODUCT_MODULE_NAME).GameScene, or a stable Objective-C name declared with \
            @objc(GameScene); make sure the class inherits from UIWindowScene (or UIScene) and is \
            compiled into the app target. For a restored session, keep the old name resolvable with \
            @objc(OldName), or destroy stale sessions with UIApplication.requestSceneSessionDestruction.
            """,
        references: [AppleReference.sceneConfiguration, AppleReference.specifyingScenes],
        messageTemplate: #"{process} could not use scene class "{className}" for {role}"#,
        patterns: [
            RulePattern(
                literal: "contained UISceneClassName",
                regex:
                    #"Info\.plist configuration "(?<configuration>[^"]{0,1024})" for \#(SessionRole.pattern) contained UISceneClassName key, but could not load class with name "(?<className>[^"]{0,1024})""#,
                data: ["variant": "not-found"]),
            RulePattern(
                literal: "contained UISceneClassName",
                regex:
                    #"Info\.plist configuration "(?<configuration>[^"]{0,1024})" for \#(SessionRole.pattern) contained UISceneClassName, "(?<className>[^"]{0,1024})", but it is not a subclass of UIScene"#,
                data: ["variant": "not-a-subclass"]),
            RulePattern(
                literal: "contained a UIScene class named",
                regex:
                    #"Encoded configuration for \#(SessionRole.pattern) contained a UIScene class named "(?<className>[^"]{0,1024})", but no class with that name could be found"#,
                data: ["variant": "encoded-not-found"]),
            RulePattern(
                literal: "contained a UIScene class named",
                regex:
                    #"Encoded configuration for \#(SessionRole.pattern) contained a UIScene class named "(?<className>[^"]{0,1024})", but it was not actually a subclass of UIScene"#,
                data: ["variant": "encoded-not-a-subclass"]),
        ],
        triggeringExamples: [
            RuleExample(
                "2024-05-11 16:03:27.118204+0200 Puzzles[3120:77120] [SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneClassName key, but could not load class with name \"Puzzles.GameScene\".",
                data: [
                    "variant": "not-found", "configuration": "Default Configuration",
                    "role": "UIWindowSceneSessionRoleApplication", "className": "Puzzles.GameScene",
                ]),
            RuleExample(
                "Jun 20 13:42:52 iPad Puzzles(UIKitCore)[3120] <Error>: Info.plist configuration \"External Display\" for UIWindowSceneSessionRoleExternalDisplayNonInteractive contained UISceneClassName, \"Puzzles.BoardView\", but it is not a subclass of UIScene.",
                data: [
                    "variant": "not-a-subclass", "configuration": "External Display",
                    "role": "UIWindowSceneSessionRoleExternalDisplayNonInteractive", "className": "Puzzles.BoardView",
                ]),
            RuleExample(
                "error\t16:03:27.118204+0200\tPuzzles\tEncoded configuration for UIWindowSceneSessionRoleExternalDisplay contained a UIScene class named \"PuzzlesKit.ExternalScene\", but no class with that name could be found.",
                data: [
                    "variant": "encoded-not-found", "role": "UIWindowSceneSessionRoleExternalDisplay",
                    "className": "PuzzlesKit.ExternalScene", "roleDeprecated": "true",
                ]),
            RuleExample(
                "2024-05-11 16:03:27.118204+0200  localhost Puzzles[3120]: (UIKitCore) Encoded configuration for UIWindowSceneSessionRoleApplication contained a UIScene class named \"Puzzles.GameScene\", but it was not actually a subclass of UIScene!",
                data: [
                    "variant": "encoded-not-a-subclass", "role": "UIWindowSceneSessionRoleApplication",
                    "className": "Puzzles.GameScene",
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "2020-07-25 11:28:20.366917+0200 SVGInteraction[24551:7241636] [SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"SVGInteraction.SceneDelegate\"."
            ),
            RuleExample(
                "error\t16:03:27.118204+0200\tPuzzles\tEncoded configuration for UIWindowSceneSessionRoleApplication contained a UISceneDelegate class named \"Puzzles.SceneDelegate\", but no class with that name could be found."
            ),
            RuleExample(
                "2015-06-02 11:27:42.626 ILSwift[2431:379047] Unknown class _TtC7ILSwift33ILNotFindSwiftTagByObjcController in Interface Builder file."
            ),
        ]
    ).showingTheAppClaimsScenes()

    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool {
        SessionRole.annotate(&data)
        return true
    }
}
