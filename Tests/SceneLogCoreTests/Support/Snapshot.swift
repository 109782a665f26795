import Foundation
import Testing

/// Compares `text` with the snapshot `name` in `Tests/SceneLogCoreTests/__Snapshots__/`. A missing
/// snapshot, or any snapshot when `SCENELOG_RECORD_SNAPSHOTS=1`, is written (and the test fails
/// when it was missing, so that a new snapshot is looked at before it is committed).
func expectSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
    let file = folder.appendingPathComponent(name)
    let recording = ProcessInfo.processInfo.environment["SCENELOG_RECORD_SNAPSHOTS"] == "1"
    guard !recording, let stored = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? text.write(to: file, atomically: true, encoding: .utf8)
        if !recording { Issue.record("snapshot \(name) was missing and has been written; check it", sourceLocation: sourceLocation) }
        return
    }
    if stored != text {
        let storedLines = stored.split(separator: "\n", omittingEmptySubsequences: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(storedLines, lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(storedLines.count, lines.count)
        let expected = first < storedLines.count ? String(storedLines[first]) : "<end>"
        let actual = first < lines.count ? String(lines[first]) : "<end>"
        Issue.record(
            "snapshot \(name) differs at line \(first + 1):\n  expected: \(expected)\n  actual:   \(actual)\n(SCENELOG_RECORD_SNAPSHOTS=1 rewrites it)",
            sourceLocation: sourceLocation)
    }
}
