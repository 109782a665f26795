extension AppleReference {
    static let managingLifeCycle =
        "Managing your app's life cycle — https://developer.apple.com/documentation/uikit/managing-your-app-s-life-cycle"
    static let sceneWillConnect =
        "scene(_:willConnectTo:options:) — https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:)"
    static let sceneOpenURLContexts =
        "scene(_:openURLContexts:) — https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:openurlcontexts:)"
}
