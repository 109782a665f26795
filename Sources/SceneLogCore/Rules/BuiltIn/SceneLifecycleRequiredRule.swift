/// Built with the iOS 27 SDK, an app that has not adopted the UIScene life cycle is stopped at launch.
struct SceneLifecycleRequiredRule: BuiltInRule {
    static let description = RuleDescription(
        id: "scene-lifecycle-required",
        severity: .error,
        title: "App built with the iOS 27 SDK failed to launch without the UIScene life cycle",
        explanation: """
            From the iOS 27 SDK on, the UIScene life cycle is mandatory. When an app linked against \
            that SDK has not adopted it, UIKit logs "Application failed to launch: UIScene life cycle \
            is required for apps built with this SDK" from \
            _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption and traps (EXC_BREAKPOINT, \
            SIGTRAP) while the first scene is being created: before \
            application(_:didFinishLaunchingWithOptions:) and before any JavaScript or Flutter code \
            runs, so the app dies with nothing of its own in the log (devicectl may even report exit \
            code 0 or signal 5). The check is made against the SDK the app is built with, not against \
            the device's OS: the same code built with the iOS 26 SDK still launches on iOS 27. A \
            UIApplicationSceneManifest whose UISceneConfigurations is empty counts as not adopted. \
            Xcode 27 beta 1 ends the message with "See Technote TN3187 for more information on \
            migration"; later betas and 27.0 with "See "Transitioning to the UIKit scene-based life \
            cycle" in the UIKit documentation". A crash report of the trap has that function's block \
            as frame 0 of its crashed thread. Bug reports often quote the sentence hard-wrapped, so \
            a line that ends with "Application failed to launch: UIScene life cycle is required", or \
            breaks after "… is required for apps", counts too.
            """,
        fix: """
            Adopt the scene life cycle: add a UIApplicationSceneManifest to Info.plist with at least \
            one UIWindowSceneSessionRoleApplication configuration naming a UIWindowSceneDelegate class \
            (UISceneDelegateClassName = $(PRODUCT_MODULE_NAME).SceneDelegate, plus UISceneStoryboardFile \
            if you use a main storyboard), or return such a configuration from \
            application(_:configurationForConnecting:options:). In the scene delegate, create the \
            window with UIWindow(windowScene:) in scene(_:willConnectTo:options:) and move the window \
            set-up there from application(_:didFinishLaunchingWithOptions:). Frameworks: Flutter 3.41+ \
            migrates with `flutter run`; React Native and Expo apps need a SceneDelegate in the iOS \
            project. Building with the iOS 26 SDK only postpones the problem.
            """,
        references: [AppleReference.tn3187, AppleReference.transitioningToScenes, AppleReference.specifyingScenes],
        messageTemplate:
            "{process} failed to launch: built with the iOS 27 SDK, it must adopt the UIScene life cycle",
        patterns: [
            RulePattern(
                literal: "UIScene life cycle is required for apps built with this SDK",
                regex: "UIScene life cycle is required for apps built with this SDK",
                data: ["variant": "ios27"]),
            // The trap's own function name, for lines whose tail was cut off.
            RulePattern(
                literal: "RuntimeIssueForNoSceneLifecycleAdoption",
                regex: "(?s)RuntimeIssueForNoSceneLifecycleAdoption.{0,160}?Application failed to launch",
                data: ["variant": "ios27"]),
            // The trap's crash: frame 0 of the crashed thread is the function's block, in a crash
            // report or a debugger's backtrace quoted as text (assistant-ui/assistant-ui#7854).
            RulePattern(
                literal: "LifecycleAdoption_block_invoke",
                regex: #"(?m)^[^\n]{0,80}?(?:\b0[ \t]{1,40}|#0: 0x[0-9a-fA-F]{1,16} )UIKitCore\b[^\n]{0,120}?___UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption_block_invoke"#,
                data: ["variant": "ios27"]),
            // The first half of the sentence, hard-wrapped in a quote: it ends the line (or the
            // message), or the line breaks after "for apps".
            RulePattern(
                literal: "Application failed to launch: UIScene life cycle is required",
                regex: "(?m)Application failed to launch: UIScene life cycle is required(?= for apps|[ \\t]*+$)",
                data: ["variant": "ios27"]),
        ],
        triggeringExamples: [
            // assistant-ui/assistant-ui#7854: the crashed thread's frame 0, quoted; and as a crash report prints it.
            RuleExample("0 UIKitCore ___UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption_block_invoke", data: ["variant": "ios27"]),
            RuleExample(
                "0   UIKitCore                     0x000000018a2b3c4d ___UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption_block_invoke + 112",
                data: ["variant": "ios27"]),
            // Xcode 27 beta 1 prints the message over two lines; this is the second.
            RuleExample(
                "2026-06-10 09:41:07.512345-0700 ExpoApp[4242:123456] Application failed to launch: UIScene life cycle is required for apps built with this SDK. See Technote TN3187 for more information on migration.",
                data: ["variant": "ios27"]),
            // Xcode 27 beta 2 and later cite the UIKit article instead of TN3187 (metrodroid/metrodroid#904,
            // CherryHQ/cherry-studio-app#990).
            RuleExample(
                "error\t09:41:07.512345-0700\tMetrodroid\tfailure in void _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke (UIApplication_RuntimeIssues.m:106) : Application failed to launch: UIScene life cycle is required for apps built with this SDK. See \"Transitioning to the UIKit scene-based life cycle\" in the UIKit documentation for more information on migration.",
                data: ["variant": "ios27"]),
            RuleExample(
                "2026-09-20 18:02:11.204518+0800 CherryStudio[5120:88213] [] failure in void _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke (UIApplication_RuntimeIssues.m:106) : Application failed to launch: UIScene life cycle is required for apps built with this SDK. See \"Transitioning to the UIKit scene-based life cycle\" in the UIKit documentation for more information on migration.",
                data: ["variant": "ios27"]),
            RuleExample(
                "2026-09-22 15:07:18.506 E  Hermie[40455:17a9f] (UIKitCore) failure in void _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke (UIApplication_RuntimeIssues.m:106) : Application failed to launch: UIScene life cycle is required for apps built with this SDK.",
                data: ["variant": "ios27"]),
            RuleExample(
                "2026-09-22 15:12:40.118 E  FlyRight[57295:2c1e0] (UIKitCore) failure in _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption (UIApplication_RuntimeIssues.m:106) : Application failed to launch: ...",
                data: ["variant": "ios27"]),
            // Hard-wrapped as quoted in DuarteSantos8/openGym#117: each Xcode console line after the
            // first is a print() record of its own, so the first one's message stops at "for apps".
            RuleExample(
                "2026-09-11 10:14:03.220941+0200 App[8812:402117] Application failed to launch: UIScene life cycle is required for apps\n"
                    + "built with this SDK. See \"Transitioning to the UIKit scene-based life\n"
                    + "cycle\" in the UIKit documentation for more information on migration.",
                data: ["variant": "ios27"]),
            // The beta 1 sentence wrapped right after "is required": the message ends there.
            RuleExample(
                "2026-06-10 09:41:07.512345-0700 ExpoApp[4242:123456] Application failed to launch: UIScene life cycle is required\n"
                    + "for apps built with this SDK. See Technote TN3187 for more information on migration.",
                data: ["variant": "ios27"]),
            // The same cut in a Console export, where the wrapped text continues the record's message.
            RuleExample(
                "error\t09:41:07.512345-0700\tMetrodroid\tApplication failed to launch: UIScene life cycle is required\n"
                    + "for apps built with this SDK. See \"Transitioning to the UIKit scene-based life cycle\" in the UIKit documentation for more information on migration.",
                data: ["variant": "ios27"]),
            // Console.app text quoted in gluonhq/substrate#1366, wrapped inside "life cycle" (padding trimmed).
            RuleExample(
                "error\t18:32:32.990120+0200\tHelloGluon\tfailure in void\n"
                    + "  _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke\n"
                    + "  (UIApplication_RuntimeIssues.m:106) : Application failed to launch: UIScene life\n"
                    + "  cycle is required for apps built with this SDK. See \"Transitioning to the UIKit\n"
                    + "  scene-based life cycle\" in the UIKit documentation for more information on migration.",
                data: ["variant": "ios27"]),
        ],
        nonTriggeringExamples: [
            // The same function deeper in a stack: not the frame that trapped.
            RuleExample("5   UIKitCore                     0x000000018a2b3c4d ___UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption_block_invoke + 112"),
            RuleExample(
                "error\t22:50:45.786360-0500\tMobileJarvisNative\tCLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version."
            ),
            RuleExample(
                "fault\t15:36:14.396075+0500\tRunner\t`UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future."
            ),
            // The first line of the beta 1 wording: the line after it is the one that fires.
            RuleExample(
                "2026-06-10 09:41:07.512301-0700 ExpoApp[4242:123456] failure in void _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke (UIApplication_RuntimeIssues.m:106):"
            ),
            // A sentence about the requirement, not UIKit's "Application failed to launch" one.
            RuleExample(
                "2026-09-11 10:14:03.220941+0200 App[8812:402117] UIScene life cycle is required for apps built with the iOS 27 SDK, see TN3187"
            ),
            // The first half followed by neither the end of the line nor "for apps".
            RuleExample(
                "2026-09-11 10:14:03.220941+0200 App[8812:402117] Application failed to launch: UIScene life cycle is required on iOS 27, see TN3187"
            ),
            // A summary naming the trap by its short name (nextcloud/notes-ios#188), not the trap's line.
            RuleExample(
                "2026-07-08 11:02:45.118230+0200 Notes[5120:88213] On iOS 26 the app terminated on launch with `NoSceneLifecycleAdoption`."
            ),
        ]
    ).failingTheLaunch()
}
