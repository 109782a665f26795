/// iOS 18.4 and iOS 26 log that the app still uses the app-delegate life cycle.
struct SceneLifecycleNotAdoptedRule: BuiltInRule {
    static let description = RuleDescription(
        id: "scene-lifecycle-not-adopted",
        severity: .warning,
        title: "App has not adopted the UIScene life cycle",
        explanation: """
            UIKit logs this once per launch, from the app's own process, when the app has no \
            UIApplicationSceneManifest and still manages its window from the app delegate. iOS 18.4 \
            words it "This process does not adopt UIScene lifecycle", iOS 26 "`UIScene` lifecycle will \
            soon be required". Today the app still launches; built with the iOS 27 SDK it will not: \
            UIKit then stops it at launch with "UIScene life cycle is required for apps built with \
            this SDK". The Flutter tool's own build-time advice ("UIScene lifecycle support will soon be \
            required") comes from the build, not from the device, and is not this message.
            """,
        fix: """
            Add a UIApplicationSceneManifest to Info.plist with a UIWindowSceneSessionRoleApplication \
            configuration naming a UIWindowSceneDelegate class (UISceneDelegateClassName, and \
            UISceneStoryboardFile if you use a main storyboard). Implement scene(_:willConnectTo:options:) \
            and move the window set-up from application(_:didFinishLaunchingWithOptions:) into it, \
            creating the window with UIWindow(windowScene:). Move foreground/background handling to the \
            scene delegate, and read cold-start URLs from connectionOptions.urlContexts. Frameworks: \
            Flutter 3.41+ migrates with `flutter run`; React Native and Expo need a SceneDelegate in \
            the iOS project.
            """,
        references: [AppleReference.tn3187, AppleReference.transitioningToScenes, AppleReference.specifyingScenes],
        messageTemplate: "{process} does not use the UIScene life cycle ({variant} wording)",
        patterns: [
            RulePattern(
                literal: "does not adopt UIScene lifecycle", regex: "This process does not adopt UIScene lifecycle",
                data: ["variant": "ios18.4"]),
            RulePattern(
                literal: "lifecycle will soon be required", regex: "`?UIScene`? lifecycle will soon be required",
                data: ["variant": "ios26"]),
        ],
        triggeringExamples: [
            RuleExample(
                "error\t22:50:45.786360-0500\tMobileJarvisNative\tCLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.",
                data: ["variant": "ios18.4"]),
            RuleExample(
                "fault\t15:36:14.396075+0500\tRunner\t`UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.",
                data: ["variant": "ios26"]),
            RuleExample(
                "2026-09-22 15:07:18.506 F  threenative-ios[40455:17a9f] [com.apple.runtime-issues:UIKit App Config] `UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.",
                data: ["variant": "ios26"]),
            RuleExample(
                "Jun 20 13:42:52 iPhone Kodi[912] <Notice>: This process does not adopt UIScene lifecycle.",
                data: ["variant": "ios18.4"]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "default\t22:50:45.786360-0500\tRunner\tRealizing settings extension <_UISceneOcclusionSettings> on FBSSceneSettings"),
            RuleExample(
                "2026-09-17 22:45:44.930958+0000  localhost Runner[17463]: (Flutter) Plugin WorkmanagerPlugin uses deprecated application lifecycle events. See https://docs.flutter.dev/release/breaking-changes/uiscenedelegate#migration-guide-for-flutter-plugins"),
            RuleExample(
                "2026-09-22 15:07:18.506 E  App[40455:17a9f] (UIKitCore) failure in void _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke (UIApplication_RuntimeIssues.m:106) : Application failed to launch: UIScene life cycle is required for apps built with this SDK."),
            // The Flutter tool's advice, printed while it builds (flutter/flutter
            // packages/flutter_tools/lib/src/migrations/uiscene_migration.dart; fossasia/pslab-app#3390),
            // here among Xcode console lines, where it is a print() record of its own.
            RuleExample(
                "To ensure your app continues to launch on upcoming iOS versions, UIScene lifecycle support will soon be required. Please see https://flutter.dev/to/uiscene-migration for the migration guide.\n"
                    + "2026-05-30 13:56:28.204518+0200 Runner[2037:88213] flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/"
            ),
            // Its second line when the tool cannot find the Info.plist (flutter/flutter#183637).
            RuleExample(
                "To ensure your app continues to launch on upcoming iOS versions, UIScene lifecycle support will soon be required. Please see https://flutter.dev/to/uiscene-migration for the migration guide.\n"
                    + "See https://flutter.dev/to/uiscene-migration/#hide-migration-warning for instructions to hide this warning.\n"
                    + "2026-05-30 13:56:28.204518+0200 Runner[2037:88213] flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/"
            ),
        ]
    ).sayingScenesAreNotAdopted()
}
