import Foundation
import Testing
import TestSupport
import Yams

/// `Packaging/release.yml`: its build step is the README's, and its package step, run as GitHub
/// runs it, makes an archive of the binary, its completions and the README.
@Suite("release workflow")
struct ReleaseWorkflowTests {
    static func steps() throws -> [[String: Any]] {
        let url = CommandRunner.packageRoot.appendingPathComponent("Packaging/release.yml")
        let yaml = try #require(try Yams.load(yaml: String(contentsOf: url, encoding: .utf8)) as? [String: Any])
        let job = try #require((yaml["jobs"] as? [String: Any])?["linux-binary"] as? [String: Any])
        return try #require(job["steps"] as? [[String: Any]])
    }

    @Test("the build step is the README's static-stdlib build")
    func buildStep() throws {
        let build = try #require(try Self.steps().first { $0["name"] as? String == "Build" }?["run"] as? String)
        let readme = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = build.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines == ["scenelog", "scenelog-otlp"].map { "swift build -c release --static-swift-stdlib --product \($0)" })
        for line in lines { #expect(readme.contains(line)) }
    }

    @Test("the package step archives the binary, its completions and the README, and names the artifact")
    func packageStep() throws {
        let script = try #require(try Self.steps().first { $0["name"] as? String == "Package" }?["run"] as? String)
        let folder = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let release = folder.appendingPathComponent(".build/release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        for program in ["scenelog", "scenelog-otlp"] {
            let built = CommandRunner.binary.deletingLastPathComponent().appendingPathComponent(program)
            try FileManager.default.copyItem(at: built, to: release.appendingPathComponent(program))
        }
        for name in ["README.md", "Samples"] {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent(name), withDestinationURL: CommandRunner.packageRoot.appendingPathComponent(name))
        }
        let output = folder.appendingPathComponent("github-output")
        try Data().write(to: output)
        let run = try CommandRunner.run(
            executable: "/bin/bash", ["-eo", "pipefail", "-c", script], in: folder, environment: ["GITHUB_OUTPUT": output.path])
        #expect(run.status == 0, "\(run.stderr)")
        let name = try String(contentsOf: output, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(name.hasPrefix("name=scenelog-\(try CommandRunner.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))-linux-"))
        let archive = folder.appendingPathComponent("dist/\(name.dropFirst("name=".count)).tar.gz")
        let listing = try CommandRunner.run(executable: "/usr/bin/tar", ["-tzf", archive.path], in: folder)
        for member in ["/scenelog", "/scenelog-otlp", "/README.md", "/completions/scenelog.bash", "/completions/scenelog.zsh", "/completions/scenelog.fish"] {
            #expect(listing.stdout.contains(member), "the archive lacks \(member)")
        }
    }

    @Test("the Homebrew formula is valid Ruby")
    func formulaParses() throws {
        let ruby = try RequiredTool(names: ["ruby"], installHint: "apt-get install ruby, or brew install ruby").locate()
        let run = try CommandRunner.run(
            executable: ruby, ["-c", CommandRunner.packageRoot.appendingPathComponent("Packaging/scenelog.rb").path],
            in: CommandRunner.packageRoot)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
