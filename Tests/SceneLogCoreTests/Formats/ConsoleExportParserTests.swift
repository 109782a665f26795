import Testing

@testable import SceneLogCore

/// Console.app copy/export rows. Lines marked "verbatim" are quoted in the research notes
/// (message-catalog.md §0, §1.1, §1.2); the others are built in the same shape.
@Suite struct ConsoleExportParserTests {
    // verbatim
    static let bootstrapping =
        "default\t22:50:45.709813-0500\tSpringBoard\tBootstrapping app<com.hightowerai.MobileJarvisNative> with intent foreground-interactive"
    // verbatim
    static let requiresUpdate =
        "error\t22:50:45.786360-0500\tMobileJarvisNative\tCLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version."
    // verbatim
    static let sceneRequired =
        "fault\t15:36:14.396075+0500\tRunner\t`UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future."
    // verbatim
    static let sceneAction =
        "default\t08:00:54.680352-0600\tSpringBoard\tFrontBoard\t[sceneID:com.AppCo.MyApp-default] Scene action [Logical Activate][0x33fb] completed with success: 0"
    static let noSceneDelegate =
        "error\t08:00:54.702118-0600\tMyApp\tUIKitCore\t[WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
    // verbatim
    static let sceneActivated =
        "23:11:48.840889+0100\tScene\t[sceneID:net.yvant.domination-default][1] Scene activated.\tcom.apple.FrontBoard\tFrontBoard\tdefault\tSpringBoard"
    static let emptyCells =
        "23:11:48.902417+0100\t\tCLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle.\t\tUIKitCore\terror\tdomination"

