import Foundation
import Testing

@testable import SceneLogCore

/// `log show --style json`: the verbatim record of research §2.5 and the §2.6 ndjson record, pretty-printed.
@Suite struct LogJSONParserTests {
    static let banner = #"Filtering the log data using "sender == "logger" AND composedMessage CONTAINS "vmnet-broker"""#

    /// Research §2.5, verbatim, between `[{` and `},{`.
    static let sudoBody = #"""
          "timezoneName" : "",
          "messageType" : "Default",
          "eventType" : "logEvent",
          "source" : null,
          "formatString" : "%8s : %s",
          "userID" : 0,
          "activityIdentifier" : 0,
          "subsystem" : "",
          "category" : "",
          "threadID" : 1138139,
          "senderImageUUID" : "6A15F302-EE0B-3EC6-B466-82B675870A4E",
          "backtrace" : {
            "frames" : [
              {
                "imageOffset" : 366276,
                "imageUUID" : "6A15F302-EE0B-3EC6-B466-82B675870A4E"
              }
            ]
          },
          "bootUUID" : "ED40187B-8B76-4555-B78A-E4E689E1EF47",
          "processImagePath" : "\/usr\/bin\/sudo",
          "senderImagePath" : "\/usr\/bin\/sudo",
          "timestamp" : "2025-08-09 10:11:55.521570-0400",
          "machTimestamp" : 5335783484167,
          "eventMessage" : "nicscott : TTY=ttys001 ; PWD=\/Users\/nicscott ; USER=root ; COMMAND=\/bin\/ls",
          "processImageUUID" : "6A15F302-EE0B-3EC6-B466-82B675870A4E",
          "traceID" : 2298404520722436,
          "processID" : 51184,
          "senderProgramCounter" : 366276,
          "parentActivityIdentifier" : 0
        """#

    /// Research §2.6's verbatim ndjson prefix, pretty-printed (the keys it shows).
    static let mdnsBody = #"""
          "traceID" : 3105639345815556,
          "eventMessage" : "[Q20195] Sent 37-byte query #1 to <IPv4:BBQJCpqH> over UDP via en12\/14 -- id: 0x2EB9 (11961), …",
          "eventType" : "logEvent",
          "source" : null,
          "formatString" : "%{public}sSent %zu-byte query #%u to %@ …",
          "activityIdentifier" : 0,
          "subsystem" : "com.apple.mdns",
          "category" : "resolver"
        """#

    /// `log show` output: preamble, then the array with no final newline.
    static let capture = "\(banner)\n[{\n\(sudoBody)\n},{\n\(mdnsBody)\n}]"

    static let sudoMessage = "nicscott : TTY=ttys001 ; PWD=/Users/nicscott ; USER=root ; COMMAND=/bin/ls"
    static let mdnsMessage = "[Q20195] Sent 37-byte query #1 to <IPv4:BBQJCpqH> over UDP via en12/14 -- id: 0x2EB9 (11961), …"

    @Test func readsEveryFieldOfTheResearchRecords() throws {
        let (records, summary, sink) = scan(Self.capture, as: .logJSON)
        #expect(sink.unparsed.isEmpty)
        try #require(records.count == 3)
        #expect(records.map(\.timestamp?.text) == [nil, "2025-08-09 10:11:55.521570-0400", nil])
        #expect(
            untimed(records[0])
                == LogRecord(
                    location: SourceLocation(path: "test.log", line: 1, byteOffset: 0), kind: .toolBanner, device: nil,
                    process: nil, senderImage: nil, pid: nil, thread: nil, level: nil, normalizedLevel: nil, subsystem: nil,
                    category: nil, message: Self.banner, continuationLines: 0))
        #expect(
            untimed(records[1])
                == LogRecord(
                    location: location(Self.capture, line: 2),
                    kind: .message, device: nil, process: "sudo", senderImage: "sudo", pid: 51184, thread: "1138139",
                    level: "Default", normalizedLevel: .default, subsystem: nil, category: nil, message: Self.sudoMessage,
                    continuationLines: 30))
        #expect(
            untimed(records[2])
                == LogRecord(
                    location: location(Self.capture, line: 33),
                    kind: .message, device: nil, process: nil, senderImage: nil, pid: nil, thread: nil, level: nil,
                    normalizedLevel: nil, subsystem: "com.apple.mdns", category: "resolver", message: Self.mdnsMessage,
                    continuationLines: 9))
        #expect(records[1].timestamp?.utcOffsetSeconds == -4 * 3600)
        #expect(counts(summary) == Counts(lines: 42, records: 3, continuationLines: 39, unparsedLines: 0))
    }

    @Test func detectsTheFormat() {
        let (_, summary, _) = scan(Self.capture)
        #expect(summary.format == .logJSON)
    }

    /// `jq -c .` or `json.dumps` put the whole array on one line: its records cannot be counted a
    /// line each, and read as text it made a launch of a format string's `%{public}@`.
    @Test("log show --style json written on one line is refused with what to do; one record a line is read")
    func compactArrayIsRefused() throws {
        let records = try #require(try JSONSerialization.jsonObject(with: Data(try sample("log-json-style-unity.json").utf8)) as? [Any])
        let compact = try JSONSerialization.data(withJSONObject: records)
        let result = Scanner(options: try testScanOptions()).scan(bytes: Array(compact), name: "compact.json")
        #expect(result.launches.isEmpty && result.inputs.isEmpty)
        #expect(result.inputErrors.first?.reason.hasPrefix("is log show --style json written on one line") == true, "\(result.inputErrors)")
        let lines = try records.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }.joined(separator: "\n")
        #expect(Scanner(options: try testScanOptions()).scan(bytes: Array(lines.utf8), name: "lines.ndjson").launches.count == 1)
    }

    @Test func closesTheObjectOfAnInterruptedStream() throws {
        // `log stream --style json` never closes its array; `[` and `{` may also stand on lines of their own.
        let text = "[\n{\n\(Self.mdnsBody)\n},{\n\(Self.sudoBody)\n"
        let (records, summary, _) = scan(text, as: .logJSON)
        try #require(records.count == 2)
        #expect(records.map(\.message) == [Self.mdnsMessage, Self.sudoMessage])
        #expect(records.map(\.location.line) == [1, 11])
        #expect(records.map(\.continuationLines) == [9, 30])
        #expect(counts(summary) == Counts(lines: 41, records: 2, continuationLines: 39, unparsedLines: 0))
    }

    @Test func keepsMessagesThatSpanLines() throws {
        let text = "[{\n  \"eventMessage\" : \"process hierarchy: (\\n    {\\n    index = 0;\",\n  \"processID\" : 257\n}]\n"
        let (records, summary, _) = scan(text, as: .logJSON)
        try #require(records.count == 1)
        #expect(records[0].message == "process hierarchy: (\n    {\n    index = 0;")
        #expect(records[0].pid == 257)
        #expect(records[0].continuationLines == 3)
        #expect(summary.lines == 4)
    }

    @Test func rejectsARecordThatDoesNotDecode() throws {
        let text = "[{\n  \"eventMessage\" : \"a\",\n  \"processID\" : \n},{\n  \"eventMessage\" : \"b\"\n}]"
        let (records, summary, sink) = scan(text, as: .logJSON)
        try #require(records.count == 1)
        #expect(records[0].message == "b")
        #expect(records[0].location.line == 4)
        #expect(sink.unparsed.map(\.line) == [1, 2, 3])
        #expect(sink.unparsed.map(\.text) == ["[{", "  \"eventMessage\" : \"a\",", "  \"processID\" : "])
        #expect(counts(summary) == Counts(lines: 6, records: 1, continuationLines: 2, unparsedLines: 3))
    }

    /// react/react-native#21847: an issue quotes one `log stream --style json` event, cut inside its
    /// backtrace, after its prose; the members written before the cut are the event's record.
    @Test func keepsTheWholeMembersOfAnEventCutShort() throws {
        let text = #"""
            outputting the same lines (in `eventMessage` prop) as the XCode debug pane
            ```json
            {
              "traceID" : 13867796580663300,
              "eventMessage" : "Running application \"Foobar\" with appParams: {\"rootTag\":31,\"initialProps\":{}}. __DEV__ === true, development-level warning are ON, performance optimizations are OFF",
              "eventType" : "logEvent",
              "threadID" : 2354892,
              "backtrace" : {
                "frames" : [
                  {
                    "imageOffset" : 18
            """#
        let (records, summary, _) = scan(text, as: .logJSON)
        let record = try #require(records.last)
        #expect(record.message.hasPrefix(#"Running application "Foobar" with appParams"#))
        #expect(record.thread == "2354892" && record.location.line == 3)
        #expect(summary.records >= 1)
    }

    /// A record is kept up to 4 MiB: the lines past that are counted, and the cut is said.
    @Test func aRecordPastItsMaximumLengthIsSaidToBeCut() {
        let text = "[{\n" + String(repeating: "  \"x\" : 1,\n", count: 400_000) + "  \"eventMessage\" : \"m\"\n}]\n"
        let (_, summary, sink) = scan(text, as: .logJSON)
        #expect(sink.recordsCut.map(\.startLine) == [1])
        #expect(sink.recordsCut.first.map { $0.firstLineLeft > 300_000 && $0.firstLineLeft < 400_000 } == true)
        #expect(summary.lines == 400_003)
    }

    @Test func scansTheSameInChunks() {
        expectSameScanInChunks(of: Self.capture)
    }
}
