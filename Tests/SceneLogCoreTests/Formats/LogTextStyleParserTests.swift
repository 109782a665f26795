import Testing

@testable import SceneLogCore

@Suite struct LogDefaultParserTests {
    static let text = """
        Filtering the log data using "sender == "logger" AND composedMessage CONTAINS "vmnet-broker""
        Timestamp                       Thread     Type        Activity             PID    TTL  
        2023-07-19 08:22:51.916784+0300 0x3058     Info        0x0                  599    0    remotepairingd: (RemotePairing) [com.apple.dt.remotepairing:networktunnelmanager] tunnel-1: Tunnel established for interface: utun3, local fd41:8efc:c0f8::2 -> fd41:8efc:c0f8::1
        2023-10-14 17:53:54.688700+0800 0x1e2cd    Error       0x0                  4004   14   ImagePreview: [com.simon:launch] An error occurred!
        2026-02-19 08:33:18.770296+0000 0x6aab     Debug       0x0                  257    0    RansomWhere: [com.objective-see.ransomwhere:daemon] process hierarchy: (
                {
                index = 0;
        2026-04-01 22:50:58.223142+0300 0x1cc1515  Default     0x0                  87108  0    ExampleIOSApp: (UIKitCore) [com.apple.UIKit:BackgroundTask] Creating new assertion
         --------------------------------------------------------------------------------------------------------------------
        Log      - Default:          0, Info:                0, Debug:             0, Error:          4, Fault:          0
        Activity - Create:           0, Transition:          0, Actions:           0
        """

    @Test func parsesEveryField() {
        let (records, summary, _) = scan(Self.text)
        #expect(summary.format == .logDefault)
        #expect(summary.lines == 11 && summary.records == 9 && summary.continuationLines == 2 && summary.unparsedLines == 0)
        #expect(records[0].kind == .toolBanner && records[1].kind == .toolBanner)

        let tunnel = records[2]
        #expect(tunnel.kind == .message)
        #expect(tunnel.location.line == 3)
        #expect(tunnel.timestamp?.text == "2023-07-19 08:22:51.916784+0300")
        #expect(tunnel.timestamp?.utcOffsetSeconds == 10_800)
        #expect(tunnel.timestamp?.iso8601 == "2023-07-19T08:22:51.916784+03:00")
        #expect(tunnel.thread == "0x3058")
        #expect(tunnel.level == "Info" && tunnel.normalizedLevel == .info)
        #expect(tunnel.pid == 599)
        #expect(tunnel.process == "remotepairingd")
        #expect(tunnel.senderImage == "RemotePairing")
        #expect(tunnel.subsystem == "com.apple.dt.remotepairing")
        #expect(tunnel.category == "networktunnelmanager")
        #expect(tunnel.device == nil)
        #expect(tunnel.message == "tunnel-1: Tunnel established for interface: utun3, local fd41:8efc:c0f8::2 -> fd41:8efc:c0f8::1")

        let preview = records[3]
        #expect(preview.thread == "0x1e2cd" && preview.level == "Error" && preview.pid == 4004)
        #expect(preview.process == "ImagePreview" && preview.senderImage == nil)
        #expect(preview.subsystem == "com.simon" && preview.category == "launch")
        #expect(preview.message == "An error occurred!")

        #expect(records[4].continuationLines == 2)
        #expect(records[4].message == "process hierarchy: (\n        {\n        index = 0;")

        #expect(records[5].senderImage == "UIKitCore" && records[5].category == "BackgroundTask" && records[5].pid == 87108)
        #expect(records[6].kind == .toolBanner && records[7].kind == .toolBanner && records[8].kind == .toolBanner)
    }

    /// `log stream` quoted in https://github.com/roc-streaming/roc-vad/blob/main/README.md, each
    /// entry's process and message wrapped onto an indented line under its columns: the columns'
    /// line is the record (its time, pid and type), the indented line its message.
    @Test func messageWrappedOntoTheNextLine() throws {
        let text = """
            ```
            $ make syslog
            log stream --predicate 'sender == "roc_vad"'
            Filtering the log data using "process == "coreaudiod" OR sender == "roc_vad""
            Timestamp                       Thread     Type        Activity             PID    TTL
            2023-04-13 03:31:54.896185+0400 0xe38a     Default     0x0                  11980  0
              com.apple.audio.Core-Audio-Driver-Service: (roc_vad) [DD] received ping command
            2023-04-13 03:31:54.897686+0400 0xe38a     Default     0x0                  11980  0
              com.apple.audio.Core-Audio-Driver-Service: (roc_vad) [DD] received get_info command
            ...
            ```
            """
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(text.utf8), name: "test.log")
        let input = try #require(result.inputs.first)
        #expect(input.format == .logDefault)
        #expect(input.lines == 11 && input.records == 4 && input.continuationLines == 4 && input.unparsedLines == 3)
        #expect(input.timeSpan?.first.text == "2023-04-13 03:31:54.896185+0400")
        #expect(input.timeSpan?.last.text == "2023-04-13 03:31:54.897686+0400")

        let (records, _, _) = scan(text)
        let ping = try #require(records.first { $0.kind == .message })
        #expect(ping.location.line == 6 && ping.continuationLines == 1)
        #expect(ping.pid == 11980 && ping.thread == "0xe38a" && ping.level == "Default")
        #expect(ping.process == "com.apple.audio.Core-Audio-Driver-Service" && ping.senderImage == "roc_vad")
        #expect(ping.message == "[DD] received ping command")
    }
}

