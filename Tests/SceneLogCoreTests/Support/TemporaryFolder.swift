import Foundation
import Testing

/// A fresh folder under the system's temporary directory, removed with its contents when the test
/// lets go of it.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scenelog-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Writes `text` to `name` (creating the folders on its way) and returns its path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: false, encoding: .utf8)
        return file.path
    }

    /// Runs `command` with `/bin/sh` in the folder; a failing command ends the test.
    func run(_ command: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-e", "-c", command]
        process.currentDirectoryURL = url
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(command)", sourceLocation: sourceLocation)
    }
}
