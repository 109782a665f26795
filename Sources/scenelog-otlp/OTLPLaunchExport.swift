import Dispatch
import Foundation
import SceneLogCommandLine
import SceneLogCore
import SceneLogTelemetry

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The export of `--otlp-endpoint` and the OpenTelemetry variables (``OTLPSettings``).
struct OTLPExportFactory: LaunchExportFactory {
    /// swift-otel's own diagnostics level (scenelog reports export failures itself) and its
    /// propagators (scenelog carries trace ids in a W3C traceparent): both are scenelog's to set.
    private static let variablesScenelogHandles = ["OTEL_LOG_LEVEL", "OTEL_PROPAGATORS"]

    /// The settings of the command line and the environment. The variables read here are then
    /// removed from the environment, before anything else runs, so that swift-otel does not read
    /// them again (see ``OTLPSettings/variables``).
    func makeExport(endpointOption: String?) throws(LaunchExportSettingError) -> (any LaunchExport)? {
        let environment = ProcessInfo.processInfo.environment
        let settings: OTLPSettings?
        do {
            settings = try OTLPSettings.resolve(endpointOption: endpointOption, environment: environment)
        } catch {
            throw LaunchExportSettingError(error.description)
        }
        guard let settings else { return nil }
        for variable in OTLPSettings.variables + Self.variablesScenelogHandles { unsetenv(variable) }
        return OTLPLaunchExport(settings: settings, environment: environment)
    }
}

/// Sends launches over OTLP from a command, which runs synchronously.
final class OTLPLaunchExport: LaunchExport {
    let settings: OTLPSettings
    /// The environment as it was before the OpenTelemetry variables were removed.
    let environment: [String: String]

    init(settings: OTLPSettings, environment: [String: String]) {
        self.settings = settings
        self.environment = environment
    }

    /// Sends every launch of `result` and waits for the export to end (it is bounded by
    /// swift-otel's export timeout).
    func send(_ result: ScanResult) -> LaunchExportOutcome {
        let settings = settings
        let environment = environment
        let now = Self.nowNanoseconds()
        let report = Self.waitFor {
            let session = LaunchExportSession(settings: settings, environment: environment)
            for trace in result.launchTraces(sentAt: now) { await session.send(trace) }
            return await session.finish()
        }
        return outcome(of: report)
    }

    func live(passingOnTo observer: any ScanObserver) -> any LiveExportObserver {
        ExportingObserver(observer: observer, export: self)
    }

    /// What to say of `report`: how many launches went where, or how many did not and why.
    func outcome(of report: OTLPExportReport) -> LaunchExportOutcome {
        let target = "\(settings.endpoint) (OTLP \(settings.transport.rawValue))"
        guard report.notExported > 0 else {
            return LaunchExportOutcome(allSent: true, summary: "sent \(Self.launches(report.exported)) to \(target)")
        }
        let reason = report.failure.map { ": \($0)" } ?? ""
        return LaunchExportOutcome(
            allSent: false, summary: "\(report.notExported) of \(Self.launches(report.launches)) not exported to \(target)\(reason)")
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
