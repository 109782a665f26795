import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files read whole (settings, rules, baselines, crash reports) have a cap and must be regular
/// files; links out of a scanned folder are not followed; archives that hold nothing are errors.
@Suite("bounded reads", .serialized)
struct BoundedReadTests {
    static let line = "Jun 20 13:42:52 iPhone locationd[59] <Notice>: one\n"

    /// Runs scenelog in `folder`, killing it (and failing) after `seconds`: a hang is a failure,
    /// not a stuck suite.
    static func run(_ arguments: [String], in folder: URL, within seconds: Double = 30) throws -> CommandResult {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let outURL = folder.appendingPathComponent(".out-\(UUID().uuidString)")
        let errURL = folder.appendingPathComponent(".err-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: outURL.path, contents: nil))
        #expect(FileManager.default.createFile(atPath: errURL.path, contents: nil))
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        let finished = !process.isRunning
        if !finished {
            process.terminate()
        }
        process.waitUntilExit()
        #expect(finished, "scenelog \(arguments.joined(separator: " ")) did not finish within \(seconds) s")
        return CommandResult(
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self), status: process.terminationStatus)
    }

    /// A folder with a log to scan and a FIFO named `fifo`.
    static func folder() throws -> URL {
        let folder = try CommandRunner.temporaryFolder()
        try Data(line.utf8).write(to: folder.appendingPathComponent("a.log"))
        #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0)
        return folder
    }

