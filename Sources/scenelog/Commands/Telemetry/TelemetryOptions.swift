import ArgumentParser
import Foundation
import SceneLogCore
import SceneLogTelemetry

/// `--otlp-endpoint` and `--otlp-required`, shared by `scan`, `report`, `merge` and `watch`:
/// each launch sent as a trace to an OpenTelemetry collector or backend.
struct TelemetryOptions: ParsableArguments {
    @Option(
        name: .customLong("otlp-endpoint"),
        help: ArgumentHelp(
            "Send each launch as a trace over OTLP to this collector (OTLP/HTTP: the base URL, sent to URL/v1/traces; gRPC with OTEL_EXPORTER_OTLP_PROTOCOL=grpc); default: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT. Example: --otlp-endpoint http://localhost:4318",
            valueName: "url"))
    var endpoint: String?

    @Flag(
        name: .customLong("otlp-required"),
        help: "Exit with 3 when a launch could not be sent over OTLP (by default that is a warning and the exit code is the report's).")
    var required = false

    /// The export settings of the command line and the environment, or `nil` when no endpoint is
    /// named. A value that cannot be used is a usage error naming the option or variable. The
    /// variables read here are then removed from the environment, before anything else runs, so
    /// that swift-otel does not read them again (see ``OTLPSettings/variables``).
    func settings() throws -> OTLPSettings? {
        let environment = ProcessInfo.processInfo.environment
        // The specification's switch for every OpenTelemetry SDK.
        if environment["OTEL_SDK_DISABLED"]?.lowercased() == "true" {
            if required { throw Diagnostics.usageError("--otlp-required goes against OTEL_SDK_DISABLED=true") }
            if endpoint != nil { Diagnostics.warning("OTEL_SDK_DISABLED is true: launches are not sent over OTLP") }
            return nil
        }
        let settings: OTLPSettings?
        do {
            settings = try OTLPSettings.resolve(endpointOption: endpoint, environment: environment)
        } catch {
            throw Diagnostics.usageError(error.description)
        }
        guard let settings else {
            if required {
                throw Diagnostics.usageError("--otlp-required needs --otlp-endpoint or \(OTLPSettings.endpointVariable)")
            }
            return nil
        }
        for variable in OTLPSettings.variables + Self.variablesScenelogHandles { unsetenv(variable) }
        return settings
    }

    /// swift-otel's own diagnostics level (scenelog reports export failures itself) and its
    /// propagators (scenelog carries trace ids in a W3C traceparent): both are scenelog's to set.
    private static let variablesScenelogHandles = ["OTEL_LOG_LEVEL", "OTEL_PROPAGATORS"]

    /// Sends `result`'s launches to `settings` (nothing without settings), then runs `check`,
    /// the command's exit status. A launch not sent is one warning; with `--otlp-required` the
    /// command then exits with 3 whatever `check` says. An interrupted run is not sent.
    func export(_ result: ScanResult, to settings: OTLPSettings?, thenCheck check: () throws -> Void) throws {
        guard let settings else { return try check() }
        let failed: Bool
        if result.interrupted {
            Diagnostics.warning("interrupted: the launches are not sent over OTLP")
            failed = true
        } else {
            let sent = LaunchExport.send(result, to: settings)
            failed = sent.notExported > 0
        }
        guard required, failed else { return try check() }
        // The check still says what it has to (no logs read…); the exit code is the export's.
        try? check()
        throw ExitStatus.inputError.exitCode
    }
}
