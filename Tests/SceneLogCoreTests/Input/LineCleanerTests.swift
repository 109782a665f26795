import Testing

@testable import SceneLogCore

private func cleaned(_ bytes: [UInt8]) -> [UInt8] {
    var cleaner = LineCleaner()
    return bytes.withUnsafeBufferPointer { line in Array(cleaner.clean(line)) }
}

@Suite struct LineCleanerTests {
    @Test func dropsNULBytes() {
        #expect(cleaned(Array("\0Jun 20 13:42:52 iPhone\0 x".utf8)) == Array("Jun 20 13:42:52 iPhone x".utf8))
    }

    @Test func stripsIdevicesyslogColours() {
        let coloured =
            "\u{1B}[m\u{1B}[0;37mJun 20 13:42:52 \u{1B}[1;36mlocationd\u{1B}[0;36m[59] \u{1B}[0;32m<Notice>:\u{1B}[1;37m message"
        #expect(cleaned(Array(coloured.utf8)) == Array("Jun 20 13:42:52 locationd[59] <Notice>: message".utf8))
    }

    @Test func leavesPlainLinesAndInvalidUTF8Alone() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x20, 0x62]
        #expect(cleaned(bytes) == bytes)
    }

    @Test func stripsAnEscapeCutAtTheEndOfTheLine() {
        #expect(cleaned(Array("text\u{1B}[0;3".utf8)) == Array("text".utf8))
    }

    @Test(arguments: [
        "[        ] [DEVICE LOG] 2019-04-09 14:16:25.897656+0900  localhost Runner[26487]: (Security) x",
        "[   +1 ms] [DEVICE LOG] 2019-04-09 14:16:25.897656+0900  localhost Runner[26487]: (Security) x",
        "info: [IOS_SYSLOG_ROW ] 2019-04-09 14:16:25.897656+0900  localhost Runner[26487]: (Security) x",
        "[iOSLog] [IOS_SYSLOG_ROW] 2019-04-09 14:16:25.897656+0900  localhost Runner[26487]: (Security) x",
        // Appium's device log (appium/appium#14986)
        "[IOSDeviceLog] 2019-04-09 14:16:25.897656+0900  localhost Runner[26487]: (Security) x",
        // flutter run -v (flutter/flutter#180089)
        "[  +34 ms] 2019-04-09 14:16:25.897656+0900  localhost Runner[26487]: (Security) x",
        "[        ] 2019-04-09 14:16:25.897656+0900  localhost Runner[26487]: (Security) x",
        "[+1234 ms] 2019-04-09 14:16:25.897656+0900  localhost Runner[26487]: (Security) x",
        // Appium 1.x's own log (appium/appium#5271)
        "2015-06-19 20:34:05:820 - info: [IOS_SYSLOG_ROW ] 2019-04-09 14:16:25.897656+0900  localhost Runner[26487]: (Security) x",
    ])
    func dropsHarnessPrefixes(line: String) {
        #expect(cleaned(Array(line.utf8)) == Array("2019-04-09 14:16:25.897656+0900  localhost Runner[26487]: (Security) x".utf8))
    }

    @Test(arguments: [
        "[connected:00008030-001A2D3E0C12802E]", "[  +34 s] a message", "[ +34 ms ] a message", "[ ] a message",
        "[TSBackgroundFetch load]: (", "[  +3x ms] a message",
        "2015-06-19 20:34:05:820 - info: a message of Appium's own", "2015-06-19 20:34:05.820 App[1:2] - info: [IOS_SYSLOG_ROW ] x",
    ])
    func keepsBracketedLinesThatAreNotHarnessPrefixes(line: String) {
        #expect(cleaned(Array(line.utf8)) == Array(line.utf8))
    }

    /// ionic-team/capacitor#1302: an Xcode console quoted as a Markdown blockquote.
    @Test(arguments: [
        ("> 2019-03-10 14:57:47.661454+0000 App[68076:4764666] [BoringSSL] x", "2019-03-10 14:57:47.661454+0000 App[68076:4764666] [BoringSSL] x"),
        ("> > nested quote", "nested quote"),
        (">     frame #0: 0x0000000104b1c1f4", "    frame #0: 0x0000000104b1c1f4"),
        (">", ""),
    ])
    func dropsBlockquoteMarkers(line: String, text: String) {
        #expect(cleaned(Array(line.utf8)) == Array(text.utf8))
    }

    /// microsoftconnect/ms-intune-app-sdk-ios#351 quotes a line from an editor's search results.
    @Test("grep -n's and an editor's line numbers are dropped; clock times and indented lines are kept", arguments: [
        ("Line  453: Jul 18 14:12:54 xxxxx-iPad runningboardd(RunningBoard)[60] <Notice>: x", "Jul 18 14:12:54 xxxxx-iPad runningboardd(RunningBoard)[60] <Notice>: x"),
        ("453:Jul 18 14:12:54 iPad x", "Jul 18 14:12:54 iPad x"),
        ("453: Jul 18 14:12:54 iPad x", "Jul 18 14:12:54 iPad x"),
        ("12:2020-06-12 16:08:14.460096+0300 TestPreview[70945:1547508] x", "2020-06-12 16:08:14.460096+0300 TestPreview[70945:1547508] x"),
        ("16:58:58.250453+0100 SpringBoard x", "16:58:58.250453+0100 SpringBoard x"),
        ("2020-06-12 16:08:14.460096+0300 TestPreview[70945:1547508] x", "2020-06-12 16:08:14.460096+0300 TestPreview[70945:1547508] x"),
        ("  0: std::panicking", "  0: std::panicking"),
        ("Line of text: not a number", "Line of text: not a number"),
        ("12345678: too long a number", "12345678: too long a number"),
    ])
    func lineNumbers(line: String, expected: String) {
        #expect(cleaned(Array(line.utf8)) == Array(expected.utf8))
    }

    @Test func keepsLinesThatOnlyHoldAGreaterThanSign() {
        for line in ["->  0x182700e70 <+24>: brk    #0x1", "a > b", "<Notice>: msg"] {
            #expect(cleaned(Array(line.utf8)) == Array(line.utf8))
        }
    }
}