    @Test func fourColumnRows() {
        let text = [Self.bootstrapping, Self.requiresUpdate, Self.sceneRequired].joined(separator: "\n")
        let result = scan(text)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 3, records: 3, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.withoutWallClock) == [
            LogRecord(
                location: location(text, line: 1), kind: .message,
                timestamp: Timestamp(text: "22:50:45.709813-0500", utcOffsetSeconds: -18_000), device: nil,
                process: "SpringBoard", senderImage: nil, pid: nil, thread: nil, level: "default",
                normalizedLevel: .default, subsystem: nil, category: nil,
                message: "Bootstrapping app<com.hightowerai.MobileJarvisNative> with intent foreground-interactive",
                continuationLines: 0),
            LogRecord(
                location: location(text, line: 2), kind: .message,
                timestamp: Timestamp(text: "22:50:45.786360-0500", utcOffsetSeconds: -18_000), device: nil,
                process: "MobileJarvisNative", senderImage: nil, pid: nil, thread: nil, level: "error",
                normalizedLevel: .error, subsystem: nil, category: nil,
                message: "CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.",
                continuationLines: 0),
            LogRecord(
                location: location(text, line: 3), kind: .message,
                timestamp: Timestamp(text: "15:36:14.396075+0500", utcOffsetSeconds: 18_000), device: nil,
                process: "Runner", senderImage: nil, pid: nil, thread: nil, level: "fault", normalizedLevel: .fault,
                subsystem: nil, category: nil,
                message: "`UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.",
                continuationLines: 0),
        ])
        #expect(result.records.allSatisfy { $0.timestamp?.wallClockSeconds != nil })
    }

    /// yglukhov/nimx#449 (iOS 12.1 simulator): macOS 10.13's Console.app copies the time with a
    /// space before its UTC offset. The rows are still a Console export, not the app's console.
    @Test func timeWithASpaceBeforeTheOffset() throws {
        let text = """
            default\t16:13:44.010191 +0100\tbackboardd\t[BKEventFocusManager] Setting foreground application to: (none) (-1)
            default\t16:13:44.010937 +0100\tassertiond\t[mynimx:5529] Setting jetsam priority to 3 [0x100]
            error\t16:13:44.010975 +0100\tassertiond\t[mynimx:5529] SyscallError: setpriority(PRIO_DARWIN_ROLE, 5529, 3): No such process
            default\t16:13:44.773182 +0100\tSpringBoard\t-[TTYSettings objectValueForKey:andContext:withClass:andDefaultValue:]:434 Not retrieving setting. Context is wrong
            default\t16:13:44.801395 +0100\tassertiond\t[mynimx:5529] Terminating because the job-submitter has disconnected.

            """
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(text.utf8), name: "test.log")
        let input = try #require(result.inputs.first)
        #expect(input.format == .consoleExport)
        #expect(input.records == 5 && input.unparsedLines == 0 && input.timeSpan != nil)
        let records = scan(text).records
        #expect(records.map(\.process) == ["backboardd", "assertiond", "assertiond", "SpringBoard", "assertiond"])
        #expect(records.last?.message == "[mynimx:5529] Terminating because the job-submitter has disconnected.")
        #expect(records.allSatisfy { $0.timestamp?.utcOffsetSeconds == 3_600 && $0.timestamp?.wallClockSeconds != nil })
    }

    /// dotnet/maui#8928: a device's console copied with its date, device name, level, pid and
    /// `process(library)` in cells. The rows are the system's, each of its process, and the app's
    /// exit ends a launch seen only by its end (it was read as the app's plain console before).
    @Test func dateDeviceLevelPidProcessRows() throws {
        let text = """
            Jul 22 15:22:53\tiPhone\tNotice\t66\tSpringBoard(FrontBoard)\t[sceneID:com.testapp-default][1] Scene invalidated.
            Jul 22 15:22:53\tiPhone\tNotice\t39\tmediaserverd(MediaExperience)\t-CMSessionMgr- CMSessionMgrHandleApplicationStateChange: Client com.testapp with pid '1101' is now Terminated. Background entitlement: NO ActiveLongFormVideoSession: NO WhitelistedLongFormVideoApp NO
            Jul 22 15:22:53\tiPhone\tNotice\t66\tSpringBoard(FrontBoard)\t[application<com.testapp>:1101] Dropping launch assertion.
            Jul 22 15:22:53\tiPhone\tNotice\t46\tpowerd\tProcess runningboardd.35 Released SystemIsActive "application<com.testapp>35-66-9785:FBApplicationProcess" age:00:00:00  id:51539642784 [System: SysAct]
            Jul 22 15:22:53\tiPhone\tNotice\t66\tSpringBoard(FrontBoard)\t[application<com.testapp>:1101] Process exited: <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGABRT(6)>>.
            """
        let result = scan(text)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 5, records: 5, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.process) == ["SpringBoard", "mediaserverd", "SpringBoard", "powerd", "SpringBoard"])
        #expect(result.records.map(\.senderImage) == ["FrontBoard", "MediaExperience", "FrontBoard", nil, "FrontBoard"])
        #expect(result.records.map(\.pid) == [66, 39, 66, 46, 66])
        #expect(result.records.allSatisfy { $0.device == "iPhone" && $0.level == "Notice" && $0.timestamp?.text == "Jul 22 15:22:53" })
        #expect(result.records[0].message == "[sceneID:com.testapp-default][1] Scene invalidated.")
        let launch = try #require(try launches(in: text).launches.first)
        #expect(launch.bundle == "com.testapp" && launch.pid == 1101 && launch.device == "iPhone")
        #expect(launch.outcome == .crashed && launch.termination == Termination(kind: .signal, detail: "SIGABRT(6)"))
    }

    /// The same copy with its tabs turned into spaces by a paste (dotnet/maui#38281, quoted): the
    /// device's name and the type word still tell the cells apart; the header row is no record.
    @Test func dateDeviceLevelPidProcessRowsWhoseTabsBecameSpaces() throws {
        let text = """
            Time Device Name Type PID Tag Message
            Aug 12 09:27:46 Roks-iPhone Notice 35 SpringBoard(FrontBoard) [app:810] Process exited: <RBSProcessExitContext| specific, status:<RBSProcessExitStatus| domain:signal(2) code:SIGABRT(6)>>.
            Aug 12 09:27:46 Roks-iPhone Error 810 Maui error: Failed to load AOT module 'System.Private.CoreLib' while running in aot-only mode: doesn't match assembly.
            Jul 22 15:22:53 Rok's iPhone Notice 66 SpringBoard(FrontBoard) [sceneID:com.testapp-default][1] Scene invalidated.
            """
        let result = scan(text)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 4, records: 3, continuationLines: 0, unparsedLines: 1))
        #expect(result.records.map(\.process) == ["SpringBoard", "Maui", "SpringBoard"])
        #expect(result.records.map(\.senderImage) == ["FrontBoard", nil, "FrontBoard"])
        #expect(result.records.map(\.pid) == [35, 810, 66])
        #expect(result.records.map(\.device) == ["Roks-iPhone", "Roks-iPhone", "Rok's iPhone"])
        #expect(result.records.map(\.level) == ["Notice", "Error", "Notice"])
        #expect(result.records[1].message.hasPrefix("error: Failed to load AOT module"))
    }

    /// gluonhq/substrate#1366: a Console.app copy pasted with its tabs turned into spaces and its
    /// message wrapped onto indented lines.
    @Test func rowsWhoseTabsBecameSpaces() {
        let text = """
            error  18:32:32.990120+0200  HelloGluon  failure in void
              _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption(void)_block_invoke
              (UIApplication_RuntimeIssues.m:106) : Application failed to launch: UIScene life
            default 22:50:45.709813-0500 SpringBoard Bootstrapping app<com.hightowerai.MobileJarvisNative> with intent foreground-interactive
            and from crash log:
            """
        let result = scan(text)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 5, records: 2, continuationLines: 3, unparsedLines: 0))
        #expect(result.records.map(\.process) == ["HelloGluon", "SpringBoard"])
        #expect(result.records.map(\.level) == ["error", "default"])
        #expect(result.records.map(\.timestamp?.text) == ["18:32:32.990120+0200", "22:50:45.709813-0500"])
        #expect(result.records[0].message.hasPrefix("failure in void\n  _UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption"))
        #expect(result.records[1].message.hasPrefix("Bootstrapping app<com.hightowerai.MobileJarvisNative>"))
    }

    @Test func fiveColumnRows() {
        let text = [Self.sceneAction, Self.noSceneDelegate].joined(separator: "\n")
        let result = scan(text)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 2, records: 2, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.withoutWallClock) == [
            LogRecord(
                location: location(text, line: 1), kind: .message,
                timestamp: Timestamp(text: "08:00:54.680352-0600", utcOffsetSeconds: -21_600), device: nil,
                process: "SpringBoard", senderImage: "FrontBoard", pid: nil, thread: nil, level: "default",
                normalizedLevel: .default, subsystem: nil, category: nil,
                message: "[sceneID:com.AppCo.MyApp-default] Scene action [Logical Activate][0x33fb] completed with success: 0",
                continuationLines: 0),
            LogRecord(
                location: location(text, line: 2), kind: .message,
                timestamp: Timestamp(text: "08:00:54.702118-0600", utcOffsetSeconds: -21_600), device: nil,
                process: "MyApp", senderImage: "UIKitCore", pid: nil, thread: nil, level: "error",
                normalizedLevel: .error, subsystem: nil, category: nil,
                message: "[WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file.",
                continuationLines: 0),
        ])
    }

    @Test func sevenColumnRows() {
        let text = [Self.sceneActivated, Self.emptyCells].joined(separator: "\n")
        let result = scan(text)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 2, records: 2, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.withoutWallClock) == [
            LogRecord(
                location: location(text, line: 1), kind: .message,
                timestamp: Timestamp(text: "23:11:48.840889+0100", utcOffsetSeconds: 3_600), device: nil,
                process: "SpringBoard", senderImage: "FrontBoard", pid: nil, thread: nil, level: "default",
                normalizedLevel: .default, subsystem: "com.apple.FrontBoard", category: "Scene",
                message: "[sceneID:net.yvant.domination-default][1] Scene activated.", continuationLines: 0),
            LogRecord(
                location: location(text, line: 2), kind: .message,
                timestamp: Timestamp(text: "23:11:48.902417+0100", utcOffsetSeconds: 3_600), device: nil,
                process: "domination", senderImage: "UIKitCore", pid: nil, thread: nil, level: "error",
                normalizedLevel: .error, subsystem: nil, category: nil,
                message: "CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle.",
                continuationLines: 0),
        ])
    }

    /// airsdk/Adobe-Runtime-Support#2476: a copy whose columns are library, type, time (with a
    /// space before its offset), process and message.
    @Test("rows with the library first are a Console export: the time and the process are read")
    func libraryFirstRows() {
        let text = """
            libMobileGestalt.dylib	default	10:31:18.903271 -0700	MyApp	Cache loaded with 4680 pre-cached in CacheData and 53 items in CacheExtra.
            RunningBoardServices	default	10:31:18.968356 -0700	MyApp	Initializing connection
            """
        let result = scan(text)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 2, records: 2, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.process) == ["MyApp", "MyApp"])
        #expect(result.records.map(\.senderImage) == ["libMobileGestalt.dylib", "RunningBoardServices"])
        #expect(result.records.last?.timestamp?.text == "10:31:18.968356 -0700" && result.records.last?.level == "default")
        #expect(result.records.last?.message == "Initializing connection")
    }

    @Test func headerRowIsABannerAndNamesTheColumns() {
        let text = "Type\tTime\tProcess\tMessage\n\(Self.bootstrapping)"
        let result = scan(text)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 2, records: 2, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.first == LogRecord(
            location: location(text, line: 1), kind: .toolBanner, timestamp: nil, device: nil, process: nil,
            senderImage: nil, pid: nil, thread: nil, level: nil, normalizedLevel: nil, subsystem: nil, category: nil,
            message: "Type\tTime\tProcess\tMessage", continuationLines: 0))
        #expect(result.records.last?.process == "SpringBoard")
        #expect(result.records.last?.message.hasPrefix("Bootstrapping app<") == true)
    }

    @Test func sevenColumnHeader() {
        let text = "Time\tCategory\tMessage\tSubsystem\tLibrary\tType\tProcess\n\(Self.sceneActivated)"
        let result = scan(text)
        #expect(result.summary.format == .consoleExport)
        #expect(result.records.map(\.kind) == [.toolBanner, .message])
        #expect(result.records.last?.category == "Scene")
        #expect(result.records.last?.subsystem == "com.apple.FrontBoard")
        #expect(result.records.last?.process == "SpringBoard")
        #expect(result.records.last?.message == "[sceneID:net.yvant.domination-default][1] Scene activated.")
    }

    @Test func headerWithOtherColumnsAndDatedTimes() {
        let text = """
            timestamp\tprocess\tPID\tTID\ttype\tsubsystem\tcategory\tmessage
            2025-10-20 22:50:45.709813-0500\tSpringBoard\t34\t0x2b4c\tDefault\tcom.apple.FrontBoard\tScene\tScene activated.
            """
        let result = scan(text)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 2, records: 2, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.last?.withoutWallClock == LogRecord(
            location: location(text, line: 2), kind: .message,
            timestamp: Timestamp(text: "2025-10-20 22:50:45.709813-0500", utcOffsetSeconds: -18_000), device: nil,
            process: "SpringBoard", senderImage: nil, pid: 34, thread: "0x2b4c", level: "Default",
            normalizedLevel: .default, subsystem: "com.apple.FrontBoard", category: "Scene", message: "Scene activated.",
            continuationLines: 0))
    }

    @Test func detectionScores() {
        #expect(score("Type\tTime\tProcess\tMessage") == 3)
        #expect(score("Time\tCategory\tMessage\tSubsystem\tLibrary\tType\tProcess") == 3)
        #expect(score(Self.bootstrapping) == 1)
        #expect(score(Self.sceneAction) == 1)
        #expect(score(Self.sceneActivated) == 1)
        #expect(score("    <SBSceneReadySwitcherModifierEvent: 0x281a63800; type: SceneReady> {") == 0)
        #expect(score("Type\tTime\tProcess\tSomething else") == 0)
    }

    @Test func otherFormatsAreNotStolen() {
        for (line, format) in otherFormatExamples + Self.moreOtherFormatExamples {
            #expect(score(line) == 0, "\(line)")
            #expect(scan(line).summary.format == format, "\(line)")
        }
    }

    /// Tab-less lines after a row continue its message; a line before any row is unparsed.
    static let multiLine = """
        Console export of com.example.app, second launch
        default\t15:37:51.282417+0530\tIDSCredentialsAgent\tHit the server for a process handle 1a2b that resolved to: [application<com.example.app>:2583]
        default\t15:37:51.282764+0530\tSpringBoard\t[Main] dispatch event:
        <SBSceneReadySwitcherModifierEvent: 0x281a63800; type: SceneReady; appLayout: <SBAppLayout: 0x283344080; primary: com.example.app:default; environment: main> {
            configuration = full;
            environment = main;
        }>
        default\t15:37:51.284660+0530\tSpringBoard\t[0x2827bfdc0:(FBSceneManager):sceneID:com.example.app-default] Initialized with workspace: 0x282b909a0.
        """

    @Test func continuationLines() {
        let result = scan(Self.multiLine)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 8, records: 3, continuationLines: 4, unparsedLines: 1))
        #expect(result.sink.unparsed.map(\.line) == [1])
        #expect(result.records.map(\.location.line) == [2, 3, 8])
        #expect(result.records.map(\.continuationLines) == [0, 4, 0])
        #expect(result.records[1].withoutWallClock == LogRecord(
            location: location(Self.multiLine, line: 3), kind: .message,
            timestamp: Timestamp(text: "15:37:51.282764+0530", utcOffsetSeconds: 19_800), device: nil,
            process: "SpringBoard", senderImage: nil, pid: nil, thread: nil, level: "default",
            normalizedLevel: .default, subsystem: nil, category: nil,
            message: """
                [Main] dispatch event:
                <SBSceneReadySwitcherModifierEvent: 0x281a63800; type: SceneReady; appLayout: <SBAppLayout: 0x283344080; primary: com.example.app:default; environment: main> {
                    configuration = full;
                    environment = main;
                }>
                """,
            continuationLines: 4))
    }

    /// In the 7-column layout a multi-line message ends with the cells after it.
    static let splitSevenColumns = """
        23:11:48.816990+0100\tAppSwitcher\t[Main] dispatch event:
        <SBTransitionSwitcherModifierEvent: 0x2806e9000; type: MainTransition> {
        \t    <SBIconViewVisibilitySwitcherEventResponse: 0x2806e91d0; visible: NO>;
        \t    <SBTimerEventSwitcherEventResponse: 0x282887510; delay: 0.300000;\tcom.apple.SpringBoard\tSpringBoard\tdefault\tSpringBoard
        \(sceneActivated)
        """

    @Test func sevenColumnMessageOverSeveralLines() {
        let result = scan(Self.splitSevenColumns)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 5, records: 2, continuationLines: 3, unparsedLines: 0))
        #expect(result.records.first?.withoutWallClock == LogRecord(
            location: location(Self.splitSevenColumns, line: 1), kind: .message,
            timestamp: Timestamp(text: "23:11:48.816990+0100", utcOffsetSeconds: 3_600), device: nil,
            process: "SpringBoard", senderImage: "SpringBoard", pid: nil, thread: nil, level: "default",
            normalizedLevel: .default, subsystem: "com.apple.SpringBoard", category: "AppSwitcher",
            message: """
                [Main] dispatch event:
                <SBTransitionSwitcherModifierEvent: 0x2806e9000; type: MainTransition> {
                \t    <SBIconViewVisibilitySwitcherEventResponse: 0x2806e91d0; visible: NO>;
                \t    <SBTimerEventSwitcherEventResponse: 0x282887510; delay: 0.300000;
                """,
            continuationLines: 3))
        #expect(result.records.last?.message == "[sceneID:net.yvant.domination-default][1] Scene activated.")
    }

    @Test func messagesHoldingTabs() {
        let four = "\(Self.bootstrapping)\ndefault\t22:50:46.001234-0500\tMobileJarvisNative\tcolumns:\tname\tvalue"
        let fourResult = scan(four)
        #expect(counts(fourResult.summary) == Counts(lines: 2, records: 2, continuationLines: 0, unparsedLines: 0))
        #expect(fourResult.records.last?.process == "MobileJarvisNative")
        #expect(fourResult.records.last?.message == "columns:\tname\tvalue")

        let seven = "\(Self.sceneActivated)\n23:11:48.841680+0100\tSceneDeactivation\tNow tracking:\t<FBScene: 0x2813ea4c0>\tcom.apple.UIKit\tUIKitCore\tdefault\tSpringBoard"
        let sevenResult = scan(seven)
        #expect(counts(sevenResult.summary) == Counts(lines: 2, records: 2, continuationLines: 0, unparsedLines: 0))
        #expect(sevenResult.records.last?.category == "SceneDeactivation")
        #expect(sevenResult.records.last?.message == "Now tracking:\t<FBScene: 0x2813ea4c0>")
        #expect(sevenResult.records.last?.subsystem == "com.apple.UIKit")
        #expect(sevenResult.records.last?.senderImage == "UIKitCore")
        #expect(sevenResult.records.last?.process == "SpringBoard")
    }

    @Test func leadingIndentation() {
        let plain = [Self.bootstrapping, Self.requiresUpdate].joined(separator: "\n")
        let indented = "    \(Self.bootstrapping)\n\t\(Self.requiresUpdate)"
        let result = scan(indented)
        #expect(result.summary.format == .consoleExport)
        #expect(counts(result.summary) == Counts(lines: 2, records: 2, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.message) == scan(plain).records.map(\.message))
        #expect(result.records.map(\.process) == ["SpringBoard", "MobileJarvisNative"])
        #expect(result.records.map(\.timestamp?.text) == ["22:50:45.709813-0500", "22:50:45.786360-0500"])

        let seven = scan("  \(Self.sceneActivated)")
        #expect(seven.records.first?.category == "Scene")
        #expect(seven.records.first?.process == "SpringBoard")
    }

    /// A forced format gets no sample: the first row with a known shape decides the layout.
    @Test func forcedFormatDecidesTheLayoutFromTheFirstRow() {
        for text in [Self.multiLine, "\(Self.sceneActivated)\n\(Self.emptyCells)", "\(Self.sceneAction)\n\(Self.noSceneDelegate)"] {
            let forced = scan(text, as: .consoleExport)
            let detected = scan(text)
            #expect(forced.records == detected.records)
            #expect(forced.summary == detected.summary)
        }
    }

    @Test(arguments: [1, 7, 4096])
    func sameRecordsInChunks(chunkSize: Int) {
        for text in [Self.multiLine, Self.splitSevenColumns] {
            expectSameScanInChunks(of: text, chunkSizes: [chunkSize])
        }
    }

    private func score(_ line: String) -> Int {
        Array(line.utf8).withUnsafeBufferPointer { ConsoleExportParser.detectionScore(of: $0) }
    }

    /// Lines of the other formats besides `otherFormatExamples`, from the research notes (log-formats.md).
    static let moreOtherFormatExamples: [(String, LogFormat)] = [
        ("May 30 13:56:28 Runner(Flutter)[2037] <Notice>: flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/", .idevicesyslog),
        ("2026-04-01 22:50:58.223142+0300 0x1cc1515  Default     0x0                  87108  0    ExampleIOSApp: (UIKitCore) [com.apple.UIKit:BackgroundTask] Creating new assertion", .logDefault),
        ("2026-09-22 15:07:18.506 F  threenative-ios[40455:17a9f] [com.apple.runtime-issues:UIKit App Config] `UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.", .logCompact),
    ]

    @Test func aCompleteSevenColumnRowKeepsItsCellsOutOfAMultiLineMessage() {
        let text = "23:11:48.840889+0100\tScene\t[sceneID:net.yvant.domination-default][1] Scene activated.\tcom.apple.FrontBoard\tFrontBoard\tdefault\tSpringBoard\n  second line\n"
            + "23:11:48.840999+0100\tScene\tnext\tcom.apple.FrontBoard\tFrontBoard\tdefault\tSpringBoard\n"
        let (records, summary, _) = scan(text, as: .consoleExport)
        #expect(summary.records == 2 && summary.continuationLines == 1)
        #expect(records.first?.message == "[sceneID:net.yvant.domination-default][1] Scene activated.\n  second line")
        #expect(records.first?.subsystem == "com.apple.FrontBoard" && records.first?.process == "SpringBoard")
        #expect(records.first?.level == "default" && records.first?.category == "Scene")
    }
}
