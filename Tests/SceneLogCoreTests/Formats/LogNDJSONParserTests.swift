import Testing

@testable import SceneLogCore

/// `log show --style ndjson`: research §2.6's record (its verbatim prefix, closed), §2.5's record on
/// one line, and the verbatim `finished` record.
@Suite struct LogNDJSONParserTests {
    static let banner = #"Filtering the log data using "sender == "logger" AND composedMessage CONTAINS "vmnet-broker"""#
    static let mdns = #"{"traceID":3105639345815556,"eventMessage":"[Q20195] Sent 37-byte query #1 to <IPv4:BBQJCpqH> over UDP via en12\/14 -- id: 0x2EB9 (11961), …","eventType":"logEvent","source":null,"formatString":"%{public}sSent %zu-byte query #%u to %@ …","activityIdentifier":0,"subsystem":"com.apple.mdns","category":"resolver"}"#
    static let sudo = #"{"timezoneName":"","messageType":"Default","eventType":"logEvent","source":null,"formatString":"%8s : %s","userID":0,"activityIdentifier":0,"subsystem":"","category":"","threadID":1138139,"senderImageUUID":"6A15F302-EE0B-3EC6-B466-82B675870A4E","backtrace":{"frames":[{"imageOffset":366276,"imageUUID":"6A15F302-EE0B-3EC6-B466-82B675870A4E"}]},"bootUUID":"ED40187B-8B76-4555-B78A-E4E689E1EF47","processImagePath":"\/usr\/bin\/sudo","senderImagePath":"\/usr\/bin\/sudo","timestamp":"2025-08-09 10:11:55.521570-0400","machTimestamp":5335783484167,"eventMessage":"nicscott : TTY=ttys001 ; PWD=\/Users\/nicscott ; USER=root ; COMMAND=\/bin\/ls","processImageUUID":"6A15F302-EE0B-3EC6-B466-82B675870A4E","traceID":2298404520722436,"processID":51184,"senderProgramCounter":366276,"parentActivityIdentifier":0}"#
    static let finished = #"{"count":540659,"finished":1}"#
    static let capture = [banner, mdns, sudo, finished].joined(separator: "\n") + "\n"

    static let sudoMessage = "nicscott : TTY=ttys001 ; PWD=/Users/nicscott ; USER=root ; COMMAND=/bin/ls"
    static let mdnsMessage = "[Q20195] Sent 37-byte query #1 to <IPv4:BBQJCpqH> over UDP via en12/14 -- id: 0x2EB9 (11961), …"

    @Test func readsEveryFieldOfTheResearchRecords() throws {
        let (records, summary, sink) = scan(Self.capture, as: .logNDJSON)
        #expect(sink.unparsed.isEmpty)
        try #require(records.count == 4)
        #expect(records.map(\.timestamp?.text) == [nil, nil, "2025-08-09 10:11:55.521570-0400", nil])
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
                    kind: .message, device: nil, process: nil, senderImage: nil, pid: nil, thread: nil, level: nil,
                    normalizedLevel: nil, subsystem: "com.apple.mdns", category: "resolver", message: Self.mdnsMessage,
                    continuationLines: 0))
        #expect(
            untimed(records[2])
                == LogRecord(
                    location: location(Self.capture, line: 3),
                    kind: .message, device: nil, process: "sudo", senderImage: "sudo", pid: 51184, thread: "1138139",
                    level: "Default", normalizedLevel: .default, subsystem: nil, category: nil, message: Self.sudoMessage,
                    continuationLines: 0))
        #expect(
            untimed(records[3])
                == LogRecord(
                    location: location(Self.capture, line: 4),
                    kind: .toolBanner, device: nil, process: nil, senderImage: nil, pid: nil, thread: nil, level: nil,
                    normalizedLevel: nil, subsystem: nil, category: nil, message: Self.finished, continuationLines: 0))
        #expect(counts(summary) == Counts(lines: 4, records: 4, continuationLines: 0, unparsedLines: 0))
    }

    @Test func detectsTheFormat() {
        #expect(scan(Self.capture).summary.format == .logNDJSON)
        #expect(scan(Self.mdns).summary.format == .logNDJSON)
    }

    @Test func namesSignpostsWithoutAMessage() throws {
        let signpost = #"{"eventType":"signpostEvent","eventMessage":"","signpostName":"LaunchApp","signpostType":"begin","processID":7}"#
        let (records, _, _) = scan(signpost, as: .logNDJSON)
        try #require(records.count == 1)
        #expect(records[0].message == "LaunchApp")
        #expect(records[0].pid == 7)
    }

    @Test func keepsRawLinesAsContinuation() throws {
        // A stray non-JSON line before any record is unparsed; after one, it continues its message.
        let text = "stray\n\(Self.sudo)\n    index = 0;\n\(Self.finished)"
        let (records, summary, sink) = scan(text, as: .logNDJSON)
        try #require(records.count == 2)
        #expect(records[0].message == Self.sudoMessage + "\n    index = 0;")
        #expect(records[0].continuationLines == 1)
        #expect(records[0].process == "sudo")
        #expect(sink.unparsed.map(\.line) == [1])
        #expect(counts(summary) == Counts(lines: 4, records: 2, continuationLines: 1, unparsedLines: 1))
    }

    @Test func rejectsALineThatDoesNotDecode() throws {
        let text = "{\"eventMessage\":\"cut off\n  more\n\(Self.mdns)\n"
        let (records, summary, sink) = scan(text, as: .logNDJSON)
        try #require(records.count == 1)
        #expect(records[0].message == Self.mdnsMessage)
        #expect(records[0].location.line == 3)
        #expect(sink.unparsed.map(\.line) == [1, 2])
        #expect(counts(summary) == Counts(lines: 3, records: 1, continuationLines: 0, unparsedLines: 2))
    }

    @Test func scansTheSameInChunks() {
        expectSameScanInChunks(of: Self.capture)
    }
}
