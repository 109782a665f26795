import OTelSemanticConventions
import SceneLogCore

/// The names of what a launch is sent as: the OpenTelemetry semantic conventions' names where one
/// fits (`service.name`, `os.*`, `device.id`, `process.*`, `ios.app.state`, `exception.*`), and
/// `scenelog.*` where none does (there is no app-start convention yet: semantic-conventions issue
/// #2830). README's "Send launches to OpenTelemetry" lists them all; keep the two in step.
public enum TelemetryNames {
    // MARK: Spans and events

    /// The root span of a launch's trace.
    public static let rootSpan = "app.launch"

    /// The span of a phase before the app is active: `app.launch.requested`, `app.launch.scene_created`.
    public static func phaseSpan(_ phase: LaunchPhase) -> String {
        switch phase {
        case .sceneCreated: "app.launch.scene_created"
        case .windowKey: "app.launch.window_key"
        case .requested, .spawned, .bootstrapped, .active, .background, .foreground, .terminated: "app.launch.\(phase.rawValue)"
        }
    }

    /// The span of one of the app's life-cycle callbacks: `app.callback.didFinishLaunching`.
    public static func callbackSpan(_ step: LifecycleStep) -> String { "app.callback.\(step.rawValue)" }

    /// The event of an app state change, from the semantic conventions' mobile events.
    public static let lifecycleEvent = "device.app.lifecycle"
    /// The event of a crash (with `exception.type`).
    public static let crashEvent = "app.crash"
    /// The event of a finding.
    public static let findingEvent = "scenelog.finding"

    // MARK: Resource

    public static let serviceName = OTelAttribute.service.name
    public static let osName = OTelAttribute.os.name
    public static let osVersion = OTelAttribute.os.version
    public static let deviceID = OTelAttribute.device.id
    /// The device's name as the log prints it (`Anas-iPhone`): the conventions have no device name.
    public static let deviceName = "scenelog.device.name"
    public static let distroName = OTelAttribute.telemetry.distro.name
    public static let distroVersion = OTelAttribute.telemetry.distro.version

    // MARK: The launch (root span)

    public static let launchID = "scenelog.launch.id"
    /// `cold`, `warm`, `background` or `unknown`.
    public static let launchType = "scenelog.launch.type"
    public static let outcome = "scenelog.launch.outcome"
    public static let evidence = "scenelog.launch.evidence"
    public static let startSeen = "scenelog.launch.start_seen"
    public static let timed = "scenelog.launch.timed"
    public static let intent = "scenelog.launch.intent"
    public static let timeToActive = "scenelog.launch.time_to_active_ms"
    public static let timeToActivePrecision = "scenelog.launch.time_to_active_precision_ms"
    public static let watchdogBudget = "scenelog.launch.watchdog_budget_s"
    public static let findingCount = "scenelog.launch.findings"
    public static let terminationKind = "scenelog.termination.kind"
    public static let terminationDetail = "scenelog.termination.detail"
    public static let processName = OTelAttribute.process.executable.name
    public static let processPID = OTelAttribute.process.pid
    /// The input a line is in, and the line (1-based).
    public static let logPath = "scenelog.log.path"
    public static let logLine = "scenelog.log.line"

    // MARK: Phases, callbacks, events

    public static let phase = "scenelog.phase"
    public static let callbackStep = "scenelog.callback.step"
    public static let callbackDelegate = "scenelog.callback.delegate"
    public static let callbackScene = "scenelog.callback.scene"
    public static let iosAppState = OTelAttribute.ios.app.state
    /// `system` (SpringBoard's phases) or `callback` (the app's own line).
    public static let lifecycleSource = "scenelog.lifecycle.source"
    public static let findingRule = "scenelog.finding.rule"
    public static let findingSeverity = "scenelog.finding.severity"
    public static let findingMessage = "scenelog.finding.message"
    public static let findingTimestamp = "scenelog.finding.timestamp"
    public static let exceptionType = OTelAttribute.exception.type
    public static let exceptionMessage = OTelAttribute.exception.message
    public static let crashSignal = "scenelog.crash.signal"

    // MARK: Rules read

    static let crashReportRule = "crash-report"
    static let uncaughtExceptionRule = "uncaught-exception"
}
