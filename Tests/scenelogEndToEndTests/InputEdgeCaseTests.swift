import Foundation
import Testing

/// Inputs and outputs at the edges: links, empty folders, closed or full outputs, forced formats.
@Suite struct InputEdgeCaseTests {
    private func inputs(_ json: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["inputs"] as? [[String: Any]])
    }

    @Test func aLinkToAFolderIsWalked() throws {
        let folder = try CommandRunner.temporaryFolder()
        let real = folder.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try Data("Jun 20 13:42:52 iPhone locationd[59] <Notice>: one\n".utf8).write(to: real.appendingPathComponent("a.log"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: real.path)
        let result = try CommandRunner.run(["scan", "--format", "json", "link"], in: folder)
        #expect(try inputs(result.stdout).map { $0["path"] as? String } == ["link/a.log"])
    }

    @Test func aLinkLoopIsWalkedOnce() throws {
        let folder = try CommandRunner.temporaryFolder()
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        try Data("Jun 20 13:42:52 iPhone locationd[59] <Notice>: one\n".utf8).write(to: logs.appendingPathComponent("a.log"))
        try FileManager.default.createSymbolicLink(atPath: logs.appendingPathComponent("again").path, withDestinationPath: logs.path)
        let result = try CommandRunner.run(["scan", "--format", "json", "logs"], in: folder)
        #expect(result.status == 0)
        #expect(try inputs(result.stdout).map { $0["path"] as? String } == ["logs/a.log"])
    }

    @Test func aFolderWithNoLogIsReported() throws {
        let folder = try CommandRunner.temporaryFolder()
        let result = try CommandRunner.run(["scan", "."], in: folder)
        #expect(result.stderr.contains("scenelog: warning: '.' holds no log, archive or crash report to scan"))
    }

    @Test func aFullOutputIsAnErrorNotACrash() throws {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["scan", "Samples/scene-adopted-clean-launch.txt"]
        process.currentDirectoryURL = CommandRunner.packageRoot
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 3)
        #expect(message.contains("cannot write the report to standard output"))
    }

    @Test func timelineChecksTheYearToo() throws {
        let result = try CommandRunner.run(["timeline", "--year", "100000000000000000", "x.log"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--year must be between 1970 and 2199"))
    }

    @Test func aStreamStartingWithNULIsNotBinary() throws {
        let log = Data([0]) + Data("Jan  1 00:00:00 iPhone SpringBoard[1] <Notice>: x\n".utf8)
        let result = try CommandRunner.run(["scan", "--format", "json", "-"], stdin: log)
        #expect(result.status == 0)
        #expect(try inputs(result.stdout).first?["records"] as? Int == 1)
    }

    @Test func aForcedFormatStillLearnsFromTheFirstLines() throws {
        let log = "Nov 12 12:24:57 iPad SpringBoard(FrontBoard)[510] <Notice>: hello\n"
        let result = try CommandRunner.run(
            ["scan", "--format", "json", "--input-format", "idevicesyslog", "--app", "SpringBoard", "--fail-on", "note", "-"],
            stdin: Data((log + "Nov 12 12:24:58 iPad SpringBoard(FrontBoard)[510] <Notice>: CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.\n").utf8))
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = try #require(object?["findings"] as? [[String: Any]])
        #expect(findings.map { $0["process"] as? String } == ["SpringBoard"])
    }

    @Test func aUTF8ByteOrderMarkIsSkipped() throws {
        let log = Data([0xEF, 0xBB, 0xBF]) + Data("Jun 20 13:42:52 iPhone locationd[59] <Notice>: one\n".utf8)
        let result = try CommandRunner.run(["scan", "--format", "json", "-"], stdin: log)
        let entry = try #require(try inputs(result.stdout).first)
        #expect(entry["records"] as? Int == 1 && entry["unparsedLines"] as? Int == 0 && entry["bytes"] as? Int == 54)
    }

    @Test func utf16TextGetsAConversionHint() throws {
        let log = Data([0xFF, 0xFE]) + Data("Jun 20".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let result = try CommandRunner.run(["scan", "-"], stdin: log)
        #expect(result.status == 3)
        #expect(result.stderr.contains("'-' is UTF-16 text"))
        #expect(result.stderr.contains("iconv -f UTF-16 -t UTF-8"))
    }

    @Test(arguments: [[0xFF, 0xFE, 0, 0] as [UInt8], [0, 0, 0xFE, 0xFF]])
    func utf32TextGetsItsOwnConversionHint(byteOrderMark: [UInt8]) throws {
        let littleEndian = byteOrderMark[0] == 0xFF
        let text = "Jun 20".unicodeScalars.flatMap { scalar -> [UInt8] in
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
            return littleEndian ? bytes : bytes.reversed()
        }
        let result = try CommandRunner.run(["scan", "-"], stdin: Data(byteOrderMark + text))
        #expect(result.status == 3)
        #expect(result.stderr.contains("'-' is UTF-32 text") && result.stderr.contains("iconv -f UTF-32 -t UTF-8"))
    }
}
