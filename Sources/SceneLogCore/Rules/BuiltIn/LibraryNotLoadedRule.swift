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
            iOS means the app's Swift runtime was not embedded. A Unity app (2019.3 on) loads its \
            player, UnityFramework, the same way as it starts: "Error loading \
            …/UnityFramework.framework/UnityFramework (…): dlopen(…): Library not loaded: …" says a \
            framework a plugin brings was not embedded, and the player, so the app, cannot run.
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
            // dyld's own line, not a dlopen() failure an app logs and lives on after; in a crash
            // report's Dyld Error Message section (iOS 9–12), `Dyld Message: Library not loaded: …`.
            RulePattern(
                literal: "Library not loaded: ",
                regex: #"(?:(?:^|[\s>*`])dyld(?:\[(?<pid>[0-9]{1,10})\])?|^[ \t>*`]{0,8}Dyld Message): Library not loaded: (?<library>[^\n]{1,1024})"#
                    + RulePattern.referencingExecutable
            ),
            // Older dyld: the binary that links it, on the same line; inside an app's bundle, the
            // app's process.
            RulePattern(
                literal: "dependent dylib '",
                regex: #"(?:^|[\s>])dyld: dependent dylib '(?<library>[^'\n]{1,1024})' not found for '(?:[^'\n]{0,1024}?/(?<executable>[^/'\n]{1,255})\.app/)?"#
            ),
            // iOS 9–12 ReportCrash relaying the report's Dyld Error Message section to the device
            // log (theos/theos-jailed#29): its lines follow ReportCrash's, and the finding is the
            // app's that the Referenced from line names.
            RulePattern(
                literal: "Dyld Error Message:",
                regex: #"Dyld Error Message:[ \t]*\n[ \t>*`]{0,8}Dyld Message: Library not loaded: (?<library>[^\n]{1,1024})"#
                    + RulePattern.referencingApp
            ),
            // Unity's trampoline loading the player with NSBundle (Unity 2019.3 on): when a
            // framework the player links is missing, the player is not loaded and the app cannot
            // run. Other bundles an app loads this way, it may live without (see below).
            RulePattern(
                literal: "Library not loaded: ",
                regex: #"(?:^|[\s>*`\]])Error loading [^\n]{0,1024}?/(?<executable>[^/\n]{1,255})\.app/Frameworks/UnityFramework\.framework/UnityFramework \([0-9]{1,6}\):[ \t]{1,4}dlopen\([^\n]{0,2048}?\): Library not loaded: (?<library>[^\n]{1,1024})"#
            ),
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
                data: ["library": "@rpath/VIViewInvalidating.framework/Versions/A/VIViewInvalidating", "pid": "11073"]),
            // flutter/flutter#109671: newer dyld quotes the paths.
            RuleExample(
                "dyld[13960]: Library not loaded: '@rpath/AppAuth.framework/AppAuth'\n  Referenced from: '/private/var/containers/Bundle/Application/F04D9440-7004-4696-AE09-0C34840184BD/Runner.app/Runner'",
                data: ["library": "@rpath/AppAuth.framework/AppAuth", "executable": "Runner", "pid": "13960"]),
            // Naituw/IPAPatch#67: an executable not named as its bundle.
            RuleExample(
                "dyld: Library not loaded: @rpath/Module_Framework.framework/Module_Framework\n  Referenced from: /private/var/containers/Bundle/Application/B494A521-3209-41D0-B40B-725F17600C8A/TestHooc.app/YouTube",
                data: ["library": "@rpath/Module_Framework.framework/Module_Framework", "executable": "YouTube"]),
            // eni9889/ppsideloader#268: an executable's name with a space.
            RuleExample(
                "dyld: Library not loaded: @executable_path/f2f153c0749ecb2ef41f8577.dylib\n  Referenced from: /var/containers/Bundle/Application/0A4690BC-4B30-4C04-BCCA-A714943AE821/ppsideloader.app/Do List",
                data: ["library": "@executable_path/f2f153c0749ecb2ef41f8577.dylib", "executable": "Do List"]),
            // react/react-native#38912: a paste in Markdown bold, with the reporter's full stop.
            RuleExample(
                "**dyld[52484]: Library not loaded: @rpath/hermes.framework/hermes .**",
                data: ["library": "@rpath/hermes.framework/hermes", "pid": "52484"]),
            // Glartek/flutter-unity#57: older dyld's wording, after lldb's prompt; a framework of
            // Runner.app links it.
            RuleExample(
                "(lldb) dyld: dependent dylib '@rpath/Vuforia.framework/Vuforia' not found for '/private/var/containers/Bundle/Application/01E85DC2-3CCC-433C-B699-0D3FA2D3DFAD/Runner.app/Frameworks/UnityFramework.framework/UnityFramework', tried but didn't find: '/private/var/containers/Bundle/Application/01E85DC2-3CCC-433C-B699-0D3FA2D3DFAD/Runner.app/Frameworks/Vuforia.framework/Vuforia'",
                data: ["library": "@rpath/Vuforia.framework/Vuforia", "executable": "Runner"]),
            // Apple's TN2151 (Understanding and Analyzing Application Crash Reports): a crash report's
            // Dyld Error Message section.
            RuleExample(
                "Dyld Message: Library not loaded: @rpath/MyCustomFramework.framework/MyCustomFramework\n  Referenced from: /private/var/containers/Bundle/Application/CD9DB546-A449-41A4-A08B-87E57EE11354/TheElements.app/TheElements",
                data: ["library": "@rpath/MyCustomFramework.framework/MyCustomFramework", "executable": "TheElements"]),
            // Xcode Organizer's crash list shows the section's line with an offset (a Chinese blog post
            // on an iOS 9 launch crash, code corpus).
            RuleExample("Dyld Message: Library not loaded: @rpath/libswiftCore.dylib + 0", data: ["library": "@rpath/libswiftCore.dylib"]),
            // theos/theos-jailed#29 (iOS 10 device log, quoted in an issue): ReportCrash relays the
            // section, "Referenced  from" with two spaces.
            RuleExample(
                "> Aug  15 06:13:40 arthurpad ReportCrash[6470] <Error>: Dyld Error Message:\n> Dyld Message: Library not loaded: @rpath/pb.dylib\n> Referenced  from: /var/containers/Bundle/Application/087ED5C3-B94F-4509-A446-1AA67F92D5E0/NvwaStone.app/NvwaStone\n> Reason: image not found",
                data: ["library": "@rpath/pb.dylib", "app": "NvwaStone"]),
            // AppLovin/AppLovin-MAX-SDK-iOS#413 (iOS 18.1): Unity's player links a framework the app
            // does not embed.
            RuleExample(
                "Error loading /var/containers/Bundle/Application/4DA1B884-5215-4BDE-AB7A-5BB85317BF14/MaxDemoUnity.app/Frameworks/UnityFramework.framework/UnityFramework (139): dlopen(/var/containers/Bundle/Application/4DA1B884-5215-4BDE-AB7A-5BB85317BF14/MaxDemoUnity.app/Frameworks/UnityFramework.framework/UnityFramework, 0x0109): Library not loaded: @rpath/AppLovinSDK.framework/AppLovinSDK",
                data: ["library": "@rpath/AppLovinSDK.framework/AppLovinSDK", "executable": "MaxDemoUnity"]),
        ],
        nonTriggeringExamples: [
            // An app that logs an old crash report's line inside its own message.
            RuleExample(
                "2024-05-01 10:00:00.000 MyApp[1766:707] uploading report: Dyld Message: Library not loaded: @rpath/Old.framework/Old"
            ),
            // johnno1962/InjectionIII#2: an app's dlopen() that failed; the app goes on.
            RuleExample(
                "2017-11-28 14:01:53.283088-0400 CN-iOS[9053:630912] Error loading /Applications/InjectionIII.app/Contents/Resources/iOSInjection.bundle/iOSInjection:  dlopen(/Applications/InjectionIII.app/Contents/Resources/iOSInjection.bundle/iOSInjection, 265): Library not loaded: @rpath/libswiftXCTest.dylib"
            )
        ]
    ).stoppingTheProcessInDyld()

    /// The install name runs to the end of the line (it may hold spaces), read up to its bound;
    /// newer dyld puts it in quotes.
    func accept(_ data: inout [String: String], configuration: RuleConfiguration) -> Bool {
        guard var library = data["library"]?.droppingTrailingBlanks() else { return true }
        // A bug report's Markdown around the line (`**dyld[…]: … .**`, a closing backtick) and its
        // full stop are no part of the path, which never ends with them.
        while let last = library.last, last == "*" || last == "`" || last == "." || last == " " { library.removeLast() }
        // Xcode Organizer's offset after the section's line (`… libswiftCore.dylib + 0`).
        if library.hasSuffix(" + 0") { library.removeLast(4) }
        if library.count >= 2, library.hasPrefix("'"), library.hasSuffix("'") { library = String(library.dropFirst().dropLast()) }
        guard !library.isEmpty else { return false }
        data["library"] = library
        return true
    }
}
