import Foundation
import Testing

/// A run that read no record (an empty folder, empty files, nothing readable) is no success.
@Suite("nothing read")
struct NothingReadTests {
    static let message = "no logs were read"

    @Test("an empty folder exits with 3 and says no logs were read; --allow-empty exits 0", arguments: ["scan", "report"])
    func emptyFolder(command: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("logs"), withIntermediateDirectories: true)
        let result = try CommandRunner.run([command, "logs"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("scenelog: error: \(Self.message)"))
        #expect(result.stdout.contains("No logs were read"))
        let allowed = try CommandRunner.run([command, "--allow-empty", "logs"], in: folder)
        #expect(allowed.status == 0)
        #expect(allowed.stderr.contains("scenelog: warning: \(Self.message)"))
    }

    @Test("only empty files, or only unreadable inputs, exit with 3")
    func emptyFilesAndUnreadableInputs() throws {
        let folder = try CommandRunner.temporaryFolder()
        try Data().write(to: folder.appendingPathComponent("a.log"))
        try Data("\n\n".utf8).write(to: folder.appendingPathComponent("b.log"))
        let empty = try CommandRunner.run(["scan", "a.log", "b.log"], in: folder)
        #expect(empty.status == 3 && empty.stderr.contains(Self.message))
        let missing = try CommandRunner.run(["scan", "--allow-empty", "missing.log"], in: folder)
        #expect(missing.status == 3, "an input that cannot be read stays an input error")
    }

    @Test("the Markdown verdict, the HTML page, JUnit and SARIF say no logs were read")
    func reportsSayNothingWasRead() throws {
        let folder = try CommandRunner.temporaryFolder()
        try Data().write(to: folder.appendingPathComponent("a.log"))
        let result = try CommandRunner.run(
            ["report", "--format", "markdown", "--output", "html=a.html", "--output", "junit=a.xml", "--output", "sarif=a.sarif",
             "--output", "/dev/stdout", "a.log"], in: folder)
        #expect(result.status == 3)
        #expect(result.stdout.hasPrefix("## scenelog: ⚠️ no logs were read\n"))
        for name in ["a.html", "a.xml", "a.sarif"] {
            #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).contains("No logs were read"), "\(name)")
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("a.sarif"), encoding: .utf8).contains("\"executionSuccessful\" : false"))
    }
}
