import Testing

@testable import SceneLogCore

/// How finely each spelling of a time is known: the digits it prints after the seconds.
@Suite("timestamp precision")
struct TimestampPrecisionTests {
    @Test(
        "whole seconds are known to 1000 ms, tenths to 100, hundredths to 10, milliseconds and finer to 1",
        arguments: [
            ("Dec  2 14:03:09", 1000), ("Wed May 24 13:58:04 2023", 1000), ("2026-04-16 12:52:32", 1000),
            ("22:50:45.7-0500", 100), ("22:50:45.70-0500", 10), ("2014-12-28 23:56:02.013", 1),
            ("Oct 10 09:14:07.123456", 1), ("2023-07-19 08:22:51.916784+0300", 1),
        ])
    func precision(text: String, milliseconds: Int) {
        var context = TimestampContext(year: 2025, referenceTime: 1_749_988_800)
        #expect(context.resolve(text).precisionMs == milliseconds)
    }

    @Test("a text that is not a time has no precision")
    func unreadable() {
        var context = TimestampContext(year: 2025, referenceTime: 1_749_988_800)
        #expect(context.resolve("yesterday").precisionMs == nil)
    }
}
