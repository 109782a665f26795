/// The storyboard a scene configuration (or the main interface) names is not in the bundle.
struct SceneStoryboardNotFoundRule: BuiltInRule {
    static let description = RuleDescription(
        id: "scene-storyboard-not-found",
        severity: .error,
        title: "Storyboard named by the scene configuration is missing",
        explanation: """
            UIKit was told to load a storyboard that is not in the app bundle. For a scene, \
            UISceneStoryboardFile in the scene configuration names it (UIKit's message calls the key \
            UIMainStoryboardFile); for a restored scene session, the configuration saved by an earlier \
            build names it. "Could not find a storyboard named …" is the NSInvalidArgumentException \
            UIStoryboard(name:bundle:) raises: at launch it means the main interface (UIMainStoryboardFile, \
            or the scene's UISceneStoryboardFile) still names a storyboard that was deleted, renamed or \
            never compiled into the bundle. Without its storyboard the scene gets no window and stays \
            black; the exception ends the app.
            """,
        fix: """
            If the UI is built in code, delete UISceneStoryboardFile from the scene configuration and \
            UIMainStoryboardFile from the target (Xcode's "Main Interface", \
            INFOPLIST_KEY_UIMainStoryboardFile), and create the window in \
            scene(_:willConnectTo:options:). Otherwise make sure the .storyboard belongs to the app \
            target (Copy Bundle Resources) and that the name matches the file name without its \
            extension, case included. Storyboards are compiled only by Xcode's ibtool: a bundle built \
            without it has no .storyboardc. If the role is UIWindowSceneSessionRoleExternalDisplay \
            (deprecated since iOS 16), move the configuration under \
            UIWindowSceneSessionRoleExternalDisplayNonInteractive.
            """,
        references: [AppleReference.sceneStoryboardFile, AppleReference.specifyingScenes, AppleReference.sceneConfiguration],
        messageTemplate: #"{process} could not find storyboard "{storyboard}""#,
        patterns: [
            RulePattern(
                literal: "contained UIMainStoryboardFile key, but could not find storyboard",
                regex:
                    #"Info\.plist configuration "(?<configuration>[^"]{0,1024})" for \#(SessionRole.pattern) contained UIMainStoryboardFile key, but could not find storyboard with name (?<storyboard>[^\n]{1,1024})"#,
                data: ["variant": "info-plist"]),
            RulePattern(
                literal: "contained a storyboard named",
                regex:
                    #"Encoded configuration for \#(SessionRole.pattern) contained a storyboard named "(?<storyboard>[^"]{0,1024})" from bundle "(?<bundle>[^"]{0,1024})", but the storyboard could not be found"#,
                data: ["variant": "encoded"]),
            RulePattern(
                literal: "Could not find a storyboard named",
                regex:
                    #"Could not find a storyboard named '(?<storyboard>[^'\n]{0,1024})' in bundle(?: NSBundle <(?<bundle>[^>\n]{0,4096})>)?"#,
                data: ["variant": "exception"]),
        ],
        triggeringExamples: [
            RuleExample(
                "2024-02-08 10:31:55.604118+0100 Notes[2044:51873] [SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UIMainStoryboardFile key, but could not find storyboard with name Main.",
                data: [
                    "variant": "info-plist", "configuration": "Default Configuration",
                    "role": "UIWindowSceneSessionRoleApplication", "storyboard": "Main",
                ]),
            RuleExample(
                "Jun 20 13:42:52 iPad Notes(UIKitCore)[2044] <Error>: Info.plist configuration \"External Display\" for UIWindowSceneSessionRoleExternalDisplayNonInteractive contained UIMainStoryboardFile key, but could not find storyboard with name External Display.",
                data: [
                    "configuration": "External Display", "role": "UIWindowSceneSessionRoleExternalDisplayNonInteractive",
                    "storyboard": "External Display",
                ]),
            RuleExample(
                "error\t10:31:55.604118+0100\tNotes\tEncoded configuration for UIWindowSceneSessionRoleExternalDisplay contained a storyboard named \"Presenter\" from bundle \"com.example.Notes\", but the storyboard could not be found.",
                data: [
                    "variant": "encoded", "role": "UIWindowSceneSessionRoleExternalDisplay", "storyboard": "Presenter",
                    "bundle": "com.example.Notes", "roleDeprecated": "true",
                ]),
            RuleExample(
                "2019-03-12 09:20:41.553 dSYMDemo[8812:301944] *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Could not find a storyboard named 'Main' in bundle NSBundle </Users/hmc/Library/Developer/CoreSimulator/Devices/2ADFB467-5FFF-4F61-872F-73F1CF1C2174/data/Containers/Bundle/Application/1DE87EF5-E2FA-44B8-8967-F565941653CB/dSYMDemo.app> (loaded)'",
                data: [
                    "variant": "exception", "storyboard": "Main",
                    "bundle":
                        "/Users/hmc/Library/Developer/CoreSimulator/Devices/2ADFB467-5FFF-4F61-872F-73F1CF1C2174/data/Containers/Bundle/Application/1DE87EF5-E2FA-44B8-8967-F565941653CB/dSYMDemo.app",
                ]),
        ],
        nonTriggeringExamples: [
            // OceanLabs/iOS-Print-SDK#248: an SDK's own storyboard, loaded by the SDK.
            RuleExample(
                "Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Could not find a storyboard named 'OLKiteStoryboard' in bundle NSBundle."
            ),
            RuleExample(
                "2016-01-28 14:35:06.205 HelloWorld[46615:6660268] Failed to instantiate the default view controller for UIMainStoryboardFile 'Main' - perhaps the designated entry point is not set?"
            ),
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
            ),
            RuleExample(
                "2015-06-02 11:27:42.626 ILSwift[2431:379047] Unknown class _TtC7ILSwift33ILNotFindSwiftTagByObjcController in Interface Builder file."
            ),
        ]
    ).showingTheAppClaimsScenes().abortingWhenItsVariantIs("exception")

    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool {
        // The exception names any storyboard the app or a library loads by name, at any time: it is
        // the main interface's only when it has a name Xcode's templates give it: `Main`, older ones'
        // `Main_iPhone` or `MainStoryboard_iPad`. Another name (an SDK's `OLKiteStoryboard`) is left
        // to uncaught-exception.
        if data["variant"] == "exception", let name = data["storyboard"], name != "Main", !name.hasPrefix("Main_"), !name.hasPrefix("MainStoryboard") {
            return false
        }
        // The Info.plist variant's name runs to the end of the line (or its bound), then a full stop.
        if data["variant"] == "info-plist", let name = data["storyboard"] { data["storyboard"] = name.droppingLineEnd(closing: ".") }
        SessionRole.annotate(&data)
        return true
    }
}
