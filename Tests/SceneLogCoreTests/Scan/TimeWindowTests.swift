import Foundation
import Testing

@testable import SceneLogCore

/// `--since` and `--until`: how a bound is read, and how stamps with and without an offset compare with it.
@Suite("time window")
struct TimeWindowTests {
    /// 2026-11-24T12:00:00Z.
    static let now = 1_795_521_600.0
    static let paris = TimeZone(identifier: "Europe/Paris")!

    @Test("a span counts back from now", arguments: [("90s", 90.0), ("10m", 600), ("2h", 7200), ("1d", 86_400)])
    func span(text: String, seconds: Double) throws {
        let bound = try TimeBound(parsing: text, now: Self.now, timeZone: Self.paris)
        #expect(bound.instant == Self.now - seconds)
        #expect(bound.localWallClock == Self.now - seconds + 3600)
    }

    @Test("a date-time with an offset is an instant; without one, local time of the machine")
    func absolute() throws {
        let withOffset = try TimeBound(parsing: "2026-11-24T10:00:00+02:00", now: Self.now, timeZone: Self.paris)
        #expect(withOffset.instant == Self.now - 4 * 3600)
        #expect(try TimeBound(parsing: "2026-11-24 08:00Z", now: Self.now, timeZone: Self.paris) == withOffset)
        let local = try TimeBound(parsing: "2026-11-24T10:00:00.5", now: Self.now, timeZone: Self.paris)
        #expect(local.instant == Self.now - 3 * 3600 + 0.5)
        #expect(local.localWallClock == Self.now - 2 * 3600 + 0.5)
        let midnight = try TimeBound(parsing: "2026-11-24", now: Self.now, timeZone: Self.paris)
        #expect(midnight.localWallClock == Self.now - 12 * 3600)
        #expect(midnight.instant == Self.now - 13 * 3600)
        let today = try TimeBound(parsing: "09:30", now: Self.now, timeZone: Self.paris)
        #expect(today.localWallClock == Self.now - 2.5 * 3600)
        #expect(try TimeBound(parsing: "09:30:00", now: Self.now, timeZone: Self.paris) == today)
    }

    @Test(
        "anything else is refused, saying what a time looks like",
        arguments: ["yesterday", "", "10", "10x", "-5m", "2026-13-01", "2026-11-24T25:00", "2026-11-24T10:00+2", "10:00+02:00", "2026-11-24T10",
                     "2026-02-29", "2026-02-31T09:41:48", "2026-04-31", "2026-11-00"])
    func refused(text: String) {
        let error = #expect(throws: TimeBoundError.self) { try TimeBound(parsing: text, now: Self.now) }
        #expect(error?.description.contains("is not a time") == true)
    }

    @Test("the last day of each month is a day; February 29 in a leap year too")
    func lastDays() throws {
        for text in ["2028-02-29", "2026-02-28", "2026-04-30", "2026-12-31", "2000-02-29"] {
            #expect(throws: Never.self) { try TimeBound(parsing: text, now: Self.now) }
        }
    }

    @Test("a stamp with an offset compares as an instant; one without, as local wall-clock time; one without a time is kept")
    func admits() throws {
        let window = TimeWindow(
            since: try TimeBound(parsing: "2026-11-24T10:00:00", now: Self.now, timeZone: Self.paris),
            until: try TimeBound(parsing: "2026-11-24T11:00:00", now: Self.now, timeZone: Self.paris))
        let tenThirty = Self.now - 1.5 * 3600  // 10:30 as wall-clock seconds
        #expect(window.admits(wallClock: tenThirty, utcOffset: nil))
        #expect(!window.admits(wallClock: tenThirty - 3600, utcOffset: nil))
        // 10:30+01:00 is 09:30Z, 10:30 in Paris: inside; 10:30Z is 11:30 in Paris: outside.
        #expect(window.admits(wallClock: tenThirty, utcOffset: 3600))
        #expect(!window.admits(wallClock: tenThirty, utcOffset: 0))
        #expect(window.admits(wallClock: nil, utcOffset: nil))
        // A span overlapping either end is kept.
        #expect(window.admits(from: tenThirty - 3600, to: tenThirty, utcOffset: nil))
        #expect(!window.admits(from: tenThirty - 3 * 3600, to: tenThirty - 3600, utcOffset: nil))
    }
}
