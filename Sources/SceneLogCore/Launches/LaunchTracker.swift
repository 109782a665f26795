/// Rebuilds app launches from the interleaved lines of SpringBoard, runningboardd, the kernel,
/// ReportCrash and the app, as a streaming state machine keyed by device and pid.
///
/// Records go in one at a time (``observe(_:)``); a launch is handed to `onUpdate` as soon as its
/// outcome is known (active with a key window, a termination, a suspected black screen) and again
/// whenever it changes (a later crash, a background). Terminated launches are dropped; at most
/// ``Settings/maximumOpenLaunches`` others are kept, the oldest closing first.
public final class LaunchTracker {
    /// Thresholds of the launch diagnoses.
    public struct Settings: Sendable {
        /// `launch-slow` above this many seconds from the first marker to active.
        public var slowLaunchSeconds: Double = 2
        /// How long after active a key window may still arrive before a black screen is suspected.
        public var windowKeyGraceSeconds: Double = 2
        public var maximumOpenLaunches = 256
        /// Diagnoses that are not reported (disabled in the configuration).
        public var disabledDiagnoses: Set<String> = []
        /// Severities that replace a diagnosis's own.
        public var severityOverrides: [String: Severity] = [:]

        public init() {}
    }

    private struct OpenLaunch {
        var launch: Launch
        /// The outcome last handed out.
        var emitted: LaunchOutcome?
        /// The launch as last handed out.
        var emittedState: Launch?
        var lastSeconds: Double?
        var inBackground = false
        var diagnosed: Set<String> = []
        /// Active with a scene but no key window yet: the black-screen decision is pending.
        var awaitingWindowKey = false
        /// Whether the app's own lifecycle lines are in the capture (a process filter may hide them).
        var appLinesSeen = false
    }

    private let path: String
    private let settings: Settings
    private let reader = LaunchSignalReader()
    @exclusivity(unchecked) private var open: [OpenLaunch] = []
    /// Launches that ended lately: a finding on the line that ended a launch still belongs to it.
    @exclusivity(unchecked) private var recentlyClosed: [Launch] = []
    @exclusivity(unchecked) private var timestamps: TimestampContext
    @exclusivity(unchecked) private var nextNumber: Int
    /// Requests to open an app, remembered until the app's launch starts: bundle → (requester, time).
    /// How many launches went active without a key window and wait for the grace period.
    @exclusivity(unchecked) private var awaitingWindowKey = 0
    @exclusivity(unchecked) private var pendingOpens: [String: (requester: String, seconds: Double?)] = [:]
    private let onUpdate: (Launch) -> Void
    private let onDiagnosis: (Finding) -> Void
    private let onPhase: ((Launch, LaunchPhase) -> Void)?

    /// - Parameters:
    ///   - firstNumber: the number of the first launch's id (`L<n>`), so ids stay unique across inputs.
    ///   - onUpdate: called with a launch when its outcome becomes known and whenever it changes.
    ///   - onDiagnosis: called with each launch-level finding.
    ///   - onPhase: called with a launch each time it reaches a phase, for a live timeline.
    public init(
        path: String, timestamps: TimestampContext, settings: Settings = Settings(), firstNumber: Int = 1,
        onUpdate: @escaping (Launch) -> Void, onDiagnosis: @escaping (Finding) -> Void,
        onPhase: ((Launch, LaunchPhase) -> Void)? = nil
    ) {
        self.path = path
        self.timestamps = timestamps
        self.settings = settings
        self.nextNumber = firstNumber
        self.onUpdate = onUpdate
        self.onDiagnosis = onDiagnosis
        self.onPhase = onPhase
    }

    /// Reads one record.
    ///
    /// - Parameter markers: the launch markers a ``RuleEngine`` found in the record's message
    ///   (``RuleEngine/launchMarkers``), so that the message is not scanned twice; `nil` to scan it here.
    public func observe(_ record: RecordView, markers: [Int]? = nil) {
        guard record.fields.kind == .message else {
            if record.fields.kind == .connectionBanner { closeAll() }
            return
        }
        let found = markers.map { reader.signal(in: record.message, markers: $0) } ?? reader.signal(in: record.message)
        guard let signal = found else { return }
        let mark = self.mark(of: record)
        let device = record.bytes(of: record.fields.device).map { String(decoding: $0, as: UTF8.self) }
        apply(signal, record: record, mark: mark, device: device)
        checkPendingBlackScreens(now: mark.seconds)
    }

