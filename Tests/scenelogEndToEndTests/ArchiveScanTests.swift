import Foundation
import TestSupport
import Testing

/// Archives as teams keep them: a sysdiagnose-shaped tarball, gzipped captures, broken and
/// hostile members.
@Suite("archive scanning", .serialized)
struct ArchiveScanTests {
    static let top = "sysdiagnose_2025.06.03_10-00-00-0700_iPhone-OS_iPhone_22F76"

    /// Runs a shell command in `folder`.
    static func shell(_ command: String, in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(command)")
    }

    /// A new folder holding one sample log as `a.log`.
    static func folderWithASample() throws -> URL {
        let folder = try CommandRunner.temporaryFolder()
        try FileManager.default.copyItem(
            at: CommandRunner.packageRoot.appendingPathComponent("Samples/two-devices-idevicesyslog.log"),
            to: folder.appendingPathComponent("a.log"))
        return folder
    }

    /// A sysdiagnose-shaped `.tar.gz`: logs in three formats (one gzipped), the two crash
    /// reports, a logarchive, and optionally a corrupt and a bomb member.
    static func sysdiagnose(hostile: Bool) throws -> URL {
        let folder = try CommandRunner.temporaryFolder()
        let samples = CommandRunner.packageRoot.appendingPathComponent("Samples").path
        var script = """
            set -e
            mkdir -p \(top)/logs/Console \(top)/crashes_and_spins \(top)/system_logs.logarchive/Persist
            cp '\(samples)/idevicesyslog-1.4-microseconds-watchdog.log' \(top)/logs/device.log
            cp '\(samples)/console-export-library-column-sigabrt.txt' \(top)/logs/Console/export.txt
            gzip -c '\(samples)/two-devices-idevicesyslog.log' > \(top)/logs/two-devices.log.gz
            cp '\(samples)/log-ndjson-ios27-trap.ndjson' \(top)/logs/stream.ndjson
            cp '\(samples)/crash-report-watchdog-scene-create.ips' \(top)/crashes_and_spins/TripPlanner-2024-02-15-080505.ips
            cp '\(samples)/crash-report-sigabrt.ips' \(top)/crashes_and_spins/Shiftboard-2024-02-15-081010.ips
            printf 'tracev3' > \(top)/system_logs.logarchive/Persist/0000000000000001.tracev3
            printf 'binary' > \(top)/ps.plist
            """
        if hostile {
            script += """

                gzip -c '\(samples)/idevicesyslog-1.3-flutter-scene-adopted.log' | head -c 600 > \(top)/logs/cut.log.gz
                yes 'Mar  3 09:41:47.193741 SpringBoard(FrontBoard)[52] <Notice>: again' | head -c 67108864 | gzip -c > \(top)/logs/bomb.log.gz
                """
        }
        script += "\ntar -czf \(top).tar.gz \(top)\n"
        try shell(script, in: folder)
        return folder
    }

    static func report(_ arguments: [String], in folder: URL) throws -> (result: CommandResult, json: [String: Any]) {
        let result = try CommandRunner.run(["scan", "--format", "json"] + arguments, in: folder)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (result, json)
    }

