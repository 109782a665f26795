/// dyld could not load a library the app links: the process stops before `main`.
struct LibraryNotLoadedRule: BuiltInRule {
    static let description = RuleDescription(
        id: "library-not-loaded",
        severity: .error,
        title: "App stopped at launch: dyld could not load a library it links",
        explanation: """
            Before main() runs, the dynamic linker loads every framework and dylib the app links. When \
            one is missing from the app bundle, or is there but cannot be used (its code signature is \
            invalid for the device, it was built for another architecture), dyld prints "dyld: Library \
            not loaded: <install name>" ("dyld[<pid>]: Library not loaded: …" from iOS 15 on), then \
            "Referenced from:" with the binary that links it and "Reason:" with what it tried, and \
            stops the process: SpringBoard reports the exit in the dyld namespace, and the app never \
            shows a frame. It works in the simulator and fails on a device, or works when Xcode \
            installs it and fails from TestFlight, when a framework is linked but not embedded, or is \
            embedded unsigned. A Swift runtime library (@rpath/libswiftCore.dylib) missing on an older \
            iOS means the app's Swift runtime was not embedded.
            """,
        fix: """
            In the app target's General tab, set the framework named on the line to "Embed & Sign" \
            (Frameworks, Libraries, and Embedded Content), or add it to an Embed Frameworks build phase; \
            a framework a CocoaPods or SwiftPM dependency brings in is embedded by its integration \
            (run pod install again, or link the package product to the app target). Check that the \
            framework's binary holds the device's architecture and is signed with the app's team. For \
            a system framework newer than the deployment target, mark it Optional (weak linking).
            """,
        references: [AppleReference.missingFrameworkCrashes],
        messageTemplate: "{process} stopped at launch: dyld could not load {library}",
        patterns: [
            // dyld's own line, not a dlopen() failure an app logs and lives on after.
            RulePattern(
                literal: "Library not loaded: ",
                regex: #"(?:^|[\s>])dyld(?:\[[0-9]{1,10}\])?: Library not loaded: (?<library>[^\n]{1,1024})"# + RulePattern.referencingExecutable
            )
        ],
        triggeringExamples: [
            // nerdyc/Squeal#25 (Xcode console, iOS 8): a framework linked but not embedded.
            RuleExample("dyld: Library not loaded: @rpath/Squeal.framework/Squeal", data: ["library": "@rpath/Squeal.framework/Squeal"]),
            // invertase/notifee#185: the binary that links it is the app's executable, which names the process.
            RuleExample(
                "dyld: Library not loaded: @rpath/NotifeeCore.framework/NotifeeCore\n  Referenced from: /private/var/containers/Bundle/Application/XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX/MyApp.app/MyApp",
                data: ["library": "@rpath/NotifeeCore.framework/NotifeeCore", "executable": "MyApp"]),
            // Pushwoosh/pushwoosh-ios-sdk#29: the Swift runtime not embedded.
            RuleExample("dyld: Library not loaded: @rpath/libswiftCore.dylib", data: ["library": "@rpath/libswiftCore.dylib"]),
            // dagronf/DSFMaxLengthDisplayTextField#1: dyld4's wording, with the pid.
            RuleExample(
                "dyld[11073]: Library not loaded: @rpath/VIViewInvalidating.framework/Versions/A/VIViewInvalidating",
                data: ["library": "@rpath/VIViewInvalidating.framework/Versions/A/VIViewInvalidating"]),
        ],
        nonTriggeringExamples: [
            // johnno1962/InjectionIII#2: an app's dlopen() that failed; the app goes on.
            RuleExample(
                "2017-11-28 14:01:53.283088-0400 CN-iOS[9053:630912] Error loading /Applications/InjectionIII.app/Contents/Resources/iOSInjection.bundle/iOSInjection:  dlopen(/Applications/InjectionIII.app/Contents/Resources/iOSInjection.bundle/iOSInjection, 265): Library not loaded: @rpath/libswiftXCTest.dylib"
            )
        ]
    ).stoppingTheProcessInDyld()

    /// The install name runs to the end of the line (it may hold spaces), read up to its bound.
    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool {
        data["library"] = data["library"]?.droppingTrailingBlanks()
        return true
    }
}
