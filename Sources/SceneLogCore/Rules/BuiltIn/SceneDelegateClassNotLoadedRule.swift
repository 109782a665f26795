/// The scene delegate class a scene configuration names cannot be loaded, or is not a `UISceneDelegate`.
struct SceneDelegateClassNotLoadedRule: BuiltInRule {
    static let description = RuleDescription(
        id: "scene-delegate-class-not-loaded",
        severity: .error,
        title: "Scene delegate class cannot be loaded",
        explanation: """
            UISceneDelegateClassName in the scene configuration names a class UIKit cannot find at run \
            time, or one that does not conform to UISceneDelegate. The scene then connects without a \
            delegate: scene(_:willConnectTo:options:) never runs, no window is created, and the app \
            shows a black screen; with a storyboard configured, "There is no scene delegate set" \
            follows. The usual cause is the module prefix: Swift registers the class as \
            <Module>.SceneDelegate, and the name in Info.plist no longer matches after a target or \
            product rename, a copied project, a product name with hyphens (the module name has \
            underscores), or a build system with its own module names (SwiftPM, Bazel). UIKit often \
            logs it twice, for the named configuration and for "(no name)". The "Encoded \
            configuration" variants come from restoring a scene session saved by an earlier build whose \
            delegate class has since been renamed or removed.
            """,
        fix: """
            Set UISceneDelegateClassName to $(PRODUCT_MODULE_NAME).SceneDelegate and check that \
            PRODUCT_MODULE_NAME is the module SceneDelegate.swift is compiled into, or give the class a \
            stable Objective-C name with @objc(SceneDelegate) and use "SceneDelegate". Make sure the \
            file is a member of the app target and not compiled out by #if, and that the class conforms \
            to UIWindowSceneDelegate. For a restored session, keep the old name resolvable with \
            @objc(OldName), or destroy stale sessions with UIApplication.requestSceneSessionDestruction.
            """,
        references: [
            AppleReference.sceneDelegateClassName, AppleReference.specifyingScenes, AppleReference.sceneConfiguration,
        ],
        messageTemplate: #"{process} could not use scene delegate class "{className}" for {role}: the scene has no delegate"#,
        patterns: [
            RulePattern(
                literal: "contained UISceneDelegateClassName",
                regex:
                    #"Info\.plist configuration "(?<configuration>[^"]{0,1024})" for \#(SessionRole.pattern) contained UISceneDelegateClassName key, but could not load class with name "(?<className>[^"]{0,1024})""#,
                data: ["variant": "not-found"]),
            RulePattern(
                literal: "contained UISceneDelegateClassName",
                regex:
                    #"Info\.plist configuration "(?<configuration>[^"]{0,1024})" for \#(SessionRole.pattern) contained UISceneDelegateClassName, "(?<className>[^"]{0,1024})", but it does not conform to the UISceneDelegate protocol"#,
                data: ["variant": "not-conforming"]),
            RulePattern(
                literal: "contained a UISceneDelegate class named",
                regex:
                    #"Encoded configuration for \#(SessionRole.pattern) contained a UISceneDelegate class named "(?<className>[^"]{0,1024})", but no class with that name could be found"#,
                data: ["variant": "encoded-not-found"]),
            RulePattern(
                literal: "contained a UISceneDelegate class named",
                regex:
                    #"Encoded configuration for \#(SessionRole.pattern) contained a UISceneDelegate class named "(?<className>[^"]{0,1024})", but it does not actually conform to the UISceneDelegate protocol"#,
                data: ["variant": "encoded-not-conforming"]),
        ],
        triggeringExamples: [
            RuleExample(
                "2020-07-25 11:28:20.366917+0200 SVGInteraction[24551:7241636] [SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"SVGInteraction.SceneDelegate\".",
                data: [
                    "variant": "not-found", "configuration": "Default Configuration",
                    "role": "UIWindowSceneSessionRoleApplication", "className": "SVGInteraction.SceneDelegate",
                ]),
            RuleExample(
                "2023-08-18 16:46:33.207321-0700 mapbox-example[48163:87257911] [SceneConfiguration] Info.plist configuration \"ExampleAppConfiguration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"mapbox-example.SceneDelegate\".",
                data: [
                    "configuration": "ExampleAppConfiguration", "role": "UIWindowSceneSessionRoleApplication",
                    "className": "mapbox-example.SceneDelegate",
                ]),
            RuleExample(
                "2020-09-16 17:06:55.750584-0700 VideoQuickStart[23092:6273980] [SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"VideoQuickStart.SceneDelegate\".",
                data: ["configuration": "Default Configuration", "className": "VideoQuickStart.SceneDelegate"]),
            RuleExample(
                "2020-09-16 17:06:55.751057-0700 VideoQuickStart[23092:6273980] [SceneConfiguration] Info.plist configuration \"(no name)\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"VideoQuickStart.SceneDelegate\".",
                data: [
                    "configuration": "(no name)", "role": "UIWindowSceneSessionRoleApplication",
                    "className": "VideoQuickStart.SceneDelegate",
                ]),
            RuleExample(
                "error\t09:12:03.551790+0200\tRunner\tInfo.plist configuration \"flutter\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"Runner.SceneDelegate\".",
                data: ["configuration": "flutter", "className": "Runner.SceneDelegate"]),
            RuleExample(
                "Oct 10 09:14:07.123456 NetNewsWire(UIKitCore)[2210] <Error>: Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"NetNewsWire.SceneDelegate\".",
                data: ["className": "NetNewsWire.SceneDelegate"]),
            RuleExample(
                "Jun 20 13:42:52 iPad Slides(UIKitCore)[1204] <Error>: Info.plist configuration \"External Display\" for UIWindowSceneSessionRoleExternalDisplayNonInteractive contained UISceneDelegateClassName, \"Slides.ExternalDisplayController\", but it does not conform to the UISceneDelegate protocol.",
                data: [
                    "variant": "not-conforming", "configuration": "External Display",
                    "role": "UIWindowSceneSessionRoleExternalDisplayNonInteractive",
                    "className": "Slides.ExternalDisplayController",
                ]),
            RuleExample(
                "error\t13:42:52.204118+0200\tSlides\tEncoded configuration for UIWindowSceneSessionRoleExternalDisplay contained a UISceneDelegate class named \"Slides.PresenterSceneDelegate\", but no class with that name could be found.",
                data: [
                    "variant": "encoded-not-found", "role": "UIWindowSceneSessionRoleExternalDisplay",
                    "className": "Slides.PresenterSceneDelegate", "roleDeprecated": "true",
                ]),
            RuleExample(
                "2024-05-11 16:03:27.118 E  Slides[1204:2a1f3] (UIKitCore) Encoded configuration for UIWindowSceneSessionRoleApplication contained a UISceneDelegate class named \"Slides.AppDelegate\", but it does not actually conform to the UISceneDelegate protocol!",
                data: [
                    "variant": "encoded-not-conforming", "role": "UIWindowSceneSessionRoleApplication",
                    "className": "Slides.AppDelegate",
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
            ),
            RuleExample(
                "2024-05-11 16:03:27.118204+0200 Puzzles[3120:77120] [SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneClassName key, but could not load class with name \"Puzzles.GameScene\"."
            ),
            RuleExample(
                "2022-12-19 11:57:15.692222-0800 PurchaseTester[40211:4411274] [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")"
            ),
        ]
    ).showingTheAppClaimsScenes()

    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool {
        SessionRole.annotate(&data)
        return true
    }
}
