import SceneLogCore

/// OTLP export of launches, which the `scenelog-otlp` executable plugs into the commands
/// (``ScenelogProgram/run(exporting:)``). `scenelog` itself has none: it leaves out swift-otel and
/// what it brings, whose protocol conformances would make every start slower, and hands a run
/// that asks for export over to `scenelog-otlp` (``CompanionProgram``).
public protocol LaunchExportFactory: Sendable {
    /// The export that `--otlp-endpoint` (`endpointOption`) and the process's environment ask
    /// for, or `nil` when they name no endpoint.
    ///
    /// - Throws: ``LaunchExportSettingError`` for a value that cannot be used.
    func makeExport(endpointOption: String?) throws(LaunchExportSettingError) -> (any LaunchExport)?
}

/// A setting of the export that cannot be used; its description names the option or variable.
public struct LaunchExportSettingError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// One run's export of launches.
public protocol LaunchExport: AnyObject {
    /// Sends every launch of `result` and waits for the export to end (the export bounds its own
    /// time).
    func send(_ result: ScanResult) -> LaunchExportOutcome

    /// For a live run: an observer that passes everything on to `observer` and sends each launch
    /// as soon as its outcome is known.
    func live(passingOnTo observer: any ScanObserver) -> any LiveExportObserver
}

/// The observer of a live run that sends its launches.
public protocol LiveExportObserver: ScanObserver {
    /// Sends the launches of `result` still open (as `incomplete`) and waits for the export to end.
    func finish(_ result: ScanResult) -> LaunchExportOutcome
}

/// How an export went.
public struct LaunchExportOutcome: Sendable {
    /// Whether every launch was sent.
    public var allSent: Bool
    /// One line for standard error: how many launches went where, or how many did not and why.
    public var summary: String

    public init(allSent: Bool, summary: String) {
        self.allSent = allSent
        self.summary = summary
    }
}
