/// The scene configuration the app asked for by name is not in Info.plist; UIKit used the first one.
struct DefaultConfigurationMissingRule: BuiltInRule {
    static let description = RuleDescription(
        id: "default-configuration-missing",
        severity: .warning,
        title: "Requested scene configuration is not declared in Info.plist",
        explanation: """
            The app asked UIKit for a scene configuration by name, usually \
            UISceneConfiguration(name: "Default Configuration", sessionRole:) returned from \
            application(_:configurationForConnecting:options:), but Info.plist declares no \
            configuration with that UISceneConfigurationName for that session role. UIKit does not \
            fail: it falls back to the first configuration declared for the role. With a single \
            configuration that is harmless; with several, or after a configuration was renamed, the \
            scene can connect with another delegate class or storyboard than the one the code expects, \
            which shows up only as a wrong or empty screen on that role (an external display, for \
            example).
            """,
        fix: """
            Make the name in configurationForConnecting match a UISceneConfigurationName under \
            UIApplicationSceneManifest › UISceneConfigurations › <role> in Info.plist (Xcode's \
            template calls it "Default Configuration"), or return connectingSceneSession.configuration \
            to take the declared one as is. For the external display, declare configurations under \
            UIWindowSceneSessionRoleExternalDisplayNonInteractive: UIWindowSceneSessionRoleExternalDisplay \
            is deprecated since iOS 16 (the finding's data then carries roleDeprecated).
            """,
        references: [AppleReference.sceneConfiguration, AppleReference.specifyingScenes],
        messageTemplate: """
            {process} asked for scene configuration "{configuration}", which Info.plist does not declare \
            for {role}; UIKit used the first configuration declared for it instead
            """,
        patterns: [
            RulePattern(
                literal: "contained no configuration named",
                regex: #"Info\.plist contained no configuration named "(?<configuration>[^"]{0,1024})" for \#(SessionRole.pattern)"#
            )
        ],
        triggeringExamples: [
            RuleExample(
                "2023-03-02 10:14:31.402117+0100 PhotoFrame[1893:61244] [SceneConfiguration] Info.plist contained no configuration named \"Default Configuration\" for UIWindowSceneSessionRoleApplication. Falling back to first defined description for UIWindowSceneSessionRoleApplication",
                data: ["configuration": "Default Configuration", "role": "UIWindowSceneSessionRoleApplication"]),
            RuleExample(
                "Jun 20 13:42:52 iPad PhotoFrame(UIKitCore)[1893] <Error>: Info.plist contained no configuration named \"External Display\" for UIWindowSceneSessionRoleExternalDisplayNonInteractive. Falling back to first defined description for UIWindowSceneSessionRoleExternalDisplayNonInteractive",
                data: [
                    "configuration": "External Display", "role": "UIWindowSceneSessionRoleExternalDisplayNonInteractive",
                ]),
            RuleExample(
                "error\t13:42:52.118204+0200\tPhotoFrame\tInfo.plist contained no configuration named \"External Display\" for UIWindowSceneSessionRoleExternalDisplay. Falling back to first defined description for UIWindowSceneSessionRoleExternalDisplay",
                data: [
                    "configuration": "External Display", "role": "UIWindowSceneSessionRoleExternalDisplay",
                    "roleDeprecated": "true",
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "2022-12-19 11:57:15.692222-0800 PurchaseTester[40211:4411274] [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")"
            ),
            RuleExample(
                "2020-07-25 11:28:20.366917+0200 SVGInteraction[24551:7241636] [SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"SVGInteraction.SceneDelegate\"."
            ),
        ]
    ).showingTheAppClaimsScenes()

    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool {
        SessionRole.annotate(&data)
        return true
    }
}
