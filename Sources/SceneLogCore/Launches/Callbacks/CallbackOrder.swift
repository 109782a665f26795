/// Checks an app's own life-cycle callbacks against the orders UIKit documents, allowing every
/// step the app may not print to be missing: only an order no documented sequence allows is a
/// violation.
///
/// - A scene's first callback is `willConnect`; after `didDisconnect` the scene gets none but
///   `willConnect` (a scene seen only without its address counts as one scene, and its second
///   `willConnect` as a new scene).
/// - The app delegate's `willFinishLaunching` comes before `didFinishLaunching`, and both before
///   the first scene's `willConnect`.
struct CallbackOrder {
    /// A callback that came where the documented order expects another.
    struct Violation: Equatable {
        var expected: LifecycleStep
        var observed: LifecycleStep
        /// `scene 0x…`, `the scene`, or `the app delegate`.
        var subject: String
    }

    private struct SceneHistory {
        /// The first callback seen since the scene (re)connected, when it was not `willConnect`.
        var firstWithoutConnect: LifecycleStep?
        var connected = false
        var disconnected = false
    }

    private var scenes: [String: SceneHistory] = [:]
    private var appSteps: Set<LifecycleStep> = []
    private var firstSceneConnected = false

    /// Notes `callback`; the violation it makes, if any.
    mutating func note(_ callback: LifecycleCallbackRecognizer.Callback) -> Violation? {
        switch callback.delegate {
        case .app: return noteApp(callback.step)
        case .scene: return noteScene(callback.step, scene: callback.scene)
        }
    }

    private mutating func noteApp(_ step: LifecycleStep) -> Violation? {
        defer { appSteps.insert(step) }
        switch step {
        case .willFinishLaunching where appSteps.contains(.didFinishLaunching):
            return Violation(expected: .willFinishLaunching, observed: .didFinishLaunching, subject: "the app delegate")
        case .willFinishLaunching, .didFinishLaunching:
            guard firstSceneConnected, !appSteps.contains(step) else { return nil }
            return Violation(expected: step, observed: .willConnect, subject: "the app delegate")
        default:
            return nil
        }
    }

    private mutating func noteScene(_ step: LifecycleStep, scene: String?) -> Violation? {
        let key = scene ?? ""
        let subject = scene.map { "scene \($0)" } ?? "the scene"
        var history = scenes[key] ?? SceneHistory()
        defer { scenes[key] = history }
        if step == .willConnect {
            firstSceneConnected = true
            let earlier = history.firstWithoutConnect
            history = SceneHistory(connected: true)
            // Without an address, a second willConnect is another scene; with one, the scene must be new.
            guard scene != nil, let earlier else { return nil }
            return Violation(expected: .willConnect, observed: earlier, subject: subject)
        }
        if history.disconnected {
            history.disconnected = false
            return Violation(expected: .willConnect, observed: step, subject: subject)
        }
        if !history.connected, history.firstWithoutConnect == nil { history.firstWithoutConnect = step }
        if step == .didDisconnect {
            history.connected = false
            history.disconnected = true
        }
        return nil
    }
}
