import Testing

@testable import SceneLogCore

/// A stamp that differs from the one before only in its fraction's digits (Console.app's
/// microseconds) reuses that stamp's other fields: the times must be those of a full read.
@Suite("timestamp fraction reuse")
struct TimestampFractionReuseTests {
    @Test("stamps read from bytes, reusing the previous fields, equal stamps read in full")
    func sameAsFullRead() {
        let stamps = [
            "22:50:45.709813-0500", "22:50:45.710002-0500", "22:50:45.70x002-0500", "22:50:45.710003-0500",
            "22:50:46.000001-0500", "22:50:46.000002+0100", "22:50:46.1234-0500", "22:50:46.1235-0500",
            "2023-07-19 08:22:51.916784+0300", "2023-07-20 08:22:51.916785+0300",
            "2023-07-20 08:22:51.000000+0300", "01:00:00.000001-0500", "01:00:00.999999-0500",
            "Oct 10 09:14:07.123456", "Oct 10 09:14:07.654321", "Oct 11 09:14:07.654322",
        ]
        var fromBytes = TimestampContext(year: 2025, referenceTime: 1_749_988_800)
        var inFull = TimestampContext(year: 2025, referenceTime: 1_749_988_800)
        for stamp in stamps {
            let reused = Array(stamp.utf8).withUnsafeBufferPointer { fromBytes.resolve($0) }
            #expect(reused == inFull.resolve(stamp), "\(stamp)")
        }
    }
}
