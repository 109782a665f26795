import Testing

@testable import SceneLogCore

/// Xcode debug console captures. Lines marked "verbatim" are quoted in the research notes
/// (log-formats.md §4.2, message-catalog.md §0, §1.2, §4.2); the others are built in the same shape.
@Suite struct XcodeConsoleParserTests {
    // verbatim
    static let noSceneDelegate =
        "2020-09-16 17:06:55.755454-0700 VideoQuickStart[23092:6273980] [WindowScene] There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file."
    // verbatim
    static let nsLog = "2014-12-28 23:56:02.013 TestApp[6247:281476] NSLog"
    // verbatim
    static let noZone =
        "2016-10-03 13:33:14.358797 Todo[17890:554190] subsystem: com.apple.UIKit, category: HIDEventFiltered, enable_level: 0, …"
    // verbatim
    static let firebase =
        "2020-03-26 16:23:48.317131+0100 BasketColors[1383:652946] 6.17.0 - [Firebase/Core][I-COR000003] The default Firebase app has not yet been configured. …"
    // verbatim
    static let firebaseNepal =
        "2023-09-07 09:27:48.887242+0545 Runner[5929:1418866] 10.12.0 - [FirebaseCore][I-COR000005] No app has been configured yet."
    // verbatim (Xcode prints it unprefixed)
    static let sceneRequired =
        "`UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future."
    // verbatim
    static let terminated = "Message from debugger: Terminated due to signal 9"

