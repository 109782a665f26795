@testable import SceneLogCore

/// Collects everything a scan hands out, materialised.
final class CollectingSink: RecordSink {
    var records: [LogRecord] = []
    var unparsed: [(line: Int, text: String)] = []
    var truncated: [Int] = []
    var recordsCut: [(startLine: Int, firstLineLeft: Int)] = []
    private var timestamps: TimestampContext
    private let path: String

    init(path: String = "test.log", year: Int = 2025) {
        self.path = path
        // 2025-06-15 12:00:00 UTC as the reference time for year-less and date-less timestamps.
        self.timestamps = TimestampContext(year: year, referenceTime: 1_749_988_800)
    }

    func receive(_ record: RecordView) {
        records.append(record.materialize(path: path, timestamps: &timestamps))
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        unparsed.append((line, String(decoding: bytes, as: UTF8.self)))
    }

    func truncated(line: Int, keptBytes: Int) {
        truncated.append(line)
    }

    func recordCut(startLine: Int, firstLineLeft: Int) {
        recordsCut.append((startLine, firstLineLeft))
    }
}

/// Scans `text` in one piece (or in chunks of `chunkSize` bytes) and returns what came out.
func scan(
    _ text: String, as format: LogFormat? = nil, chunkSize: Int? = nil, year: Int = 2025
) -> (records: [LogRecord], summary: InputSummary, sink: CollectingSink) {
    let sink = CollectingSink(year: year)
    let scanner = InputScanner(path: "test.log", format: format, sink: sink)
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { buffer in
        let size = chunkSize ?? max(buffer.count, 1)
        var start = 0
        while start < buffer.count {
            let end = min(start + size, buffer.count)
            scanner.feed(UnsafeBufferPointer(rebasing: buffer[start..<end]))
            start = end
        }
    }
    let summary = scanner.finish()
    return (sink.records, summary, sink)
}
