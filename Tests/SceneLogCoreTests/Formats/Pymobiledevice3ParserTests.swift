import Testing

@testable import SceneLogCore

/// `pymobiledevice3 syslog live`: research §3's verbatim `--label` lines (sweetpad's spec), and
/// `--format json` lines rebuilt from pymobiledevice3's own `tests/cli/test_syslog.py` entries.
@Suite struct Pymobiledevice3ParserTests {
    static let contentView =
        "2026-04-16 12:52:32.707333 Laboratory{Laboratory.debug.dylib}[67135] <NOTICE>: ContentView initialized [Laboratory Test][App]"
    static let defaults =
        "2026-04-16 12:52:32.707333 Laboratory{CoreFoundation}[67116] <NOTICE>: looked up value for key AppleLanguages [com.apple.defaults][User Defaults]"
    static let capture = contentView + "\n" + defaults + "\n"

    static let jsonWithLabel = #"{"pid": 42, "procid": 42, "thread_id": 4321, "timestamp": "2026-04-18T10:15:32.123456", "level": "ERROR", "image_name": "/p/App", "image_offset": 16, "image_uuid": "016e54e1-6f01-3644-941d-5073a6134a7b", "process_image_uuid": "7870bc32-030d-3497-80eb-d80b2de7dfaf", "filename": "/p/App", "mach_timestamp": 135126255336423432, "message": "hello", "label": {"subsystem": "com.foo.bar", "category": "cat"}}"#
    static let jsonWithoutLabel = #"{"pid": 123, "procid": null, "thread_id": null, "timestamp": "2024-01-01T00:00:00", "level": "INFO", "image_name": "/usr/libexec/test-process", "image_offset": 0, "image_uuid": null, "process_image_uuid": null, "filename": "/usr/libexec/test-process", "mach_timestamp": null, "message": "hello 🚀 мир", "label": null}"#
    static let jsonCapture = jsonWithLabel + "\n" + jsonWithoutLabel + "\n"

