import Testing

@testable import SceneLogCore

/// A stamp no clock shows keeps its text but dates nothing: no report prints year -1 or March 2nd
/// for February 30th.
@Suite("impossible timestamps")
struct ImpossibleTimestampTests {
    @Test("out-of-range fields make no date", arguments: [
        "0000-00-00 10:17:52.118", "2025-02-30 10:17:52.118", "2025-13-01 10:17:52", "2023-07-19 08:22:51.916784+9999",
        "9999-12-31 10:17:52.118", "2025-06-04 24:00:00", "2025-06-04 10:60:00", "Feb 30 10:00:00", "Jun  3 10:00:61",
        "2025-06-04 10:17:52+01:75",
    ])
    func impossible(stamp: String) {
        var context = TimestampContext(year: 2025, referenceTime: 1_749_988_800)
        let resolved = context.resolve(stamp)
        #expect(resolved.text == stamp && resolved.wallClockSeconds == nil)
    }

    @Test("the edges of the ranges still make one", arguments: [
        "2024-02-29 23:59:59.999", "Feb 29 00:00:00", "2016-12-31 23:59:60", "2025-06-04 10:17:52+1400",
        "1970-01-01 00:00:00", "2025-06-04 10:17:52-12:00",
    ])
    func possible(stamp: String) {
        var context = TimestampContext(year: 2025, referenceTime: 1_749_988_800)
        #expect(context.resolve(stamp).wallClockSeconds != nil, "\(stamp)")
    }

    /// A file dated in 2300 gives its year-less and date-less stamps no date, as a stamp of 2300
    /// would have none: a part or a cache entry written from them is read back, not refused.
    @Test("a year taken from a file's date past the clocks' years makes no date")
    func yearFromTheFileDate() {
        let in2300 = Double(CivilDate.daysSince1970(year: 2300, month: 6, day: 1) * 86_400)
        var context = TimestampContext(year: nil, referenceTime: in2300)
        #expect(context.resolve("Jun  3 10:00:01").wallClockSeconds == nil)
        #expect(context.resolve("10:00:01.000000-0500").wallClockSeconds == nil)
        var edge = TimestampContext(year: 2199, referenceTime: 1_749_988_800)
        #expect(edge.resolve("Dec 31 23:59:59").wallClockSeconds != nil)
    }
}
