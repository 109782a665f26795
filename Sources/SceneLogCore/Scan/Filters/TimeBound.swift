import Foundation

/// One end of a time window (`--since`, `--until`): an instant, and the machine's wall-clock time
/// at that instant, for stamps that print no UTC offset.
public struct TimeBound: Sendable, Equatable, Codable {
    /// Seconds since 1970-01-01 UTC.
    public var instant: Double
    /// The local wall-clock time of ``instant`` on the machine that read the bound, as seconds
    /// since 1970 read as if UTC (as ``Timestamp/wallClockSeconds`` is): what a stamp without an
    /// offset is compared with.
    public var localWallClock: Double

    public init(instant: Double, localWallClock: Double) {
        self.instant = instant
        self.localWallClock = localWallClock
    }

    /// Reads a bound as `log show --start` and `--last` take one:
    /// - an ISO 8601 date-time, `2026-11-24T10:00:00`, `2026-11-24 10:00`, with a fraction and an
    ///   offset (`Z`, `+02:00`, `-0500`) or without (local time in `timeZone`);
    /// - a date, `2026-11-24`: its local midnight;
    /// - a time of today, `10:00` or `10:00:30` (local);
    /// - a span back from `now`: `90s`, `10m`, `2h`, `1d`.
    /// - Throws: ``TimeBoundError`` for anything else.
    public init(parsing text: String, now: Double = Date().timeIntervalSince1970, timeZone: TimeZone = .current)
        throws(TimeBoundError)
    {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let span = Self.span(trimmed) {
            self = Self.at(instant: now - span, timeZone: timeZone)
            return
        }
        let today = CivilDate(secondsSince1970: Self.at(instant: now, timeZone: timeZone).localWallClock)
        guard let parts = LocalDateTime(trimmed, today: today) else { throw TimeBoundError(text: text) }
        if let offset = parts.utcOffsetSeconds {
            self = Self.at(instant: parts.wallClockSeconds - Double(offset), timeZone: timeZone)
        } else {
            // The offset in force at that wall-clock time (found from the offset an instant near it has).
            let guess = Date(timeIntervalSince1970: parts.wallClockSeconds)
            let near = parts.wallClockSeconds - Double(timeZone.secondsFromGMT(for: guess))
            let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: near))
            self.init(instant: parts.wallClockSeconds - Double(offset), localWallClock: parts.wallClockSeconds)
        }
    }

    private static func at(instant: Double, timeZone: TimeZone) -> TimeBound {
        TimeBound(instant: instant, localWallClock: instant + Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: instant))))
    }

    /// The seconds of a span such as `10m`, `2h`, `1d` or `90s`.
    private static func span(_ text: String) -> Double? {
        guard let unit = text.last, let count = Int(text.dropLast()), count >= 0, text.first?.isNumber == true else { return nil }
        switch unit {
        case "s": return Double(count)
        case "m": return Double(count) * 60
        case "h": return Double(count) * 3600
        case "d": return Double(count) * 86_400
        default: return nil
        }
    }

    /// Where `stamp` lies relative to this bound: below zero before it, above zero after it. A
    /// stamp with an offset is compared as an instant; one without, as local wall-clock time.
    func compare(wallClock: Double, utcOffset: Int?) -> Double {
        guard let utcOffset else { return wallClock - localWallClock }
        return wallClock - Double(utcOffset) - instant
    }
}

/// A `--since` or `--until` value that is no time.
public struct TimeBoundError: Error, Sendable, CustomStringConvertible {
    /// The text given.
    public let text: String

    public var description: String {
        "'\(Escaping.visible(text))' is not a time: give a date-time (2026-11-24T10:00:00, with or without an offset "
            + "such as +02:00), a date (2026-11-24), a time of today (10:00 or 10:00:30) or a span back from now (90s, 10m, 2h, 1d)"
    }
}

/// The fields of an absolute `--since`/`--until` value, as wall-clock seconds.
private struct LocalDateTime {
    var wallClockSeconds: Double
    var utcOffsetSeconds: Int?

    /// Reads `YYYY-MM-DD`, `YYYY-MM-DD[T ]HH:MM[:SS[.f]][zone]` or `HH:MM[:SS[.f]]` (on `today`, the
    /// local date).
    init?(_ text: String, today: CivilDate) {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ length: Int) -> Int? {
            guard index + length <= bytes.count, bytes[index..<index + length].allSatisfy(ASCII.isDigit) else { return nil }
            defer { index += length }
            return bytes[index..<index + length].reduce(0) { $0 * 10 + Int($1 - ASCII.zero) }
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        var day = CivilDate.daysSince1970(year: today.year, month: today.month, day: today.day)
        let hasDate = bytes.count >= 10 && bytes[4] == ASCII.minus
        if hasDate {
            guard let year = number(4), expect(ASCII.minus), let month = number(2), (1...12).contains(month), expect(ASCII.minus),
                let dayOfMonth = number(2), (1...CivilDate.length(ofMonth: month, in: year)).contains(dayOfMonth)
            else { return nil }
            day = CivilDate.daysSince1970(year: year, month: month, day: dayOfMonth)
            if index == bytes.count {
                wallClockSeconds = Double(day) * 86_400
                return
            }
            guard expect(ASCII.space) || expect(ASCII.upperT) else { return nil }
        }
        guard let hour = number(2), hour < 24, expect(ASCII.colon), let minute = number(2), minute < 60 else { return nil }
        var seconds = Double(hour * 3600 + minute * 60)
        if expect(ASCII.colon) {
            guard let second = number(2), second < 61 else { return nil }
            seconds += Double(second)
            if expect(ASCII.dot) {
                var scale = 0.1
                let start = index
                while index < bytes.count, ASCII.isDigit(bytes[index]) {
                    seconds += Double(bytes[index] - ASCII.zero) * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        if hasDate, index < bytes.count {
            if expect(ASCII.upperZ) {
                utcOffsetSeconds = 0
            } else {
                guard index < bytes.count, bytes[index] == ASCII.plus || bytes[index] == ASCII.minus else { return nil }
                let sign = bytes[index] == ASCII.minus ? -1 : 1
                index += 1
                guard let hours = number(2), hours <= 14 else { return nil }
                _ = expect(ASCII.colon)
                let minutes = index < bytes.count ? number(2) : 0
                guard let minutes, minutes < 60 else { return nil }
                utcOffsetSeconds = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard index == bytes.count else { return nil }
        wallClockSeconds = Double(day) * 86_400 + seconds
    }
}