    @Test func readsEveryFieldOfTheResearchLines() throws {
        let (records, summary, sink) = scan(Self.capture, as: .pymobiledevice3)
        #expect(sink.unparsed.isEmpty)
        try #require(records.count == 2)
        #expect(records.map(\.timestamp?.text) == ["2026-04-16 12:52:32.707333", "2026-04-16 12:52:32.707333"])
        #expect(
            untimed(records[0])
                == LogRecord(
                    location: SourceLocation(path: "test.log", line: 1, byteOffset: 0), kind: .message, device: nil,
                    process: "Laboratory", senderImage: "Laboratory.debug.dylib", pid: 67135, thread: nil, level: "NOTICE",
                    normalizedLevel: .notice, subsystem: "Laboratory Test", category: "App",
                    message: "ContentView initialized", continuationLines: 0))
        #expect(
            untimed(records[1])
                == LogRecord(
                    location: SourceLocation(path: "test.log", line: 2, byteOffset: Self.contentView.utf8.count + 1),
                    kind: .message, device: nil, process: "Laboratory", senderImage: "CoreFoundation", pid: 67116,
                    thread: nil, level: "NOTICE", normalizedLevel: .notice, subsystem: "com.apple.defaults",
                    category: "User Defaults", message: "looked up value for key AppleLanguages", continuationLines: 0))
        #expect(counts(summary) == Counts(lines: 2, records: 2, continuationLines: 0, unparsedLines: 0))
    }

    @Test func readsEveryFieldOfJSONLines() throws {
        let (records, summary, sink) = scan(Self.jsonCapture, as: .pymobiledevice3)
        #expect(sink.unparsed.isEmpty)
        try #require(records.count == 2)
        #expect(records.map(\.timestamp?.text) == ["2026-04-18T10:15:32.123456", "2024-01-01T00:00:00"])
        #expect(
            untimed(records[0])
                == LogRecord(
                    location: SourceLocation(path: "test.log", line: 1, byteOffset: 0), kind: .message, device: nil,
                    process: "App", senderImage: "App", pid: 42, thread: "4321", level: "ERROR", normalizedLevel: .error,
                    subsystem: "com.foo.bar", category: "cat", message: "hello", continuationLines: 0))
        #expect(
            untimed(records[1])
                == LogRecord(
                    location: SourceLocation(path: "test.log", line: 2, byteOffset: Self.jsonWithLabel.utf8.count + 1),
                    kind: .message, device: nil, process: "test-process", senderImage: "test-process", pid: 123,
                    thread: nil, level: "INFO", normalizedLevel: .info, subsystem: nil, category: nil,
                    message: "hello 🚀 мир", continuationLines: 0))
        #expect(summary.lines == 2)
        #expect(summary.records == 2)
        #expect(summary.unparsedLines == 0)
    }

    @Test func readsTheOtherShapesOfTheTextLine() throws {
        // sweetpad's spec lines (no label, image offset, brackets in the message), whole seconds, spaces.
        let text = """
            2026-04-16 12:52:32.707333 Laboratory{Laboratory}[67135] <DEBUG>: hello world
            2026-04-16 12:52:32.707333 Laboratory{Laboratory+0x1a2b3c}[67135] <NOTICE>: tick [sub][cat]
            2026-04-16 12:52:32.707333 Laboratory{Laboratory.debug.dylib}[1] <NOTICE>: got [inner][pair] and [another] [Laboratory Test][App]
            2024-01-01 00:00:00 My App{UIKitCore}[59972] <USER_ACTION>: tapped
            """
        let (records, _, _) = scan(text, as: .pymobiledevice3)
        try #require(records.count == 4)
        #expect(records.map(\.message) == ["hello world", "tick", "got [inner][pair] and [another]", "tapped"])
        #expect(records.map(\.senderImage) == ["Laboratory", "Laboratory", "Laboratory.debug.dylib", "UIKitCore"])
        #expect(records.map(\.subsystem) == [nil, "sub", "Laboratory Test", nil])
        #expect(records.map(\.category) == [nil, "cat", "App", nil])
        #expect(records[3].timestamp?.text == "2024-01-01 00:00:00")
        #expect(records[3].process == "My App")
        #expect(records[3].level == "USER_ACTION")
        #expect(records[3].normalizedLevel == nil)
    }

    @Test func detectsTheFormat() {
        #expect(scan(Self.capture).summary.format == .pymobiledevice3)
        #expect(scan(Self.jsonCapture).summary.format == .pymobiledevice3)
    }

    @Test func joinsMultiLineMessagesAndReadsTheirLabelAtTheEnd() throws {
        let text = """
            Waiting for "START" ...
            2026-04-16 12:52:32.707333 Laboratory{Foundation}[67135] <INFO>: Bundle [a][b]
                Localizations : [en]
            {
            } [com.apple.defaults][User Defaults]
            2026-04-16 12:52:32.707333 Laboratory{Laboratory}[67135] <NOTICE>: next
            """
        let (records, summary, sink) = scan(text)
        #expect(summary.format == .pymobiledevice3)
        #expect(sink.unparsed.isEmpty)
        try #require(records.count == 3)
        #expect(records[0].kind == .toolBanner)
        #expect(records[0].message == "Waiting for \"START\" ...")
        #expect(records[1].message == "Bundle [a][b]\n    Localizations : [en]\n{\n}")
        #expect(records[1].subsystem == "com.apple.defaults")
        #expect(records[1].category == "User Defaults")
        #expect(records[1].continuationLines == 3)
        #expect(records[2].location.line == 6)
        #expect(counts(summary) == Counts(lines: 6, records: 3, continuationLines: 3, unparsedLines: 0))
    }

    @Test func rejectsAJSONLineThatDoesNotDecode() throws {
        let text = "stray text\n{\"pid\": 42, \"procid\": 42, \"message\": \"cut\n\(Self.jsonWithLabel)\n"
        let (records, summary, sink) = scan(text, as: .pymobiledevice3)
        try #require(records.count == 1)
        #expect(records[0].message == "hello")
        #expect(records[0].location.line == 3)
        #expect(sink.unparsed.map(\.line) == [1, 2])
        #expect(counts(summary) == Counts(lines: 3, records: 1, continuationLines: 0, unparsedLines: 2))
    }

    @Test func scansTheSameInChunks() {
        for text in [Self.capture, Self.jsonCapture] {
            expectSameScanInChunks(of: text)
        }
    }
}
