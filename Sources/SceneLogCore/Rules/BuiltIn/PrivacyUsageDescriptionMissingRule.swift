/// The app touched a privacy-protected API without the Info.plist usage string, and TCC killed it.
struct PrivacyUsageDescriptionMissingRule: BuiltInRule {
    static let description = RuleDescription(
        id: "privacy-usage-description-missing",
        severity: .error,
        title: "App killed for using a protected resource without a usage description",
        explanation: """
            Before iOS shows a permission prompt for a protected resource (camera, microphone, speech \
            recognition, photos, location, contacts, motion, Bluetooth…), it checks that the app's \
            Info.plist has the matching NS…UsageDescription string. When the string is missing there is \
            no prompt: the privacy system (TCC) ends the process at once, and the app logs this line \
            naming the key it needs. tccd logs "Refusing authorization request for service kTCC…", and \
            SpringBoard reports the exit as "RBSProcessExitStatus| domain:tcc(11) code:0" instead of a \
            crash signal. When the access happens during launch, often inside an SDK or a framework \
            plugin (a Flutter or Expo module whose permission was switched off, which also drops the \
            key), the app dies before its first frame, on every launch.
            """,
        fix: """
            Add the key named in the message to the Info.plist of the target that makes the call (an \
            app extension needs its own), with a sentence telling the user why the app needs the data; \
            with generated Info.plists use the INFOPLIST_KEY_… build setting, in Expo the ios.infoPlist \
            config or the plugin's permission option. If the app does not need the feature, remove the \
            code or the SDK module that calls the API instead.
            """,
        references: [AppleReference.protectedResources],
        messageTemplate:
            "{process} was killed for using a protected resource without {usageDescriptionKey|its usage description} in Info.plist",
        patterns: [
            RulePattern(
                literal: "privacy-sensitive data without a usage description",
                // The key may be quoted (`NSMicrophoneUsageDescription`), and a paste may have wrapped
                // the sentence before it onto the next line: the crash is told all the same.
                regex: #"privacy-sensitive data without a usage description(?:\.\s{1,16}The app's Info\.plist must contain an?\s{1,4}[`'"]?(?<usageDescriptionKey>[A-Za-z]{1,255})[`'"]?\s{1,4}key)?"#
            )
        ],
        triggeringExamples: [
            RuleExample(
                "error\t21:58:41.327514-0500\tMobileJarvisNative\tThis app has crashed because it attempted to access privacy-sensitive data without a usage description.  The app's Info.plist must contain an NSSpeechRecognitionUsageDescription key with a string value explaining to the user how the app uses this data.",
                data: ["usageDescriptionKey": "NSSpeechRecognitionUsageDescription"]),
            RuleExample(
                "2022-05-29 11:28:06.569846+0800 ClipImage[37827:2030915] [access] This app has crashed because it attempted to access privacy-sensitive data without a usage description.  The app's Info.plist must contain an NSPhotoLibraryAddUsageDescription key with a string value explaining to the user how the app uses this data.",
                data: ["usageDescriptionKey": "NSPhotoLibraryAddUsageDescription"]),
            // dtube/DTubeGo#165: the key quoted in backticks.
            RuleExample(
                "This app has crashed because it attempted to access privacy-sensitive data without a usage description.  The app's Info.plist must contain an `NSMicrophoneUsageDescription` key with a string value explaining to the user how the app uses this data.",
                data: ["usageDescriptionKey": "NSMicrophoneUsageDescription"]),
            // celestebetancur/CineVivo#3: a paste wrapped the message; the key is on a line further down.
            RuleExample("privacy-sensitive data without a usage description.  The app's Info.plist must contain an "),
        ],
        nonTriggeringExamples: [
            RuleExample(
                "default\t21:58:41.331802-0500\tSpringBoard\t[app<com.hightowerai.MobileJarvisNative>:52083] Process exited: <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:tcc(11) code:0>>."
            ),
            RuleExample(
                "default\t21:58:41.326911-0500\ttccd\tRefusing authorization request for service kTCCServiceMotion ... without NSMotionUsageDescription key"
            ),
        ]
    ).reportingAPrivacyKill()
}