    /// Links a line finding to its launch: the app's own line (by pid or process name), or a
    /// system line that names the app (`[app<bundle>:pid] …`). The iOS 27 trap marks the launch
    /// as failed.
    public func attach(_ finding: inout Finding, from record: RecordView) {
        let device = record.bytes(of: record.fields.device).map { String(decoding: $0, as: UTF8.self) }
        let named = LaunchMarkerParsing.namedProcess(in: record.message)
        if let index = appLaunchIndex(pid: finding.pid, process: finding.process, device: device)
            ?? named.flatMap({ named in open.lastIndex { $0.launch.pid == named.pid && $0.launch.device == device } })
        {
            finding.launch = open[index].launch.id
            open[index].launch.findings += 1
            if finding.rule == "scene-lifecycle-required" {
                open[index].launch.hitLaunchTrap = true
                publish(index)
            }
            return
        }
        let pids = [finding.pid, named?.pid].compactMap { $0 }
        guard let closed = recentlyClosed.lastIndex(where: { launch in
            launch.device == device && (launch.pid.map(pids.contains) ?? false || (launch.process != nil && launch.process == finding.process))
        }) else { return }
        finding.launch = recentlyClosed[closed].id
        recentlyClosed[closed].findings += 1
        if finding.rule == "scene-lifecycle-required" { recentlyClosed[closed].hitLaunchTrap = true }
        onUpdate(recentlyClosed[closed])
    }

    /// Ends the input: every launch still open is published with what is known.
    public func finish() {
        closeAll()
    }

    // MARK: - Signals