    @Test("--config, --rules and --baseline refuse /dev/zero and a FIFO at once, with exit 2")
    func devicesAndFIFOs() throws {
        let folder = try Self.folder()
        let cases: [(arguments: [String], message: String)] = [
            (["scan", "--config", "/dev/zero"], "/dev/zero: is not a regular file (a device)"),
            (["scan", "--config", "fifo"], "fifo: is not a regular file (a FIFO)"),
            (["scan", "--rules", "/dev/zero"], "/dev/zero: is not a regular file (a device)"),
            (["scan", "--rules", "fifo"], "fifo: is not a regular file (a FIFO)"),
            (["scan", "--rules", "."], ".: is not a regular file (a folder)"),
            (["report", "--baseline", "/dev/zero"], "baseline '/dev/zero' is not a regular file (a device)"),
            (["report", "--baseline", "fifo"], "baseline 'fifo' is not a regular file (a FIFO)"),
        ]
        for (arguments, message) in cases {
            let result = try Self.run(arguments + ["a.log"], in: folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test("watch --follow of a FIFO with no writer is refused at once, not waited on deaf to signals")
    func followedFIFO() throws {
        let folder = try Self.folder()
        let result = try Self.run(["watch", "--follow", "fifo"], in: folder, within: 10)
        #expect(result.status != 0)
        #expect(result.stderr.contains("'fifo' is not a regular file; pipe it instead: cat 'fifo' | scenelog watch"), "\(result.stderr)")
    }

    /// dotnet/maui#9056: a bug report quotes the `termination` member of an `.ips`, hard-wrapped.
    @Test("a .ips excerpt that is no crash report but whose lines tell a watchdog kill is read as a log, with a note")
    func crashReportExcerptReadAsALog() throws {
        let folder = try Self.folder()
        let excerpt = """
              "exception" : {"codes":"0x0000000000000000, 0x0000000000000000","rawCodes":[0,0],"type":"EXC_CRASH","signal":"SIGKILL"},
              "termination" : {"code":2343432205,"flags":6,"namespace":"FRONTBOARD","reasons":[
                              <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog
                              transgression: application<com.companyname.mauiapp7>:492 exhausted real (wall clock)
                              time allowance of 0.68 seconds","ProcessVisibility: Foreground","ProcessState:

            """
        try Data(excerpt.utf8).write(to: folder.appendingPathComponent("excerpt.ips"))
        let result = try Self.run(["scan", "--fail-on", "never", "excerpt.ips"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("launch-watchdog-termination"), "\(result.stdout)")
        #expect(result.stdout.contains("not a crash report that can be read: read as a log"), "\(result.stdout)")
    }

    @Test("a .ips whose header is damaged is an error naming it (exit 3), not a log with nothing in it")
    func damagedCrashReportHeader() throws {
        let folder = try Self.folder()
        try Data("{\"app_name\": \n{\"exception\" : {\"type\" : \"EXC_CRASH\"}}\n".utf8).write(to: folder.appendingPathComponent("cut.ips"))
        let result = try Self.run(["scan", "cut.ips", "a.log"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("'cut.ips' is not a crash report that can be read"), "\(result.stderr)")
        #expect(result.stdout.contains("Scanned 2 inputs"), "a.log was still scanned")
        // A metadata line past the bound is said to be one.
        let padded = "{\"app_name\":\"Shiftboard\",\"bug_type\":\"309\",\"pad\":\"" + String(repeating: "A", count: 70_000) + "\"}\n{\"pid\":812}\n"
        try Data(padded.utf8).write(to: folder.appendingPathComponent("long.ips"))
        let long = try Self.run(["scan", "long.ips"], in: folder)
        #expect(long.status == 3)
        #expect(long.stderr.contains("'long.ips' is not a crash report that can be read: its first line, the report's metadata, is over 64 KiB"))
    }

    @Test("a user rule's explanation and fix reach a Markdown report escaped: no terminal sequence, no HTML")
    func userRuleTextInMarkdown() throws {
        let folder = try Self.folder()
        let rules = #"""
            rules:
              - id: own-rule
                severity: warning
                message: "m"
                pattern: "one"
                explanation: "\e[2J</script><img src=x onerror=alert(1)>\a"
                fix: "\e]8;;http://example.com\e\\here"

            """#
        try Data(rules.utf8)
            .write(to: folder.appendingPathComponent("rules.yml"))
        let result = try Self.run(["report", "--rules", "rules.yml", "--format", "markdown", "--fail-on", "never", "a.log"], in: folder)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{7}") && !result.stdout.contains("<img"))
        #expect(result.stdout.contains(#"\u{1b}[2J&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;\u{7}"#), "\(result.stdout)")
    }

    @Test("an automatic ./.scenelog.yml linked to /dev/zero is refused, not read forever")
    func automaticConfigurationLinkedToADevice() throws {
        let folder = try Self.folder()
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(".scenelog.yml").path, withDestinationPath: "/dev/zero")
        let result = try Self.run(["scan", "a.log"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".scenelog.yml: is not a regular file (a device)"))
    }

    @Test("settings over 1 MiB are refused with exit 2, naming the cap")
    func oversizedConfiguration() throws {
        let folder = try Self.folder()
        try Data(("# " + String(repeating: "x", count: 1 << 20) + "\n").utf8).write(to: folder.appendingPathComponent("big.yml"))
        let result = try Self.run(["scan", "--config", "big.yml", "a.log"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("big.yml: is more than 1 MiB; settings and rules files are read up to 1 MiB"))
    }

    @Test("a crash report over 16 MiB is an input error (exit 3), after the other inputs are scanned")
    func oversizedCrashReport() throws {
        let folder = try Self.folder()
        var bytes = Data("{\"bug_type\":\"309\"}\n".utf8)
        bytes.append(Data(repeating: UInt8(ascii: "x"), count: 20 << 20))
        try bytes.write(to: folder.appendingPathComponent("big.ips"))
        let result = try Self.run(["scan", "big.ips", "a.log"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("'big.ips' is 20 MiB; crash reports are read up to 16 MiB"))
        #expect(result.stdout.contains("a.log  idevicesyslog"))
    }

    @Test("a link out of the scanned folder is skipped with a warning, read with --follow-links")
    func linkOutOfTheFolder() throws {
        let folder = try Self.folder()
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        try Data(Self.line.utf8).write(to: logs.appendingPathComponent("device.log"))
        try Data("a secret line\n".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        let secret = try #require(realpath(folder.appendingPathComponent("secret.txt").path, nil))
        defer { free(secret) }
        try FileManager.default.createSymbolicLink(
            atPath: logs.appendingPathComponent("x.log").path, withDestinationPath: String(cString: secret))
        let skipped = try Self.run(["scan", "-v", "logs"], in: folder)
        #expect(skipped.status == 0)
        #expect(
            skipped.stderr.contains(
                "warning: 'logs/x.log' links outside the scanned folders (to '\(String(cString: secret))'); not read (--follow-links reads it)"))
        #expect(!skipped.stdout.contains("secret") && !skipped.stderr.contains("a secret line"))
        #expect(skipped.stdout.contains("Scanned 1 input"))
        let followed = try Self.run(["scan", "-v", "--follow-links", "logs"], in: folder)
        #expect(followed.stdout.contains("logs/x.log") && followed.stdout.contains("Scanned 2 inputs"))
        #expect(!followed.stderr.contains("links outside"))
        let named = try Self.run(["scan", "-v", "logs/x.log"], in: folder)
        #expect(named.stdout.contains("Scanned 1 input") && named.stdout.contains("logs/x.log"))
    }

    @Test("a legacy text crash report inside a tarball is read as a crash report")
    func textCrashReportInATarball() throws {
        let folder = try Self.folder()
        let crash = """
            Incident Identifier: 13917FF0-E1B1-4652-84C2-85516D101DFE
            Process:             BepXanh [692]
            Identifier:          com.example.bepxanh
            Exception Type:  EXC_CRASH (SIGKILL)
            Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
            Termination Description: SPRINGBOARD, scene-create watchdog transgression: com.example.bepxanh exhausted real (wall clock) time allowance of 19.94 seconds
            Triggered by Thread:  0

            """
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("t"), withIntermediateDirectories: true)
        try Data(crash.utf8).write(to: folder.appendingPathComponent("t/crash.txt"))
        try Data(Self.line.utf8).write(to: folder.appendingPathComponent("t/device.log"))
        try ArchiveScanTests.shell("tar czf t.tar.gz t && gzip -c t/crash.txt > crash.txt.gz", in: folder)
        for name in ["t.tar.gz", "crash.txt.gz"] {
            let result = try Self.run(["scan", "--format", "json", "--fail-on", "never", name], in: folder)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(!result.stderr.contains("name the file instead"))
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let findings = report["findings"] as? [[String: Any]] ?? []
            #expect(findings.map { $0["rule"] as? String } == ["launch-watchdog-termination"], "\(name)")
        }
    }

    @Test("a gzip of zeros and an empty .gz are input errors (exit 3), as the same bytes uncompressed are")
    func compressedFilesHoldingNothing() throws {
        let folder = try Self.folder()
        try ArchiveScanTests.shell("head -c 100000 /dev/zero | gzip > zeros.gz && : | gzip > empty.gz", in: folder)
        for name in ["zeros.gz", "empty.gz"] {
            let result = try Self.run(["scan", name, "a.log"], in: folder)
            #expect(result.status == 3, "\(name)")
            #expect(result.stderr.contains("'\(name)' holds nothing to scan (an empty or unreadable compressed file)"))
        }
    }

    /// The stream header and first block header xz writes for `--lzma2=dict=1GiB` (XZDictionaryTests).
    static let hugeDictionaryHead: [UInt8] = [
        0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04, 0xE6, 0xD6, 0xB4, 0x46,
        0x02, 0x00, 0x21, 0x01, 0x24, 0x00, 0x00, 0x00, 0x5E, 0x1F, 0xC7, 0xF9,
    ]

    @Test("an .xz file asking for a dictionary past xz -9's is an input error (exit 3) naming it, after the other inputs are scanned")
    func xzWithAHugeDictionary() throws {
        let folder = try Self.folder()
        try Data(Self.hugeDictionaryHead).write(to: folder.appendingPathComponent("big.log.xz"))
        let result = try Self.run(["scan", "--fail-on", "never", "big.log.xz", "a.log"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("'big.log.xz': is xz-compressed with a 1024 MiB dictionary"))
        #expect(result.stdout.contains("a.log"), "the other input is scanned")
    }

    @Test("an .xz whose second stream asks for a 1 GiB dictionary, and one inside a tar, are refused by name before they are decoded")
    func xzWithAHugeDictionaryFurtherOn() throws {
        let folder = try Self.folder()
        try Data(Self.hugeDictionaryHead).write(to: folder.appendingPathComponent("big.log.xz"))
        try ArchiveScanTests.shell(
            "(xz -c a.log; head -c 1000000 /dev/zero | xz --lzma2=dict=1GiB) > two.log.xz && tar -cf night.tar big.log.xz",
            in: folder)
        let result = try Self.run(["scan", "--fail-on", "never", "two.log.xz", "night.tar", "a.log"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("'two.log.xz': is xz-compressed with a 1024 MiB dictionary"), "\(result.stderr)")
        #expect(result.stderr.contains("big.log.xz") && result.stderr.contains("1024 MiB dictionary"), "\(result.stderr)")
        #expect(result.stdout.contains("a.log"), "the other input is scanned")
    }
}
