/// dyld could not bind a symbol the app uses: the process stops before `main`.
struct SymbolNotFoundRule: BuiltInRule {
    static let description = RuleDescription(
        id: "symbol-not-found",
        severity: .error,
        title: "App stopped at launch: dyld could not find a symbol it uses",
        explanation: """
            Before main() runs, the dynamic linker binds every symbol the app and its frameworks take \
            from other libraries. When a library is there but lacks one of them, dyld prints "dyld: \
            Symbol not found: <symbol>" ("dyld[<pid>]: Symbol not found: …" from iOS 15 on; some \
            console copies show the message without the prefix), then "Referenced from:" with the \
            binary that uses it and "Expected in:" with the library that should define it, and stops \
            the process: the app never shows a frame. A system symbol newer than the device's iOS \
            (the app or a framework was built against a newer SDK and links it strongly), a framework \
            embedded in another version than the one the app was built against, or a C++ library \
            built with another standard library are the usual causes.
            """,
        fix: """
            Look up the symbol (demangle a Swift or C++ one with `swift demangle` or `c++filt`) and the \
            binary on the "Referenced from:" line. For a system symbol, raise the deployment target to \
            the iOS that has it, or mark its framework Optional (weak linking) and check for it at run \
            time; for a framework's, embed the version the app was built against (run pod install or \
            resolve the packages again, and clean the build folder).
            """,
        references: [AppleReference.missingFrameworkCrashes],
        messageTemplate: "{process} stopped at launch: dyld could not find the symbol {symbol}",
        patterns: [
            // dyld's own line, or its message alone at the start of a line; not a dlopen() failure
            // an app logs and lives on after.
            RulePattern(
                literal: "Symbol not found: ",
                regex: #"(?:(?:^|[\s>])dyld(?:\[(?<pid>[0-9]{1,10})\])?: |^)Symbol not found: (?<symbol>[^\s]{1,1024})[^\n]{0,1024}"#
                    + RulePattern.referencingExecutable
            )
        ],
        triggeringExamples: [
            // googlemaps/ios-maps-sdk#57 (device): a C++ symbol the system's libc++ lacks, in the app's executable.
            RuleExample(
                "dyld: Symbol not found: __ZNSt3__113basic_filebufIcNS_11char_traitsIcEEE4openEPKcj\n  Referenced from: /private/var/containers/Bundle/Application/5A4DBA0B-CCAB-41FF-A619-ADD6A38646F4/oneBetter.app/oneBetter",
                data: ["symbol": "__ZNSt3__113basic_filebufIcNS_11char_traitsIcEEE4openEPKcj", "executable": "oneBetter"]),
            // johnno1962/InjectionIII#569 (simulator): dyld4's wording, with the pid.
            RuleExample("dyld[7480]: Symbol not found: _$s3lhb10UrlConfingCfE", data: ["symbol": "_$s3lhb10UrlConfingCfE", "pid": "7480"]),
            // RodrigoSMarques/flutter_branch_sdk#440 (iOS 26, Xcode console): the message without dyld's prefix.
            RuleExample("Symbol not found: _NSUserActivityTypeBrowsingWeb", data: ["symbol": "_NSUserActivityTypeBrowsingWeb"]),
        ],
        nonTriggeringExamples: [
            // johnno1962/InjectionIII#148: an app's dlopen() that failed; the app goes on.
            RuleExample(
                "2019-06-14 12:47:16.443355+0300 Moolathon[75042:1781633] Error loading /Applications/InjectionIII.app/Contents/Resources/iOSInjection10.bundle/iOSInjection10:  dlopen(/Applications/InjectionIII.app/Contents/Resources/iOSInjection10.bundle/iOSInjection10, 265): Symbol not found: _$SBOWV"
            )
        ]
    ).stoppingTheProcessInDyld()
}
