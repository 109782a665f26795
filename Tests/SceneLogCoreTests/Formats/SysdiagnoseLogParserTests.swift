import Foundation
import Testing

@testable import SceneLogCore

/// The text logs of a sysdiagnose archive (`logs/*.log`, lockdownd.log). The line marked "verbatim"
/// is quoted in the research notes (log-formats.md §6.1); the lockdownd lines are quoted from
/// EC-DIGIT-CSIRC/sysdiagnose `tests/test_parsers_lockdownd.py` (the notes give only its grammar,
/// `^(.{24}) pid=(\d+) ([^:]+): (.*)$`); the others are built in the same shapes.
@Suite struct SysdiagnoseLogParserTests {
    // verbatim
    static let activation =
        "Wed May 24 13:58:04 2023 [173] <debug> (0x16bf9b000) MA: -[MobileActivationDaemon handleActivationInfoWithSession:activationSignature:completionBlock:]: Activation message:"
    static let activationMessage =
        "MA: -[MobileActivationDaemon handleActivationInfoWithSession:activationSignature:completionBlock:]: Activation message:"
    static let lockdownBuild = "05/24/23 12:55:45.978543 pid=76 lockstart_local: Build version: 19H349"
    static let lockdownDirtied = "05/24/23 12:55:38.453538 pid=76 data_ark_set_block_invoke: dirtied by changing -HasSiDP"

    static let plist = [
        #"<?xml version="1.0" encoding="UTF-8"?>"#,
        #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
        #"<plist version="1.0">"#, "<dict>", "</dict>", "</plist>",
    ]