@Suite struct LogSyslogParserTests {
    @Test func parsesEveryField() {
        let text = """
            Timestamp                       (process)[PID]    
            2023-09-27 22:55:39.622369+0200  localhost legacyScreenSaver[41737]: (ScreenSaverExample) hello_screensaver void custom(int, const char **)
            2022-05-31 09:52:09.369368+0000  localhost kernel[0]: (GoodbyeBigSlow) <GoodbyeBigSlow`GoodbyeBigSlow::init(OSDictionary*)> [GoodbyeBigSlow] Initializing ...
            2026-09-17 22:45:44.930958+0000  localhost Runner[17463]: (Flutter) Plugin WorkmanagerPlugin uses deprecated application lifecycle events.
            2019-04-09 14:16:25.897656+0900  localhost Runner[26487]: (Security) Created Activity ID: 0x4d9555,
            Description: SecItemDelete_ios
            """
        let (records, summary, _) = scan(text)
        #expect(summary.format == .logSyslog)
        #expect(summary.records == 5 && summary.continuationLines == 1 && summary.unparsedLines == 0)
        let saver = records[1]
        #expect(saver.timestamp?.text == "2023-09-27 22:55:39.622369+0200" && saver.timestamp?.utcOffsetSeconds == 7200)
        #expect(saver.device == nil, "the tool's localhost names no device")
        #expect(saver.process == "legacyScreenSaver" && saver.pid == 41737)
        #expect(saver.senderImage == "ScreenSaverExample")
        #expect(saver.level == nil && saver.thread == nil && saver.subsystem == nil && saver.category == nil)
        #expect(saver.message == "hello_screensaver void custom(int, const char **)")
        let kernel = records[2]
        #expect(kernel.process == "kernel" && kernel.pid == 0 && kernel.senderImage == "GoodbyeBigSlow")
        #expect(kernel.message == "[GoodbyeBigSlow] Initializing ...")
        #expect(records[4].message == "Created Activity ID: 0x4d9555,\nDescription: SecItemDelete_ios")
    }

    @Test("a pid no system prints (negative, overlong) reads as none: the line is still its own record")
    func impossiblePids() {
        let text = """
            2025-10-07 14:03:26.880291+0200  localhost locationd[93]: message
            2025-10-07 14:03:27.880291+0200  localhost Ledgerly[-5]: *** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'boom'
            2025-10-07 14:03:28.880291+0200  localhost Ledgerly[99999999999999999999]: hello
            """
        let (records, summary, _) = scan(text)
        #expect(summary.records == 3 && summary.continuationLines == 0)
        #expect(records.map(\.process) == ["locationd", "Ledgerly", "Ledgerly"])
        #expect(records.map(\.pid) == [93, nil, nil])
        let device = scan("Oct  7 21:14:03 iPhone SpringBoard[-34] <Notice>: hello\nOct  7 21:14:04 iPhone SpringBoard[34] <Notice>: again\n")
        #expect(device.records.map(\.pid) == [nil, 34] && device.summary.continuationLines == 0)
    }
}

@Suite struct LogCompactParserTests {
    @Test func parsesEveryField() {
        let text = """
            Timestamp               Ty Process[PID:TID]
            2022-11-14 13:21:15.341 Df My App[59972:780a15] (libffi.dylib) Hello World!
            2026-06-25 17:39:18.719 Df log[70241:0] [com.apple.log:] log run noninteractively, parent: 37552 (launchd_sim)
            2025-01-25 22:47:00.906 E  xcodebuild[11687:149bd] [com.apple.launchservices:default] LaunchServices: disconnect event interruption received for service com.apple.lsd.modifydb
            2026-09-22 15:07:18.506 F  threenative-ios[40455:17a9f] [com.apple.runtime-issues:UIKit App Config] `UIScene` lifecycle will soon be required. Failure to adopt will result in an assert in the future.
            2026-08-17 19:20:56.528 A  node[19887:b199c5] (Security) SecItemCopyMatching
             invalidReason: expired.
            """
        let (records, summary, _) = scan(text)
        #expect(summary.format == .logCompact)
        #expect(summary.records == 6 && summary.continuationLines == 1 && summary.unparsedLines == 0)
        let app = records[1]
        #expect(app.timestamp?.text == "2022-11-14 13:21:15.341" && app.timestamp?.utcOffsetSeconds == nil)
        #expect(app.level == "Df" && app.normalizedLevel == .default)
        #expect(app.process == "My App" && app.pid == 59972 && app.thread == "780a15")
        #expect(app.senderImage == "libffi.dylib" && app.subsystem == nil)
        #expect(app.message == "Hello World!")
        #expect(records[2].subsystem == "com.apple.log" && records[2].category == "")
        let fault = records[4]
        #expect(fault.level == "F" && fault.normalizedLevel == .fault)
        #expect(fault.subsystem == "com.apple.runtime-issues" && fault.category == "UIKit App Config")
        #expect(fault.message.hasPrefix("`UIScene` lifecycle will soon be required."))
        #expect(records[3].level == "E" && records[3].normalizedLevel == .error)
        #expect(records[5].message == "SecItemCopyMatching\n invalidReason: expired.")
    }
}
