import Testing

@testable import SceneLogCore

/// go-ios `ios syslog` and `ios ostrace`: research §5.1's lines, §1.2's kernel record in go-ios's
/// escaping, §5.2's `--nojson` line, and an ostrace JSON line with go-ios's own test entry's values.
@Suite struct GoIOSParserTests {
    static let locationd = #"{"msg":"Jun 20 13:42:52 iPhone locationd[59] \u003cNotice\u003e: Client com.apple.springboard (0x102074c00) is subscribing to notification kCLConnectionMessageGyroBiasEstimation"}"#
    static let kernel = #"{"msg":"Aug 28 01:29:25 iPhone kernel(AppleT8101)[0] \u003cNotice\u003e:"}"#
    static let parsed = #"{"timestamp":"2026-06-20T13:42:52","device":"iPhone","process":"locationd","pid":"59","level":"Notice","message":"…"}"#
    static let syslogCapture = [locationd, kernel, parsed].joined(separator: "\n") + "\n"

    static let ostraceJSON = #"{"pid":1234,"timestamp":"2024-01-15T10:30:00.5Z","level":16,"levelName":"Error","threadId":4567,"imageName":"MyApp","imageOffset":4660,"filename":"/usr/lib/dyld","message":"hello world","label":{"subsystem":"com.example.app","category":"networking"}}"#
    static let plain = "2026-04-14T10:15:32.123+02:00  PID:123    <Error  >  [com.example:net]  request failed"
    static let plainWithoutLabel = "2026-04-14T08:15:32.500Z  PID:42     <Default>  hello"
    static let plainCapture = plain + "\n" + plainWithoutLabel + "\n"

