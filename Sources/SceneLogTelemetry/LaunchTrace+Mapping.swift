import SceneLogCore

extension LaunchTrace {
    /// The trace of `launch`, with `findings` (the findings of the report that belong to it) as
    /// events. `sentAt` (nanoseconds since 1970) places a launch none of whose lines carries a
    /// readable time; such a launch has no phase or callback span and says `scenelog.launch.timed`
    /// false.
    public init(_ launch: Launch, findings: [Finding], sentAt: UInt64) {
        let ids = LaunchTraceID(launch)
        traceID = ids.traceID
        captureSpanID = ids.captureSpanID
        let crashReport = findings.first { $0.rule == TelemetryNames.crashReportRule }
        resource = Self.resource(of: launch, crashReport: crashReport)

        let times = Self.times(of: launch)
        let start = times.min() ?? sentAt
        let end = times.max() ?? sentAt
        var root = PlannedSpan(name: TelemetryNames.rootSpan, start: start, end: end, attributes: Self.attributes(of: launch, timed: !times.isEmpty))
        root.status = Self.status(of: launch.outcome)
        root.events = Self.lifecycleEvents(of: launch)
            + findings.map { Self.findingEvent($0, launch: launch, fallback: start) }
            + [Self.crashEvent(of: launch, findings: findings, at: launch.phases[.terminated]?.nanosecondsSinceEpoch ?? end)]
            .compactMap { $0 }
        root.events.sort { $0.time < $1.time }
        self.root = root
        children = (Self.phaseSpans(of: launch, end: end) + Self.callbackSpans(of: launch)).sorted { $0.start < $1.start }
    }

    /// Every time the launch's lines show, in nanoseconds since 1970.
    private static func times(of launch: Launch) -> [UInt64] {
        (launch.phases.values + launch.callbacks.map(\.mark) + [launch.appFirstLine].compactMap { $0 }).compactMap(\.nanosecondsSinceEpoch)
    }

    private static func resource(of launch: Launch, crashReport: Finding?) -> [String: TelemetryValue] {
        var resource: [String: TelemetryValue] = [
            TelemetryNames.serviceName: .string(launch.bundle ?? launch.process ?? "unknown app"),
            TelemetryNames.osName: .string("ios"),
            TelemetryNames.distroName: .string(SceneLog.name),
            TelemetryNames.distroVersion: .string(SceneLog.version),
        ]
        if let version = crashReport?.data["osVersion"].flatMap(osVersionNumber) {
            resource[TelemetryNames.osVersion] = .string(version)
        }
        if let device = launch.device {
            resource[isUDID(device) ? TelemetryNames.deviceID : TelemetryNames.deviceName] = .string(device)
        }
        return resource
    }

    /// `17.3.1` out of a crash report's `iPhone OS 17.3.1 (21D61)`.
    static func osVersionNumber(_ text: String) -> String? {
        text.split(separator: " ").first { word in
            word.first?.isNumber == true && word.allSatisfy { $0.isNumber || $0 == "." }
        }.map(String.init)
    }

    /// Whether `device` is a UDID (`00008110-001A2B3C4D5E801E`, or 40 hex digits) rather than a name.
    static func isUDID(_ device: String) -> Bool {
        let hex = device.filter { $0 != "-" }
        return (hex.count == 24 || hex.count == 40) && hex.allSatisfy(\.isHexDigit)
    }