    private func apply(_ signal: LaunchSignal, record: RecordView, mark: LaunchMark, device: String?) {
        switch signal {
        case .requested(let bundle, let intent):
            let index = start(bundle: bundle, pid: nil, device: device)
            open[index].launch.intent = intent
            reach(.requested, index, mark)
            if let pending = pendingOpens.removeValue(forKey: bundle) {
                open[index].launch.events.append(LaunchEvent(name: "url-open:cold", detail: pending.requester, mark: mark))
            }
        case .spawned(let bundle, let pid):
            // The launch just requested (no pid yet) comes first: an older launch that kept the
            // same pid (its exit not in the capture) is not this one.
            let requested = open.lastIndex { $0.launch.bundle == bundle && $0.launch.pid == nil && $0.launch.device == device }
            let index = requested ?? launchIndex(bundle: bundle, pid: pid, device: device)
                ?? start(bundle: bundle, pid: pid, device: device)
            open[index].launch.pid = pid
            reach(.spawned, index, mark)
            closeSuperseded(by: open[index].launch.id, bundle: bundle, device: device)
        case .spawnedByAssertiond(let bundle, let pid):
            let pending = bundle.flatMap { launchIndex(bundle: $0, pid: nil, device: device) }
                ?? open.lastIndex { $0.launch.pid == nil && $0.launch.device == device }
            let index = pending ?? start(bundle: bundle, pid: pid, device: device)
            open[index].launch.pid = pid
            reach(.spawned, index, mark)
        case .assertiondProcess(let process, let pid):
            if let index = open.lastIndex(where: { $0.launch.pid == pid && $0.launch.device == device }),
                open[index].launch.process == nil
            {
                open[index].launch.process = process
            }
        case .bootstrapped(let bundle, let pid):
            guard let index = launchIndex(bundle: bundle, pid: pid, device: device) else { return }
            open[index].launch.pid = pid
            reach(.bootstrapped, index, mark)
        case .sceneCreate(let bundle, let budget):
            guard let index = launchIndex(bundle: bundle, pid: nil, device: device),
                open[index].launch.phases[.active] == nil
            else { return }
            if open[index].launch.phases[.sceneCreated] == nil { open[index].launch.watchdogBudget = budget }
            reach(.sceneCreated, index, mark)
        case .container(let process, let pid):
            if let index = open.lastIndex(where: { $0.launch.pid == pid && $0.launch.device == device }) {
                open[index].launch.process = process
            }
        case .identity(let bundle):
            guard let index = launchIndex(bundle: bundle, pid: record.fields.pid, device: device) else { return }
            if let process = mark.process { open[index].launch.process = process }
            if open[index].launch.pid == nil { open[index].launch.pid = record.fields.pid }
        case .windowKey:
            guard let index = appLaunchIndex(record, device: device) ?? bindUnnamedLaunch(process: mark.process, device: device)
            else { return }
            open[index].appLinesSeen = true
            reach(.windowKey, index, mark)
            if open[index].launch.phases[.active] != nil, open[index].emitted != .active {
                setAwaitingWindowKey(false, index)
                publish(index)
            }
        case .deactivationMask(_, _, let to):
            guard let index = appLaunchIndex(record, device: device) ?? bindUnnamedLaunch(process: mark.process, device: device)
            else { return }
            open[index].appLinesSeen = true
            applyMask(to: to, index, mark)
        case .launchdTermination(_, let pid, let termination), .processExited(_, let pid, let termination):
            if let index = open.lastIndex(where: { $0.launch.pid == pid && $0.launch.device == device }) {
                terminate(index, termination, mark)
            } else if let closed = recentlyClosed.lastIndex(where: { $0.pid == pid && $0.device == device }),
                recentlyClosed[closed].phases[.terminated] != nil,
                let refined = Self.merged(recentlyClosed[closed].termination, termination)
            {
                // Runningboard's triplet and SpringBoard's exit context describe one exit: keep the better.
                recentlyClosed[closed].termination = refined
                onUpdate(recentlyClosed[closed])
            }
        case .corpseReport(let pid):
            guard let index = open.lastIndex(where: { $0.launch.pid == pid && $0.launch.device == device }) else { return }
            terminate(index, Termination(kind: .unknown, detail: "crash report"), mark)
        case .userTerminated(let bundle):
            guard let index = launchIndex(bundle: bundle, pid: nil, device: device) else { return }
            terminate(index, Termination(kind: .user, detail: "killed from app switcher"), mark)
        case .openRequest(let bundle, let requester):
            if let index = launchIndex(bundle: bundle, pid: nil, device: device), open[index].launch.phases[.active] != nil {
                open[index].launch.events.append(LaunchEvent(name: "url-open:warm", detail: requester, mark: mark))
                publish(index)
            } else {
                pendingOpens[bundle] = (requester, mark.seconds)
            }
        case .frameworkMarker(let name):
            guard let index = appLaunchIndex(record, device: device),
                !open[index].launch.events.contains(where: { $0.name == name })
            else { return }
            open[index].launch.events.append(LaunchEvent(name: name, mark: mark))
        }
    }

    /// The deactivation mask: reaching 0 the first time is `active`; the background reason (15)
    /// is `background`, and 0 again after it is `foreground`.
    private func applyMask(to mask: Int, _ index: Int, _ mark: LaunchMark) {
        let backgroundBit = 1 << 15
        if mask & backgroundBit != 0, !open[index].inBackground {
            open[index].inBackground = true
            open[index].launch.phases[.background] = mark
            onPhase?(open[index].launch, .background)
            publish(index)
        } else if mask == 0 {
            if open[index].launch.phases[.active] == nil {
                reach(.active, index, mark)
                diagnoseSlowLaunch(index, mark)
                if open[index].launch.phases[.windowKey] != nil || open[index].launch.phases[.sceneCreated] == nil {
                    publish(index)
                } else {
                    setAwaitingWindowKey(true, index)
                }
            } else if open[index].inBackground {
                open[index].inBackground = false
                open[index].launch.phases[.foreground] = mark
                onPhase?(open[index].launch, .foreground)
                publish(index)
            }
        }
    }

    // MARK: - Launches

