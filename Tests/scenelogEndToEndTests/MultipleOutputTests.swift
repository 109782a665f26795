import Foundation
import Testing

/// `--output FORMAT=PATH`, repeated: one run, several reports.
@Suite("several outputs")
struct MultipleOutputTests {
    static let sample = CommandRunner.packageRoot.appendingPathComponent("Samples/black-screen-no-default-configuration.log").path

    @Test("each FORMAT=PATH output is written in its format, and nothing goes to standard output")
    func everyOutputIsWritten() throws {
        let folder = try CommandRunner.temporaryFolder()
        let result = try CommandRunner.run(
            [
                "report", "--fail-on", "never", "--output", "json=night.json", "--output", "html=night.html", "-o", "sarif=night.sarif",
                "--output", "markdown=night.md", "--output", "junit=night.xml", Self.sample,
            ], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        func read(_ name: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(read("night.json").utf8)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        #expect(try read("night.html").hasPrefix("<!DOCTYPE html>"))
        #expect(try read("night.sarif").contains("\"version\" : \"2.1.0\""))
        #expect(try read("night.md").hasPrefix("## scenelog: "))
        #expect(try read("night.xml").hasPrefix("<?xml"))
    }

    @Test("a plain --output keeps --format; FORMAT=PATH outputs go beside it; /dev/stdout is standard output")
    func plainOutputBesideNamedOnes() throws {
        let folder = try CommandRunner.temporaryFolder()
        let result = try CommandRunner.run(
            ["scan", "--fail-on", "never", "--format", "json", "--output", "plain.json", "--output", "github=/dev/stdout", Self.sample],
            in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: folder.appendingPathComponent("plain.json"), encoding: .utf8).contains("\"schemaVersion\" : 1"))
        #expect(result.stdout.hasPrefix("::"))
    }

    @Test("an output named twice, two plain outputs, or an output that is an input are refused before anything is read")
    func refusedOutputs() throws {
        let folder = try CommandRunner.temporaryFolder()
        try Data("x\n".utf8).write(to: folder.appendingPathComponent("in.log"))
        let twice = try CommandRunner.run(["scan", "--output", "json=a", "--output", "html=a", "in.log"], in: folder)
        #expect(twice.status == 2 && twice.stderr.contains("--output 'a' is named twice"))
        let spelled = try CommandRunner.run(["scan", "--output", "json=a", "--output", "html=./a", "in.log"], in: folder)
        #expect(spelled.status == 2 && spelled.stderr.contains("--output './a' is named twice"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: "in.log")
        try FileManager.default.linkItem(atPath: folder.appendingPathComponent("in.log").path, toPath: folder.appendingPathComponent("hard").path)
        let linked = try CommandRunner.run(["scan", "--output", "json=link", "--output", "html=hard", "other.log"], in: folder)
        #expect(linked.status == 2 && linked.stderr.contains("--output 'hard' is the file 'link' named again"), "\(linked.stderr)")
        let plain = try CommandRunner.run(["scan", "--output", "a", "--output", "b", "in.log"], in: folder)
        #expect(plain.status == 2 && plain.stderr.contains("more than one --output names no format"))
        let input = try CommandRunner.run(["scan", "--output", "json=out.json", "--output", "html=in.log", "in.log"], in: folder)
        #expect(input.status == 2 && input.stderr.contains("--output 'in.log' is also an input"))
        #expect(try String(contentsOf: folder.appendingPathComponent("in.log"), encoding: .utf8) == "x\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
    }

    @Test("a misspelt format is refused with the one meant; '-' is standard output; a standard output closed at the start is no place for a report")
    func misspeltFormatDashAndClosedOutput() throws {
        let folder = try CommandRunner.temporaryFolder()
        let typo = try CommandRunner.run(["scan", "--output", "jsno=night.json", Self.sample], in: folder)
        #expect(typo.status == 2 && typo.stderr.contains("'jsno' is no format; did you mean 'json'? For a file of that name, write ./jsno=night.json"), "\(typo.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("jsno=night.json").path))
        let named = try CommandRunner.run(["scan", "--fail-on", "never", "--output", "./jsno=night.json", Self.sample], in: folder)
        #expect(named.status == 0 && FileManager.default.fileExists(atPath: folder.appendingPathComponent("jsno=night.json").path))
        let dash = try CommandRunner.run(["scan", "--fail-on", "never", "--output", "json=-", Self.sample], in: folder)
        #expect(dash.status == 0 && dash.stdout.contains("\"schemaVersion\" : 1"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
        let closed = try CommandRunner.run(shellArguments: "scan --fail-on never '\(Self.sample)' >&-", in: folder)
        #expect(closed.status == 3 && closed.stderr.contains("cannot write the report to standard output: it was closed when scenelog started"), "\(closed.stderr)")
    }

    @Test("a --history that is one of the inputs is refused before anything is read or recorded")
    func historyThatIsAnInput() throws {
        let folder = try CommandRunner.temporaryFolder()
        let logs = folder.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        try Data().write(to: logs.appendingPathComponent("empty.log"))
        let result = try CommandRunner.run(["report", "--record", "--history", "logs/empty.log", "logs"], in: folder)
        #expect(result.status == 2 && result.stderr.contains("--history 'logs/empty.log' is also an input; keep it in another file"), "\(result.stderr)")
        #expect(try Data(contentsOf: logs.appendingPathComponent("empty.log")).isEmpty)
    }

    @Test("an output that cannot be written costs that report only: the others are written, and the exit is 3")
    func oneFailingOutput() throws {
        let folder = try CommandRunner.temporaryFolder()
        let result = try CommandRunner.run(
            ["scan", "--fail-on", "never", "--output", "json=missing/a.json", "--output", "html=b.html", Self.sample], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot write 'missing/a.json'"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b.html").path))
    }
}
