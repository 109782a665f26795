/// The time a run keeps (`--since`, `--until`, both included): records stamped outside it give no
/// finding, and launches wholly outside it are left out. A stamp with a UTC offset is compared as
/// an instant; one without, as the machine's local wall-clock time; a record whose stamp gives no
/// date and time is kept.
public struct TimeWindow: Sendable, Equatable, Codable {
    public var since: TimeBound?
    public var until: TimeBound?

    public init(since: TimeBound? = nil, until: TimeBound? = nil) {
        self.since = since
        self.until = until
    }

    /// Whether the window keeps every time.
    public var isUnbounded: Bool { since == nil && until == nil }

    /// Whether a stamp at `wallClock` (``Timestamp/wallClockSeconds``; `nil`: no usable time),
    /// with `utcOffset` when the line prints one, lies inside.
    func admits(wallClock: Double?, utcOffset: Int?) -> Bool {
        admits(from: wallClock, to: wallClock, utcOffset: utcOffset)
    }

    /// Whether the span from `first` to `last` (wall-clock seconds, see ``admits(wallClock:utcOffset:)``)
    /// overlaps the window.
    func admits(from first: Double?, to last: Double?, utcOffset: Int?) -> Bool {
        if let since, let last, since.compare(wallClock: last, utcOffset: utcOffset) < 0 { return false }
        if let until, let first, until.compare(wallClock: first, utcOffset: utcOffset) > 0 { return false }
        return true
    }

    /// Whether `timestamp` (as printed, resolved with `timestamps`) lies inside; `nil` does.
    func admits(_ timestamp: String?, timestamps: inout TimestampContext) -> Bool {
        guard !isUnbounded, let timestamp else { return true }
        let resolved = timestamps.resolve(timestamp)
        return admits(wallClock: resolved.wallClockSeconds, utcOffset: resolved.utcOffsetSeconds)
    }

    /// Whether `launch` was under way at some time inside: from its first line with a time (a
    /// phase, an event, a callback, the app's first line) to its last; a launch with none is kept.
    func admits(_ launch: Launch) -> Bool {
        guard !isUnbounded else { return true }
        let marks = [launch.appFirstLine].compactMap { $0 } + launch.phases.values + launch.events.map(\.mark)
            + launch.callbacks.map(\.mark)
        let times = marks.compactMap(\.seconds)
        guard let first = times.min(), let last = times.max() else { return true }
        let offset = marks.lazy.compactMap(\.timestamp).first.flatMap { ParsedTime($0)?.utcOffsetSeconds }
        return admits(from: first, to: last, utcOffset: offset)
    }
}
