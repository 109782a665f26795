import ArgumentParser
import SceneLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--otlp-endpoint` and `--otlp-required`, shared by `scan`, `report`, `merge` and `watch`:
/// each launch sent as a trace to an OpenTelemetry collector or backend.
///
/// The export itself is `scenelog-otlp`'s (``LaunchExportFactory``): `scenelog` hands a run that
/// asks for it over to that program, installed beside it, before anything runs.
struct TelemetryOptions: ParsableArguments {
    @Option(
        name: .customLong("otlp-endpoint"),
        help: ArgumentHelp(
            "Send each launch as a trace over OTLP to this collector (OTLP/HTTP: the base URL, sent to URL/v1/traces; gRPC with OTEL_EXPORTER_OTLP_PROTOCOL=grpc); default: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT. Needs scenelog-otlp beside scenelog. Example: --otlp-endpoint http://localhost:4318",
            valueName: "url"))
    var endpoint: String?

    @Flag(
        name: .customLong("otlp-required"),
        help: "Exit with 3 when a launch could not be sent over OTLP (by default that is a warning and the exit code is the report's).")
    var required = false

    /// The program that exports, beside `scenelog`.
    static let exportingProgram = "scenelog-otlp"
    /// The variables that name an endpoint without `--otlp-endpoint`.
    static let endpointVariables = ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT"]

    /// The export that the command line and the environment ask for, or `nil` when they name no
    /// endpoint. A value that cannot be used is a usage error naming the option or variable.
    /// Without an exporter (plain `scenelog`), a run that asks for one is handed over to
    /// `scenelog-otlp` here, and this returns only when that program cannot be run.
    func export() throws -> (any LaunchExport)? {
        // The specification's switch for every OpenTelemetry SDK.
        if Self.variable("OTEL_SDK_DISABLED")?.lowercased() == "true" {
            if required { throw Diagnostics.usageError("--otlp-required goes against OTEL_SDK_DISABLED=true") }
            if endpoint != nil { Diagnostics.warning("OTEL_SDK_DISABLED is true: launches are not sent over OTLP") }
            return nil
        }
        guard let factory = ScenelogProgram.exportFactory else { return try handOver() }
        let export: (any LaunchExport)?
        do {
            export = try factory.makeExport(endpointOption: endpoint)
        } catch {
            throw Diagnostics.usageError(error.description)
        }
        if export == nil, required {
            throw Diagnostics.usageError("--otlp-required needs --otlp-endpoint or \(Self.endpointVariables[1])")
        }
        return export
    }

    /// Runs `scenelog-otlp` in place of this process when the run asks for export. When it cannot
    /// be run: a usage error if the command line asked, else (an endpoint variable set for other
    /// programs too) a warning, and the run goes on without export.
    private func handOver() throws -> (any LaunchExport)? {
        let variable = Self.endpointVariables.first { Self.variable($0)?.isEmpty == false }
        guard endpoint != nil || required || variable != nil else { return nil }
        let why = CompanionProgram.replaceProcess(with: Self.exportingProgram)
        let needs = "OTLP export needs \(Self.exportingProgram) installed beside scenelog: \(why)"
        guard endpoint == nil, !required, let variable else {
            throw Diagnostics.usageError("\(needs) (README → Send launches to OpenTelemetry)")
        }
        Diagnostics.warning("\(variable) is set, but the launches are not sent: \(needs)")
        return nil
    }

    /// The environment variable `name`, read alone (not the whole environment: every run asks).
    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Sends `result`'s launches with `export` (nothing without one), then runs `check`, the
    /// command's exit status. A launch not sent is one warning; with `--otlp-required` the command
    /// then exits with 3 whatever `check` says. An interrupted run is not sent.
    func send(_ result: ScanResult, with export: (any LaunchExport)?, thenCheck check: () throws -> Void) throws {
        guard let export else { return try check() }
        let failed: Bool
        if result.interrupted {
            Diagnostics.warning("interrupted: the launches are not sent over OTLP")
            failed = true
        } else {
            failed = !Self.tell(export.send(result))
        }
        guard required, failed else { return try check() }
        // The check still says what it has to (no logs read…); the exit code is the export's.
        try? check()
        throw ExitStatus.inputError.exitCode
    }

    /// Says how an export went, on standard error: a note when every launch was sent, else one
    /// warning. Returns whether every launch was sent.
    @discardableResult
    static func tell(_ outcome: LaunchExportOutcome) -> Bool {
        if outcome.allSent {
            Diagnostics.report(ScanDiagnostic(.note, outcome.summary))
        } else {
            Diagnostics.warning(outcome.summary)
        }
        return outcome.allSent
    }
}
