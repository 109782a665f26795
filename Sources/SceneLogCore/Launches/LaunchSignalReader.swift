/// Finds the launch markers of message-catalog.md sections 4–7 in records' messages, on bytes.
///
/// The shared message prefilter decides which marker parsers run at all; most records are passed
/// over after one skipping pass.
enum LaunchSignalReader {
    /// The markers: a literal every such message contains (14 bytes or more, so that the shared
    /// prefilter can skip far), and how to read it.
    private static let markers: [(literal: String, read: @Sendable (Bytes) -> LaunchSignal?)] = [
        ("Bootstrapping ", { LaunchMarkerParsing.requested($0) ?? LaunchMarkerParsing.bootstrappingFailed($0) }),
        ("Creating process (sync=", LaunchMarkerParsing.creatingProcess),
        ("Creating and launching job for: ", LaunchMarkerParsing.jobLaunching),
        ("] Dropping launch assertion", LaunchMarkerParsing.launchAssertionDropped),
        ("Now tracking process: [", LaunchMarkerParsing.spawned),
        ("Now tracking process <BKProcess: ", LaunchMarkerParsing.spawnedByAssertiond),
        ("] Setting jetsam priority to ", LaunchMarkerParsing.assertiondProcess),
        ("] Bootstrap success!", LaunchMarkerParsing.bootstrapped),
        ("] Bootstrap complete with label: ", LaunchMarkerParsing.bootstrapCompleted),
        ("] Bootstrap failed with error: ", LaunchMarkerParsing.bootstrapFailed),
        ("Sending scene action [Logical Activate]", LaunchMarkerParsing.sceneCreate),
        ("] ==> container", LaunchMarkerParsing.container),
        ("Identity resolved as ", LaunchMarkerParsing.identity),
        ("Window did become application key", { _ in .windowKey }),
        ("Window became key in scene", { _ in .windowKey }),
        ("Deactivation reason ", LaunchMarkerParsing.deactivationMask),
        ("termination reported by launchd (", LaunchMarkerParsing.launchdTermination),
        ("): Service exited due to ", LaunchMarkerParsing.serviceExited),
        ("): Service exited with abnormal code: ", LaunchMarkerParsing.serviceExited),
        // A Mac's syslog puts the level between the job's label and the words.
        (">: Service exited due to ", LaunchMarkerParsing.serviceExited),
        (">: Service exited with abnormal code: ", LaunchMarkerParsing.serviceExited),
        ("' exited voluntarily", LaunchMarkerParsing.exitedVoluntarily),
        ("Process exited: <", LaunchMarkerParsing.processExited),
        ("] Workspace afterlife assertion failed", LaunchMarkerParsing.afterlifeAssertionFailed),
        ("memorystatus: killing_", LaunchMarkerParsing.memoryKill),
        // `Formulating report for corpse[…`, `Formulating fatal report …`, `Formulating fatal 309 report …`.
        (" report for corpse[", LaunchMarkerParsing.corpseReport),
        ("Formulating crash report for process ", LaunchMarkerParsing.corpseReport),
        ("SBWorkspaceTerminateApplication: ", LaunchMarkerParsing.userTerminated),
        ("Received request to open \"", LaunchMarkerParsing.openRequest),
        ("for reason: process is being debugged", LaunchMarkerParsing.watchdogIgnoredWhileDebugged),
        ("terminating due to uncaught exception", { _ in .aborted }),
        ("terminating with uncaught exception", { _ in .aborted }),
        ("abort() called", { _ in .aborted }),
        // React Native's AppRegistry running the app's root component, registered as "main" (Expo)
        // or under the app's own name (`Running "unityTest" with {"rootTag":1,…}`), and in older
        // releases `Running application screen_welcome ({` or `… "MyApp" with appParams: {…}`.
        ("Running \"main\" with ", runningRootComponent),
        ("\" with {\"rootTag\":", runningNamedRootComponent),
        ("Running application ", runningApplication),
        // RCTFatal's line for the JavaScript error it turns into the NSException that ends a
        // release build (react/react-native#15847): `[fatal][tid:com.facebook.react.ExceptionsManagerQueue]
        // Unhandled JS Exception: undefined is not an object (evaluating 'console.tron.log')`.
        ("Unhandled JS Exception: ", unhandledJSException),
        // NativeScript's runtime as it ends the app for a JavaScript error nothing caught
        // (NativeScript/ios, NativeScriptException::OnUncaughtError; the older ios-runtime's
        // reportFatalErrorBeforeShutdown): `***** Fatal JavaScript exception - application has been
        // terminated. *****`.
        ("Fatal JavaScript exception - application has been terminated.", fatalJavaScriptException),
        // Mono's native crash report (.NET for iOS, Xamarin): `Got a SIGABRT while executing native
        // code. This usually indicates` (the words run on over the next lines).
        (" while executing native code.", monoNativeCrash),
        // Cordova's CDVViewController as it starts (`NSLog(@"Apache Cordova native platform version
        // %@ is starting.", …)`), and Capacitor's bridge view controller as it loads the web app
        // and once its web view loaded it (`CAPLog.print("⚡️  Loading app at \(url)...")`,
        // `CAPLog.print("⚡️  WebView loaded")`, ionic-team/capacitor).
        ("Apache Cordova native platform version ", cordovaStarting),
        ("Loading app at ", capacitorLoadingApp),
        ("  WebView loaded", capacitorWebViewLoaded),
        ("Dart VM service is listening", dartVMService),
        // Flutter before 3.0 called its VM service the Observatory.
        ("Observatory listening on ", dartVMService),
        ("ui.bootstrap.first_frame", { _ in .frameworkMarker(name: "flutter:first-frame") }),
    ] + LifecycleCallbackRecognizer.literals.map { literal in
        (literal, { LifecycleCallbackRecognizer.recognize($0).map(LaunchSignal.callback) })
    }

