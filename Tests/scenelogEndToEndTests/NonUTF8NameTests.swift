import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file name is bytes, not always UTF-8: a file whose name holds the byte 0xFF is read, in a
/// folder or named on the command line, and shown as `\xFF` in every output and diagnostic.
@Suite("file names that are not UTF-8", .serialized)
struct NonUTF8NameTests {
    /// A folder `logs` holding `bad-<0xFF>.log`, whose one line is a finding.
    static func folder() throws -> URL {
        let folder = try CommandRunner.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("logs"), withIntermediateDirectories: true)
        let path = Array(folder.path.utf8) + Array("/logs/bad-".utf8) + [0xFF] + Array(".log".utf8) + [0]
        let descriptor = path.withUnsafeBytes { open($0.bindMemory(to: CChar.self).baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        try #require(descriptor >= 0, "cannot create the file: \(String(cString: strerror(errno)))")
        let line = Array((HostileInputTests.notAdopted + "\n").utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        return folder
    }

    /// The JSON report's input paths and finding locations.
    static func paths(_ json: String) throws -> (inputs: [String], findings: [String]) {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let inputs = (report["inputs"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        let findings = (report["findings"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        return (inputs, findings)
    }

    @Test("named on the command line, or found in a folder", arguments: ["logs", "\"$(printf 'logs/bad-\\377.log')\""])
    func readAndShownEscaped(argument: String) throws {
        let folder = try Self.folder()
        let text = try CommandRunner.run(shellArguments: "scan --fail-on never \(argument)", in: folder)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("logs/bad-\\xFF.log  idevicesyslog    1 line: 1 record"))
        #expect(!text.stdout.unicodeScalars.contains { $0 == "\u{FFFD}" || $0.properties.generalCategory == .privateUse })
        let json = try CommandRunner.run(shellArguments: "scan --format json --fail-on never \(argument)", in: folder)
        let paths = try Self.paths(json.stdout)
        #expect(paths.inputs == ["logs/bad-\\xFF.log"])
        #expect(paths.findings == ["logs/bad-\\xFF.log"])
        let sarif = try CommandRunner.run(shellArguments: "scan --format sarif --fail-on never \(argument)", in: folder)
        #expect(sarif.stdout.contains("\"uri\" : \"logs/bad-%FF.log\""))
    }

    @Test("an .xz with such a name asking for a 1 GiB dictionary is refused before it is decoded, the byte shown")
    func xzWithAHugeDictionary() throws {
        let folder = try CommandRunner.temporaryFolder()
        let path = Array(folder.path.utf8) + Array("/big-".utf8) + [0xFF] + Array(".log.xz".utf8) + [0]
        let descriptor = path.withUnsafeBytes { open($0.bindMemory(to: CChar.self).baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        try #require(descriptor >= 0, "cannot create the file: \(String(cString: strerror(errno)))")
        _ = BoundedReadTests.hugeDictionaryHead.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let result = try CommandRunner.run(shellArguments: "scan --fail-on never \"$(printf 'big-\\377.log.xz')\"", in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("'big-\\xFF.log.xz': is xz-compressed with a 1024 MiB dictionary"), "\(result.stderr)")
    }

    @Test("a missing file with such a name is reported with the byte shown")
    func missingFile() throws {
        let folder = try Self.folder()
        let result = try CommandRunner.run(shellArguments: "scan --fail-on never \"$(printf 'logs/gone-\\376.log')\"", in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot open 'logs/gone-\\xFE.log': No such file or directory"))
    }
}
