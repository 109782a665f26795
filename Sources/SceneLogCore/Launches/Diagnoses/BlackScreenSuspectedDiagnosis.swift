/// The app went active after its scene connected, but no window became key.
enum BlackScreenSuspectedDiagnosis {
    static let description = RuleDescription(
        id: "black-screen-suspected", severity: .warning,
        title: "App went active but no window became key",
        explanation: """
            The app's scene connected and the app became active (its deactivation mask reached 0), \
            but the app never logged "Window did become application key" or "Window became key in \
            scene". The most common migration black screen logs no error at all: a window built in \
            application(_:didFinishLaunchingWithOptions:) with UIWindow(frame:) is never attached to \
            the scene, so UIKit shows nothing. A storyboard that UIKit could not load gives the same \
            picture, usually with a line finding next to it.
            """,
        fix: """
            Create the window in scene(_:willConnectTo:options:) with UIWindow(windowScene:), set its \
            rootViewController and call makeKeyAndVisible(). If the app delegate keeps a window \
            property, make it point at the scene's window. Check the scene configuration's \
            UISceneDelegateClassName and UISceneStoryboardFile.
            """,
        references: [AppleReference.tn3187, AppleReference.windowInitWithWindowScene],
        messageTemplate: "{process} became active with no key window: black screen suspected",
        patterns: [], triggeringExamples: [], nonTriggeringExamples: [])
}
