import Testing

@testable import SceneLogCore

/// The app's own lifecycle traces: every step in every spelling that applies, and the lines that only look like one.
@Suite struct LifecycleCallbackRecognizerTests {
    typealias Callback = LifecycleCallbackRecognizer.Callback

    /// A lifecycle method, spelled as Swift's `#function` and as an Objective-C selector.
    struct Method: Sendable, CustomTestStringConvertible {
        let swift: String
        let selector: String
        let step: LifecycleStep
        let delegate: LifecycleDelegate

        /// A method of one argument: `sceneDidBecomeActive(_:)` and `sceneDidBecomeActive:`.
        init(named name: String, _ step: LifecycleStep) {
            self.init(swift: "\(name)(_:)", selector: "\(name):", step)
        }

        init(swift: String, selector: String, _ step: LifecycleStep) {
            self.swift = swift
            self.selector = selector
            self.step = step
            // As the brief has it: `application…` is the app delegate's, `scene…` the scene delegate's.
            self.delegate = swift.hasPrefix("scene") ? .scene : .app
        }

        /// The name alone, for a method of one argument.
        var name: String? { swift.hasSuffix("(_:)") ? String(swift.dropLast(4)) : nil }
        var testDescription: String { swift }
    }

    static let methods: [Method] = [
        Method(
            swift: "application(_:willFinishLaunchingWithOptions:)", selector: "application:willFinishLaunchingWithOptions:",
            .willFinishLaunching),
        Method(
            swift: "application(_:didFinishLaunchingWithOptions:)", selector: "application:didFinishLaunchingWithOptions:",
            .didFinishLaunching),
        Method(named: "applicationDidFinishLaunching", .didFinishLaunching),
        Method(
            swift: "application(_:configurationForConnecting:options:)",
            selector: "application:configurationForConnectingSceneSession:options:", .configurationForConnecting),
        Method(swift: "scene(_:willConnectTo:options:)", selector: "scene:willConnectToSession:options:", .willConnect),
        Method(named: "sceneWillEnterForeground", .willEnterForeground),
        Method(named: "applicationWillEnterForeground", .willEnterForeground),
        Method(named: "sceneDidBecomeActive", .didBecomeActive),
        Method(named: "applicationDidBecomeActive", .didBecomeActive),
        Method(named: "sceneWillResignActive", .willResignActive),
        Method(named: "applicationWillResignActive", .willResignActive),
        Method(named: "sceneDidEnterBackground", .didEnterBackground),
        Method(named: "applicationDidEnterBackground", .didEnterBackground),
        Method(named: "sceneDidDisconnect", .didDisconnect),
        Method(named: "applicationWillTerminate", .willTerminate),
        Method(swift: "scene(_:openURLContexts:)", selector: "scene:openURLContexts:", .openURLContexts),
        Method(swift: "application(_:open:options:)", selector: "application:openURL:options:", .openURL),
        Method(
            swift: "application(_:open:sourceApplication:annotation:)",
            selector: "application:openURL:sourceApplication:annotation:", .openURL),
        Method(swift: "scene(_:continue:)", selector: "scene:continueUserActivity:", .continueUserActivity),
        Method(
            swift: "application(_:continue:restorationHandler:)",
            selector: "application:continueUserActivity:restorationHandler:", .continueUserActivity),
        Method(
            swift: "application(_:didDiscardSceneSessions:)", selector: "application:didDiscardSceneSessions:",
            .didDiscardSceneSessions),
    ]

    static let sceneAddress = "0x10270b110"
    static let sceneDescription =
        "<UIWindowScene: 0x10270b110; scene = <FBSScene: 0x2834ac0a0; identifier: sceneID:com.example.app-default>; "
        + "persistentIdentifier = 6F1A2B3C-0D4E-5F60-7182-93A4B5C6D7E8; activationState = UISceneActivationStateForegroundInactive; "
        + "settingsScene = <UIWindowScene: 0x10270b110>; windows = ()>"

