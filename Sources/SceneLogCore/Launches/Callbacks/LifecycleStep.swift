/// A step of the app's life cycle, as the app's own callback traces name it (the `step` of a launch's `callbacks` in reports).
public enum LifecycleStep: String, Sendable, CaseIterable, Codable {
    /// `application(_:willFinishLaunchingWithOptions:)`.
    case willFinishLaunching
    /// `application(_:didFinishLaunchingWithOptions:)` (or the older `applicationDidFinishLaunching(_:)`).
    case didFinishLaunching
    /// `application(_:configurationForConnecting:options:)`.
    case configurationForConnecting
    /// `scene(_:willConnectTo:options:)`.
    case willConnect
    /// `sceneWillEnterForeground(_:)` or `applicationWillEnterForeground(_:)`.
    case willEnterForeground
    /// `sceneDidBecomeActive(_:)` or `applicationDidBecomeActive(_:)`.
    case didBecomeActive
    /// `sceneWillResignActive(_:)` or `applicationWillResignActive(_:)`.
    case willResignActive
    /// `sceneDidEnterBackground(_:)` or `applicationDidEnterBackground(_:)`.
    case didEnterBackground
    /// `sceneDidDisconnect(_:)`.
    case didDisconnect
    /// `applicationWillTerminate(_:)`.
    case willTerminate
    /// `scene(_:openURLContexts:)`.
    case openURLContexts
    /// `application(_:open:options:)` (or the older `application(_:open:sourceApplication:annotation:)`).
    case openURL
    /// `scene(_:continue:)` or `application(_:continue:restorationHandler:)`.
    case continueUserActivity
    /// `application(_:didDiscardSceneSessions:)`.
    case didDiscardSceneSessions
}

/// Which delegate a callback belongs to.
public enum LifecycleDelegate: String, Sendable, Codable {
    /// The `UIApplicationDelegate`.
    case app
    /// A `UIWindowSceneDelegate`.
    case scene
}