    private static func attributes(of launch: Launch, timed: Bool) -> [String: TelemetryValue] {
        var attributes: [String: TelemetryValue] = [
            TelemetryNames.launchID: .string(launch.id),
            TelemetryNames.launchType: .string(AppLaunchStatistics.Start(launch).rawValue),
            TelemetryNames.outcome: .string(launch.outcome.rawValue),
            TelemetryNames.evidence: .string(launch.evidence.rawValue),
            TelemetryNames.startSeen: .bool(launch.startSeen),
            TelemetryNames.timed: .bool(timed),
            TelemetryNames.findingCount: .int(launch.findings),
            TelemetryNames.logPath: .string(launch.path),
        ]
        if let first = LaunchTraceID.firstMark(of: launch) { attributes[TelemetryNames.logLine] = .int(first.location.line) }
        if let process = launch.process { attributes[TelemetryNames.processName] = .string(process) }
        if let pid = launch.pid { attributes[TelemetryNames.processPID] = .int(pid) }
        if let intent = launch.intent { attributes[TelemetryNames.intent] = .string(intent) }
        if let milliseconds = launch.timeToActiveMs {
            attributes[TelemetryNames.timeToActive] = .int(milliseconds)
            if let precision = launch.timeToActivePrecisionMs { attributes[TelemetryNames.timeToActivePrecision] = .int(precision) }
        }
        if let budget = launch.watchdogBudget { attributes[TelemetryNames.watchdogBudget] = .double(budget) }
        if let termination = launch.termination {
            attributes[TelemetryNames.terminationKind] = .string(termination.kind.rawValue)
            if let detail = termination.detail { attributes[TelemetryNames.terminationDetail] = .string(detail) }
        }
        return attributes
    }

    /// An error status for the outcomes that leave the user without a working app.
    private static func status(of outcome: LaunchOutcome) -> PlannedSpan.Status {
        switch outcome {
        case .crashed, .killed, .launchFailed, .blackScreenSuspected: .error(outcome.rawValue)
        case .active, .exited, .incomplete: .unset
        }
    }

    /// The phases before the app is active, each a span until the next phase with a time (or,
    /// for the last one reached, until the launch's last line: a scene create that never
    /// finished lasts until the watchdog kill).
    private static func phaseSpans(of launch: Launch, end: UInt64) -> [PlannedSpan] {
        let spanned: [LaunchPhase] = [.requested, .spawned, .bootstrapped, .sceneCreated, .windowKey]
        let marks = ([.requested, .spawned, .bootstrapped, .sceneCreated, .windowKey, .active, .terminated] as [LaunchPhase])
            .compactMap { phase in launch.phases[phase].flatMap { mark in mark.nanosecondsSinceEpoch.map { (phase, mark, $0) } } }
            .sorted { ($0.2, $0.0) < ($1.2, $1.0) }
        return marks.indices.compactMap { index in
            let (phase, mark, start) = marks[index]
            guard spanned.contains(phase) else { return nil }
            let next = marks[(index + 1)...].first { $0.2 >= start }?.2 ?? end
            return PlannedSpan(
                name: TelemetryNames.phaseSpan(phase), start: start, end: next,
                attributes: [TelemetryNames.phase: .string(phase.rawValue), TelemetryNames.logLine: .int(mark.location.line)])
        }
    }

    /// The app's life-cycle callbacks, each a span until the next one (the last has no length).
    private static func callbackSpans(of launch: Launch) -> [PlannedSpan] {
        let timed = launch.callbacks.compactMap { callback in callback.mark.nanosecondsSinceEpoch.map { (callback, $0) } }
        return timed.indices.map { index in
            let (callback, start) = timed[index]
            var attributes: [String: TelemetryValue] = [
                TelemetryNames.callbackStep: .string(callback.step.rawValue),
                TelemetryNames.callbackDelegate: .string(callback.delegate.rawValue),
                TelemetryNames.logLine: .int(callback.mark.location.line),
            ]
            if let scene = callback.scene { attributes[TelemetryNames.callbackScene] = .string(scene) }
            let end = index + 1 < timed.count ? timed[index + 1].1 : start
            return PlannedSpan(name: TelemetryNames.callbackSpan(callback.step), start: start, end: end, attributes: attributes)
        }
    }