    /// The spellings a trace comes in.
    enum Form: String, CaseIterable, Sendable {
        /// `print(#function)`.
        case swift
        /// `#function` after a tag or before a value that is not a scene.
        case wrapped
        /// The Swift name, or the name alone, before the scene's description.
        case withScene
        /// `__PRETTY_FUNCTION__`, alone, in a category or before the scene's description.
        case objectiveC
        /// Unity's trampoline spelling, `-> name()`.
        case unity

        /// Each trace of `method` in this form, with the scene address it shows.
        func traces(of method: Method) -> [(text: String, scene: String?)] {
            let swift = method.swift
            let scene = method.delegate == .scene ? sceneAddress : nil
            let description = method.delegate == .scene ? sceneDescription : "<UIApplication: 0x104d06a40>"
            switch self {
            case .swift:
                return [(swift, nil)]
            case .wrapped:
                let wrapped = [
                    "AppDelegate.\(swift)", "SceneDelegate: \(swift)", "[SceneDelegate] \(swift)", "🟢 \(swift)",
                    "AppDelegate - \(swift)", "MyApp.SceneDelegate.\(swift)", "  \(swift)  ", "DEBUG: \(swift)",
                    "<MyApp.AppDelegate: 0x600000c04000> \(swift)", "🔵 [Lifecycle] -> \(swift)", "\(swift) ✅",
                    "\(swift) nil", "\(swift) Optional([:])", "\(swift) [<UIOpenURLContext: 0x283e5c0c0>]",
                    "AppDelegate.\(swift) <UIApplication: 0x104d06a40>", "\(swift) →", "\(swift),25", "\(swift) 63",
                ]
                return wrapped.map { ($0, nil) }
            case .withScene:
                let names = [swift] + (method.name.map { [$0, "\($0):"] } ?? [])
                return names.map { ("\($0) \(description)", scene) }
            case .objectiveC:
                let selector = method.selector
                return [
                    ("-[AppDelegate \(selector)]", nil), ("-[SceneDelegate(Lifecycle) \(selector)]", nil),
                    ("[Trace] -[MYSceneDelegate \(selector)]", nil), ("-[SceneDelegate \(selector)] \(description)", scene),
                    // `NSLog(@"%s,%d", __func__, __LINE__)`.
                    ("-[AppDelegate \(selector)],25", nil),
                ]
            case .unity:
                return method.name.map { [("-> \($0)()", nil), ("\($0)()", nil)] } ?? []
            }
        }
    }

    /// Every trace of every method in every form, for the tests that look at all of them.
    static let allTraces: [String] = Form.allCases.flatMap { form in
        methods.flatMap { form.traces(of: $0).map(\.text) }
    }

    /// The callback `text` traces; on a line that names its process, also one told in words, as
    /// ``LaunchSignalReader`` reads it.
    private func recognize(_ text: String, namesItsProcess: Bool = false) -> Callback? {
        var text = text
        return text.withUTF8 { bytes in
            LifecycleCallbackRecognizer.recognize(bytes) ?? (namesItsProcess ? LifecycleCallbackRecognizer.recognizeToldInWords(bytes) : nil)
        }
    }

    // MARK: - Recognised

    @Test func everyStepHasAMethod() {
        #expect(Set(Self.methods.map(\.step)) == Set(LifecycleStep.allCases))
    }

    @Test(arguments: Form.allCases, methods)
    func recognisesEveryForm(_ form: Form, _ method: Method) {
        for (text, scene) in form.traces(of: method) {
            let expected = Callback(step: method.step, delegate: method.delegate, scene: scene)
            #expect(recognize(text) == expected, "\(text)")
        }
    }

    @Test func configurationAndDiscardingAreTheAppDelegates() {
        #expect(recognize("application(_:configurationForConnecting:options:)")?.delegate == .app)
        #expect(recognize("-[AppDelegate application:didDiscardSceneSessions:]")?.delegate == .app)
    }