    @Test func readsEveryFieldOfSyslogJSON() throws {
        let (records, summary, sink) = scan(Self.syslogCapture, as: .goIOS)
        #expect(sink.unparsed.isEmpty)
        try #require(records.count == 3)
        #expect(records.map(\.timestamp?.text) == ["Jun 20 13:42:52", "Aug 28 01:29:25", "2026-06-20T13:42:52"])
        #expect(
            untimed(records[0])
                == LogRecord(
                    location: SourceLocation(path: "test.log", line: 1, byteOffset: 0), kind: .message, device: "iPhone",
                    process: "locationd", senderImage: nil, pid: 59, thread: nil, level: "Notice", normalizedLevel: .notice,
                    subsystem: nil, category: nil,
                    message: "Client com.apple.springboard (0x102074c00) is subscribing to notification kCLConnectionMessageGyroBiasEstimation",
                    continuationLines: 0))
        #expect(
            untimed(records[1])
                == LogRecord(
                    location: SourceLocation(path: "test.log", line: 2, byteOffset: Self.locationd.utf8.count + 1),
                    kind: .message, device: "iPhone", process: "kernel", senderImage: "AppleT8101", pid: 0, thread: nil,
                    level: "Notice", normalizedLevel: .notice, subsystem: nil, category: nil, message: "",
                    continuationLines: 0))
        #expect(
            untimed(records[2])
                == LogRecord(
                    location: SourceLocation(
                        path: "test.log", line: 3, byteOffset: Self.locationd.utf8.count + Self.kernel.utf8.count + 2),
                    kind: .message, device: "iPhone", process: "locationd", senderImage: nil, pid: 59, thread: nil,
                    level: "Notice", normalizedLevel: .notice, subsystem: nil, category: nil, message: "…",
                    continuationLines: 0))
        #expect(counts(summary) == Counts(lines: 3, records: 3, continuationLines: 0, unparsedLines: 0))
    }

    @Test func readsEveryFieldOfOstrace() throws {
        let text = Self.ostraceJSON + "\n" + Self.plainCapture
        let (records, summary, sink) = scan(text, as: .goIOS)
        #expect(sink.unparsed.isEmpty)
        try #require(records.count == 3)
        #expect(
            records.map(\.timestamp?.text) == [
                "2024-01-15T10:30:00.5Z", "2026-04-14T10:15:32.123+02:00", "2026-04-14T08:15:32.500Z",
            ])
        #expect(records[1].timestamp?.utcOffsetSeconds == 7200)
        #expect(
            untimed(records[0])
                == LogRecord(
                    location: SourceLocation(path: "test.log", line: 1, byteOffset: 0), kind: .message, device: nil,
                    process: "dyld", senderImage: "MyApp", pid: 1234, thread: "4567", level: "Error",
                    normalizedLevel: .error, subsystem: "com.example.app", category: "networking", message: "hello world",
                    continuationLines: 0))
        #expect(
            untimed(records[1])
                == LogRecord(
                    location: SourceLocation(path: "test.log", line: 2, byteOffset: Self.ostraceJSON.utf8.count + 1),
                    kind: .message, device: nil, process: nil, senderImage: nil, pid: 123, thread: nil, level: "Error",
                    normalizedLevel: .error, subsystem: "com.example", category: "net", message: "request failed",
                    continuationLines: 0))
        #expect(
            untimed(records[2])
                == LogRecord(
                    location: SourceLocation(
                        path: "test.log", line: 3, byteOffset: Self.ostraceJSON.utf8.count + Self.plain.utf8.count + 2),
                    kind: .message, device: nil, process: nil, senderImage: nil, pid: 42, thread: nil, level: "Default",
                    normalizedLevel: .default, subsystem: nil, category: nil, message: "hello", continuationLines: 0))
        #expect(summary.lines == 3)
        #expect(summary.records == 3)
        #expect(summary.unparsedLines == 0)
    }

    @Test func detectsTheFormat() {
        #expect(scan(Self.syslogCapture).summary.format == .goIOS)
        #expect(scan(Self.ostraceJSON).summary.format == .goIOS)
        #expect(scan(Self.plainCapture).summary.format == .goIOS)
        #expect(scan(Self.parsed).summary.format == .goIOS)
    }

    @Test func decodesVisEscapesAndKeepsUnparsableWireText() throws {
        let text = #"""
            {"msg":"Jun 20 13:42:52 iPhone SpringBoard[63] \u003cNotice\u003e: caf\\M-C\\M-) \\134o/"}
            {"msg":"Jun 20 13:42:52 iPhone garbled","error":"failed to parse syslog message: no match"}
            """#
        let (records, _, _) = scan(text, as: .goIOS)
        try #require(records.count == 2)
        #expect(records[0].message == "café \\o/")
        #expect(records[0].process == "SpringBoard")
        #expect(records[1].message == "Jun 20 13:42:52 iPhone garbled")
        #expect(records[1].timestamp == nil)
        #expect(records[1].process == nil)
    }

    @Test func readsMultiLineRecords() throws {
        // `--pretty` spreads an object over lines; raw lines after a one-line object continue its message;
        // `--nojson` multi-line messages continue raw, even when a line starts with `{`.
        let text = """
            {
                "msg": "Jun 20 13:42:52 iPhone locationd[59] \\u003cNotice\\u003e: hi"
            }
            {"msg":"Jun 20 13:42:53 iPhone locationd[59] \\u003cNotice\\u003e: first"}
              second
            \(Self.plain)
            {
              "key": 1
            }
            """
        let (records, summary, sink) = scan(text)
        #expect(summary.format == .goIOS)
        #expect(sink.unparsed.isEmpty)
        try #require(records.count == 3)
        #expect(records.map(\.message) == ["hi", "first\n  second", "request failed\n{\n  \"key\": 1\n}"])
        #expect(records.map(\.continuationLines) == [2, 1, 3])
        #expect(records.map(\.location.line) == [1, 4, 6])
        #expect(counts(summary) == Counts(lines: 9, records: 3, continuationLines: 6, unparsedLines: 0))
    }

    @Test func rejectsAJSONLineThatDoesNotDecode() throws {
        let text = "{\"msg\":\"Jun 20 13:42\n\(Self.locationd)\n"
        let (records, summary, sink) = scan(text, as: .goIOS)
        try #require(records.count == 1)
        #expect(records[0].location.line == 2)
        #expect(sink.unparsed.map(\.line) == [1])
        #expect(counts(summary) == Counts(lines: 2, records: 1, continuationLines: 0, unparsedLines: 1))
    }

    @Test func scansTheSameInChunks() {
        for text in [Self.syslogCapture, Self.ostraceJSON + "\n" + Self.plainCapture] {
            expectSameScanInChunks(of: text)
        }
    }
}
