import Dispatch
import Foundation

/// Runs a sink on a second thread: records are copied into batches that the sink's thread
/// replays in order, so that parsing (this thread) and the rules and launch tracking (that one)
/// use two cores. Order is kept exactly; memory is bounded by ``batchCount`` batches, each of at
/// most ``batchBytes`` bytes and ``batchEntries`` entries.
///
/// The downstream sink is only touched by the pipeline's thread until ``finish()`` returns. Once a
/// stop is requested, the records still queued are dropped rather than run through the rules:
/// a user's slow rules would otherwise hold the stop for as long as three batches take them.
final class RecordPipeline: RecordSink {
    /// Batches in flight: one being filled, the others queued or being replayed.
    static var batchCount: Int { 3 }
    /// A batch is handed over once it holds this many bytes of records…
    static var batchBytes: Int { 256 << 10 }
    /// …or this many records and lines: short or blank lines cost their entry, not their bytes.
    static var batchEntries: Int { 4_096 }

    private let channel: BatchChannel
    @exclusivity(unchecked) private var batch: RecordBatch
    private let thread: Thread
    private let done = DispatchSemaphore(value: 0)

    init(downstream: any RecordSink, isStopRequested: @escaping @Sendable () -> Bool) {
        let channel = BatchChannel(count: Self.batchCount, capacity: Self.batchBytes)
        self.channel = channel
        self.batch = channel.takeEmpty()
        let box = UncheckedBox((downstream, done))
        thread = Thread {
            let (sink, done) = box.value
            while let batch = channel.takeFull() {
                batch.replay(into: sink, unless: isStopRequested)
                channel.giveEmpty(batch)
            }
            done.signal()
        }
        thread.name = "scenelog-analysis"
        thread.start()
    }

    func receive(_ record: RecordView) {
        batch.append(record)
        handOverWhenFull()
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        batch.appendUnparsed(line: line, bytes: bytes)
        handOverWhenFull()
    }

    func truncated(line: Int, keptBytes: Int) {
        batch.appendTruncated(line: line, keptBytes: keptBytes)
        handOverWhenFull()
    }

    func recordCut(startLine: Int, firstLineLeft: Int) {
        batch.appendRecordCut(startLine: startLine, firstLineLeft: firstLineLeft)
        handOverWhenFull()
    }

    /// Hands over the last records and waits until the downstream sink has taken all of them.
    func finish() {
        handOver()
        channel.close()
        done.wait()
    }

    private func handOverWhenFull() {
        if batch.byteCount >= Self.batchBytes || batch.entryCount >= Self.batchEntries { handOver() }
    }

    private func handOver() {
        guard !batch.isEmpty else { return }
        channel.giveFull(batch)
        batch = channel.takeEmpty()
    }
}

/// Copies of records, unparsed lines and cut-line notices, in input order.
final class RecordBatch: @unchecked Sendable {
    private enum Entry {
        case record(start: Int, count: Int, fields: RecordFields, format: LogFormat?, line: Int, byteOffset: Int, continuationLines: Int)
        case unparsed(start: Int, count: Int, line: Int)
        case truncated(line: Int, keptBytes: Int)
        case recordCut(startLine: Int, firstLineLeft: Int)
    }

    @exclusivity(unchecked) private var bytes: [UInt8]
    @exclusivity(unchecked) private var entries: [Entry] = []

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity + (64 << 10))
    }

    /// How many entries are replayed between two looks at whether a stop was requested.
    static let entriesBetweenStopChecks = 64

    var byteCount: Int { bytes.count }
    var entryCount: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    func append(_ record: RecordView) {
        let start = bytes.count
        bytes.append(contentsOf: record.bytes)
        entries.append(
            .record(
                start: start, count: record.bytes.count, fields: record.fields, format: record.format, line: record.line,
                byteOffset: record.byteOffset, continuationLines: record.continuationLines))
    }

    func appendUnparsed(line: Int, bytes text: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: text)
        entries.append(.unparsed(start: start, count: text.count, line: line))
    }

    func appendTruncated(line: Int, keptBytes: Int) {
        entries.append(.truncated(line: line, keptBytes: keptBytes))
    }

    func appendRecordCut(startLine: Int, firstLineLeft: Int) {
        entries.append(.recordCut(startLine: startLine, firstLineLeft: firstLineLeft))
    }

    /// Hands every entry to `sink`, in order, and empties the batch; once `stop` answers true
    /// (asked every ``entriesBetweenStopChecks`` entries), the rest are dropped.
    func replay(into sink: any RecordSink, unless stop: () -> Bool) {
        bytes.withUnsafeBufferPointer { all in
            for (index, entry) in entries.enumerated() {
                if index % Self.entriesBetweenStopChecks == 0, stop() { break }
                switch entry {
                case .record(let start, let count, let fields, let format, let line, let byteOffset, let continuationLines):
                    sink.receive(
                        RecordView(
                            bytes: UnsafeBufferPointer(rebasing: all[start..<start + count]), fields: fields, format: format,
                            line: line, byteOffset: byteOffset, continuationLines: continuationLines))
                case .unparsed(let start, let count, let line):
                    sink.unparsed(line: line, bytes: UnsafeBufferPointer(rebasing: all[start..<start + count]))
                case .truncated(let line, let keptBytes):
                    sink.truncated(line: line, keptBytes: keptBytes)
                case .recordCut(let startLine, let firstLineLeft):
                    sink.recordCut(startLine: startLine, firstLineLeft: firstLineLeft)
                }
            }
        }
        bytes.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }
}

/// Two queues between the threads: empty batches to fill, full batches to replay.
private final class BatchChannel: @unchecked Sendable {
    private let lock = NSLock()
    private var empty: [RecordBatch]
    private var full: [RecordBatch] = []
    private var closed = false
    private let emptyAvailable: DispatchSemaphore
    private let fullAvailable = DispatchSemaphore(value: 0)

    init(count: Int, capacity: Int) {
        empty = (0..<count).map { _ in RecordBatch(capacity: capacity) }
        // Counted up from 0: libdispatch traps on a semaphore that ends below its initial value.
        emptyAvailable = DispatchSemaphore(value: 0)
        for _ in 0..<count { emptyAvailable.signal() }
    }

    func takeEmpty() -> RecordBatch {
        emptyAvailable.wait()
        return lock.withLock { empty.removeLast() }
    }

    func giveEmpty(_ batch: RecordBatch) {
        lock.withLock { empty.append(batch) }
        emptyAvailable.signal()
    }

    func giveFull(_ batch: RecordBatch) {
        lock.withLock { full.append(batch) }
        fullAvailable.signal()
    }

    /// The next full batch, or `nil` once the channel is closed and drained.
    func takeFull() -> RecordBatch? {
        fullAvailable.wait()
        return lock.withLock { full.isEmpty ? nil : full.removeFirst() }
    }

    /// No more batches: wakes the reader, which ends after the queued ones.
    func close() {
        lock.withLock { closed = true }
        fullAvailable.signal()
    }
}

/// Carries a value to another thread whose use of it the caller keeps exclusive.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
