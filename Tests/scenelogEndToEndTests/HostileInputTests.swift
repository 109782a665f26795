import Foundation
import TestSupport
import Testing

/// What a device, a clipboard or a broken archive may hand scenelog, and what it does with it.
@Suite("hostile inputs", .serialized)
struct HostileInputTests {
    static let notAdopted = "Oct  7 21:14:05 iPhone BepXanh(UIKitCore)[1873] <Error>: CLIENT OF UIKIT REQUIRES UPDATE: "
        + "This process does not adopt UIScene lifecycle. This will become an assert in a future version."

    /// Scans `bytes` (as a file named `name`) and returns the process result and the JSON report.
    static func scan(_ bytes: Data, name: String = "input.log", arguments: [String] = []) throws
        -> (result: CommandResult, input: [String: Any], findings: [[String: Any]], report: [String: Any])
    {
        let folder = try CommandRunner.temporaryFolder()
        try bytes.write(to: folder.appendingPathComponent(name))
        let result = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never"] + arguments + [name], in: folder)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let input = try #require((report["inputs"] as? [[String: Any]])?.first)
        let lines = try #require(input["lines"] as? Int)
        #expect(lines == (input["records"] as? Int ?? -1) + (input["continuationLines"] as? Int ?? -1) + (input["unparsedLines"] as? Int ?? -1))
        return (result, input, report["findings"] as? [[String: Any]] ?? [], report)
    }

