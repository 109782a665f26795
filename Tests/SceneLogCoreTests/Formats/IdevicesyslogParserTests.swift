import Testing

@testable import SceneLogCore

@Suite struct IdevicesyslogParserTests {
    @Test func wireFormatWithDeviceName() throws {
        let text = """
            [connected:00008030-001A2D3E0C12802E]
            Nov 12 12:24:57 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.REDACTED>:796] Setting process task state to: Not Running
            Jun 20 13:42:52 iPhone locationd[59] <Notice>: Client com.apple.springboard (0x102074c00) is subscribing to notification kCLConnectionMessageGyroBiasEstimation
            Aug 28 01:29:25 iPhone kernel(AppleT8101)[0] <Notice>: Sandbox: deny
            """
        let (records, summary, _) = scan(text)
        #expect(summary.format == .idevicesyslog)
        #expect(summary.lines == 4 && summary.records == 4 && summary.unparsedLines == 0)
        #expect(records[0].kind == .connectionBanner)
        #expect(records[0].message == "[connected:00008030-001A2D3E0C12802E]")

        let springBoard = records[1]
        #expect(springBoard.kind == .message)
        #expect(springBoard.location.line == 2)
        #expect(springBoard.timestamp?.text == "Nov 12 12:24:57")
        #expect(springBoard.timestamp?.iso8601 == "2025-11-12T12:24:57")
        #expect(springBoard.timestamp?.utcOffsetSeconds == nil)
        #expect(springBoard.device == "iPad")
        #expect(springBoard.process == "SpringBoard")
        #expect(springBoard.senderImage == "FrontBoard")
        #expect(springBoard.pid == 510)
        #expect(springBoard.thread == nil)
        #expect(springBoard.level == "Notice")
        #expect(springBoard.normalizedLevel == .notice)
        #expect(springBoard.subsystem == nil && springBoard.category == nil)
        #expect(springBoard.message == "[application<com.REDACTED>:796] Setting process task state to: Not Running")
        #expect(springBoard.continuationLines == 0)

        let locationd = records[2]
        #expect(locationd.device == "iPhone")
        #expect(locationd.process == "locationd")
        #expect(locationd.senderImage == nil)
        #expect(locationd.pid == 59)
        #expect(locationd.timestamp?.iso8601 == "2025-06-20T13:42:52")
        #expect(
            locationd.message
                == "Client com.apple.springboard (0x102074c00) is subscribing to notification kCLConnectionMessageGyroBiasEstimation")

