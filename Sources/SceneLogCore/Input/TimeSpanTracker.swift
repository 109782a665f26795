/// Remembers an input's first and last timestamps without building a `String` per record.
///
/// Only the raw bytes of the latest timestamp are copied per record; the two ends are resolved
/// (year inference included) when the span is asked for.
public struct TimeSpanTracker: Sendable {
    private var first: [UInt8]?
    private var last: [UInt8] = []

    public init() {}

    /// Notes the timestamp of a record, if it has one.
    public mutating func note(_ record: RecordView) {
        guard record.fields.kind == .message, let stamp = record.bytes(of: record.fields.timestamp) else { return }
        if first == nil {
            first = Array(stamp)
        }
        if last.count == stamp.count {
            // Same length as the previous one (the common case): overwrite in place.
            last.withUnsafeMutableBufferPointer { target in
                for index in 0..<stamp.count { target[index] = stamp[index] }
            }
        } else {
            last = Array(stamp)
        }
    }

    /// The first and last timestamps, resolved in order with `context`.
    public func span(with context: TimestampContext) -> TimeSpan? {
        guard let first else { return nil }
        var context = context
        let start = context.resolve(String(decoding: first, as: UTF8.self))
        let end = context.resolve(String(decoding: last, as: UTF8.self))
        return TimeSpan(first: start, last: end)
    }
}

/// The times of an input's first and last records.
public struct TimeSpan: Sendable, Equatable {
    public var first: Timestamp
    public var last: Timestamp
}
