import Foundation
import Testing

/// `scenelog init`: a commented `.scenelog.yml` that loads as it is and does what its comments say.
@Suite("init")
struct InitCommandTests {
    @Test("the file written loads as it is, changes nothing, and each setting works once uncommented")
    func templateLoads() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try CommandRunner.run(["init"], in: folder)
        #expect(made.status == 0)
        let file = folder.appendingPathComponent(".scenelog.yml")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("#   scene-lifecycle-required"))
        let sample = CommandRunner.packageRoot.appendingPathComponent("Samples/slow-launch-hang-main-thread-io.txt").path
        let plain = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", sample])
        let asWritten = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", sample], in: folder)
        #expect(asWritten.status == 0, "\(asWritten.stderr)")
        #expect(asWritten.stdout == plain.stdout)
        #expect(plain.stdout.contains("main-thread-io-at-launch"))

        // Uncomment the disabled_rules example: main-thread-io-at-launch is gone.
        let uncommented = text.replacingOccurrences(of: "# disabled_rules:", with: "disabled_rules:")
            .replacingOccurrences(of: "#   - unknown-interface-builder-class", with: "  - unknown-interface-builder-class")
            .replacingOccurrences(of: "#   - main-thread-io-at-launch", with: "  - main-thread-io-at-launch")
            .replacingOccurrences(of: "# thresholds:", with: "thresholds:")
            .replacingOccurrences(of: "#   hang_seconds: 1", with: "  hang_seconds: 1")
        try uncommented.write(to: file, atomically: true, encoding: .utf8)
        let tuned = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", sample], in: folder)
        #expect(tuned.status == 0, "\(tuned.stderr)")
        #expect(!tuned.stdout.contains("\"main-thread-io-at-launch\""))
    }

    @Test("an existing file is kept unless --force; --output - prints the file")
    func existingFileKept() throws {
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("team.yml")
        try Data("disabled_rules: []\n".utf8).write(to: file)
        let refused = try CommandRunner.run(["init", "--output", "team.yml"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("'team.yml' already exists"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "disabled_rules: []\n")
        #expect(try CommandRunner.run(["init", "--output", "team.yml", "--force"], in: folder).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("# scenelog settings"))
        // A link that leads nowhere is not written through unasked.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(".scenelog.yml").path, withDestinationPath: "elsewhere.txt")
        let throughLink = try CommandRunner.run(["init"], in: folder)
        #expect(throughLink.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere.txt").path))
        let printed = try CommandRunner.run(["init", "--output", "-"], in: folder)
        #expect(printed.stdout.hasPrefix("# scenelog settings"))
    }
}
