import Testing

@testable import SceneLogCore

/// Xcode 15+ console copies and `flutter run` output: message-only lines that fit no format are
/// read as a plain Xcode console (see ``XcodeConsoleParser``).
@Suite struct PlainXcodeConsoleTests {
    /// A `flutter run` session on a device, built in the shape of the public outputs quoted in
    /// DebuggerLineTests, with the app's `print()` lines between the tool's and lldb's.
    static let flutterRun = """
        Launching lib/main.dart on iPhone in debug mode...
        Running Xcode build...
         └─Compiling, linking and signing...                         6.2s
        Xcode build done.                                           10.5s
        flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/
        Syncing files to device iPhone...

        Flutter run key commands.
        r Hot reload. 🔥🔥🔥
        App started: scene will connect
        Process stopped in the app's own words
        (lldb) Process 6171 stopped
        * thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BREAKPOINT (code=1, subcode=0x1a2b3c)
            frame #0: 0x00000001a2868ec0 libswiftCore.dylib`_swift_runtime_on_report
        launch options: {
            UIApplicationLaunchOptionsURLKey = "myapp://open";
        }
        Message from debugger: Terminated due to signal 9
        Lost connection to device.
        """

    @Test func aPlainConsoleIsAnXcodeConsoleWithANote() {
        let result = scan(Self.flutterRun)
        #expect(result.summary.format == .xcodeConsole)
        #expect(result.summary.note == "plain Xcode console (no metadata): each line is a record of the app's process")
        #expect(counts(result.summary) == Counts(lines: 19, records: 16, continuationLines: 3, unparsedLines: 0))
        #expect(result.records.map(\.location.line) == [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 18, 19])
        #expect(result.records.map(\.kind) == [
            .debugger, .debugger, .debugger, .debugger, .message, .debugger, .debugger, .debugger, .message, .message,
            .debugger, .debugger, .debugger, .message, .debugger, .debugger,
        ])
        // The blank line after "Syncing files…" and the dictionary's lines continue the record before them.
        #expect(result.records.map(\.continuationLines) == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0])
        let messages = result.records.filter { $0.kind == .message }
        #expect(messages.map(\.message) == [
            "flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/",
            "App started: scene will connect",
            "Process stopped in the app's own words",
            "launch options: {\n    UIApplicationLaunchOptionsURLKey = \"myapp://open\";\n}",
        ])
        #expect(result.records.allSatisfy { $0.process == nil && $0.pid == nil && $0.timestamp == nil })
        // A debugger record's bytes are the line: DebuggerLine reads them.
        let stop = result.records[10]
        #expect(Array(stop.message.utf8).withUnsafeBufferPointer { DebuggerLine.parse($0) } == .processStopped(pid: 6171))
    }

    /// Every line is a record of its own: the whole line is its message.
    @Test func everyLineIsARecord() {
        let lines = (1...100).map { "print line \($0): value = \($0 * 3)" }
        let result = scan(lines.joined(separator: "\n") + "\n")
        #expect(result.summary.format == .xcodeConsole)
        #expect(result.summary.note == XcodeConsoleParser.plainNote)
        #expect(counts(result.summary) == Counts(lines: 100, records: 100, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.message) == lines)
        #expect(result.records.allSatisfy { $0.kind == .message })
    }

    /// arkivanov/Decompose#639: the paste kept a blank before the first line; the stack's indented
    /// lines continue it.
    @Test func anIndentedFirstLineStartsTheFirstRecord() {
        let result = scan("""
             Uncaught Kotlin exception: kotlin.IllegalStateException: ComposeUIViewController.view should be attached to window
                at 0   shared                            0x10061a413        kfun:kotlin.Throwable#<init>(kotlin.String?){} + 119 
                at 1   shared                            0x10061399f        kfun:kotlin.Exception#<init>(kotlin.String?){} + 115 

            """)
        #expect(counts(result.summary) == Counts(lines: 3, records: 1, continuationLines: 2, unparsedLines: 0))
        #expect(result.records.first?.message.hasPrefix("Uncaught Kotlin exception: ") == true)
    }

    /// As quoted in flutter/flutter#125921: the paste left out the timestamp, not the process.
    @Test func aLineWithoutItsTimestampKeepsItsProcessAndPid() {
        let result = scan("""
            Runner[406:6604] [SceneConfiguration] Info.plist contained no UIScene configuration dictionary (looking for configuration named "(no name)")
            Launching lib/main.dart on iPhone in debug mode...
            A sentence about [1:2] ranges
            """)
        #expect(result.summary.format == .xcodeConsole && result.summary.note == nil)
        let record = result.records[0]
        #expect(record.process == "Runner" && record.pid == 406 && record.thread == "6604" && record.timestamp == nil)
        #expect(record.category == "SceneConfiguration")
        #expect(record.message.hasPrefix("Info.plist contained no UIScene configuration dictionary"))
        #expect(result.records[2].process == nil, "a [n:n] inside a sentence is no process")
    }

    /// As quoted in omz/Pythonista-Issues#405: device syslog lines without their date and device
    /// name keep their process (without its subsystem) and pid; a sentence with a bracket does not.
    @Test func aSyslogLineWithoutItsDateKeepsItsProcessAndPid() {
        let result = scan("""
            kernel[0] <Notice>: EXC_RESOURCE -> Pythonista3[2776] exceeded mem limit: ActiveHard 3072 MB (fatal)
            ReportCrash(CrashReporterSupport)[2782] <Notice>: report not saved because it is non-actionable (ie: extension hangs or internal-only)
            Pokemon WebSpoof[5563] <Warning>: Received memory warning.
            Values [1] <are> not a level
            """)
        #expect(result.records.map(\.process) == ["kernel", "ReportCrash", "Pokemon WebSpoof", nil])
        #expect(result.records.map(\.pid) == [0, 2782, 5563, nil])
        #expect(result.records[1].message == "report not saved because it is non-actionable (ie: extension hangs or internal-only)")
    }

    @Test func aTimestampedLineAfterPlainLinesKeepsItsFields() {
        let text = """
            Some app output
            flutter: started
            2020-07-25 11:28:20.366917+0200 SVGInteraction[24551:7241636] [SceneConfiguration] Info.plist configuration "Default Configuration" not found
            more app output
            """
        let result = scan(text)
        #expect(result.summary.format == .xcodeConsole)
        #expect(result.summary.note == nil)  // a line carried metadata: the classic console
        #expect(counts(result.summary) == Counts(lines: 4, records: 4, continuationLines: 0, unparsedLines: 0))
        let stamped = result.records[2]
        #expect(stamped.process == "SVGInteraction" && stamped.pid == 24551 && stamped.thread == "7241636")
        #expect(stamped.category == "SceneConfiguration")
        #expect(stamped.timestamp?.text == "2020-07-25 11:28:20.366917+0200")
        #expect(stamped.message == "Info.plist configuration \"Default Configuration\" not found")
    }

    /// Beyond the first detection window too: the plain console reads Xcode's timestamped lines itself.
    @Test func timestampedLinesAfterAWindowOfPlainLines() {
        let plain = (1...60).map { "print \($0)" }
        let stamped = (0..<5).map { "2023-09-07 09:27:48.88724\($0)+0545 Runner[5929:1418866] NSLog line \($0)" }
        let result = scan((plain + stamped + ["print after"]).joined(separator: "\n"))
        #expect(result.summary.format == .xcodeConsole)
        #expect(result.summary.note == nil)
        #expect(counts(result.summary) == Counts(lines: 66, records: 66, continuationLines: 0, unparsedLines: 0))
        #expect(result.records[60...64].allSatisfy { $0.process == "Runner" && $0.pid == 5929 })
        #expect(result.records[60].message == "NSLog line 0")
    }

    static func syslogLines(_ count: Int) -> [String] {
        (0..<count).map { "Jun 20 13:42:\($0 % 60 < 10 ? "0" : "")\($0 % 60) iPhone SpringBoard[52] <Notice>: line \($0)" }
    }

    /// A preamble longer than a detection window is read as plain, and the log after it in its format.
    @Test func aLongPreambleThenIdevicesyslog() {
        let preamble = (1...50).map { "Notes from the bug report, paragraph \($0)." }
        let log = Self.syslogLines(45)
        let text = (preamble + log).joined(separator: "\n") + "\n"
        let result = scan(text)
        #expect(result.summary.format == .idevicesyslog)
        #expect(result.summary.note == nil)
        #expect(counts(result.summary) == Counts(lines: 95, records: 95, continuationLines: 0, unparsedLines: 0))
        #expect(result.records[..<50].allSatisfy { $0.process == nil && $0.kind == .message })
        #expect(result.records[50...].allSatisfy { $0.process == "SpringBoard" && $0.pid == 52 && $0.device == "iPhone" })
        #expect(result.records[50].message == "line 0")
        expectSameScanInChunks(of: text, chunkSizes: [1, 13, 4096])
    }

    /// A preamble shorter than a detection window stays unparsed, as before: the window holds both.
    @Test func aShortPreambleThenIdevicesyslog() {
        let preamble = (1...10).map { "Notes from the bug report, paragraph \($0)." }
        let result = scan((preamble + Self.syslogLines(45)).joined(separator: "\n"))
        #expect(result.summary.format == .idevicesyslog)
        #expect(counts(result.summary) == Counts(lines: 55, records: 45, continuationLines: 0, unparsedLines: 10))
    }

    /// A log line printed by the app among its plain lines does not end the plain console.
    @Test func aStrayLogLineStaysPlain() {
        var lines = (1...80).map { "print \($0)" }
        lines[55] = Self.syslogLines(1)[0]
        lines[70] = Self.syslogLines(2)[1]
        let result = scan(lines.joined(separator: "\n"))
        #expect(result.summary.format == .xcodeConsole)
        #expect(result.summary.note == XcodeConsoleParser.plainNote)
        #expect(counts(result.summary) == Counts(lines: 80, records: 80, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.message) == lines)
    }

    /// A first window that is not text is left unparsed, and never makes a plain console.
    @Test func binaryLinesAreNotAPlainConsole() {
        let binary = (1...45).map { "\u{01}\u{02}chunk\u{03}\($0)\u{7F}" }
        let result = scan((binary + ["print after the binary"]).joined(separator: "\n"))
        #expect(result.summary.format == nil)
        #expect(result.summary.note == nil)
        #expect(counts(result.summary) == Counts(lines: 46, records: 0, continuationLines: 0, unparsedLines: 46))
    }

    @Test func blankLinesAloneAreNoFormat() {
        let result = scan("\n\n   \n")
        #expect(result.summary.format == nil)
        #expect(counts(result.summary) == Counts(lines: 3, records: 0, continuationLines: 0, unparsedLines: 3))
    }

    /// A forced `xcode-console` reads a plain console the same way.
    @Test func forcedFormat() {
        let result = scan("one\ntwo\nProcess 12 stopped\n", as: .xcodeConsole)
        #expect(result.summary.note == XcodeConsoleParser.plainNote)
        #expect(result.records.map(\.kind) == [.message, .message, .debugger])
    }

    /// A live stream: what arrives before it goes quiet decides, and a log that starts later is still found.
    @Test func liveStreamSwitchesWhenALogStarts() throws {
        let sink = CollectingSink()
        let scanner = InputScanner(path: "live", sink: sink)
        func send(_ text: String) throws {
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { try scanner.take($0) }
            try scanner.flush()
        }
        try send("waiting for the device\n" + String(repeating: "x", count: 600) + "\n")
        #expect(sink.records.count == 2)
        try send(Self.syslogLines(1)[0] + "\n")  // one line at a quiet moment: not enough to switch
        #expect(sink.records.count == 3 && sink.records[2].process == nil)
        try send(Self.syslogLines(6).joined(separator: "\n") + "\n")
        let summary = scanner.finish()
        #expect(summary.format == .idevicesyslog)
        #expect(counts(summary) == Counts(lines: 9, records: 9, continuationLines: 0, unparsedLines: 0))
        #expect(sink.records[3...].allSatisfy { $0.process == "SpringBoard" })
    }

    /// react/react-native#21850: `react-native log-ios` prints `syslog -F std`, a blank before each
    /// line; the simulator's launchd puts its job's label before the level.
    @Test("date-less syslog lines keep their process and pid with a blank before them")
    func indentedDatelessSyslogLines() {
        let lines = """
            Loading the app's bundle
             com.apple.CoreSimulator.SimDevice.3FEB5B23-BA83-4AC0-A60D-CC07412FE6CC[17151] (com.apple.securityuploadd) <Notice>: Service only ran for 5 seconds. Pushing respawn out by 5 seconds.
             SpringBoard[61] <Warning>: Application 'UIKitApplication:io.heypiotr.EddyBckgrnd[0x3164]' exited abnormally via signal.
            """
        let result = scan(lines, as: .xcodeConsole)
        #expect(counts(result.summary) == Counts(lines: 3, records: 3, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.process) == [nil, "com.apple.CoreSimulator.SimDevice.3FEB5B23-BA83-4AC0-A60D-CC07412FE6CC", "SpringBoard"])
        #expect(result.records.map(\.pid) == [nil, 17151, 61])
        #expect(result.records[1].message.hasPrefix("(com.apple.securityuploadd) <Notice>: Service only ran"))
        #expect(result.records[2].message == "Application 'UIKitApplication:io.heypiotr.EddyBckgrnd[0x3164]' exited abnormally via signal.")
    }

    @Test(arguments: [1, 7, 4096])
    func sameRecordsInChunks(chunkSize: Int) {
        expectSameScanInChunks(of: Self.flutterRun, chunkSizes: [chunkSize])
    }
}
