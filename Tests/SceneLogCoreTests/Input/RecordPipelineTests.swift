import Dispatch
import Foundation
import Testing

@testable import SceneLogCore

/// Notes what a sink receives, in order.
private final class EventLog: RecordSink {
    var events: [String] = []

    func receive(_ record: RecordView) {
        events.append("record \(record.line) \(String(decoding: record.message, as: UTF8.self))")
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        events.append("unparsed \(line) \(String(decoding: bytes, as: UTF8.self))")
    }

    func truncated(line: Int, keptBytes: Int) {
        events.append("truncated \(line) \(keptBytes)")
    }

    func recordCut(startLine: Int, firstLineLeft: Int) {
        events.append("record cut \(startLine) \(firstLineLeft)")
    }
}

@Suite("record pipeline")
struct RecordPipelineTests {
    /// A scan of `text` through a pipeline, and straight into a sink: the events must be the same.
    private func events(of text: String, pipelined: Bool) -> [String] {
        let log = EventLog()
        let bytes = Array(text.utf8)
        if pipelined {
            let pipeline = RecordPipeline(downstream: log, isStopRequested: { false })
            let scanner = InputScanner(path: "test.log", maximumLineLength: 2_000, sink: pipeline)
            bytes.withUnsafeBufferPointer { scanner.feed($0) }
            _ = scanner.finish()
            pipeline.finish()
        } else {
            let scanner = InputScanner(path: "test.log", maximumLineLength: 2_000, sink: log)
            bytes.withUnsafeBufferPointer { scanner.feed($0) }
            _ = scanner.finish()
        }
        return log.events
    }

    @Test("records, unparsed lines and cut lines arrive in input order across many batches")
    func keepsOrder() {
        // Free text before the first record is unparsed; after it, it continues the record.
        var text = "free text that fits no format\nand another line of it\n"
        for index in 0..<20_000 {
            text += "Mar  3 09:41:47.193741 SpringBoard(FrontBoard)[52] <Notice>: message \(index)\n"
            if index % 997 == 0 { text += "  a continuation of \(index)\n" }
            if index % 4_999 == 0 { text += "Mar  3 09:41:47.193741 SpringBoard[52] <Notice>: " + String(repeating: "x", count: 3_000) + "\n" }
        }
        let direct = events(of: text, pipelined: false)
        let pipelined = events(of: text, pipelined: true)
        #expect(direct.count > 20_000)
        #expect(direct.contains { $0.hasPrefix("unparsed ") } && direct.contains { $0.hasPrefix("truncated ") })
        #expect(pipelined == direct)
    }

    @Test("a run of blank lines is handed over by count, not held until its bytes fill a batch")
    func blankLinesAreHandedOverByCount() {
        let arrived = DispatchSemaphore(value: 0)
        let sink = SignallingSink(arrived)
        let pipeline = RecordPipeline(downstream: sink, isStopRequested: { false })
        for line in 1...(RecordPipeline.batchEntries + 1) {
            pipeline.unparsed(line: line, bytes: UnsafeBufferPointer(start: nil, count: 0))
        }
        // Before finish(): the first full batch must already be on its way to the sink.
        #expect(arrived.wait(timeout: .now() + 10) == .success)
        pipeline.finish()
        #expect(sink.count == RecordPipeline.batchEntries + 1)
    }

    @Test("once a stop is requested, the records still queued are dropped, not handed to the sink")
    func stopDropsQueuedRecords() {
        let arrived = DispatchSemaphore(value: 0)
        let sink = SignallingSink(arrived)
        let stop = StopFlag()
        let pipeline = RecordPipeline(downstream: sink, isStopRequested: { stop.isSet })
        for line in 1...RecordPipeline.batchEntries {
            pipeline.unparsed(line: line, bytes: UnsafeBufferPointer(start: nil, count: 0))
        }
        #expect(arrived.wait(timeout: .now() + 10) == .success)
        stop.set()
        for line in 1...(RecordPipeline.batchEntries * 2) {
            pipeline.unparsed(line: line, bytes: UnsafeBufferPointer(start: nil, count: 0))
        }
        pipeline.finish()
        #expect(sink.count <= RecordPipeline.batchEntries)
    }

    @Test("an empty input finishes")
    func emptyInput() {
        #expect(events(of: "", pipelined: true).isEmpty)
    }
}

/// Counts the lines it is handed, and signals on the first.
private final class SignallingSink: RecordSink, @unchecked Sendable {
    private let arrived: DispatchSemaphore
    private(set) var count = 0

    init(_ arrived: DispatchSemaphore) {
        self.arrived = arrived
    }

    func receive(_ record: RecordView) {}

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        if count == 0 { arrived.signal() }
        count += 1
    }

    func truncated(line: Int, keptBytes: Int) {}
    func recordCut(startLine: Int, firstLineLeft: Int) {}
}

/// A flag one thread sets and another reads.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