    /// Runs the Python `script` in `folder` (to make archives Python writes best).
    static func runPython(_ script: String, in folder: URL) throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: try RequiredTool.python3.locate())
        python.arguments = ["-c", script]
        python.currentDirectoryURL = folder
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0, "the Python script failed")
    }

    @Test("a launch's ending detail from the log (dyld's library) is escaped in the text report and the timeline")
    func terminationDetailEscaped() throws {
        let folder = try CommandRunner.temporaryFolder()
        let line = "Mar  3 09:41:28.000000 Evil[796] <Error>: dyld: Library not loaded: @rpath/\u{1B}]0;PWNED\u{07}\u{202E}Z.framework/Z\r  outcome: active\n"
        try Data(line.utf8).write(to: folder.appendingPathComponent("dyld.log"))
        for command in ["scan", "timeline"] {
            let result = try CommandRunner.run([command, "--fail-on", "never", "--color", "never", "dyld.log"], in: folder)
            #expect(result.stdout.contains("(dyld library not loaded: @rpath/\\u{1b}]0;PWNED\\u{7}\\u{202e}Z.framework/Z"), "\(result.stdout)")
            #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\r" })
        }
    }

    @Test("a folder entry that cannot be looked at (a path past the system's length limit) is an unreadable input: exit 3")
    func folderEntryTooDeep() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { _ = try? CommandRunner.run(executable: "/bin/rm", ["-rf", "d"], in: folder) }
        try Self.runPython(
            """
            import os
            fd = os.open('.', os.O_RDONLY)
            for i in range(2100):
                os.mkdir('d', dir_fd=fd)
                nfd = os.open('d', os.O_RDONLY, dir_fd=fd); os.close(fd); fd = nfd
                if i == 5:
                    f = os.open('x.log', os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
                    os.write(f, b'Mar  3 09:41:28.000000 App[796] <Notice>: hello\\n'); os.close(f)
            """, in: folder)
        let result = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "json", "d"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot be looked at (File name too long)"), "\(result.stderr.suffix(300))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((report["inputs"] as? [[String: Any]])?.count == 1, "the log above the limit is still read")
    }

    @Test("an input that cannot be read is named in every report format, not only on standard error")
    func unreadableInputInReports() throws {
        let folder = try CommandRunner.temporaryFolder()
        try Data((Self.notAdopted + "\n").utf8).write(to: folder.appendingPathComponent("good.log"))
        try Data([0x1F, 0x8B, 0x08, 0x00] + Array("garbage\u{1B}".utf8)).write(to: folder.appendingPathComponent("bad\u{1B}[2J.gz"))
        let inputs = ["good.log", "bad\u{1B}[2J.gz"]
        let json = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "json"] + inputs, in: folder)
        #expect(json.status == 3)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["unreadableInputs"] as? Int == 1)
        let errors = try #require(report["inputErrors"] as? [[String: String]])
        #expect(errors.map { $0["path"] } == ["bad\u{1B}[2J.gz"])
        let note = "1 input could not be read, and this report leaves it out: 'bad\\u{1b}[2J.gz' ("
        let shown = [
            "text": note, "markdown": note.replacing("\\", with: "\\\\").replacing("[", with: "\\["),
            "html": note.replacing("'", with: "&#39;"), "junit": note.replacing("'", with: "&#39;"),
        ]
        for (format, expected) in shown {
            let result = try CommandRunner.run(["scan", "--fail-on", "never", "--color", "never", "--format", format] + inputs, in: folder)
            #expect(result.status == 3, "\(format)")
            #expect(result.stdout.contains(expected), "\(format): \(result.stdout.prefix(2_000))")
            #expect(!result.stdout.contains("\u{1B}"), "\(format)")
        }
        let sarif = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "sarif"] + inputs, in: folder)
        let run = try #require(((try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notified = (invocation["toolExecutionNotifications"] as? [[String: Any]])?.compactMap { ($0["message"] as? [String: String])?["text"] }
        #expect(notified?.contains { $0.hasPrefix(note) } == true, "\(String(describing: notified))")
        // A clean run's JSON report keeps its shape.
        let clean = try CommandRunner.run(["scan", "--fail-on", "never", "--format", "json", "good.log"], in: folder)
        #expect(!clean.stdout.contains("unreadableInputs") && !clean.stdout.contains("inputErrors"))
    }

    @Test("a 50 MB line is cut with a warning, and the next line is still read")
    func hugeLine() throws {
        var bytes = Data("Oct  7 21:14:05 iPhone SpringBoard[52] <Notice>: ".utf8)
        bytes.append(Data(repeating: UInt8(ascii: "x"), count: 50 << 20))
        bytes.append(Data(("\n" + Self.notAdopted + "\n").utf8))
        let (result, input, findings, _) = try Self.scan(bytes)
        #expect(result.status == 0)
        #expect(result.stderr.contains("input.log:1: line longer than 1048576 bytes; the rest of it was skipped"))
        #expect(input["lines"] as? Int == 2 && input["truncatedLines"] as? Int == 1)
        #expect(findings.map { $0["line"] as? Int } == [2])
    }

    @Test("NUL bytes are removed and the line still matches")
    func nulBytes() throws {
        let line = Self.notAdopted.replacingOccurrences(of: "REQUIRES", with: "REQ\0UIRES").replacingOccurrences(of: "UIScene", with: "UI\0\0Scene")
        let (_, input, findings, _) = try Self.scan(Data(("\0\0" + line + "\n").utf8))
        #expect(input["unparsedLines"] as? Int == 0)
        #expect(findings.map { $0["rule"] as? String } == ["scene-lifecycle-not-adopted"])
    }

    @Test("invalid and overlong UTF-8 is kept as replacement characters, and the JSON stays valid")
    func invalidUTF8() throws {
        var bytes = Data(Self.notAdopted.utf8)
        bytes.append(contentsOf: [0x20, 0xC0, 0xAF, 0xE0, 0x80, 0xAF, 0xFF, 0xFE, 0xED, 0xA0, 0x80, 0x0A])
        let (result, input, findings, _) = try Self.scan(bytes)
        #expect(result.stderr.isEmpty)
        #expect(input["records"] as? Int == 1)
        let excerpt = try #require(findings.first?["excerpt"] as? String)
        #expect(excerpt.hasSuffix("\u{FFFD}"))
        #expect(!excerpt.contains("\u{C0}"))
    }

    @Test("CR-only line ends (classic Mac OS) end lines, and the input's note says so")
    func carriageReturnsOnly() throws {
        let text = Self.notAdopted + "\rOct  7 21:14:06 iPhone SpringBoard[52] <Notice>: next\r"
        let (_, input, findings, _) = try Self.scan(Data(text.utf8))
        #expect(input["lines"] as? Int == 2 && input["records"] as? Int == 2)
        #expect(input["format"] as? String == "idevicesyslog")
        #expect((input["note"] as? String)?.contains("lone carriage return") == true)
        #expect(findings.map { $0["rule"] as? String } == ["scene-lifecycle-not-adopted"])
    }

    @Test("formats interleaved in one file: one is detected, the others are unparsed but still searched")
    func interleavedFormats() throws {
        let console = "error\t21:14:06.443713+0200\tTrailhead\tUIWindows were created prior to initial application activation. This may result in incorrect visual appearance"
        let lines = (0..<20).map { "Oct  7 21:14:0\($0 % 10) iPhone SpringBoard[52] <Notice>: line \($0)" } + [console, Self.notAdopted]
        let (_, input, findings, _) = try Self.scan(Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(input["format"] as? String == "idevicesyslog")
        #expect(input["lines"] as? Int == 22)
        #expect(Set(findings.compactMap { $0["rule"] as? String }) == ["window-created-before-activation", "scene-lifecycle-not-adopted"])
    }

    @Test("a clock going backwards gives no negative time to active")
    func timestampBackwards() throws {
        let text = try String(
            contentsOf: CommandRunner.packageRoot.appendingPathComponent("Samples/scene-adopted-clean-launch.txt"), encoding: .utf8)
            .replacingOccurrences(of: "11:26:42.087545", with: "11:26:40.087545")
        let (_, _, _, report) = try Self.scan(Data(text.utf8), name: "device.txt")
        let launch = try #require((report["launches"] as? [[String: Any]])?.first)
        #expect(launch["outcome"] as? String == "active")
        #expect(launch["timeToActiveMs"] is NSNull)
    }

    @Test("a capture across New Year ends in the next year")
    func yearRollover() throws {
        let text = "Dec 31 23:59:58 iPhone SpringBoard[52] <Notice>: old year\nJan  1 00:00:02 iPhone SpringBoard[52] <Notice>: new year\n"
        let (_, input, _, _) = try Self.scan(Data(text.utf8), arguments: ["--year", "2025"])
        #expect((input["firstTimestamp"] as? String)?.hasPrefix("2025-12-31T23:59:58") == true)
        #expect((input["lastTimestamp"] as? String)?.hasPrefix("2026-01-01T00:00:02") == true)
    }

    @Test("an empty file is an input of no lines, and a run that read nothing exits with 3")
    func emptyFile() throws {
        let (result, input, findings, _) = try Self.scan(Data())
        #expect(result.status == 3)
        #expect(result.stderr.contains("scenelog: error: no logs were read"))
        #expect(input["lines"] as? Int == 0 && input["format"] is NSNull)
        #expect(findings.isEmpty)
    }

    @Test("a zip member named ../ is read in place, never written anywhere")
    func zipSlip() throws {
        let folder = try CommandRunner.temporaryFolder()
        let script = "import zipfile\nz = zipfile.ZipFile('evil.zip', 'w')\nz.writestr('../../evil.log', '''\(Self.notAdopted)\n''')\nz.close()\n"
        try Self.runPython(script, in: folder)
        let result = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", "evil.zip"], in: folder)
        #expect(result.stdout.contains("\"path\" : \"evil.zip!/../../evil.log\""))
        #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("evil.log").path))
    }

    @Test("a tar of 10,000 members is read member by member")
    func manyMembers() throws {
        let folder = try CommandRunner.temporaryFolder()
        let script = """
            import io, tarfile
            with tarfile.open('many.tar', 'w') as tar:
                for n in range(10000):
                    data = ('Oct  7 21:14:05 iPhone SpringBoard[52] <Notice>: member %d\\n' % n).encode()
                    info = tarfile.TarInfo('logs/m%05d.log' % n)
                    info.size = len(data)
                    tar.addfile(info, io.BytesIO(data))
            """
        try Self.runPython(script, in: folder)
        let result = try CommandRunner.run(["scan", "--fail-on", "never", "many.tar"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Scanned 10,000 inputs: 10,000 lines, 10,000 records"))
    }

    @Test("a file appended to while it is scanned is read to where it ended, every line accounted for")
    func growingFile() throws {
        let folder = try CommandRunner.temporaryFolder()
        let file = folder.appendingPathComponent("growing.log")
        let line = "Oct  7 21:14:05 iPhone SpringBoard[52] <Notice>: a line of the growing capture\n"
        try String(repeating: line, count: 200_000).write(to: file, atomically: true, encoding: .utf8)
        let writer = Thread {
            guard let handle = try? FileHandle(forWritingTo: file) else { return }
            for _ in 0..<50 {
                handle.seekToEndOfFile()
                handle.write(Data(String(repeating: line, count: 2_000).utf8))
                Thread.sleep(forTimeInterval: 0.005)
            }
            try? handle.close()
        }
        writer.start()
        let result = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", "growing.log"], in: folder)
        let input = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["inputs"] as? [[String: Any]]).first
        let lines = try #require(input?["lines"] as? Int)
        #expect((200_000...300_000).contains(lines))
        #expect(input?["records"] as? Int == lines)
        #expect(result.status == 0)
    }

    @Test("a reader that goes away ends a scan quietly")
    func closedPipe() throws {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["scan", "--format", "json", "--fail-on", "never", "Samples/"]
        process.currentDirectoryURL = CommandRunner.packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try out.fileHandleForReading.close()
        try process.run()
        process.waitUntilExit()
        #expect(err.fileHandleForReading.readDataToEndOfFile().isEmpty)
        #expect(process.terminationReason == .uncaughtSignal || process.terminationStatus == 0)
    }

    @Test("a report blocked on a pipe whose reader stalled ends at the first SIGTERM once the inputs are read")
    func stalledReaderFirstSignal() throws {
        let folder = try CommandRunner.temporaryFolder()
        // Some thousand findings: a report far larger than a pipe holds.
        try String(repeating: Self.notAdopted + "\n", count: 3_000).write(
            to: folder.appendingPathComponent("many.log"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["scan", "--format", "json", "--fail-on", "never", "many.log"]
        process.currentDirectoryURL = folder
        let out = Pipe()  // never read
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 3)
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let ended = !process.isRunning
        if !ended { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(ended, "still blocked 10 s after the first SIGTERM")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
    }

    @Test("Ctrl-C during a scan stops reading and still writes the report of what was read")
    func interruptedScan() throws {
        let folder = try CommandRunner.temporaryFolder()
        let line = "Oct  7 21:14:05 iPhone SpringBoard[52] <Notice>: a line of a long capture\n"
        try String(repeating: line, count: 1_500_000).write(to: folder.appendingPathComponent("long.log"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["scan", "--format", "json", "--jobs", "1", "long.log"]
        process.currentDirectoryURL = folder
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        Thread.sleep(forTimeInterval: 0.5)
        process.interrupt()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(errors.contains("interrupted: the report covers what was read until then"))
        let report = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        let lines = try #require((report["inputs"] as? [[String: Any]])?.first?["lines"] as? Int)
        #expect(lines > 0 && lines < 1_500_000)
    }
}