    @Test func recordStartLines() {
        let text = [Self.activation, Self.lockdownDirtied, Self.lockdownBuild].joined(separator: "\n")
        let result = scan(text)
        #expect(result.summary.format == .sysdiagnoseLog)
        #expect(counts(result.summary) == Counts(lines: 3, records: 3, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.withoutWallClock) == [
            LogRecord(
                location: location(text, line: 1), kind: .message,
                timestamp: Timestamp(text: "Wed May 24 13:58:04 2023", utcOffsetSeconds: nil), device: nil,
                process: nil, senderImage: nil, pid: 173, thread: "0x16bf9b000", level: "debug",
                normalizedLevel: .debug, subsystem: nil, category: nil, message: Self.activationMessage,
                continuationLines: 0),
            LogRecord(
                location: location(text, line: 2), kind: .message,
                timestamp: Timestamp(text: "05/24/23 12:55:38.453538", utcOffsetSeconds: nil), device: nil,
                process: "data_ark_set_block_invoke", senderImage: nil, pid: 76, thread: nil, level: nil,
                normalizedLevel: nil, subsystem: nil, category: nil, message: "dirtied by changing -HasSiDP",
                continuationLines: 0),
            LogRecord(
                location: location(text, line: 3), kind: .message,
                timestamp: Timestamp(text: "05/24/23 12:55:45.978543", utcOffsetSeconds: nil), device: nil,
                process: "lockstart_local", senderImage: nil, pid: 76, thread: nil, level: nil, normalizedLevel: nil,
                subsystem: nil, category: nil, message: "Build version: 19H349", continuationLines: 0),
        ])
    }

    /// A plist dumped after a record continues it, line by line; so does any line that breaks the grammar.
    static let withPlist = ([activation] + plist + [
        "Wed May 24 13:58:05 2023 [173] <debug> (0x16bf9b000) MA: no tid below",
        "Wed May 24 13:58:06 2023 [173] <debug> MA: no thread",
        "",
        lockdownBuild,
        "hello world",
    ]).joined(separator: "\n")

    @Test func continuationLines() {
        let result = scan(Self.withPlist)
        #expect(result.summary.format == .sysdiagnoseLog)
        #expect(counts(result.summary) == Counts(lines: 12, records: 3, continuationLines: 9, unparsedLines: 0))
        #expect(result.records.map(\.location.line) == [1, 8, 11])
        #expect(result.records.map(\.continuationLines) == [6, 2, 1])
        #expect(result.records[0].message == ([Self.activationMessage] + Self.plist).joined(separator: "\n"))
        #expect(result.records[1].message == "MA: no tid below\nWed May 24 13:58:06 2023 [173] <debug> MA: no thread")
        #expect(result.records[2].message == "Build version: 19H349\nhello world")
        #expect(result.records[2].process == "lockstart_local")
    }

    @Test func linesBreakingTheGrammarBeforeAnyRecordAreUnparsed() {
        let text = ["Activation message:", "Wed May 24 13:58:03 2023 [173] <debug> MA: no thread", Self.activation]
            .joined(separator: "\n")
        let result = scan(text)
        #expect(result.summary.format == .sysdiagnoseLog)
        #expect(counts(result.summary) == Counts(lines: 3, records: 1, continuationLines: 0, unparsedLines: 2))
        #expect(result.sink.unparsed.map(\.line) == [1, 2])
        #expect(result.records.map(\.location.line) == [3])
    }

    @Test func timestampsResolveWithTheirOwnYear() {
        let text = [
            Self.activation,
            "Thu Jun  1 00:00:03 2023 [181] <error> (0x16b5a3000) MA: day padded with a space",
            "Sun Dec 31 23:59:59 2017 [181] <debug> (0x16b5a3000) MA: year in the line, not the context",
            "Mon Jan  1 00:00:01 2018 [181] <debug> (0x16b5a3000) MA: next year",
            "12/31/19 23:59:59.999999 pid=76 lockstart_local: two-digit year",
            Self.lockdownBuild,
            "Wed May 24 13:58:04 2023 pid=76 lockstart_local: ctime in lockdownd's 24 bytes",
        ].joined(separator: "\n")
        // The context's year (from --year or the file's time) is not used: each line prints its own.
        let result = scan(text, year: 2030)
        #expect(counts(result.summary) == Counts(lines: 7, records: 7, continuationLines: 0, unparsedLines: 0))
        #expect(result.records.map(\.timestamp?.iso8601) == [
            "2023-05-24T13:58:04", "2023-06-01T00:00:03", "2017-12-31T23:59:59", "2018-01-01T00:00:01",
            "2019-12-31T23:59:59.999999", "2023-05-24T12:55:45.978543", "2023-05-24T13:58:04",
        ])
        #expect(result.records.allSatisfy { $0.timestamp?.utcOffsetSeconds == nil })
        #expect(result.records[0].timestamp?.wallClockSeconds == 1_684_936_684)
        #expect(result.records.map(\.normalizedLevel) == [.debug, .error, .debug, .debug, nil, nil, nil])
    }

    @Test func timeSpanOfTheSample() throws {
        let result = scan(try sample("sysdiagnose-mobileactivation.log"))
        #expect(result.summary.format == .sysdiagnoseLog)
        #expect(result.summary.unparsedLines == 0)
        #expect(result.records.count == 4)
        #expect(result.records.allSatisfy { $0.continuationLines == 6 && $0.process == nil })
        #expect(result.records.first?.timestamp?.iso8601 == "2023-05-24T13:58:04")
        #expect(result.records.last?.timestamp?.iso8601 == "2023-06-01T00:00:03")
    }

    @Test func detectionScores() {
        #expect(score(Self.activation) == 3)
        #expect(score("  \(Self.activation)") == 3)
        #expect(score(Self.lockdownBuild) == 3)
        #expect(score("Wed May 24 13:58:04 2023 [173] <debug> (0x16bf9b000)") == 3)
        #expect(score("Wed May 24 13:58:04 2023 [173] <debug> (0x16bf9b000)MA: glued") == 0)
        #expect(score("Wed May 24 13:58:04 2023 [173] <debug> (16bf9b000) MA: no 0x") == 0)
        #expect(score("Wed May 24 13:58:04 2023 [173] <> (0x16bf9b000) MA: no level") == 0)
        #expect(score("Wed May 24 13:58:04 2023 [] <debug> (0x16bf9b000) MA: no pid") == 0)
        #expect(score("Wed May 24 13:58:04 23 [173] <debug> (0x16bf9b000) MA: short year") == 0)
        #expect(score("May 24 13:58:04 2023 [173] <debug> (0x16bf9b000) MA: no weekday") == 0)
        // The name runs to the first colon, spaces included (`[^:]+`).
        #expect(score("05/24/23 12:55:45.978543 pid=76 lockstart_local Build version: 19H349") == 3)
        #expect(score("05/24/23 12:55:45.978543 pid=76 lockstart_local") == 0)
        #expect(score("05/24/23 12:55:45.978543 pid=76 lockstart_local:glued") == 0)
        #expect(score("05/24/23 12:55:45.978543 pid=x76 lockstart_local: no pid") == 0)
        #expect(score("05/24/23 12:55:45.978543 pid=76 : no process") == 0)
        #expect(score("05/24/23 12:55:45.97854 pid=76 lockstart_local: 23 bytes of time") == 0)
        #expect(score(Self.plist[0]) == 0)
        #expect(score("hello world") == 0)
    }

    /// No line of any other sample scores, so the new format cannot be picked for one.
    @Test func existingSamplesAreNotStolen() throws {
        let folder = samplesFolder()
        let names = try sampleNames().filter { $0 != "sysdiagnose-mobileactivation.log" && !$0.hasSuffix(".ips") }
        #expect(names.count >= 20)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let scoring = text.split(separator: "\n").filter { score(String($0)) > 0 }
            #expect(scoring.isEmpty, "\(name): \(scoring)")
        }
    }

    @Test func otherFormatsAreNotStolen() {
        for (text, format) in otherFormatExamples + XcodeConsoleParserTests.moreOtherFormatExamples {
            #expect(scan(text).summary.format == format, "\(text)")
        }
    }

    @Test func forcedFormat() {
        let result = scan(Self.withPlist, as: .sysdiagnoseLog)
        #expect(result.summary.format == .sysdiagnoseLog)
        #expect(result.records.count == 3)
    }

    @Test(arguments: [1, 7, 4096])
    func sameRecordsInChunks(chunkSize: Int) {
        expectSameScanInChunks(of: Self.withPlist, chunkSizes: [chunkSize])
    }

    private func score(_ line: String) -> Int {
        Array(line.utf8).withUnsafeBufferPointer { SysdiagnoseLogParser.detectionScore(of: $0) }
    }
}
