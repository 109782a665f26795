import Foundation
import Testing

/// `scenelog` leaves OTLP export to `scenelog-otlp`, installed beside it: a run that asks for
/// export is handed over to that program (the other tests of `--otlp-endpoint` go through that
/// hand-over); here, what happens when it is not there, and that it is found through a link.
/// The variable `scenelog` sets for the program it hands a run over to (`CompanionProgram`).
enum CompanionMarker {
    static let name = "SCENELOG_HANDED_OVER"
}

@Suite("OTLP hand-over to scenelog-otlp", .serialized)
struct OTLPHandOverTests {
    static let capture = ["scan", "--fail-on", "never", "Samples/two-devices-idevicesyslog.log"]

    /// A new folder (links resolved) for one test.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenelog-hand-over-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.resolvingSymlinksInPath()
    }

    /// `scenelog` alone in a folder, no scenelog-otlp beside it: a hard link to the built program,
    /// so that no copy of it is open for writing when it is run (a process that another test starts
    /// meanwhile inherits such a file, and running the copy then fails with "Text file busy"); a
    /// copy when the folder is on another file system.
    static func lonelyScenelog(in folder: URL) throws -> String {
        let program = folder.appendingPathComponent("scenelog")
        do {
            try FileManager.default.linkItem(at: CommandRunner.binary, to: program)
        } catch {
            try FileManager.default.copyItem(at: CommandRunner.binary, to: program)
        }
        return program.path
    }

    @Test("--otlp-endpoint or --otlp-required without scenelog-otlp: a usage error naming where it was looked for, before anything is read")
    func missingWhenAsked() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenelog = try Self.lonelyScenelog(in: folder)
        for asking in [["--otlp-endpoint", "http://127.0.0.1:1"], ["--otlp-required"]] {
            let result = try CommandRunner.run(executable: scenelog, Self.capture + asking)
            #expect(result.status == 2, "\(asking)")
            #expect(result.stdout.isEmpty, "nothing was scanned")
            #expect(result.stderr.hasPrefix("scenelog: error: OTLP export needs scenelog-otlp installed beside scenelog: "), "\(result.stderr)")
            #expect(result.stderr.contains("'\(folder.path)/scenelog-otlp' could not be run (No such file or directory)"), "\(result.stderr)")
        }
    }

    @Test("an endpoint variable alone, without scenelog-otlp: one warning; the report and the exit code as without it")
    func missingWhenOnlyTheEnvironmentNamesAnEndpoint() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenelog = try Self.lonelyScenelog(in: folder)
        let plain = try CommandRunner.run(executable: scenelog, Self.capture)
        let named = try CommandRunner.run(
            executable: scenelog, Self.capture, environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:1"])
        #expect(named.status == plain.status)
        #expect(named.stdout == plain.stdout)
        let warning = "scenelog: warning: OTEL_EXPORTER_OTLP_ENDPOINT is set, but the launches are not sent: OTLP export needs "
            + "scenelog-otlp installed beside scenelog: '\(folder.path)/scenelog-otlp' could not be run (No such file or directory)\n"
        #expect(named.stderr == warning + plain.stderr)
    }

    @Test("a scenelog-otlp that is scenelog itself (a link) hands the run back once: a usage error, no loop")
    func notTheExportingProgram() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenelog = try Self.lonelyScenelog(in: folder)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("scenelog-otlp"), withDestinationURL: URL(fileURLWithPath: scenelog))
        let result = try CommandRunner.run(executable: scenelog, Self.capture + ["--otlp-endpoint", "http://127.0.0.1:1"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("'\(folder.path)/scenelog-otlp' handed the run back: it is not scenelog-otlp"), "\(result.stderr)")
    }

    @Test("the hand-over's variable inherited from outside (any value but the pid) is no hand-back")
    func inheritedMarkerIgnored() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenelog = try Self.lonelyScenelog(in: folder)
        for value in ["", "1"] {
            let result = try CommandRunner.run(
                executable: scenelog, Self.capture + ["--otlp-endpoint", "http://127.0.0.1:1"], environment: [CompanionMarker.name: value])
            #expect(result.status == 2)
            #expect(result.stderr.contains("'\(folder.path)/scenelog-otlp' could not be run (No such file or directory)"), "\(result.stderr)")
        }
    }

    @Test("scenelog-otlp does not pass the hand-over on to the programs it starts")
    func markerIsForgotten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // watch starts idevicesyslog from PATH: a stand-in that notes the marker it sees and ends.
        let marker = folder.appendingPathComponent("marker.txt")
        try CommandRunner.writeScript(
            "#!/bin/sh\necho \"${\(CompanionMarker.name):-none}\" > '\(marker.path)'\n", to: folder.appendingPathComponent("idevicesyslog"))
        let receiver = try OTLPReceiver()
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        // Standard input that is not a stream, so that watch starts idevicesyslog.
        let result = try CommandRunner.run(
            executable: "/bin/sh",
            ["-c", "exec '\(CommandRunner.binary.path)' watch --format ndjson --udid TESTUDID --otlp-endpoint \(receiver.endpoint) < /dev/null"],
            environment: ["PATH": path])
        #expect((try? String(contentsOf: marker, encoding: .utf8)) == "none\n", "\(result.status) \(result.stderr)")
    }

    @Test("scenelog reached through a link hands over to the scenelog-otlp beside the file it links to")
    func throughALink() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("scenelog")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: CommandRunner.binary)
        let receiver = try OTLPReceiver()
        let result = try CommandRunner.run(executable: link.path, Self.capture + ["--otlp-endpoint", receiver.endpoint])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("scenelog: note: sent 2 launches to \(receiver.endpoint)/v1/traces"), "\(result.stderr)")
        #expect(try receiver.spans().filter { $0.name == "app.launch" }.count == 2)
    }
}
