import Foundation
import Testing

/// A program that some tests run and the package does not build. When it is missing, a test that
/// needs it is skipped, saying what to install; in CI (where `CI` is set) it fails instead.
struct RequiredTool {
    /// The executable's name on `PATH`.
    let name: String
    /// How to install it.
    let installHint: String

    static let tmux = RequiredTool(name: "tmux", installHint: "apt-get install tmux, or brew install tmux")
    static let python3 = RequiredTool(name: "python3", installHint: "apt-get install python3, or brew install python")

    /// The tool's path. When it is not on `PATH`: in CI, an issue naming it and how to install it,
    /// and the test stops; elsewhere the test is cancelled (reported as skipped) with that message.
    @discardableResult
    func locate(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let folders = (environment["PATH"] ?? "").split(separator: ":")
        let path = folders.map { "\($0)/\(name)" }.first(where: FileManager.default.isExecutableFile(atPath:))
        let missing = Comment(rawValue: "\(name) is needed for this test and is not on PATH: \(installHint)")
        if path == nil, environment["CI"] == nil { try Test.cancel(missing, sourceLocation: sourceLocation) }
        return try #require(path, missing, sourceLocation: sourceLocation)
    }
}
