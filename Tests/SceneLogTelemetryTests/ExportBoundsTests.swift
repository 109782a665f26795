import Testing

@testable import SceneLogTelemetry

/// What an export takes from outside and cannot trust: swift-otel's batch variables, checked
/// before anything is sent, and a collector's reason, quoted on standard error.
struct ExportBoundsTests {
    @Test("a batch variable out of its range, or a batch larger than the queue, is refused naming it")
    func batchVariables() {
        func problem(_ environment: [String: String]) -> String? {
            do {
                _ = try OTLPSettings.resolve(endpointOption: "http://localhost:4318", environment: environment)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem(["OTEL_BSP_MAX_EXPORT_BATCH_SIZE": "0"]) == "OTEL_BSP_MAX_EXPORT_BATCH_SIZE takes a whole number from 1 to 65536, not '0'")
        #expect(problem(["OTEL_BSP_MAX_QUEUE_SIZE": "99999999999"])?.hasPrefix("OTEL_BSP_MAX_QUEUE_SIZE takes a whole number") == true)
        #expect(problem(["OTEL_BSP_SCHEDULE_DELAY": "0"])?.hasPrefix("OTEL_BSP_SCHEDULE_DELAY takes") == true)
        #expect(problem(["OTEL_BSP_EXPORT_TIMEOUT": "soon"])?.hasPrefix("OTEL_BSP_EXPORT_TIMEOUT takes") == true)
        #expect(problem(["OTEL_BSP_MAX_EXPORT_BATCH_SIZE": "4096"]) == "OTEL_BSP_MAX_EXPORT_BATCH_SIZE is larger than the queue (OTEL_BSP_MAX_QUEUE_SIZE, 2048 by default)")
        #expect(problem(["OTEL_BSP_MAX_EXPORT_BATCH_SIZE": "4096", "OTEL_BSP_MAX_QUEUE_SIZE": "8192", "OTEL_BSP_SCHEDULE_DELAY": "100"]) == nil)
    }

    @Test("a collector's reason is quoted on one line and cut to 300 characters")
    func reasonOnOneLine() {
        #expect(LaunchExportSession.oneLine("bad\n::error file=ci.yml::forged\r\nend") == "bad ⏎ ::error file=ci.yml::forged ⏎ end")
        let long = LaunchExportSession.oneLine(String(repeating: "x", count: 15_000))
        #expect(long.unicodeScalars.count == 301 && long.hasSuffix("…"))
    }
}
