/// The launch storyboard (scene or app) has no initial view controller.
struct StoryboardEntryPointMissingRule: BuiltInRule {
    static let description = RuleDescription(
        id: "storyboard-entry-point-missing",
        severity: .error,
        title: "Main storyboard has no initial view controller",
        explanation: """
            UIKit logs this from the app's process when it loads the storyboard named by \
            UISceneStoryboardFile (scene-based apps, category WindowScene) or UIMainStoryboardFile \
            (app-delegate life cycle) and the storyboard has no entry point, so \
            instantiateInitialViewController() returns nil. No view controller is loaded (in a scene-based \
            app UIKit then creates no window for the scene at all), so the app launches, turns active and \
            shows a black screen. It often follows a \
            migration in which the initial view controller was deleted or replaced, or in which the \
            scene configuration's storyboard was set to the wrong file: 'LaunchScreen' here means the \
            main interface points at the launch screen storyboard.
            """,
        fix: """
            Open the storyboard named in the message, select the view controller the app should start \
            with and tick "Is Initial View Controller" in the Attributes inspector (the entry-point \
            arrow). Check that UISceneStoryboardFile in the scene configuration (and UIMainStoryboardFile \
            / "Main Interface", if still present) names the main storyboard, not the launch screen. If \
            the UI is built in code, remove both keys and create the window in \
            scene(_:willConnectTo:options:) with UIWindow(windowScene:), setting its rootViewController \
            before makeKeyAndVisible().
            """,
        references: [AppleReference.sceneStoryboardFile, AppleReference.specifyingScenes, AppleReference.tn3187],
        messageTemplate: "{process} could not instantiate the initial view controller of storyboard '{storyboard}'",
        patterns: [
            // The message's first letter may be cut where a bug report's paste starts with it.
            RulePattern(
                literal: "ailed to instantiate the default view controller for UIMainStoryboardFile",
                regex: "(?:F|^)ailed to instantiate the default view controller for UIMainStoryboardFile '(?<storyboard>[^']{0,1024})'"
            )
        ],
        triggeringExamples: [
            RuleExample(
                "2016-01-28 14:35:06.205 HelloWorld[46615:6660268] Failed to instantiate the default view controller for UIMainStoryboardFile 'Main' - perhaps the designated entry point is not set?",
                data: ["storyboard": "Main"]),
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [WindowScene] Failed to instantiate the default view controller for UIMainStoryboardFile 'LaunchScreen' - perhaps the designated entry point is not set?",
                data: ["storyboard": "LaunchScreen"]),
            // SVProgressHUD/SVProgressHUD#976: the paste's first line lost its first letter.
            RuleExample(
                "ailed to instantiate the default view controller for UIMainStoryboardFile 'Main' - perhaps the designated entry point is not set?",
                data: ["storyboard": "Main"]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "2020-07-25 11:28:20.369154+0200 SVGInteraction[24551:7241636] [WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
            ),
            RuleExample(
                "2016-01-28 14:35:06.205 HelloWorld[46615:6660268] *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Could not find a storyboard named 'Main' in bundle NSBundle </var/containers/Bundle/Application/HelloWorld.app> (loaded)'"
            ),
        ]
    )
}