    private func start(bundle: String?, pid: Int?, device: String?) -> Int {
        if open.count >= settings.maximumOpenLaunches { close(0) }
        var launch = Launch(id: "L\(nextNumber)", path: path)
        nextNumber += 1
        launch.bundle = bundle
        launch.pid = pid
        launch.device = device
        open.append(OpenLaunch(launch: launch))
        return open.count - 1
    }

    private func reach(_ phase: LaunchPhase, _ index: Int, _ mark: LaunchMark) {
        if let seconds = mark.seconds { open[index].lastSeconds = seconds }
        guard open[index].launch.phases[phase] == nil else { return }
        open[index].launch.phases[phase] = mark
        onPhase?(open[index].launch, phase)
    }

    private func terminate(_ index: Int, _ termination: Termination, _ mark: LaunchMark) {
        if let better = Self.merged(open[index].launch.termination, termination) {
            open[index].launch.termination = better
        }
        reach(.terminated, index, mark)
        publish(index)
    }

    /// `new` when it says more than `current`: a more specific kind, or, for one kind, a named
    /// detail ("per-process-limit(7)") rather than a bare number ("reason 7"); `nil` otherwise.
    static func merged(_ current: Termination?, _ new: Termination) -> Termination? {
        guard let current else { return new }
        if new.kind.specificity > current.kind.specificity { return new }
        let namesMore = new.kind == current.kind && new.detail?.contains("(") == true && current.detail?.contains("(") != true
        return namesMore ? new : nil
    }

    /// The open launch of `bundle` (with `pid` when given), most recent first.
    private func launchIndex(bundle: String, pid: Int?, device: String?) -> Int? {
        if let pid, let index = open.lastIndex(where: { $0.launch.pid == pid && $0.launch.device == device }) {
            return index
        }
        return open.lastIndex { state in
            state.launch.bundle == bundle && state.launch.device == device && (pid == nil || state.launch.pid == nil)
        }
    }

    private func appLaunchIndex(_ record: RecordView, device: String?) -> Int? {
        let process = record.bytes(of: record.fields.process).map { String(decoding: $0, as: UTF8.self) }
        return appLaunchIndex(pid: record.fields.pid, process: process, device: device)
    }

    /// The open launch an app-process line belongs to: by pid, else by process name (console
    /// exports print none), else by the bundle id's last component.
    private func appLaunchIndex(pid: Int?, process: String?, device: String?) -> Int? {
        if let pid {
            return open.lastIndex { $0.launch.pid == pid && $0.launch.device == device }
        }
        guard let process else { return nil }
        if let index = open.lastIndex(where: { $0.launch.process == process && $0.launch.device == device }) {
            return index
        }
        if let index = open.lastIndex(where: { state in
            state.launch.process == nil && state.launch.device == device
                && state.launch.bundle?.split(separator: ".").last.map(String.init) == process
        }) {
            return index
        }
        return nil
    }

    /// For lines only an app logs (its deactivation mask, its key window): when exactly one open
    /// launch has no process name yet, the line's process is that app.
    private func bindUnnamedLaunch(process: String?, device: String?) -> Int? {
        guard let process else { return nil }
        let unnamed = open.indices.filter { open[$0].launch.process == nil && open[$0].launch.device == device }
        guard unnamed.count == 1, let index = unnamed.first else { return nil }
        open[index].launch.process = process
        return index
    }

    // MARK: - Publishing and diagnoses

    /// Hands the launch out when its outcome is known (again after each change); drops it once
    /// terminated.
    private func publish(_ index: Int) {
        let launch = open[index].launch
        if launch.outcome != .incomplete {
            open[index].emitted = launch.outcome
            open[index].emittedState = launch
            onUpdate(launch)
        }
        if launch.phases[.terminated] != nil { remove(index) }
    }

    private func setAwaitingWindowKey(_ awaiting: Bool, _ index: Int) {
        guard open[index].awaitingWindowKey != awaiting else { return }
        open[index].awaitingWindowKey = awaiting
        awaitingWindowKey += awaiting ? 1 : -1
    }