    /// `device.app.lifecycle` events: the system's active, background, foreground and terminated
    /// phases, and the app's callbacks that are state changes.
    private static func lifecycleEvents(of launch: Launch) -> [PlannedEvent] {
        let phases: [(LaunchPhase, String)] = [(.active, "active"), (.background, "background"), (.foreground, "foreground"), (.terminated, "terminate")]
        let fromPhases = phases.compactMap { phase, state in
            launch.phases[phase].flatMap { mark in
                mark.nanosecondsSinceEpoch.map { lifecycleEvent(state: state, source: "system", line: mark.location.line, at: $0) }
            }
        }
        let fromCallbacks = launch.callbacks.compactMap { callback -> PlannedEvent? in
            guard let state = appState(of: callback.step), let time = callback.mark.nanosecondsSinceEpoch else { return nil }
            return lifecycleEvent(state: state, source: "callback", line: callback.mark.location.line, at: time)
        }
        return fromPhases + fromCallbacks
    }

    private static func lifecycleEvent(state: String, source: String, line: Int, at time: UInt64) -> PlannedEvent {
        PlannedEvent(
            name: TelemetryNames.lifecycleEvent, time: time,
            attributes: [TelemetryNames.iosAppState: .string(state), TelemetryNames.lifecycleSource: .string(source), TelemetryNames.logLine: .int(line)])
    }

    /// The `ios.app.state` a callback announces, for the callbacks that are state changes.
    static func appState(of step: LifecycleStep) -> String? {
        switch step {
        case .didBecomeActive: "active"
        case .willResignActive: "inactive"
        case .didEnterBackground: "background"
        case .willEnterForeground: "foreground"
        case .willTerminate: "terminate"
        case .willFinishLaunching, .didFinishLaunching, .configurationForConnecting, .willConnect, .didDisconnect, .openURLContexts,
            .openURL, .continueUserActivity, .didDiscardSceneSessions:
            nil
        }
    }

    /// A finding as an event: at the time of the launch's latest line at or before the finding's
    /// line in the same input (a finding's own stamp is kept as printed, in
    /// `scenelog.finding.timestamp`), else at the launch's start.
    private static func findingEvent(_ finding: Finding, launch: Launch, fallback: UInt64) -> PlannedEvent {
        let marks = launch.phases.values + launch.callbacks.map(\.mark) + [launch.appFirstLine].compactMap { $0 }
        let before = marks.filter { $0.location.path == finding.location.path && $0.location.line <= finding.location.line }
        let time = before.max { $0.location.line < $1.location.line }?.nanosecondsSinceEpoch ?? fallback
        var attributes: [String: TelemetryValue] = [
            TelemetryNames.findingRule: .string(finding.rule),
            TelemetryNames.findingSeverity: .string(finding.severity.rawValue),
            TelemetryNames.findingMessage: .string(finding.message),
            TelemetryNames.logPath: .string(finding.location.path),
            TelemetryNames.logLine: .int(finding.location.line),
        ]
        if let timestamp = finding.timestamp { attributes[TelemetryNames.findingTimestamp] = .string(timestamp) }
        return PlannedEvent(name: TelemetryNames.findingEvent, time: time, attributes: attributes)
    }

    /// `app.crash` for a launch that crashed: the exception type from its crash report
    /// (`EXC_CRASH`), else from its uncaught exception (`NSInvalidArgumentException`), else the
    /// signal it died of (`SIGABRT(6)`).
    private static func crashEvent(of launch: Launch, findings: [Finding], at time: UInt64) -> PlannedEvent? {
        guard launch.outcome == .crashed else { return nil }
        let report = findings.first { $0.rule == TelemetryNames.crashReportRule }
        let exception = findings.first { $0.rule == TelemetryNames.uncaughtExceptionRule }
        guard let type = report?.data["exceptionType"] ?? exception?.data["exception"] ?? launch.termination?.detail else {
            return PlannedEvent(name: TelemetryNames.crashEvent, time: time)
        }
        var attributes: [String: TelemetryValue] = [TelemetryNames.exceptionType: .string(type)]
        if let reason = exception?.data["reason"] { attributes[TelemetryNames.exceptionMessage] = .string(reason) }
        if let signal = report?.data["signal"] ?? launch.termination?.detail { attributes[TelemetryNames.crashSignal] = .string(signal) }
        return PlannedEvent(name: TelemetryNames.crashEvent, time: time, attributes: attributes)
    }
}
