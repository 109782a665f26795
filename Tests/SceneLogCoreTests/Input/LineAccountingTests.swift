import Foundation
import Testing

@testable import SceneLogCore

/// Counts what a scan hands out.
private final class CountingSink: RecordSink {
    var records = 0
    var continuationLines = 0
    var unparsed = 0

    func receive(_ record: RecordView) {
        records += 1
        continuationLines += record.continuationLines
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        unparsed += 1
    }

    func truncated(line: Int, keptBytes: Int) {}
}

/// Nothing is lost: for every sample and every committed fuzz-corpus input, each physical line is
/// a record, a continuation line or an unparsed line, and the sink was handed each of them.
@Suite("line accounting")
struct LineAccountingTests {
    static var files: [URL] {
        let root = samplesFolder().deletingLastPathComponent()
        let samples = ((try? sampleNames()) ?? []).filter { !$0.hasSuffix(".ips") }.map { samplesFolder().appendingPathComponent($0) }
        let corpus = ["detector", "parsers"].flatMap { target -> [URL] in
            let folder = root.appendingPathComponent("Fuzz/Corpus/\(target)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.sorted().map { folder.appendingPathComponent($0) }
        }
        return samples + corpus
    }

    @Test("every sample and fuzz-corpus file", arguments: files)
    func accounted(file: URL) throws {
        let bytes = Array(try Data(contentsOf: file))
        // The parsers corpus puts the format's index in the first byte; read both ways.
        for format in [nil] + LogFormat.allCases.map(Optional.some) {
            let sink = CountingSink()
            let scanner = InputScanner(path: file.lastPathComponent, format: format, maximumLineLength: 4_096, sink: sink)
            do {
                try bytes.withUnsafeBufferPointer { try scanner.take($0) }
                try scanner.flush()
            } catch {
                continue  // refused as not text: nothing was scanned
            }
            let summary = scanner.finish()
            let physical = bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } + (bytes.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
            let name = "\(file.lastPathComponent) as \(format?.rawValue ?? "detected")"
            #expect(summary.lines == physical, "\(name)")
            #expect(summary.records == sink.records && summary.unparsedLines == sink.unparsed, "\(name)")
            #expect(summary.continuationLines == sink.continuationLines, "\(name)")
        }
    }
}
