/// UIKit found a scene storyboard but no scene delegate to hold the window it would create.
struct NoSceneDelegateForStoryboardRule: BuiltInRule {
    static let description = RuleDescription(
        id: "no-scene-delegate-for-storyboard",
        severity: .error,
        title: "Scene storyboard without a scene delegate",
        explanation: """
            UIKit logs this from the app's process (category WindowScene) when the scene configuration \
            names a storyboard (UISceneStoryboardFile) but the scene has no delegate: either the \
            configuration has no UISceneDelegateClassName, or the class it names could not be loaded. \
            The second case is the usual one and shows just before, as "Info.plist configuration … \
            contained UISceneDelegateClassName key, but could not load class with name …", typically \
            because the module part of "MyApp.SceneDelegate" is not the app's real module name. UIKit \
            stores the storyboard's window in the scene delegate's window property; with no delegate \
            it does not create that window at all, so the scene connects and the app turns active, but \
            nothing is on screen: a black screen at launch.
            """,
        fix: """
            In Info.plist, under UIApplicationSceneManifest > UISceneConfigurations > \
            UIWindowSceneSessionRoleApplication, set UISceneDelegateClassName to \
            $(PRODUCT_MODULE_NAME).SceneDelegate (not a hard-coded target name, which breaks when the \
            target or module is renamed; an Objective-C class or one declared @objc(SceneDelegate) is \
            named without a module). Make sure the class is in the app target and conforms to \
            UIWindowSceneDelegate with a `var window: UIWindow?` property. If you build the UI in code \
            instead, remove UISceneStoryboardFile and create the window with UIWindow(windowScene:) in \
            scene(_:willConnectTo:options:).
            """,
        references: [
            AppleReference.sceneDelegateClassName, AppleReference.sceneStoryboardFile, AppleReference.specifyingScenes,
            AppleReference.tn3187,
        ],
        messageTemplate: "{process} names a scene storyboard but has no scene delegate to show it",
        patterns: [
            RulePattern(
                literal: "There is no scene delegate set",
                regex: "There is no scene delegate set\\. A scene delegate class must be specified to use a main storyboard file"
            )
        ],
        triggeringExamples: [
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
            ),
            RuleExample(
                "2020-09-16 17:06:55.755454-0700 VideoQuickStart[23092:6273980] [WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
            ),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "2020-07-25 11:28:20.366917+0200 SVGInteraction[24551:7241636] [SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"SVGInteraction.SceneDelegate\"."
            ),
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [WindowScene] The scene delegate must implement the window property if it wants to use a main storyboard file."
            ),
        ]
    ).showingTheAppClaimsScenes()
}
