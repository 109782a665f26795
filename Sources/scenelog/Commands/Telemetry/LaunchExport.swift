import Dispatch
import Foundation
import SceneLogCore
import SceneLogTelemetry

/// Sends launches over OTLP from a command, which runs synchronously, and says how it went: a
/// note when every launch was sent, one warning with the count of those that were not.
enum LaunchExport {
    /// Sends every launch of `result` and waits for the export to end (it is bounded by
    /// swift-otel's export timeout).
    static func send(_ result: ScanResult, to settings: OTLPSettings) -> OTLPExportReport {
        let environment = ProcessInfo.processInfo.environment
        let now = nowNanoseconds()
        let report = waitFor {
            let session = LaunchExportSession(settings: settings, environment: environment)
            for trace in result.launchTraces(sentAt: now) { await session.send(trace) }
            return await session.finish()
        }
        tell(report, settings: settings)
        return report
    }

    /// Says how an export went, on standard error: the endpoint without its query, which may
    /// hold a key.
    static func tell(_ report: OTLPExportReport, settings: OTLPSettings) {
        let endpoint = settings.endpoint.prefix { $0 != "?" && $0 != "#" }
        let target = "\(endpoint) (OTLP \(settings.transport.rawValue))"
        guard report.notExported > 0 else {
            Diagnostics.report(ScanDiagnostic(.note, "sent \(launches(report.exported)) to \(target)"))
            return
        }
        let reason = report.failure.map { ": \($0)" } ?? ""
        Diagnostics.warning("\(report.notExported) of \(launches(report.launches)) not exported to \(target)\(reason)")
    }

    private static func launches(_ count: Int) -> String { count == 1 ? "1 launch" : "\(count) launches" }

    /// Now, in nanoseconds since 1970: the time of a launch whose lines carry none.
    static func nowNanoseconds() -> UInt64 {
        UInt64((Date().timeIntervalSince1970 * 1_000_000_000).rounded())
    }

    /// Runs `work` and blocks the calling (synchronous) thread until it returns.
    static func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Value>()
        Task {
            box.value = await work()
            done.signal()
        }
        done.wait()
        guard let value = box.value else { preconditionFailure("the semaphore is signalled after the value is set") }
        return value
    }
}

/// The value a task hands to the thread waiting on it: written once before the semaphore is
/// signalled, read after the wait (which orders the two).
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}
