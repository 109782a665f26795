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
    func recordCut(startLine: Int, firstLineLeft: Int) {}
}

/// Nothing is lost: for every sample and every committed fuzz-corpus input, each physical line is
/// a record, a continuation line or an unparsed line, and the sink was handed each of them. An input
/// the sniffer refuses as not text must be refused before anything reaches the sink, and a sample
/// (a text log) must never be refused. A missing or empty folder fails the suite.
@Suite("line accounting")
struct LineAccountingTests {
    static let corpusFolders = ["detector", "parsers"].map {
        samplesFolder().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/\($0)")
    }

    static func samples() throws -> [URL] {
        try nonEmpty(sampleNames().filter { !$0.hasSuffix(".ips") }, in: samplesFolder())
    }

    static func corpus() throws -> [URL] {
        try corpusFolders.flatMap { folder in
            try nonEmpty(FileManager.default.contentsOfDirectory(atPath: folder.path), in: folder)
        }
    }

    /// `names` in `folder`, sorted; none at all is a failure, not a pass with nothing checked.
    static func nonEmpty(_ names: [String], in folder: URL) throws -> [URL] {
        try #require(!names.isEmpty, "\(folder.path) holds no input to account for")
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test("every sample", arguments: try samples())
    func sample(file: URL) throws {
        try Self.account(file, mayBeRefused: false)
    }

    @Test("every fuzz-corpus input", arguments: try corpus())
    func corpusInput(file: URL) throws {
        try Self.account(file, mayBeRefused: true)
    }

    /// Scans `file` detected and as each format (the parsers corpus puts the format's index in the
    /// first byte) and checks that every line is accounted for, or that it is refused whole.
    static func account(_ file: URL, mayBeRefused: Bool) throws {
        let bytes = Array(try Data(contentsOf: file))
        for format in [nil] + LogFormat.allCases.map(Optional.some) {
            let name = "\(file.lastPathComponent) as \(format?.rawValue ?? "detected")"
            let sink = CountingSink()
            let scanner = InputScanner(path: file.lastPathComponent, format: format, maximumLineLength: 4_096, sink: sink)
            do {
                try bytes.withUnsafeBufferPointer { try scanner.take($0) }
                try scanner.flush()
            } catch let error as InputError {
                #expect(mayBeRefused, "\(name) was refused: \(error)")
                #expect(error.kind == .notText, "\(name): \(error)")
                #expect(sink.records == 0 && sink.unparsed == 0, "\(name) was refused after lines reached the sink")
                continue
            }
            let summary = scanner.finish()
            // A line ends with a newline, or with a carriage return not before one in an input whose
            // first bytes held one and no newline (classic Mac OS line ends).
            let head = bytes.prefix(InputScanner<CountingSink>.sniffLength)
            let carriageReturnsEnd = head.contains(0x0D) && !head.contains(0x0A)
            func endsLine(_ index: Int) -> Bool {
                bytes[index] == 0x0A || (carriageReturnsEnd && bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A))
            }
            let physical = bytes.indices.filter(endsLine).count + (bytes.isEmpty || endsLine(bytes.count - 1) ? 0 : 1)
            #expect(summary.lines == physical, "\(name)")
            #expect(summary.records == sink.records && summary.unparsedLines == sink.unparsed, "\(name)")
            #expect(summary.continuationLines == sink.continuationLines, "\(name)")
        }
    }
}