    private static func runningRootComponent(_: Bytes) -> LaunchSignal? {
        .frameworkMarker(name: "react-native:running-main")
    }

    private static func runningNamedRootComponent(_ message: Bytes) -> LaunchSignal? {
        message.range(of: "Running \"") != nil ? runningRootComponent(message) : nil
    }

    private static func runningApplication(_ message: Bytes) -> LaunchSignal? {
        message.range(of: " ({") != nil || message.range(of: " with appParams") != nil ? runningRootComponent(message) : nil
    }

    /// The name of the event of React Native's `Unhandled JS Exception: <error>` line.
    static let unhandledJSException = "react-native:unhandled-js-exception"

    /// The most of a JavaScript error's text that its event keeps.
    private static let javaScriptErrorKept = 512

    /// RCTLog's line: the words start the message, or follow its `[fatal][tid:…] ` prefix; inside
    /// another line (the runtime's `Terminating app due to uncaught exception 'RCTFatalException:
    /// Unhandled JS Exception: …'`) they are that line's.
    private static func unhandledJSException(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "Unhandled JS Exception: "),
            marker.lowerBound == message.skippingBlanks(from: 0)
                || (marker.lowerBound >= 2 && message[marker.lowerBound - 2] == ASCII.closeBracket && message[marker.lowerBound - 1] == ASCII.space)
        else { return nil }
        let lineEnd = message.index(of: ASCII.newline, from: marker.upperBound) ?? message.count
        let text = message.trimmingTrailingBlanks(message.prefix(of: marker.upperBound..<lineEnd, bytes: javaScriptErrorKept))
        return text.isEmpty ? nil : .frameworkMarker(name: unhandledJSException, detail: message.string(text))
    }

    /// Only between its stars: with a debugger attached, the older runtime prints the words bare
    /// and waits for it, the app still running. A paste may have escaped a star (`****\*`).
    private static func fatalJavaScriptException(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "Fatal JavaScript exception - application has been terminated."),
            message.matches("* ", at: marker.lowerBound - 2), message.matches(" *", at: marker.upperBound)
        else { return nil }
        // The runtime's words say the app ended, not how (its NSException may follow).
        return .runtimeEnded(Termination(kind: .unknown, detail: "fatal JavaScript exception"))
    }

    /// The signal Mono caught, named between `Got a ` and the words.
    private static func monoNativeCrash(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: " while executing native code."),
            let got = message.range(of: "Got a SIG", from: max(marker.lowerBound - 16, 0)), got.upperBound <= marker.lowerBound
        else { return nil }
        let name = message.string(got.upperBound - 3..<marker.lowerBound)
        guard let number = TerminationDecoding.signalNames.first(where: { $0.value == name })?.key else { return nil }
        return .runtimeEnded(Termination(kind: .signal, detail: TerminationDecoding.signal(number)))
    }

    private static func cordovaStarting(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "Apache Cordova native platform version "),
            let starting = message.range(of: " is starting.", from: marker.upperBound),
            starting.lowerBound - marker.upperBound <= 32
        else { return nil }
        return .frameworkMarker(name: "cordova:starting")
    }

    /// Capacitor's line names the URL it loads (`capacitor://localhost`, or a development server's).
    private static func capacitorLoadingApp(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "Loading app at "),
            let scheme = message.range(of: "://", from: marker.upperBound), scheme.lowerBound - marker.upperBound <= 16,
            scheme.lowerBound > marker.upperBound
        else { return nil }
        return .frameworkMarker(name: "capacitor:loading-app")
    }

    /// The line says no more than that: `⚡️  WebView loaded` (an app's own "WebView loaded" is not it).
    private static func capacitorWebViewLoaded(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "  WebView loaded"),
            message.trimmingTrailingBlanks(marker.upperBound..<message.count).isEmpty,
            message.range(of: "\u{26A1}") != nil
        else { return nil }
        return .frameworkMarker(name: "capacitor:webview-loaded")
    }

    private static func dartVMService(_: Bytes) -> LaunchSignal? {
        .frameworkMarker(name: "flutter:vm-service")
    }

    /// The markers' literals, in order: the shared message prefilter (``MessagePrefilter``) looks
    /// for them beside the rules' literals, so that one pass over a message serves the rules and
    /// the launches.
    static let literals = markers.map(\.literal)

    /// The launch signal in `message`, given the markers whose literal the prefilter found in it
    /// (at least one: a message with none is no launch marker). `namesItsProcess`: the message is
    /// of a line that names its process, on which a callback may also be told in words
    /// (``LifecycleCallbackRecognizer/recognizeToldInWords(_:)``).
    static func signal(in message: Bytes, markers found: [Int], namesItsProcess: Bool) -> LaunchSignal? {
        // The markers in their order, each once, without a sorted copy of the list (React Native's
        // start line holds two; most messages one).
        var tried = -1
        while let next = found.lazy.filter({ $0 > tried }).min() {
            if let signal = markers[next].read(message) { return signal }
            tried = next
        }
        guard namesItsProcess, found.contains(where: { $0 >= firstCallbackMarker }) else { return nil }
        return LifecycleCallbackRecognizer.recognizeToldInWords(message).map(LaunchSignal.callback)
    }

    /// The index of the first of the callbacks' markers, which end the list.
    private static let firstCallbackMarker = markers.count - LifecycleCallbackRecognizer.literals.count
}
