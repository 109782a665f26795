/// UIKit looked for a scene configuration, but Info.plist declares no `UISceneConfigurations` at all.
struct SceneConfigurationMissingRule: BuiltInRule {
    static let description = RuleDescription(
        id: "scene-configuration-missing",
        severity: .warning,
        title: "Info.plist declares no scene configurations",
        explanation: """
            UIKit looked up a scene configuration in Info.plist, by the name \
            application(_:configurationForConnecting:options:) gave it or as "(no name)" when none was \
            given, and found no UISceneConfigurations at all: no UIApplicationSceneManifest, or one \
            without configurations. Since iOS 16.2 UIKit logs this for SwiftUI apps and apps whose \
            manifest has no configurations too; it is harmless when SwiftUI or the app's code supplies \
            the delegate class (delegateClass on the configuration it returns). Otherwise the scene connects with no delegate and no storyboard, nothing creates a \
            window, and the screen stays black. Built with the iOS 27 SDK, a manifest with an empty \
            UISceneConfigurations counts as not adopting the UIScene life cycle, and the app is stopped \
            at launch.
            """,
        fix: """
            Declare the configuration in Info.plist: UIApplicationSceneManifest › UISceneConfigurations › \
            UIWindowSceneSessionRoleApplication › an item with UISceneConfigurationName (the name in the \
            message, for example "Default Configuration"), UISceneDelegateClassName \
            ($(PRODUCT_MODULE_NAME).SceneDelegate) and, only if you use one, UISceneStoryboardFile. Or \
            set delegateClass (and storyboard) on the UISceneConfiguration you return from \
            configurationForConnecting. An app built with the iOS 27 SDK needs at least one declared \
            configuration.
            """,
        references: [AppleReference.specifyingScenes, AppleReference.sceneConfiguration, AppleReference.tn3187],
        messageTemplate: """
            {process} looked for scene configuration "{configuration}", but Info.plist declares no \
            UISceneConfigurations
            """,
        patterns: [
            RulePattern(
                literal: "contained no UIScene configuration dictionary",
                regex: #"Info\.plist contained no UIScene configuration dictionary \(looking for configuration named "(?<configuration>[^"]{0,1024})""#
            )
        ],
        triggeringExamples: [
            RuleExample(
                "2022-12-19 11:57:15.692222-0800 PurchaseTester[40211:4411274] [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")",
                data: ["configuration": "(no name)"]),
            RuleExample(
                "error\t10:21:09.331806+0200\tApp\tInfo.plist contained no UIScene configuration dictionary (looking for configuration named \"Default Configuration\")",
                data: ["configuration": "Default Configuration"]),
            RuleExample(
                "Jun 20 13:42:52 iPhone Passepartout(UIKitCore)[912] <Error>: Info.plist contained no UIScene configuration dictionary (looking for configuration named \"SceneDelegate\")",
                data: ["configuration": "SceneDelegate"]),
            RuleExample(
                "2026-03-14 08:12:45.902 E  axmol-demo[3307:4f1a2] (UIKitCore) Info.plist contained no UIScene configuration dictionary (looking for configuration named \"AxmolDefaultConfiguration\")",
                data: ["configuration": "AxmolDefaultConfiguration"]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "2023-03-02 10:14:31.402117+0100 PhotoFrame[1893:61244] [SceneConfiguration] Info.plist contained no configuration named \"Default Configuration\" for UIWindowSceneSessionRoleApplication. Falling back to first defined description for UIWindowSceneSessionRoleApplication"
            ),
            RuleExample(
                "fault\t15:36:14.396075+0500\tRunner\t`UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future."
            ),
        ]
    ).showingTheAppClaimsScenes()
}