    @Test func recordStartLines() {
        let text = [Self.noSceneDelegate, Self.nsLog, Self.noZone, Self.firebase, Self.firebaseNepal].joined(separator: "\n")
        let result = scan(text)
        #expect(result.summary.format == .xcodeConsole)
        #expect(counts(result.summary) == Counts(lines: 5, records: 5, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.withoutWallClock) == [
            LogRecord(
                location: location(text, line: 1), kind: .message,
                timestamp: Timestamp(text: "2020-09-16 17:06:55.755454-0700", utcOffsetSeconds: -25_200), device: nil,
                process: "VideoQuickStart", senderImage: nil, pid: 23092, thread: "6273980", level: nil,
                normalizedLevel: nil, subsystem: nil, category: "WindowScene",
                message: "There is no scene delegate set. A scene delegate class must be specified to use a main storyboard file.",
                continuationLines: 0),
            LogRecord(
                location: location(text, line: 2), kind: .message,
                timestamp: Timestamp(text: "2014-12-28 23:56:02.013", utcOffsetSeconds: nil), device: nil,
                process: "TestApp", senderImage: nil, pid: 6247, thread: "281476", level: nil, normalizedLevel: nil,
                subsystem: nil, category: nil, message: "NSLog", continuationLines: 0),
            LogRecord(
                location: location(text, line: 3), kind: .message,
                timestamp: Timestamp(text: "2016-10-03 13:33:14.358797", utcOffsetSeconds: nil), device: nil,
                process: "Todo", senderImage: nil, pid: 17890, thread: "554190", level: nil, normalizedLevel: nil,
                subsystem: nil, category: nil,
                message: "subsystem: com.apple.UIKit, category: HIDEventFiltered, enable_level: 0, …", continuationLines: 0),
            LogRecord(
                location: location(text, line: 4), kind: .message,
                timestamp: Timestamp(text: "2020-03-26 16:23:48.317131+0100", utcOffsetSeconds: 3_600), device: nil,
                process: "BasketColors", senderImage: nil, pid: 1383, thread: "652946", level: nil,
                normalizedLevel: nil, subsystem: nil, category: nil,
                message: "6.17.0 - [Firebase/Core][I-COR000003] The default Firebase app has not yet been configured. …",
                continuationLines: 0),
            LogRecord(
                location: location(text, line: 5), kind: .message,
                timestamp: Timestamp(text: "2023-09-07 09:27:48.887242+0545", utcOffsetSeconds: 20_700), device: nil,
                process: "Runner", senderImage: nil, pid: 5929, thread: "1418866", level: nil, normalizedLevel: nil,
                subsystem: nil, category: nil,
                message: "10.12.0 - [FirebaseCore][I-COR000005] No app has been configured yet.", continuationLines: 0),
        ])
        #expect(result.records.allSatisfy { $0.timestamp?.wallClockSeconds != nil })
    }

    /// `print()` lines are records of their own; indented, closing-bracket and blank lines continue.
    static let mixed = """
        \(noSceneDelegate)
        flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/
        \(sceneRequired)
        2014-12-28 23:56:03.120 TestApp[6247:281476] launch options: {
            UIApplicationLaunchOptionsURLKey = "myapp://open";
        }

        [Firebase/Core][I-COR000003] printed without a prefix
        \(terminated)
        """

    /// mapbox/mapbox-maps-ios#1176: an NSError printed over lines, its own lines unprefixed and
    /// unindented; a prefixed line ends it.
    @Test("an unprefixed line continues a record whose brackets are open or whose text ends with '='")
    func openBracketsContinue() {
        let text = """
            2022-03-08 01:37:17.340097+0300 Examples[45077:600625] Task <41F6134F-FFBF-4F82-8298-B572B4875B7C>.<1>
             finished with error [-1002] Error Domain=NSURLErrorDomain Code=-1002 "unsupported URL" UserInfo=
            {NSUnderlyingError=0x6000036459b0 {Error Domain=kCFErrorDomainCFNetwork Code=-1002 "(null)"}, 
            _NSURLErrorFailingURLSessionTaskErrorKey=LocalDataTask <41F6134F-FFBF-4F82-8298-B572B4875B7C>.<1>, 
            _NSURLErrorRelatedURLSessionTaskErrorKey=(
                "LocalDataTask <41F6134F-FFBF-4F82-8298-B572B4875B7C>.<1>"
            ), NSLocalizedDescription=unsupported URL}
            flutter: printed after it
            2022-03-08 01:37:16.799142+0300 Examples[45077:599934] Metal GPU Frame Capture Enabled
            """
        let result = scan(text)
        #expect(counts(result.summary) == Counts(lines: 9, records: 3, continuationLines: 6, unparsedLines: 0))
        #expect(result.records.map(\.location.line) == [1, 8, 9])
    }

    @Test func printLinesAndContinuations() {
        let result = scan(Self.mixed)
        #expect(result.summary.format == .xcodeConsole)
        #expect(counts(result.summary) == Counts(lines: 9, records: 6, continuationLines: 3, unparsedLines: 0))
        #expect(result.records.map(\.location.line) == [1, 2, 3, 4, 8, 9])
        #expect(result.records.map(\.continuationLines) == [0, 0, 0, 3, 0, 0])
        // The blank line after the record is a continuation of it, no part of its message.
        #expect(result.records[3].message == "launch options: {\n    UIApplicationLaunchOptionsURLKey = \"myapp://open\";\n}")
        #expect(result.records[1] == printRecord(
            "flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/", Self.mixed, line: 2))
        #expect(result.records[2] == printRecord(Self.sceneRequired, Self.mixed, line: 3))
        #expect(result.records[4] == printRecord("[Firebase/Core][I-COR000003] printed without a prefix", Self.mixed, line: 8))
        var debugger = printRecord(Self.terminated, Self.mixed, line: 9)
        debugger.kind = .debugger
        #expect(result.records[5] == debugger)
        #expect(result.summary.note == nil)
    }

    @Test func linesBeforeTheFirstRecord() {
        let text = "\n    indented before anything\n\(Self.terminated)\n\(Self.nsLog)"
        let result = scan(text)
        #expect(result.summary.format == .xcodeConsole)
        // The blank line has nothing to continue; the indented line, the first with text, starts a record.
        #expect(counts(result.summary) == Counts(lines: 4, records: 3, continuationLines: 0, unparsedLines: 1))
        #expect(result.records.map(\.message) == ["indented before anything", Self.terminated, "NSLog"])
    }

    @Test func processNamesAndCategories() {
        let text = """
            2019-05-02 10:11:12.123456+0200 Count Taps[812:93011] tapped
            2019-05-02 10:11:12.124001+0200 GCD(三) dispatch_group[812:93012] [AQ] 1154: AudioConverterNew returned -50
            2019-05-02 10:11:12.124100+0200 Count Taps[812:93011] [1] not a category
            2019-05-02 10:11:12.124200+0200 Count Taps[812:93011] [WindowScene]
            2019-05-02 10:11:12.124300+0200 Count Taps[812:93011] [Firebase/Core][I-COR000003] not a category either
            2019-05-02 10:11:12.124400+0200 Count Taps[812:93011]
            """
        let result = scan(text)
        #expect(result.summary.format == .xcodeConsole)
        #expect(result.records.map(\.process) == ["Count Taps", "GCD(三) dispatch_group", "Count Taps", "Count Taps", "Count Taps", "Count Taps"])
        #expect(result.records.map(\.thread) == ["93011", "93012", "93011", "93011", "93011", "93011"])
        #expect(result.records.map(\.category) == [nil, "AQ", nil, nil, nil, nil])
        #expect(result.records.map(\.message) == [
            "tapped", "1154: AudioConverterNew returned -50", "[1] not a category", "[WindowScene]",
            "[Firebase/Core][I-COR000003] not a category either", "",
        ])
    }

    @Test func detectionScores() {
        #expect(score(Self.noSceneDelegate) == 1)
        #expect(score(Self.nsLog) == 1)
        #expect(score("  \(Self.nsLog)") == 1)
        #expect(score(Self.sceneRequired) == 0)
        #expect(score(Self.terminated) == 0)
        #expect(score("flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/") == 0)
        #expect(score("2014-12-28 23:56:02.013 TestApp[6247:0x44b84] hex thread") == 0)
        #expect(score("2014-12-28 23:56:02.013 TestApp[6247] no thread") == 0)
        #expect(score("2014-12-28 23:56:02.013  TestApp[6247:281476] two spaces") == 0)
    }

    /// A console of `print()` and debugger lines only is the plain variant (see PlainXcodeConsoleTests).
    @Test func printLinesAloneAreAPlainConsole() {
        let result = scan([Self.sceneRequired, Self.terminated].joined(separator: "\n"))
        #expect(result.summary.format == .xcodeConsole)
        #expect(result.summary.note == XcodeConsoleParser.plainNote)
        #expect(counts(result.summary) == Counts(lines: 2, records: 2, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.kind) == [.message, .debugger])
    }

    @Test func otherFormatsAreNotStolen() {
        for (text, format) in otherFormatExamples + Self.moreOtherFormatExamples {
            #expect(scan(text).summary.format == format, "\(text)")
        }
    }

    @Test func leadingIndentation() {
        let result = scan("    \(Self.noSceneDelegate)\n\t\(Self.nsLog)")
        #expect(counts(result.summary) == Counts(lines: 2, records: 2, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.timestamp?.text) == ["2020-09-16 17:06:55.755454-0700", "2014-12-28 23:56:02.013"])
        #expect(result.records.map(\.process) == ["VideoQuickStart", "TestApp"])
        #expect(result.records.map(\.category) == ["WindowScene", nil])
    }

    @Test(arguments: [1, 7, 4096])
    func sameRecordsInChunks(chunkSize: Int) {
        expectSameScanInChunks(of: Self.mixed, chunkSizes: [chunkSize])
    }

    private func score(_ line: String) -> Int {
        Array(line.utf8).withUnsafeBufferPointer { XcodeConsoleParser.detectionScore(of: $0) }
    }

    /// A `print()` record: only the message is set.
    private func printRecord(_ message: String, _ text: String, line: Int) -> LogRecord {
        LogRecord(
            location: location(text, line: line), kind: .message, timestamp: nil, device: nil, process: nil,
            senderImage: nil, pid: nil, thread: nil, level: nil, normalizedLevel: nil, subsystem: nil, category: nil,
            message: message, continuationLines: 0)
    }

    /// Lines of the other formats besides `otherFormatExamples`, from the research notes (log-formats.md,
    /// message-catalog.md §0).
    static let moreOtherFormatExamples: [(String, LogFormat)] = [
        ("Jun 20 13:42:52 iPhone locationd[59] <Notice>: message 'kCLConnectionMessageGyroBiasEstimation' received from client 'com.apple.springboard'", .idevicesyslog),
        ("2023-10-14 17:53:54.688700+0800 0x1e2cd    Error       0x0                  4004   14   ImagePreview: [com.simon:launch] An error occurred!", .logDefault),
        ("2025-01-25 22:47:00.906 E  xcodebuild[11687:149bd] [com.apple.launchservices:default] LaunchServices: disconnect event interruption received for service com.apple.lsd.modifydb", .logCompact),
        ("default\t22:50:45.709813-0500\tSpringBoard\tBootstrapping app<com.hightowerai.MobileJarvisNative> with intent foreground-interactive", .consoleExport),
    ]
}
