@testable import SceneLogCore

/// Where 1-based `line` of `text` starts, in the file `scan` names.
func location(_ text: String, line: Int) -> SceneLogCore.SourceLocation {
    let offset = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(line - 1)
        .reduce(0) { $0 + $1.utf8.count + 1 }
    return SceneLogCore.SourceLocation(path: "test.log", line: line, byteOffset: offset)
}

/// The record with its resolved timestamp left out, to compare every other field at once.
func untimed(_ record: LogRecord) -> LogRecord {
    var copy = record
    copy.timestamp = nil
    return copy
}

extension LogRecord {
    /// The record without the timestamp's wall-clock seconds, which depend on the reference date,
    /// nor its precision (``TimestampPrecisionTests`` cover it).
    var withoutWallClock: LogRecord {
        var record = self
        record.timestamp?.wallClockSeconds = nil
        record.timestamp?.precisionMs = nil
        return record
    }
}