    /// Unity's printfs as the trampoline writes them, in the order of a scene-based cold launch and a trip to
    /// the background: each scene callback is followed by its application twin.
    @Test func unityTrampolineLines() {
        let lines: [(String, LifecycleStep, LifecycleDelegate)] = [
            ("-> applicationDidFinishLaunching()", .didFinishLaunching, .app),
            ("-> sceneWillEnterForeground()", .willEnterForeground, .scene),
            ("-> applicationWillEnterForeground()", .willEnterForeground, .app),
            ("-> sceneDidBecomeActive()", .didBecomeActive, .scene),
            ("-> applicationDidBecomeActive()", .didBecomeActive, .app),
            ("-> sceneWillResignActive()", .willResignActive, .scene),
            ("-> applicationWillResignActive()", .willResignActive, .app),
            ("-> sceneDidEnterBackground()", .didEnterBackground, .scene),
            ("-> applicationDidEnterBackground()", .didEnterBackground, .app),
            ("-> applicationWillTerminate()", .willTerminate, .app),
        ]
        for (line, step, delegate) in lines {
            #expect(recognize(line) == Callback(step: step, delegate: delegate, scene: nil), "\(line)")
        }
    }

    @Test func sceneAddressFromTheBareName() {
        let callback = recognize("sceneWillEnterForeground <UIWindowScene: 0x10270b110; scene = <FBSScene: 0x2834ac0a0>>")
        #expect(callback == Callback(step: .willEnterForeground, delegate: .scene, scene: "0x10270b110"))
        // Only a scene's address is the scene's: a session or a window is not.
        #expect(recognize("scene(_:willConnectTo:options:) <UISceneSession: 0x2811c4e40>")?.scene == nil)
        #expect(recognize("sceneDidBecomeActive(_:) <UIWindow: 0x10270c000; frame = (0 0; 390 844)>")?.scene == nil)
        // A truncated description still names the scene.
        #expect(recognize("sceneDidBecomeActive(_:) <UIWindowScene: 0xabc…")?.scene == "0xabc")
    }

    /// keybase/client#12270: an NSLog line names its process, and tells its callback in words after
    /// the method's name and a colon; a page's text (no process) may not.
    @Test func aLoggedLineMayTellItsCallbackInWords() {
        let said = "applicationWillResignActive: cancelling outstanding animations..."
        #expect(recognize(said) == nil)
        #expect(recognize(said, namesItsProcess: true) == Callback(step: .willResignActive, delegate: .app, scene: nil))
        #expect(recognize("applicationDidBecomeActive: hiding keyz screen.", namesItsProcess: true)?.step == .didBecomeActive)
        // The Swift spelling, or a sentence that only names the method, is not told so.
        #expect(recognize("sceneDidBecomeActive(_:): was called twice", namesItsProcess: true) == nil)
        #expect(recognize("Make sure applicationDidBecomeActive: is called", namesItsProcess: true) == nil)
    }

    // MARK: - Not callbacks

