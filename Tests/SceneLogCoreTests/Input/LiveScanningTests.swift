import Foundation
import Testing

@testable import SceneLogCore

/// `InputScanner` fed piece by piece, as `watch` feeds it from a pipe.
@Suite("live scanning")
struct LiveScanningTests {
    static let line = "Mar  3 09:41:47.193741 SpringBoard(FrontBoard)[52] <Notice>: first\n"
    static let next = "Mar  3 09:41:47.200000 SpringBoard(FrontBoard)[52] <Notice>: second\n"

    private func take(_ text: String, into scanner: InputScanner<CollectingSink>) throws {
        try Array(text.utf8).withUnsafeBufferPointer { try scanner.take($0) }
    }

    @Test("a record is held until the next line or a flush, then delivered")
    func flushDeliversTheOpenRecord() throws {
        let sink = CollectingSink()
        let scanner = InputScanner(path: "-", sink: sink)
        try take(Self.line, into: scanner)
        #expect(sink.records.isEmpty, "the head is held for sniffing and the record may go on")
        try scanner.flush()
        #expect(sink.records.map(\.message) == ["first"])
        try take(Self.next, into: scanner)
        try scanner.flush()
        #expect(sink.records.map(\.message) == ["first", "second"])
        let summary = scanner.finish()
        #expect(summary.format == .idevicesyslog)
        #expect(summary.records == 2 && summary.lines == 2)
    }

    @Test("a stream that goes quiet after the [connected] banner still reads the device name of the lines after it")
    func deviceNameDecidedAfterABannerAlone() throws {
        let sink = CollectingSink()
        let scanner = InputScanner(path: "-", sink: sink)
        try take("[connected:00008030-001A2D3E0C12802E]\n", into: scanner)
        try scanner.flush()
        try take(
            "Nov 12 12:24:57 iPad SpringBoard(FrontBoard)[510] <Notice>: first\n"
                + "Jun 20 13:42:52 iPhone locationd[59] <Notice>: second\n", into: scanner)
        let summary = scanner.finish()
        #expect(summary.format == .idevicesyslog)
        #expect(sink.records.map(\.device) == [nil, "iPad", "iPhone"])
        #expect(sink.records.map(\.process) == [nil, "SpringBoard", "locationd"])
    }

    @Test("classic Mac OS line ends read the same fed a byte at a time, a \\r\\n split between two pieces included")
    func carriageReturnsFedByteByByte() throws {
        // More than the 512 first bytes end their lines with a lone carriage return.
        let text = String(repeating: Self.line + Self.next, count: 4).replacingOccurrences(of: "\n", with: "\r") + "\r\nlast\r"
        func records(pieceLength: Int) throws -> [String] {
            let sink = CollectingSink()
            let scanner = InputScanner(path: "-", sink: sink)
            let bytes = Array(text.utf8)
            for start in stride(from: 0, to: bytes.count, by: pieceLength) {
                try bytes[start..<min(start + pieceLength, bytes.count)].withUnsafeBufferPointer { try scanner.take($0) }
            }
            try scanner.flush()
            let summary = scanner.finish()
            #expect(summary.lines == 10, "eight records, the blank line of the \\r\\n, and the last")
            return sink.records.map(\.message)
        }
        let whole = try records(pieceLength: 1 << 20)
        #expect(whole.first == "first")
        #expect(try records(pieceLength: 1) == whole)
    }

    @Test("a partial line waits for its end even through a flush")
    func partialLineWaits() throws {
        let sink = CollectingSink()
        let scanner = InputScanner(path: "-", sink: sink)
        try take(String(Self.line.dropLast(10)), into: scanner)
        try scanner.flush()
        #expect(sink.records.isEmpty)
        try take(String(Self.line.suffix(10)), into: scanner)
        try scanner.flush()
        #expect(sink.records.map(\.message) == ["first"])
    }

    @Test("a gzip stream is refused as soon as its head is seen")
    func gzipRefused() throws {
        let scanner = InputScanner(path: "-", sink: CollectingSink())
        let gzip: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]
        try gzip.withUnsafeBufferPointer { try scanner.take($0) }
        #expect(throws: InputError.self) { try scanner.flush() }
    }

    @Test("a live scan hands out each phase as it is reached")
    func phasesInOrder() throws {
        let observer = PhaseRecorder()
        let scan = Scanner(options: try testScanOptions(), observer: observer).live(name: "test.log")
        try Array(try sample("idevicesyslog-1.4-microseconds-watchdog.log").utf8).withUnsafeBufferPointer {
            try scan.take($0)
        }
        _ = scan.finish()
        #expect(observer.phases == [.requested, .spawned, .bootstrapped, .sceneCreated, .terminated])
    }
}

/// Records the phases a live scan hands out.
private final class PhaseRecorder: ScanObserver {
    var phases: [LaunchPhase] = []

    func scanLaunch(_ launch: Launch, didReach phase: LaunchPhase) {
        phases.append(phase)
    }
}
