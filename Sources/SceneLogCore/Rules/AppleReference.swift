/// Apple documents that rule explanations cite.
enum AppleReference {
    static let tn3187 =
        "TN3187: Migrating to the UIKit scene-based life cycle — https://developer.apple.com/documentation/technotes/tn3187-migrating-to-the-uikit-scene-based-life-cycle"
    static let transitioningToScenes =
        "Transitioning to the UIKit scene-based life cycle — https://developer.apple.com/documentation/uikit/transitioning-to-the-uikit-scene-based-life-cycle"
    static let specifyingScenes =
        "Specifying the scenes your app supports — https://developer.apple.com/documentation/uikit/specifying-the-scenes-your-app-supports"
    static let sceneConfiguration =
        "UISceneConfiguration — https://developer.apple.com/documentation/uikit/uisceneconfiguration"
    static let addressingWatchdogTerminations =
        "Addressing watchdog terminations — https://developer.apple.com/documentation/xcode/addressing-watchdog-terminations"
    static let beginBackgroundTask =
        "UIApplication.beginBackgroundTask(expirationHandler:) — https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(expirationhandler:)"
    static let reducingLaunchTime =
        "Reducing your app's launch time — https://developer.apple.com/documentation/xcode/reducing-your-app-s-launch-time"
    static let understandingHangs =
        "Understanding hangs in your app — https://developer.apple.com/documentation/xcode/understanding-hangs-in-your-app"
    static let protectedResources =
        "Requesting access to protected resources — https://developer.apple.com/documentation/uikit/requesting-access-to-protected-resources"
    static let swiftRuntimeErrors =
        "Addressing crashes from Swift runtime errors — https://developer.apple.com/documentation/xcode/addressing-crashes-from-swift-runtime-errors"
    static let missingFrameworkCrashes =
        "Addressing missing framework crashes — https://developer.apple.com/documentation/xcode/addressing-missing-framework-crashes"
    static let acquiringCrashReports =
        "Acquiring crash reports and diagnostic logs — https://developer.apple.com/documentation/xcode/acquiring-crash-reports-and-diagnostic-logs"
    static let languageExceptionCrashes =
        "Addressing language exception crashes — https://developer.apple.com/documentation/xcode/addressing-language-exception-crashes"
    static let sceneDelegateClassName =
        "UISceneDelegateClassName — https://developer.apple.com/documentation/bundleresources/information-property-list/uiapplicationscenemanifest/uisceneconfigurations/uiwindowscenesessionroleapplication/uiscenedelegateclassname"
    static let sceneStoryboardFile =
        "UISceneStoryboardFile — https://developer.apple.com/documentation/bundleresources/information-property-list/uiapplicationscenemanifest/uisceneconfigurations/uiwindowscenesessionroleapplication/uiscenestoryboardfile"
    static let applicationDelegateWindow =
        "UIApplicationDelegate.window — https://developer.apple.com/documentation/uikit/uiapplicationdelegate/window"
    static let windowSceneDelegateWindow =
        "UIWindowSceneDelegate.window — https://developer.apple.com/documentation/uikit/uiwindowscenedelegate/window"
    static let windowInitWithWindowScene =
        "UIWindow init(windowScene:) — https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)"
    static let windowRootViewController =
        "UIWindow.rootViewController — https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller"
}
