/// The system's performance diagnostics caught file I/O on the main thread while the app launched.
struct MainThreadIOAtLaunchRule: BuiltInRule {
    static let description = RuleDescription(
        id: "main-thread-io-at-launch",
        severity: .note,
        title: "I/O on the main thread during launch",
        explanation: """
            The system's runtime performance diagnostics log a fault-level "Performance Diagnostics" \
            record in the app's process each time a call known to touch the file system runs on the \
            main thread; the JSON names the call as the "antipattern trigger" (-[NSBundle bundlePath], \
            -[NSData initWithContentsOfFile:options:error:], dlopen…). This rule reports the launch \
            variant, "Performing I/O on the main thread can cause slow launches." ("issue type":4), \
            logged while the launch is still in progress: each such call delays the first frame, and \
            until then the user looks at the launch screen, or at a black screen. The same call \
            usually also logs "Performing I/O on the main thread can cause hangs." ("issue type":1); \
            that variant is left out because it is not specific to launch and would report each call \
            twice. One cheap call is harmless; many of them, large reads or loading plugins with dlopen \
            before the first frame add up.
            """,
        fix: """
            Look at the triggers the launch reports and move that work off the main thread or after the \
            first frame: read files, decode plists and JSON, open databases and load optional frameworks \
            on a background queue, and cache values such as bundle paths instead of asking again. When \
            the trigger comes from a framework or SDK, check for a lazy-initialisation option or a newer \
            version. Measure with the Instruments App Launch template.
            """,
        references: [AppleReference.reducingLaunchTime],
        messageTemplate: "{process} did file I/O on the main thread during launch",
        patterns: [
            RulePattern(
                literal: "Performing I/O on the main thread can cause slow launches",
                regex: #"Performing I/O on the main thread can cause slow launches\.(?:[^{}]{0,1024}?"antipattern trigger":"(?<trigger>[^"]{0,1024})")?"#
            )
        ],
        triggeringExamples: [
            RuleExample(
                """
                fault\t11:16:23.909763+0500\tRunner\t__delegate_identifier__:Performance Diagnostics__:::____message__:{"message":"Performing I/O on the main thread can cause slow launches.","antipattern trigger":"-[NSBundle bundlePath]","message type":"suppressable","issue type":4,"category type":17,"subcategory type":3,"show in console":"0"}'\
                D8 6F B3 0B 65 6F 30 B1 9F DC 2D 4D 71 C7 D3 5C 68 51 00 00 9F 87 C6 16 7A FD 3E DC B5 B0 92 BA 55 23 A7 AF 1C 13 00 00 \
                69 ED 11 6D 4E 87 38 79 8D B8 DE BF 0A 1A A2 CC D0 E2 01 00 69 ED 11 6D 4E 87 38 79 8D B8 DE BF 0A 1A A2 CC 90 77 00 00 \
                9F 87 C6 16 7A FD 3E DC B5 B0 92 BA 55 23 A7 AF 4C 12 00 00 D8 6F B3 0B 65 6F 30 B1 9F DC 2D 4D 71 C7 D3 5C D0 82 00 00 \
                D8 6F B3 0B 65 6F 30 B1 9F DC 2D 4D 71 C7 D3 5C 00 85 00 00 A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 F8 2F 41 01 \
                A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 9C 45 41 01 A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 C0 85 41 01 \
                A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 C4 4C A2 00 A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 20 F6 09 00 \
                A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 80 DB 09 00 A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 78 6A 04 00 \
                D8 6F B3 0B 65 6F 30 B1 9F DC 2D 4D 71 C7 D3 5C 28 44 00 00 EF 27 E3 86 3C FF 37 52 B1 52 D9 6A 0A A9 EF FD 28 4E 00 00 \
                00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00'
                """,
                data: ["trigger": "-[NSBundle bundlePath]"]),
            RuleExample(
                """
                fault\t09:45:20.918803+0800\thootowl\t__delegate_identifier__:Performance Diagnostics__:::____message__:{"message":"Performing I/O on the main thread can cause slow launches.","antipattern trigger":"dlopen","message type":"suppressable","issue type":4,"category type":17,"subcategory type":3,"show in console":"0"}'\
                1B 52 60 20 2D E0 3C 65 91 22 F1 17 75 49 D6 9A 30 4F 00 00 1B 52 60 20 2D E0 3C 65 91 22 F1 17 75 49 D6 9A 00 47 00 00 \
                1B 52 60 20 2D E0 3C 65 91 22 F1 17 75 49 D6 9A D8 43 00 00 0F 8D 35 B6 55 6F 3E 34 8E AA 80 AB 54 04 7D C5 1C 4C 00 00 \
                00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00'
                """,
                data: ["trigger": "dlopen"]),
        ],
        nonTriggeringExamples: [
            // The same call, hang variant.
            RuleExample(
                """
                fault\t11:16:23.909497+0500\tRunner\t__delegate_identifier__:Performance Diagnostics__:::____message__:{"message":"Performing I/O on the main thread can cause hangs.","antipattern trigger":"-[NSBundle bundlePath]","message type":"suppressable","issue type":1,"category type":17,"subcategory type":3,"show in console":"0"}'\
                D8 6F B3 0B 65 6F 30 B1 9F DC 2D 4D 71 C7 D3 5C 68 51 00 00 9F 87 C6 16 7A FD 3E DC B5 B0 92 BA 55 23 A7 AF 1C 13 00 00 \
                69 ED 11 6D 4E 87 38 79 8D B8 DE BF 0A 1A A2 CC D0 E2 01 00 69 ED 11 6D 4E 87 38 79 8D B8 DE BF 0A 1A A2 CC 90 77 00 00 \
                9F 87 C6 16 7A FD 3E DC B5 B0 92 BA 55 23 A7 AF 4C 12 00 00 D8 6F B3 0B 65 6F 30 B1 9F DC 2D 4D 71 C7 D3 5C D0 82 00 00 \
                D8 6F B3 0B 65 6F 30 B1 9F DC 2D 4D 71 C7 D3 5C 00 85 00 00 A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 F8 2F 41 01 \
                A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 9C 45 41 01 A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 C0 85 41 01 \
                A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 C4 4C A2 00 A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 20 F6 09 00 \
                A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 80 DB 09 00 A0 E1 CE FB FD 01 36 F9 B8 23 51 B0 92 E4 DB C6 78 6A 04 00 \
                D8 6F B3 0B 65 6F 30 B1 9F DC 2D 4D 71 C7 D3 5C 28 44 00 00 EF 27 E3 86 3C FF 37 52 B1 52 D9 6A 0A A9 EF FD 28 4E 00 00 \
                00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00'
                """
            ),
        ]
    )
}
