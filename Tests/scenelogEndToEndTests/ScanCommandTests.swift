import Foundation
import Testing

/// The JSON report's `inputs` entries, decoded loosely.
private func inputs(_ json: String) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return try #require(object?["inputs"] as? [[String: Any]])
}

@Suite struct ScanCommandTests {
    /// The format each sample is written in, from Samples/README.md's table.
    static func sampleFormats() throws -> [(file: String, format: String)] {
        let readme = try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent("Samples/README.md"), encoding: .utf8)
        return readme.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { return nil }
            let file = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`[]"))
            let format = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            guard file.contains("."), !file.contains(" ") else { return nil }
            return (String(file.split(separator: "]").first ?? Substring(file)), format)
        }
    }

    @Test func everySampleIsDetectedRightWithNoUnparsedLines() throws {
        let samples = try Self.sampleFormats()
        #expect(samples.count >= 10)
        for sample in samples {
            let result = try CommandRunner.run(["scan", "--format", "json", "Samples/\(sample.file)"])
            #expect(result.status == 0 || result.status == 1, "\(sample.file): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(sample.file): \(result.stderr)")
            let entry = try #require(try inputs(result.stdout).first)
            #expect(entry["format"] as? String == sample.format, "\(sample.file)")
            #expect(entry["unparsedLines"] as? Int == 0, "\(sample.file)")
            let lines = try #require(entry["lines"] as? Int)
            let records = try #require(entry["records"] as? Int)
            let continuation = try #require(entry["continuationLines"] as? Int)
            #expect(lines == records + continuation && lines > 0, "\(sample.file)")
        }
    }

    @Test func jsonReportHasTheSchemaVersion1Shape() throws {
        let result = try CommandRunner.run(["scan", "--format", "json", "Samples/"])
        #expect(result.status == 1, "the samples hold error findings")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["schemaVersion"] as? Int == 1)
        #expect((object["tool"] as? [String: Any])?["name"] as? String == "scenelog")
        #expect(object["findings"] is [Any] && object["launches"] is [Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["findings"] is [String: Any] && summary["launches"] is Int)
        for entry in try inputs(result.stdout) {
            for key in ["path", "format", "bytes", "lines", "records", "continuationLines", "unparsedLines"] {
                #expect(entry[key] != nil, "missing \(key)")
            }
        }
    }

    @Test func missingFileIsReportedAndTheOthersAreStillScanned() throws {
        let sample = try #require(try Self.sampleFormats().first).file
        let result = try CommandRunner.run(["scan", "--format", "json", "x.log", "Samples/\(sample)"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("scenelog: error: cannot open 'x.log': No such file or directory"))
        #expect(try inputs(result.stdout).count == 1)
    }

    @Test("a lone .gz whose bytes were damaged is an error naming it once read: exit 3")
    func damagedGzip() throws {
        let folder = try CommandRunner.temporaryFolder()
        // The lines the archive walker's test damages the same way (its bytes still decompress).
        let text = (1...100_000).map { index in
            "2025-06-04 10:18:00." + String(1_000 + index % 1_000).dropFirst() + " Df locationd[92:9b2] line \(index)\n"
        }.joined()
        try Data(text.utf8).write(to: folder.appendingPathComponent("device.log"))
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        gzip.arguments = ["gzip", "-k", "device.log"]
        gzip.currentDirectoryURL = folder
        try gzip.run()
        gzip.waitUntilExit()
        var bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("device.log.gz")))
        for index in bytes.count / 2..<bytes.count / 2 + 100 { bytes[index] ^= 0xAA }
        try Data(bytes).write(to: folder.appendingPathComponent("damaged.log.gz"))
        let result = try CommandRunner.run(["scan", "--fail-on", "never", "damaged.log.gz"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("scenelog: error: cannot read 'damaged.log.gz': is corrupt ("), "\(result.stderr)")
        #expect(result.stderr.contains("): what was read of it may be wrong"))
        // Text appended after the last member: an error naming the file, with the lines before it read.
        let whole = try Data(contentsOf: folder.appendingPathComponent("device.log.gz"))
        try (whole + Data("appended\n".utf8)).write(to: folder.appendingPathComponent("appended.log.gz"))
        let appended = try CommandRunner.run(["scan", "--fail-on", "never", "appended.log.gz"], in: folder)
        #expect(appended.status == 3)
        #expect(
            appended.stderr.contains(
                "scenelog: error: cannot read 'appended.log.gz': has 9 bytes after its last gzip member that are not gzip (text appended to the compressed file?): they are not read"
            ), "\(appended.stderr)")
        #expect(appended.stdout.contains("100,000 lines"), "\(appended.stdout)")
    }

    @Test func brokenArchivesAndBinaryInputsAreReportedAndCrashReportsRead() throws {
        let folder = try CommandRunner.temporaryFolder()
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00]).write(to: folder.appendingPathComponent("capture.log.gz"))
        try Data(#"{"app_name":"App","bug_type":"309","os_version":"iPhone OS 17.3.1 (21D61)"}"#.utf8 + [10])
            .write(to: folder.appendingPathComponent("App-2024-02-15-080505.ips"))
        try Data((0..<512).map { UInt8($0 % 32) }).write(to: folder.appendingPathComponent("blob.bin"))
        let result = try CommandRunner.run(
            ["scan", "--format", "json", "capture.log.gz", "App-2024-02-15-080505.ips", "blob.bin"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot read 'capture.log.gz': looks compressed but cannot be decompressed: truncated or corrupt"))
        #expect(!result.stderr.contains("App-2024-02-15-080505.ips"))
        #expect(result.stderr.contains("'blob.bin' is not a text log"))
        let read = try inputs(result.stdout)
        #expect(read.map { $0["path"] as? String } == ["App-2024-02-15-080505.ips"])
        #expect(read.first?["format"] as? String == "ips")
    }

    @Test func emptyInputReportsZeroRecords() throws {
        let result = try CommandRunner.run(["scan", "--format", "json", "-"], stdin: Data())
        #expect(result.status == 3, "nothing was read")
        #expect(result.stderr.contains("no logs were read"))
        let entry = try #require(try inputs(result.stdout).first)
        #expect(entry["path"] as? String == "-")
        #expect(entry["records"] as? Int == 0 && entry["lines"] as? Int == 0)
        #expect(entry["format"] is NSNull)
    }

    @Test func standardInputIsScanned() throws {
        let log = "Jun 20 13:42:52 iPhone locationd[59] <Notice>: one\nJun 20 13:42:53 iPhone locationd[59] <Notice>: two\n"
        let result = try CommandRunner.run(["scan", "--format", "json", "-"], stdin: Data(log.utf8))
        let entry = try #require(try inputs(result.stdout).first)
        #expect(entry["format"] as? String == "idevicesyslog" && entry["records"] as? Int == 2)
    }

    @Test func verboseListsUnparsedLinesWithNumbers() throws {
        let log = "junk before\nJun 20 13:42:52 iPhone locationd[59] <Notice>: one\n"
        let result = try CommandRunner.run(["scan", "--verbose", "-"], stdin: Data(log.utf8))
        #expect(result.status == 0)
        #expect(result.stderr.contains("-:1: unparsed: junk before"))
        #expect(result.stdout.contains("2 lines: 1 record, 0 continuation, 1 unparsed"))
    }

    @Test func inputFormatOverridesDetection() throws {
        let log = "Jun 20 13:42:52 iPhone locationd[59] <Notice>: one\n"
        let result = try CommandRunner.run(["scan", "--format", "json", "--input-format", "log-compact", "-"], stdin: Data(log.utf8))
        let entry = try #require(try inputs(result.stdout).first)
        #expect(entry["format"] as? String == "log-compact")
        #expect(entry["unparsedLines"] as? Int == 1)
    }

    @Test func yearAppliesToYearlessTimestamps() throws {
        let log = "Jun 20 13:42:52 iPhone locationd[59] <Notice>: one\n"
        let result = try CommandRunner.run(["scan", "--format", "json", "--year", "2019", "-"], stdin: Data(log.utf8))
        let entry = try #require(try inputs(result.stdout).first)
        #expect(entry["firstTimestamp"] as? String == "2019-06-20T13:42:52")
    }

    @Test func aCaptureFromNovemberToJanuaryEndsInTheNextYear() throws {
        let log = """
            Nov 30 23:59:59 iPhone a[1] <Notice>: x
            Dec 31 23:59:59 iPhone a[1] <Notice>: y
            Jan  1 00:00:01 iPhone a[1] <Notice>: z

            """
        let result = try CommandRunner.run(["scan", "--format", "json", "--year", "2024", "-"], stdin: Data(log.utf8))
        let entry = try #require(try inputs(result.stdout).first)
        #expect(entry["firstTimestamp"] as? String == "2024-11-30T23:59:59")
        #expect(entry["lastTimestamp"] as? String == "2025-01-01T00:00:01")
    }

    @Test func usageErrorsExitWith2() throws {
        #expect(try CommandRunner.run(["scan"]).status == 2)
        #expect(try CommandRunner.run(["scan", "--format", "yaml", "x.log"]).status == 2)
        #expect(try CommandRunner.run(["scan", "--year", "12", "x.log"]).status == 2)
        #expect(try CommandRunner.run(["frobnicate"]).status == 2)
    }

    @Test func helpShowsExamples() throws {
        let result = try CommandRunner.run(["scan", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("scenelog scan --format json capture.log"))
    }

    @Test func folderIsWalkedRecursively() throws {
        let folder = try CommandRunner.temporaryFolder()
        let nested = folder.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let line = Data("Jun 20 13:42:52 iPhone locationd[59] <Notice>: one\n".utf8)
        try line.write(to: nested.appendingPathComponent("deep.log"))
        try line.write(to: folder.appendingPathComponent("top.txt"))
        try line.write(to: folder.appendingPathComponent("ignored.png"))
        let result = try CommandRunner.run(["scan", "--format", "json", "."], in: folder)
        #expect(try inputs(result.stdout).map { $0["path"] as? String } == ["./a/b/deep.log", "./top.txt"])
    }

    @Test func outputFileIsWritten() throws {
        let folder = try CommandRunner.temporaryFolder()
        let log = Data("Jun 20 13:42:52 iPhone locationd[59] <Notice>: one\n".utf8)
        let result = try CommandRunner.run(["scan", "--format", "json", "--output", "report.json", "-"], stdin: log, in: folder)
        #expect(result.status == 0 && result.stdout.isEmpty)
        let written = try String(contentsOf: folder.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(written.contains("\"schemaVersion\" : 1"))
        // Written beside the target, then renamed over it: nothing else is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.json"])
    }

    @Test func aLargeReportIsStreamedWholeToStandardOutputAndToAFile() throws {
        // Enough findings that the JSON report is written in many pieces.
        let line = "Jun 20 13:42:52 iPhone BepXanh(UIKitCore)[1873] <Notice>: CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.\n"
        let log = Data(String(repeating: line, count: 2_000).utf8)
        let folder = try CommandRunner.temporaryFolder()
        let piped = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", "-"], stdin: log, in: folder)
        let toFile = try CommandRunner.run(
            ["scan", "--format", "json", "--fail-on", "never", "--output", "report.json", "-"], stdin: log, in: folder)
        #expect(piped.status == 0 && toFile.status == 0)
        let written = try Data(contentsOf: folder.appendingPathComponent("report.json"))
        #expect(written == Data(piped.stdout.utf8))
        let report = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        #expect((report["findings"] as? [Any])?.count == 2_000)
    }

    @Test func aReportThatCannotBeWrittenNamesThePathAndLeavesNothing() throws {
        let folder = try CommandRunner.temporaryFolder()
        let log = Data("Jun 20 13:42:52 iPhone locationd[59] <Notice>: one\n".utf8)
        let result = try CommandRunner.run(
            ["scan", "--format", "json", "--output", "missing/report.json", "-"], stdin: log, in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot write 'missing/report.json'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
