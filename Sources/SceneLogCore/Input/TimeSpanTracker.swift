/// Remembers an input's first and last timestamps without building a `String` per record.
///
/// Only the raw bytes of the latest timestamp are copied per record; the two ends are resolved
/// (year inference included) when the span is asked for. For year-less `Mon DD` timestamps the
/// timestamps where the month changes are kept too (a few at most), so that a capture running from
/// December into January ends in the next year.
struct TimeSpanTracker: Sendable {
    private var first: [UInt8]?
    private var last: [UInt8] = []
    private var monthChanges: [[UInt8]] = []
    private static let maximumMonthChanges = 1_000

    init() {}

    /// Notes the timestamp of a record, if it has one.
    mutating func note(_ record: RecordView) {
        guard record.fields.kind == .message, let stamp = record.bytes(of: record.fields.timestamp) else { return }
        if first == nil {
            first = Array(stamp)
        } else if stamp.count >= 3, ASCII.isUpper(stamp[0]), last.count >= 3,
            stamp[0] != last[0] || stamp[1] != last[1] || stamp[2] != last[2],
            monthChanges.count < Self.maximumMonthChanges
        {
            monthChanges.append(Array(stamp))
        }
        if last.count == stamp.count, let source = stamp.baseAddress {
            // Same length as the previous one (the common case): overwrite in place.
            last.withUnsafeMutableBufferPointer { target in
                target.baseAddress?.update(from: source, count: stamp.count)
            }
        } else {
            // Into the same storage: no allocation once it holds the longest stamp.
            last.removeAll(keepingCapacity: true)
            last.append(contentsOf: stamp)
        }
    }

    /// The first and last timestamps, resolved in order with `context`.
    func span(with context: TimestampContext) -> TimeSpan? {
        guard let first else { return nil }
        var context = context
        let start = context.resolve(String(decoding: first, as: UTF8.self))
        for change in monthChanges { _ = context.resolve(String(decoding: change, as: UTF8.self)) }
        let end = context.resolve(String(decoding: last, as: UTF8.self))
        return TimeSpan(first: start, last: end)
    }
}

/// The times of an input's first and last records.
public struct TimeSpan: Sendable, Equatable {
    public var first: Timestamp
    public var last: Timestamp
}
