import Foundation
import Testing

/// A program that some tests run and the package does not build. When it is missing, a test that
/// needs it is skipped, saying what to install; in CI (where `CI` is set) it fails instead.
public struct RequiredTool: Sendable {
    /// The executable's names on `PATH`, the first found wins.
    public let names: [String]
    /// How to install it.
    public let installHint: String

    public init(names: [String], installHint: String) {
        self.names = names
        self.installHint = installHint
    }

    public static let tmux = RequiredTool(names: ["tmux"], installHint: "apt-get install tmux, or brew install tmux")
    public static let jq = RequiredTool(names: ["jq"], installHint: "apt-get install jq, or brew install jq")
    public static let python3 = RequiredTool(names: ["python3"], installHint: "apt-get install python3, or brew install python")
    public static let chromium = RequiredTool(
        names: ["chromium", "chromium-browser"], installHint: "apt-get install chromium, or brew install --cask chromium")

    /// The tool's path. When it is not on `PATH`: in CI, an issue naming it and how to install it,
    /// and the test stops; elsewhere the test is cancelled (reported as skipped) with that message.
    @discardableResult
    public func locate(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        let path = names.lazy.flatMap { name in folders.map { "\($0)/\(name)" } }
            .first(where: FileManager.default.isExecutableFile(atPath:))
        guard let path else {
            try Self.missing("\(names[0]) is needed for this test and is not on PATH: \(installHint)", sourceLocation: sourceLocation)
        }
        return path
    }

    /// Stops the test for something missing that only a set-up provides (a tool, a Python module):
    /// skipped with `message` where `CI` is unset, failed with it in CI.
    public static func missing(_ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Never {
        let comment = Comment(rawValue: message)
        if ProcessInfo.processInfo.environment["CI"] == nil { try Test.cancel(comment, sourceLocation: sourceLocation) }
        Issue.record(comment, sourceLocation: sourceLocation)
        throw MissingTool()
    }

    private struct MissingTool: Error {}
}
