/// Follows a scan as it goes: progress, diagnostics for the user, and, when scanning one input at
/// a time, each finding and launch as soon as it is known (a live timeline, `watch`).
///
/// Progress and diagnostics may come from several worker threads at once: an observer that
/// receives them must be safe to call concurrently. The live events come from one thread at a time.
/// Every method does nothing unless implemented.
public protocol ScanObserver: AnyObject {
    /// Whether the scan should hand out live events: the inputs are then scanned one at a time, in order.
    var wantsLiveEvents: Bool { get }
    /// The inputs about to be read (folders expanded), before the first one.
    func scanWillRead(_ inputs: [String])
    /// More bytes were read (compressed bytes for archives).
    func scanDidRead(bytes: Int)
    /// One named input was read to its end.
    func scanDidFinishInput()
    /// Something to tell the user: an input that cannot be read, a cut line, an unparsed line.
    func scanDidReport(_ diagnostic: ScanDiagnostic)
    /// A finding that passed the filters (live events only).
    func scanDidFind(_ finding: Finding)
    /// A launch reached a phase (live events only).
    func scanLaunch(_ launch: Launch, didReach phase: LaunchPhase)
    /// A launch's outcome became known or changed, with the findings linked to it so far (live events only).
    func scanLaunchDidChange(_ launch: Launch, findings: [Finding])
    /// A device connection banner of a live stream (`[connected:…]`).
    func scanDidSeeBanner(_ text: String, line: Int)
}

extension ScanObserver {
    public var wantsLiveEvents: Bool { false }
    public func scanWillRead(_ inputs: [String]) {}
    public func scanDidRead(bytes: Int) {}
    public func scanDidFinishInput() {}
    public func scanDidReport(_ diagnostic: ScanDiagnostic) {}
    public func scanDidFind(_ finding: Finding) {}
    public func scanLaunch(_ launch: Launch, didReach phase: LaunchPhase) {}
    public func scanLaunchDidChange(_ launch: Launch, findings: [Finding]) {}
    public func scanDidSeeBanner(_ text: String, line: Int) {}
}

/// A message for the user about the scan itself (not about the app), its untrusted parts (paths,
/// log text) already made printable.
public struct ScanDiagnostic: Sendable, Equatable {
    public enum Level: Sendable, Equatable {
        /// An input or member could not be read: the run ends with the input-error status.
        case error
        case warning
        case note
        /// One unparsed line, as `path:line: unparsed: text` (``ScanOptions/reportsUnparsedLines``).
        case unparsedLine
    }

    public var level: Level
    public var message: String

    public init(_ level: Level, _ message: String) {
        self.level = level
        self.message = message
    }
}

extension ScanDiagnostic {
    /// The warning of a run whose `--app` matched nothing it read.
    static func appMatchedNothing(_ app: String) -> ScanDiagnostic {
        ScanDiagnostic(
            .warning,
            "--app '\(Escaping.visible(app))' matched no process, bundle id or launch in the inputs: every finding and launch was left out")
    }
}
