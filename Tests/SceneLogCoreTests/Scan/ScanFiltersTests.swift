import Foundation
import Testing

@testable import SceneLogCore

/// The filters as the scanner applies them: what identifies a run's results (cache keys, parts)
/// and how a finding told over several lines is judged.
@Suite("scan filters")
struct ScanFiltersTests {
    @Test("each filter changes the options' digest; the same filters give the same digest")
    func fingerprint() throws {
        let base = try testScanOptions()
        let bound = TimeBound(instant: 1_776_180_000, localWallClock: 1_776_180_000)
        let changes: [(inout ScanFilters) -> Void] = [
            { $0.window.since = bound }, { $0.window.until = bound }, { $0.rules = ["uncaught-exception"] },
            { $0.process = "MyApp" }, { $0.device = "QA-iPad" },
            { $0.window.since = TimeBound(instant: bound.instant, localWallClock: bound.localWallClock + 3600) },
        ]
        var digests = [ScanFingerprint.options(base)]
        for change in changes {
            var options = base
            change(&options.filters)
            digests.append(ScanFingerprint.options(options))
            #expect(ScanFingerprint.options(options) == digests.last, "stable")
        }
        #expect(Set(digests).count == digests.count)
    }

    @Test("a kill told over several lines is one finding, kept or left out by the time of its first line")
    func multiLineEvent() throws {
        let log = """
            Apr 14 15:22:27 QA-iPad SpringBoard(FrontBoard)[52] <Error>: [application<io.kestrel.shiftboard>:812] Provision violated for watchdog scene-create: <FBSProcessResourceProvision: 0x28153e9c0; allowance: <; FBSProcessResourceAllowance; type: realTime; timeValue: 19.96s>; violated: YES>
            Apr 14 15:22:29 QA-iPad SpringBoard(FrontBoard)[52] <Error>: [application<io.kestrel.shiftboard>:812] Executing termination for reason (none) with request: <FBSProcessTerminationRequest: 0x2836f0a80; label: "watchdog provision violated"; exceptionCode: "Watchdog Violation (0x8BADF00D)"; reportType: CrashLog; explanation: "scene-create watchdog transgression: application<io.kestrel.shiftboard>:812 exhausted real (wall clock) time allowance of 19.96 seconds">
            Apr 14 15:22:29 QA-iPad SpringBoard(FrontBoard)[52] <Notice>: [application<io.kestrel.shiftboard>:812] Process exited: <FBProcessExitContext; watchdog ("watchdog provision violated")>.

            """
        var options = try testScanOptions()
        let all = Scanner(options: options).scan(bytes: Array(log.utf8), name: "kill.log")
        #expect(all.findings.map(\.location.line) == [1])
        #expect(all.findings.first?.evidence.map(\.line) == [2, 3])
        // 2025-04-14T15:22:28, as the stamps read (no offset).
        let instant = Double(CivilDate.daysSince1970(year: 2025, month: 4, day: 14)) * 86_400 + 15 * 3600 + 22 * 60 + 28
        options.filters.window.since = TimeBound(instant: instant, localWallClock: instant)
        let late = Scanner(options: options).scan(bytes: Array(log.utf8), name: "kill.log")
        #expect(late.findings.isEmpty, "its later lines open no finding of their own")
        #expect(late.inputs.first?.records == 3)
        options.filters.window.since = nil
        options.filters.window.until = TimeBound(instant: instant, localWallClock: instant)
        let early = Scanner(options: options).scan(bytes: Array(log.utf8), name: "kill.log")
        #expect(early.findings.map(\.location.line) == [1])
    }
}