    /// Drops an open launch, keeping it a while for findings on the lines that ended it.
    private func remove(_ index: Int) {
        setAwaitingWindowKey(false, index)
        recentlyClosed.append(open.remove(at: index).launch)
        if recentlyClosed.count > 32 { recentlyClosed.removeFirst() }
    }

    /// Active without a key window: once the grace period has passed (in log time), the black
    /// screen is reported. Only launches waiting for that decision are looked at.
    private func checkPendingBlackScreens(now: Double?) {
        guard let now, awaitingWindowKey > 0 else { return }
        for index in open.indices.reversed() where open[index].awaitingWindowKey {
            guard let active = open[index].launch.phases[.active]?.seconds, now - active >= settings.windowKeyGraceSeconds
            else { continue }
            setAwaitingWindowKey(false, index)
            diagnoseBlackScreen(index)
            publish(index)
        }
    }

    private func diagnoseBlackScreen(_ index: Int) {
        guard let active = open[index].launch.phases[.active] else { return }
        diagnose(.blackScreenSuspected, index, at: active, data: [:])
    }

    private func diagnoseSlowLaunch(_ index: Int, _ mark: LaunchMark) {
        guard let milliseconds = open[index].launch.timeToActiveMs,
            Double(milliseconds) > settings.slowLaunchSeconds * 1000
        else { return }
        let threshold = Int((settings.slowLaunchSeconds * 1000).rounded())
        diagnose(.launchSlow, index, at: mark, data: ["timeToActiveMs": "\(milliseconds)", "thresholdMs": "\(threshold)"])
    }

    private func diagnose(_ diagnosis: LaunchDiagnosis, _ index: Int, at mark: LaunchMark, data: [String: String]) {
        let id = diagnosis.description.id
        guard !settings.disabledDiagnoses.contains(id), open[index].diagnosed.insert(id).inserted else { return }
        var finding = diagnosis.finding(for: open[index].launch, at: mark, data: data)
        if let severity = settings.severityOverrides[id] { finding.severity = severity }
        open[index].launch.findings += 1
        onDiagnosis(finding)
    }

    /// An app runs in one process at a time: when a new process of `bundle` starts, earlier open
    /// launches of it (whose exit the capture missed) are over, and are published with what is known.
    private func closeSuperseded(by id: String, bundle: String, device: String?) {
        while let index = open.firstIndex(where: { state in
            state.launch.id != id && state.launch.bundle == bundle && state.launch.device == device && state.launch.pid != nil
        }) {
            close(index)
        }
    }

    /// Publishes every open launch with what is known (end of input, or the device disconnected).
    private func closeAll() {
        while !open.isEmpty { close(0) }
        pendingOpens.removeAll()
    }

    private func close(_ index: Int) {
        let launch = open[index].launch
        if launch.outcome == .blackScreenSuspected { diagnoseBlackScreen(index) }
        // Never active is only said when the app's own lines are in the capture: a capture filtered
        // to SpringBoard cannot show the app becoming active.
        if open[index].appLinesSeen, launch.phases[.active] == nil, launch.phases[.terminated] == nil,
            let budget = launch.watchdogBudget,
            let created = launch.phases[.sceneCreated], let createdSeconds = created.seconds,
            let last = open[index].lastSeconds, last - createdSeconds > budget
        {
            diagnose(.launchNeverActive, index, at: created, data: ["watchdogBudget": Self.seconds(budget)])
        }
        if open[index].launch != open[index].emittedState { onUpdate(open[index].launch) }
        remove(index)
    }

    private func mark(of record: RecordView) -> LaunchMark {
        let stamp = record.bytes(of: record.fields.timestamp).map { String(decoding: $0, as: UTF8.self) }
        return LaunchMark(
            timestamp: stamp, seconds: stamp.flatMap { timestamps.resolve($0).wallClockSeconds },
            location: SourceLocation(path: path, line: record.line, byteOffset: record.byteOffset),
            process: record.bytes(of: record.fields.process).map { String(decoding: $0, as: UTF8.self) })
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

@available(*, unavailable)
extension LaunchTracker: Sendable {}
