import Testing

@testable import SceneLogCore

/// Xcode 15 on, a console copied with its metadata shown: each message, then the line of its
/// metadata (see ``XcodeMetadataLine``). The lines are a user's paste of an app that crashed on an
/// AVAudioEngine exception (code corpus), cut to their shape.
@Suite struct XcodeMetadataBelowTests {
    static let console = """
        Errors found! Invalidating cache...
        Type: Error | Timestamp: 2026-02-10 12:33:09.979460+11:00 | Process: GestureFlow | Library: libCoreFSCache.dylib | TID: 0x16fb73
        Requesting visual style in an implementation that has disabled it, returning nil. Behavior of caller is undefined.
        Type: Error | Timestamp: 2026-02-10 12:33:23.307724+11:00 | Process: GestureFlow | Library: UIKitCore | Subsystem: com.apple.UIKit | Category: Assert | TID: 0x16fb73
                   AVAEInternal.h:71    required condition is false: [AVAudioEngineGraph.mm:1322:Initialize: (inputNode != nullptr || outputNode != nullptr)]
        Type: Error | Timestamp: 2026-02-10 12:33:55.170188+11:00 | Process: GestureFlow | Library: AVFAudio | Subsystem: com.apple.avfaudio | Category: avae | TID: 0x16fb73
        *** Terminating app due to uncaught exception 'com.apple.coreaudio.avfaudio', reason: 'required condition is false: inputNode != nullptr || outputNode != nullptr'
        *** First throw call stack:
        (0x1a288a964 0x19f779814 0x1a2913e0c)
        libc++abi: terminating due to uncaught exception of type NSException
        Type: stdio
        """

    @Test("each message takes the fields of the metadata line below it; stdio's lines none")
    func fieldsComeFromTheLineBelow() throws {
        let result = scan(Self.console)
        #expect(result.summary.format == .xcodeConsole)
        #expect(result.summary.note == nil, "not a plain console")
        #expect(counts(result.summary) == Counts(lines: 11, records: 4, continuationLines: 7, unparsedLines: 0))
        #expect(result.records.map(\.location.line) == [1, 3, 5, 7])
        #expect(result.records.map(\.process) == ["GestureFlow", "GestureFlow", "GestureFlow", nil])
        #expect(result.records.map(\.level) == ["Error", "Error", "Error", nil])
        #expect(result.records[1].subsystem == "com.apple.UIKit" && result.records[1].category == "Assert")
        #expect(result.records[1].senderImage == "UIKitCore")
        #expect(result.records[0].timestamp?.text == "2026-02-10 12:33:09.979460+11:00")
        #expect(result.records[0].message == "Errors found! Invalidating cache...")
        #expect(result.records[2].message.hasPrefix("AVAEInternal.h:71"))
        let crash = result.records[3].message.split(separator: "\n")
        #expect(crash.count == 4 && crash.last == "libc++abi: terminating due to uncaught exception of type NSException")
    }

    @Test("the crash is the app's: its process from the metadata, the launch its own")
    func theCrashIsTheApps() throws {
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(Self.console.utf8), name: "console.txt")
        let finding = try #require(result.findings.first { $0.rule == "uncaught-exception" })
        #expect(finding.process == "GestureFlow")
        let launch = try #require(result.launches.first)
        #expect(launch.process == "GestureFlow" && launch.outcome == .crashed)
    }

    @Test("look-alikes are messages: a Type: line without a named field after it")
    func lookAlikes() throws {
        func isMetadata(_ line: String) -> Bool {
            Array(line.utf8).withUnsafeBufferPointer { XcodeMetadataLine($0) != nil }
        }
        for line in ["Type: Error", "Type: Error | whatever", "Type: stdio please", "Type: 42 | Timestamp: 2026-02-10"] {
            #expect(!isMetadata(line), "\(line)")
        }
        #expect(isMetadata("Type: Fault | Process: MyApp | TID: 0x1") && isMetadata("Type: stdio"))
    }
}