    @Test(arguments: [
        // A callback's name inside a sentence.
        "The app calls sceneDidBecomeActive(_:) after the scene connects",
        "Make sure application(_:didFinishLaunchingWithOptions:) returns true",
        "Failed to call -[AppDelegate application:didFinishLaunchingWithOptions:] because the delegate is nil",
        "sceneDidBecomeActive(_:) was called twice",
        "AppDelegate: application(_:didFinishLaunchingWithOptions:) took 1.2 s",
        "SceneDelegate sceneWillEnterForeground called",
        "Lifecycle: sceneDidBecomeActive(_:)",
        "- SceneDelegate의 scene(_:willConnectTo:options:)가 호출",
        "scene(_:willConnectTo:options:)가 호출된다",
        "sceneDidBecomeActive(_:) 进入前台",
        // A page's list items.
        "- application(_:didFinishLaunchingWithOptions:)",
        "● application(_:willFinishLaunchingWithOptions:),",
        "• sceneDidBecomeActive(_:).",
        "* -[AppDelegate applicationDidBecomeActive:]",
        // Stack frames.
        "3   UIKitCore                           0x00000001a2b3c4d5 -[UIApplication _callInitializationDelegatesWithActions:forCanvas:payload:fromOriginatingProcess:] + 1234",
        "5   MyApp                               0x0000000100a1b2c3 AppDelegate.application(_:didFinishLaunchingWithOptions:) + 180 (AppDelegate.swift:20)",
        "frame #4: 0x0000000104e2 MyApp`AppDelegate.application(_:didFinishLaunchingWithOptions:) at AppDelegate.swift:20",
        "-[AppDelegate application:didFinishLaunchingWithOptions:] + 180",
        "-[AppDelegate application:didFinishLaunchingWithOptions:] +180",
        "-[AppDelegate application:didFinishLaunchingWithOptions:] 1234567",
        "-[AppDelegate application:didFinishLaunchingWithOptions:]_block_invoke",
        "closure #1 in AppDelegate.application(_:didFinishLaunchingWithOptions:)",
        // Unity's SendMessage errors.
        "SendMessage: object AppDelegate not found!",
        "UnitySendMessage(\"AppDelegate\", \"sceneDidBecomeActive\", \"\"): object not found",
        "SendMessage: object SceneDelegate does not have receiver for function sceneDidBecomeActive!",
        // Build tools.
        "Flutter: UIScene lifecycle support will soon be required. Move application(_:didFinishLaunchingWithOptions:) work to scene(_:willConnectTo:options:)",
        "Plugin FLTFirebaseAuthPlugin uses deprecated application lifecycle events. See https://docs.flutter.dev/release/breaking-changes/uiscenedelegate",
        "CompileSwift normal arm64 /Users/dev/MyApp/MyApp/SceneDelegate.swift (in target 'MyApp' from project 'MyApp')",
        "warning: 'application(_:open:options:)' was deprecated in iOS 26.0",
        "/Users/dev/MyApp/AppDelegate.swift:42:10: warning: 'application(_:open:options:)' was deprecated in iOS 26.0",
        // UIKit's own messages.
        "[SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named \"(no name)\")",
        "-[UIApplication workspace:didCreateScene:withTransitionContext:completion:]",
        "Deactivation reason added: 10; deactivation reasons: 0 -> 1024; animating application lifecycle event: 0",
        "Deactivation reason removed: 5; deactivation reasons: 32 -> 0; animating application lifecycle event: 0",
        // Names that are not a lifecycle method's, or a tag too long to be a tag.
        "sceneDidBecomeActiveNotification",
        "application(_:didFinishLaunchingWithOptions:extra:)",
        "sceneDidBecomeActive(_:",
        "scene(_:willConnectTo:)",
        "[com.example.myapp.lifecycle.verbose.tracing] sceneDidBecomeActive(_:)",
        "",
    ])
    func notACallback(_ message: String) {
        #expect(recognize(message) == nil)
    }

    /// A selector of the app delegate's, in a class of the system's, is the system at work.
    @Test(arguments: ["UIApplication", "_UISceneLifecycleMultiplexer", "FBSScene", "BKSProcess", "RBSConnection", "NSObject"])
    func systemClassesAreNotTheApps(_ className: String) {
        #expect(recognize("-[\(className) application:didFinishLaunchingWithOptions:]") == nil)
        #expect(recognize("-[\(className) sceneDidBecomeActive:]") == nil)
    }

    // MARK: - Prefilter literals

    @Test func literalsAreLongEnoughForTheSharedPrefilter() {
        for literal in LifecycleCallbackRecognizer.literals {
            #expect(literal.utf8.count >= 13, "\(literal)")
        }
        #expect(Set(LifecycleCallbackRecognizer.literals).count == LifecycleCallbackRecognizer.literals.count)
    }

    /// The prefilter never hides a callback: it finds a literal in every trace, and every literal is in some trace.
    @Test func everyTraceHoldsALiteral() {
        let literals = LifecycleCallbackRecognizer.literals
        let prefilter = LiteralPrefilter(literals.map { Array($0.utf8) })
        var used = Set<Int>()
        for trace in Self.allTraces {
            var found: [Int] = []
            var text = trace
            text.withUTF8 { bytes in prefilter.forEachMatch(in: bytes) { found.append($0) } }
            #expect(!found.isEmpty, "\(trace)")
            #expect(recognize(trace) != nil, "\(trace)")
            used.formUnion(found)
        }
        #expect(used == Set(literals.indices), "unused: \(literals.indices.filter { !used.contains($0) }.map { literals[$0] })")
    }
}