        #expect(records[3].process == "kernel" && records[3].senderImage == "AppleT8101" && records[3].pid == 0)
    }

    /// appium/appium#6404: a simulator's system.log, BSD syslog with no level.
    @Test func bsdSyslogWithoutALevel() {
        let text = """
            Apr 14 09:22:10 users-iMac SpringBoard[488]: Unable to get pid for 'UIKitApplication:com.InovaSquad.Artinove[0xa552]': No such process (err 3)
            Apr 14 09:22:10 users-iMac SpringBoard[488]: Bootstrapping failed for <FBApplicationProcess: 0x7d2d7930; com.InovaSquad.Artinove; pid: -1>
            Apr 14 09:22:10 --- last message repeated 1 time ---
            """
        let (records, summary, _) = scan(text)
        #expect(summary.format == .idevicesyslog)
        #expect(summary.records == 2 && summary.continuationLines == 1)
        #expect(records.map(\.device) == ["users-iMac", "users-iMac"])
        #expect(records.map(\.process) == ["SpringBoard", "SpringBoard"] && records.map(\.pid) == [488, 488])
        #expect(records[1].level == nil)
        #expect(records[1].message.hasPrefix("Bootstrapping failed for <FBApplicationProcess: 0x7d2d7930; com.InovaSquad.Artinove; pid: -1>"))
    }

    @Test func era13WithoutDeviceName() {
        let text = """
            May 30 13:56:28 Runner(Flutter)[2037] <Notice>: flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/
            Jun  3 10:00:01 backboardd[68] <Notice>: msg
            Jun  3 10:00:02 Count Taps[412] <Error>: tapped
            """
        let (records, summary, _) = scan(text)
        #expect(summary.format == .idevicesyslog)
        #expect(records.count == 3)
        #expect(records[0].device == nil)
        #expect(records[0].process == "Runner")
        #expect(records[0].senderImage == "Flutter")
        #expect(records[0].pid == 2037)
        #expect(records[0].level == "Notice")
        #expect(records[0].message == "flutter: The Dart VM service is listening on http://127.0.0.1:63098/35ZezGIQLnw=/")
        #expect(records[1].timestamp?.text == "Jun  3 10:00:01")
        #expect(records[1].process == "backboardd" && records[1].pid == 68 && records[1].message == "msg")
        #expect(records[2].process == "Count Taps" && records[2].normalizedLevel == .error)
    }

    @Test func osTraceEraWithMicroseconds() {
        let text = """
            Oct 10 09:14:07.123456 SpringBoard(FrontBoard)[34] <Notice>: Bootstrapping app<com.example.app> with intent foreground-interactive
            Oct 10 09:14:07.200001 My App[1766] <Fault>: `UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.
            """
        let (records, summary, _) = scan(text)
        #expect(summary.format == .idevicesyslog)
        #expect(records[0].timestamp?.text == "Oct 10 09:14:07.123456")
        #expect(records[0].timestamp?.iso8601 == "2025-10-10T09:14:07.123456")
        #expect(records[0].device == nil)
        #expect(records[0].process == "SpringBoard" && records[0].senderImage == "FrontBoard" && records[0].pid == 34)
        #expect(records[1].process == "My App" && records[1].pid == 1766)
        #expect(records[1].level == "Fault" && records[1].normalizedLevel == .fault)
        #expect(records[1].message.hasPrefix("`UIScene` lifecycle will soon be required."))
    }

    @Test func continuationLinesJoinTheRecord() {
        let text = """
            Jun 20 13:42:52 iPhone MyApp[59] <Notice>: dictionary: {
                key = value;
            }
            Jun 20 13:42:53 iPhone MyApp[59] <Notice>: next
            """
        let (records, summary, _) = scan(text)
        #expect(summary.records == 2 && summary.continuationLines == 2 && summary.unparsedLines == 0)
        #expect(records[0].message == "dictionary: {\n    key = value;\n}")
        #expect(records[0].continuationLines == 2)
        #expect(records[1].location.line == 4)
    }

    @Test func linesBeforeTheFirstRecordAreUnparsed() {
        let (records, summary, sink) = scan("garbage\nJun 20 13:42:52 iPhone MyApp[59] <Notice>: ok\n")
        #expect(records.count == 1)
        #expect(summary.unparsedLines == 1)
        #expect(sink.unparsed.map(\.line) == [1])
    }

    @Test func visEscapesAreDecoded() {
        let text = #"Jun 20 13:42:52 iPhone App[59] <Notice>: C\M-C\M-3 Th\M-a\M-;\M^C B\M-a\M-:\M-!n Quan T\M-C\M-"m, voil\M-C\240!, C:\134Users"#
        let (records, _, _) = scan(text)
        #expect(records.first?.message == "Có Thể Bạn Quan Tâm, voilà!, C:\\Users")
    }

    @Test func colouredAndNULPrefixedLinesParse() {
        let text = "\u{1B}[m\u{1B}[0;37mJun 20 13:42:52 \u{1B}[1;36mlocationd\u{1B}[0;36m[59] \u{1B}[0;32m<Notice>:\u{1B}[1;37m message\n\0Jun 20 13:42:53 iPhone SpringBoard[63] <Notice>: x\n"
        let (records, summary, _) = scan(text, as: .idevicesyslog)
        #expect(summary.unparsedLines == 0)
        #expect(records[0].process == "locationd" && records[0].message == "message")
    }

    @Test func indentedPastedLinesParse() {
        let text = "    Jun 20 13:42:52 iPhone locationd[59] <Notice>: pasted\n    Jun 20 13:42:53 iPhone locationd[59] <Notice>: again\n"
        let (records, summary, _) = scan(text)
        #expect(summary.format == .idevicesyslog && summary.unparsedLines == 0)
        #expect(records[0].timestamp?.text == "Jun 20 13:42:52" && records[0].message == "pasted")
    }

    @Test(arguments: [1, 2, 7, 64, 4096])
    func sameRecordsInAnyChunkSize(chunkSize: Int) {
        let text = """
            [connected:abc]
            Jun 20 13:42:52 iPhone locationd[59] <Notice>: one
              two
            Jun 20 13:42:53 iPhone SpringBoard(FrontBoard)[63] <Error>: three
            """
        #expect(scan(text, chunkSize: chunkSize).records == scan(text).records)
    }

    @Test func yearRollsOverFromDecemberToJanuary() {
        let text = "Dec 31 23:59:59 iPhone a[1] <Notice>: x\nJan  1 00:00:01 iPhone a[1] <Notice>: y\n"
        let (records, _, _) = scan(text, year: 2024)
        #expect(records.map { $0.timestamp?.iso8601 } == ["2024-12-31T23:59:59", "2025-01-01T00:00:01"])
    }
}