    @Test("every planted finding, with archive!/member:line locations; crash reports linked; the logarchive named")
    func sysdiagnoseTarball() throws {
        let folder = try Self.sysdiagnose(hostile: false)
        let (result, json) = try Self.report(["\(Self.top).tar.gz"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let prefix = "\(Self.top).tar.gz!/\(Self.top)/"
        let inputs = try #require(json["inputs"] as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: inputs.map { ($0["path"] as? String ?? "", $0) })
        #expect(byPath[prefix + "logs/device.log"]?["format"] as? String == "idevicesyslog")
        #expect(byPath[prefix + "logs/Console/export.txt"]?["format"] as? String == "console-export")
        #expect(byPath[prefix + "logs/two-devices.log.gz"]?["format"] as? String == "idevicesyslog")
        #expect(byPath[prefix + "logs/stream.ndjson"]?["format"] as? String == "log-ndjson")
        #expect(byPath[prefix + "crashes_and_spins/TripPlanner-2024-02-15-080505.ips"]?["format"] as? String == "ips")
        #expect(byPath[prefix + "ps.plist"] == nil, "not a log name")
        let logarchive = try #require(byPath[prefix + "system_logs.logarchive"])
        let note = try #require(logarchive["note"] as? String)
        #expect(note.contains("log show --archive '\(Self.top)/system_logs.logarchive' --style ndjson"))
        #expect(note.contains("tar -xf"))

        let findings = try #require(json["findings"] as? [[String: Any]])
        func found(_ rule: String, in member: String) -> [[String: Any]] {
            findings.filter { $0["rule"] as? String == rule && $0["path"] as? String == prefix + member }
        }
        // One watchdog kill told over three lines is one finding.
        #expect(found("launch-watchdog-termination", in: "logs/device.log").map { $0["line"] as? Int } == [42])
        #expect(!found("root-view-controller-missing", in: "logs/Console/export.txt").isEmpty)
        #expect(found("launch-watchdog-termination", in: "logs/two-devices.log.gz").count == 1)
        #expect(!found("scene-lifecycle-required", in: "logs/stream.ndjson").isEmpty)

        // Each crash report joins the launch with its bundle and pid.
        let launches = try #require(json["launches"] as? [[String: Any]])
        func launch(_ id: Any?) -> [String: Any]? { launches.first { $0["id"] as? String == id as? String } }
        // The watchdog kill's crash report is the evidence of the log's finding of that kill.
        #expect(found("launch-watchdog-termination", in: "crashes_and_spins/TripPlanner-2024-02-15-080505.ips").isEmpty)
        let watchdog = try #require(found("launch-watchdog-termination", in: "logs/device.log").first)
        let evidence = (watchdog["evidence"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
        #expect(evidence.contains { $0.hasSuffix("crashes_and_spins/TripPlanner-2024-02-15-080505.ips") })
        #expect(launch(watchdog["launch"])?["bundle"] as? String == "io.waypoint.tripplanner")
        #expect(launch(watchdog["launch"])?["pid"] as? Int == 796)
        let abort = try #require(found("crash-report", in: "crashes_and_spins/Shiftboard-2024-02-15-081010.ips").first)
        #expect((abort["data"] as? [String: String])?["signal"] == "SIGABRT")
        #expect(launch(abort["launch"])?["bundle"] as? String == "io.kestrel.shiftboard")
        #expect(launch(abort["launch"])?["pid"] as? Int == 812)

        // Text output names members the same way: a heading per member, its findings' lines under it.
        let text = try CommandRunner.run(["scan", "--fail-on", "never", "\(Self.top).tar.gz"], in: folder)
        let section = text.stdout.components(separatedBy: "\n\n").first { $0.hasPrefix(prefix + "logs/device.log\n") }
        #expect(section?.contains("  line 42\n") == true)
    }

    @Test("a corrupt member and a bomb member each give their error; the rest is still reported")
    func hostileMembers() throws {
        let folder = try Self.sysdiagnose(hostile: true)
        let (result, json) = try Self.report(["--max-expansion-ratio", "200", "\(Self.top).tar.gz"], in: folder)
        #expect(result.status == 3)
        let prefix = "\(Self.top).tar.gz!/\(Self.top)/"
        #expect(result.stderr.contains("'\(prefix)logs/cut.log.gz"))
        #expect(result.stderr.contains("'\(prefix)logs/bomb.log.gz': expands more than 200 times"))
        #expect(result.stderr.contains("decompression bomb"))
        let inputs = try #require(json["inputs"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(inputs.contains(prefix + "logs/device.log"))
        #expect(inputs.contains(prefix + "crashes_and_spins/Shiftboard-2024-02-15-081010.ips"))
        #expect(inputs.contains(prefix + "system_logs.logarchive"))
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["path"] as? String == prefix + "logs/two-devices.log.gz" })
    }

    @Test("link members are named with a note, never followed: a hard link to a member, a symbolic link out of the archive; a FIFO is passed over with a note")
    func linkMembers() throws {
        let folder = try Self.folderWithASample()
        try Self.shell("ln a.log b.log && ln -s /etc/passwd c.log && mkfifo d.log && tar -czf links.tar.gz a.log b.log c.log d.log", in: folder)
        let (result, json) = try Self.report(["--fail-on", "never", "links.tar.gz"], in: folder)
        #expect(result.status == 0)
        let inputs = try #require(json["inputs"] as? [[String: Any]])
        let notes = Dictionary(uniqueKeysWithValues: inputs.map { ($0["path"] as? String ?? "", $0["note"] as? String) })
        #expect(notes["links.tar.gz!/b.log"] == "a hard link to 'a.log' in the archive, not read: its lines are that member's")
        #expect(notes["links.tar.gz!/c.log"] == "a symbolic link (to '/etc/passwd'), not followed")
        #expect(notes["links.tar.gz!/d.log"] == "is not a regular file (a device or a FIFO): passed over")
        #expect(!result.stdout.contains("root:"), "the link is not followed")
    }

    /// A member whose bytes are another compressor's than its name says: libarchive hands lrzip
    /// and lzop data to a program of that name found through `PATH`, the folder scenelog runs in
    /// included when `PATH` names it. scenelog enables only the filters libarchive decodes itself.
    @Test("compressed data of a kind libarchive leaves to an external program runs no program: the member is an error")
    func noExternalDecompressor() throws {
        let folder = try CommandRunner.temporaryFolder()
        try CommandRunner.writeScript("#!/bin/sh\ntouch '\(folder.path)/ran'\ncat >/dev/null\n", to: folder.appendingPathComponent("lrzip"))
        try CommandRunner.writeScript("#!/bin/sh\ntouch '\(folder.path)/ran'\ncat >/dev/null\n", to: folder.appendingPathComponent("lzop"))
        try Self.shell(
            #"printf 'LRZI\000\006\000\000\000\000\000\000\000\000xxxxxxxx' > inner.gz && printf '\211LZO\000\r\n\032\nxxxxxxxx' > other.gz && tar cf capture.tar inner.gz other.gz && gzip -c inner.gz > top.log.gz"#,
            in: folder)
        for input in ["capture.tar", "top.log.gz"] {
            let result = try CommandRunner.run(["scan", "--fail-on", "never", input], in: folder, environment: ["PATH": ".:/usr/bin:/bin"])
            #expect(result.status == 3, "\(input): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("ran").path), "\(input)")
        }
    }

    /// xz inside gzip: the check of an xz stream's dictionary is made of the file, which is gzip.
    @Test("a stream compressed twice is an error of its input, not read")
    func compressedTwice() throws {
        let folder = try Self.folderWithASample()
        try Self.shell("xz -c a.log | gzip -c > twice.log.gz && gzip -c a.log > once.log.gz", in: folder)
        let result = try CommandRunner.run(["scan", "--fail-on", "never", "twice.log.gz", "once.log.gz"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot read 'twice.log.gz': is compressed more than once (one compressed stream inside another); decompress it first"))
        #expect(result.stdout.contains("once.log.gz"))
    }

    @Test("a truncated tarball reports the error and keeps the members before the cut")
    func truncatedTarball() throws {
        let folder = try Self.sysdiagnose(hostile: false)
        try Self.shell("head -c 3000 \(Self.top).tar.gz > cut.tar.gz", in: folder)
        let result = try CommandRunner.run(["scan", "--format", "json", "cut.tar.gz"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("cut.tar.gz"))
    }

    @Test("--include and --exclude choose archive members and folder files")
    func globs() throws {
        let folder = try Self.sysdiagnose(hostile: false)
        let prefix = "\(Self.top).tar.gz!/\(Self.top)/"
        let (_, onlyIPS) = try Self.report(["--include", "*.ips", "\(Self.top).tar.gz"], in: folder)
        let paths = try #require(onlyIPS["inputs"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(paths.filter { !$0.hasSuffix(".logarchive") }.allSatisfy { $0.hasSuffix(".ips") })
        #expect(paths.count == 3)
        let (_, noGz) = try Self.report(["--exclude", "*.gz", "--exclude", "*/crashes_and_spins/*", "\(Self.top)"], in: folder)
        let walked = try #require(noGz["inputs"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(walked.contains("\(Self.top)/logs/device.log"))
        #expect(!walked.contains { $0.hasSuffix(".gz") || $0.contains("crashes_and_spins") })
        #expect(walked.contains("\(Self.top)/system_logs.logarchive"))
        _ = prefix
    }

    @Test("--jobs 2 gives the same report as --jobs 1")
    func deterministicOrder() throws {
        let folder = try Self.sysdiagnose(hostile: false)
        let one = try CommandRunner.run(["scan", "--format", "json", "--jobs", "1", Self.top, "\(Self.top).tar.gz"], in: folder)
        let two = try CommandRunner.run(["scan", "--format", "json", "--jobs", "2", Self.top, "\(Self.top).tar.gz"], in: folder)
        #expect(one.stdout == two.stdout)
        #expect(one.stdout.contains("\"L9\""))
    }

    @Test("a zip of logs and a gzipped capture are read; --max-expanded-size stops a member")
    func zipAndGzip() throws {
        let folder = try CommandRunner.temporaryFolder()
        let samples = CommandRunner.packageRoot.appendingPathComponent("Samples").path
        let python = try RequiredTool.python3.locate()
        try Self.shell(
            """
            set -e
            gzip -c '\(samples)/idevicesyslog-1.4-microseconds-watchdog.log' > capture.log.gz
            '\(python)' -c "import zipfile; z = zipfile.ZipFile('artifacts.zip', 'w', zipfile.ZIP_DEFLATED); \
            z.write('\(samples)/console-export-library-column-sigabrt.txt', 'ci/console.txt'); z.close()"
            """, in: folder)
        let (result, json) = try Self.report(["capture.log.gz", "artifacts.zip"], in: folder)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let paths = try #require(json["inputs"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(paths == ["capture.log.gz", "artifacts.zip!/ci/console.txt"])
        let limited = try CommandRunner.run(["scan", "--max-expanded-size", "4K", "capture.log.gz"], in: folder)
        #expect(limited.status == 3)
        #expect(limited.stderr.contains("'capture.log.gz': expands to more than 4096 bytes"))
    }

    #if os(Linux)
        @Test("a libarchive that cannot be used: each archive says so and why, plain logs still scan, exit 3")
        func unusableLibarchive() throws {
            let folder = try CommandRunner.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let samples = CommandRunner.packageRoot.appendingPathComponent("Samples").path
            try Self.shell("cp '\(samples)/two-devices-idevicesyslog.log' plain.log && tar -czf capture.tar.gz plain.log", in: folder)
            // A library that is not libarchive, found first under libarchive's name (built with the
            // toolchain's clang): it lacks every archive function.
            try Self.shell(
                "mkdir lib && echo 'int stand_in(void) { return 0; }' > lib/stand-in.c "
                    + "&& clang -shared -fPIC -o lib/libarchive.so.13 lib/stand-in.c", in: folder)
            let libraries = folder.appendingPathComponent("lib")
            let result = try CommandRunner.run(
                ["scan", "--fail-on", "never", "capture.tar.gz", "plain.log"], in: folder, environment: ["LD_LIBRARY_PATH": libraries.path])
            #expect(result.status == 3)
            #expect(
                result.stderr.contains(
                    "scenelog: error: cannot open 'capture.tar.gz': libarchive, which reads archives, could not be loaded "
                        + "(libarchive.so.13 lacks archive_read_new); install libarchive (libarchive13 on Debian and Ubuntu)\n"),
                "\(result.stderr)")
            #expect(result.stdout.contains("Scanned 1 input: 101 lines"), "\(result.stdout)")
        }
    #endif
}
