import SceneLogCore

/// Scans bytes and checks that no line is lost: every physical line is a record, a continuation
/// line or an unparsed line, and the sink saw each record and unparsed line it was told of.
enum LineAccounting {
    /// Counts what the scanner hands out.
    private final class CountingSink: RecordSink {
        var records = 0
        var continuationLines = 0
        var unparsed = 0

        func receive(_ record: RecordView) {
            records += 1
            continuationLines += record.continuationLines
            precondition(record.fields.message.upperBound <= record.bytes.count, "a field outside its record")
        }

        func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
            unparsed += 1
        }

        func truncated(line: Int, keptBytes: Int) {}
    }

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, format: LogFormat?) {
        let sink = CountingSink()
        let scanner = InputScanner(path: "fuzz", format: format, maximumLineLength: 4_096, sink: sink)
        // Fed in pieces of varying size, as a pipe delivers them.
        var offset = 0
        var piece = 1
        while offset < bytes.count {
            let end = min(offset + piece, bytes.count)
            do {
                try scanner.take(UnsafeBufferPointer(rebasing: bytes[offset..<end]))
            } catch {
                return  // not a text log: refused, nothing to account for
            }
            offset = end
            piece = piece * 3 % 97 + 1
        }
        do {
            try scanner.flush()
        } catch {
            return
        }
        let summary = scanner.finish()
        precondition(summary.records == sink.records, "records handed out \(sink.records), counted \(summary.records)")
        precondition(summary.unparsedLines == sink.unparsed, "unparsed handed out \(sink.unparsed), counted \(summary.unparsedLines)")
        precondition(summary.continuationLines == sink.continuationLines, "continuation lines do not add up")
        precondition(summary.lines == expectedLines(bytes), "lines \(summary.lines), expected \(expectedLines(bytes))")
    }

    /// Physical lines: each line feed ends one, and bytes after the last one make one more.
    private static func expectedLines(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var lines = 0
        for byte in bytes where byte == 0x0A { lines += 1 }
        if let last = bytes.last, last != 0x0A { lines += 1 }
        return lines
    }
}
