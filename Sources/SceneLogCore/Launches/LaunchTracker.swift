/// Rebuilds app launches from the interleaved lines of SpringBoard, runningboardd, the kernel,
/// ReportCrash and the app, as a streaming state machine keyed by device and pid.
///
/// A launch is rebuilt from whatever evidence the capture holds (``LaunchEvidence``): the system's
/// launch markers; else the app's own lines (its deactivation mask, key window, identity, framework
/// markers, life-cycle callbacks and UIKit messages), which start a launch of a process with none
/// open; else only how it ended (an exit, a termination, the iOS 27 trap, an uncaught exception, a privacy kill).
///
/// A value that reads one record at a time and appends what it produced (phases reached, launches
/// whose outcome became known or changed, launch diagnoses) to the caller's buffer, like a
/// single-step decoder. Which launch a line belongs to is ``OpenLaunches``' business; each
/// launch's phase machine is an ``OpenLaunch``. Terminated launches are dropped; at most
/// ``Settings/maximumOpenLaunches`` others are kept, the oldest closing first. Launch ids are
/// numbered `L1`, `L2`… in the order launches start within the input.
struct LaunchTracker {
    /// Thresholds of the launch diagnoses.
    struct Settings: Sendable {
        /// `launch-slow` above this many seconds from the first marker to active.
        var slowLaunchSeconds: Double = 2
        /// How long after active a key window may still arrive before a black screen is suspected.
        var windowKeyGraceSeconds: Double = 2
        var maximumOpenLaunches = 256
        /// Diagnoses that are not reported (disabled in the configuration).
        var disabledDiagnoses: Set<String> = []
        /// Severities that replace a diagnosis's own.
        var severityOverrides: [String: Severity] = [:]
        /// On a live stream, a monotonic clock in seconds: lines whose stamps are coarser than a
        /// millisecond (whole seconds) are timed by when they arrive instead.
        var arrivalClock: (@Sendable () -> Double)?
    }

    private let path: String
    private let settings: Settings
    private var launches = OpenLaunches()
    private var timestamps: TimestampContext
    private var launchCount = 0
    /// Requests to open an app, remembered until the app's launch starts: bundle → requester.
    private var pendingOpens: [String: String] = [:]
    /// The input's first message record (past a Markdown fence): when the app's own lines start a
    /// launch of the same process, the launch starts there.
    private var firstRecord: (pid: Int?, process: String?, device: String?, mark: LaunchMark)?
    /// When the first record names no process (the sentences a bug report puts before the log it
    /// quotes, or an Xcode console's print() lines), the first that does, before any launch: a
    /// launch of that process rebuilt from its lines starts there.
    private var firstNamedRecord: (pid: Int?, process: String?, device: String?, mark: LaunchMark)?

    /// The processes whose launch watchdog SpringBoard ignores because a debugger is attached
    /// (the latest few): its overrun (`Provision violated for watchdog`) is then no kill.
    private var debuggedProcesses: [(pid: Int, device: String?)] = []

    /// The app jobs whose end launchd or SpringBoard told (the latest few), by bundle, launchd's
    /// tag and device: the second word on one job's end is no second launch.
    private var endedJobs: [(bundle: String, job: String, device: String?)] = []
    /// How many ended jobs ``endedJobs`` keeps.
    private static let endedJobsKept = 16
    /// The last bootstrap failure told, and the process object it names (``LaunchSignal/bootstrapFailed(bundle:reason:processObject:)``):
    /// SpringBoard's other wording of it right after is no second attempt.
    private var lastBootstrapFailure: (bundle: String, device: String?, processObject: String?)?

    /// Whether a launch rebuilt from the app's lines has no pid yet (checked on records that print one).
    private var awaitsPid = false
    /// Where the records stand among the Markdown fences of a pasted page (``CodeFence``).
    private var fence = CodeFence.outside
    /// The app Xcode's copied error dialog names (`The app “Loop” on … quit unexpectedly.`).
    private var appQuitName: String?
    /// The log's time minus the arrival clock at the first line timed by arrival: arrival times
    /// are shifted by it so that they read as the log's own times.
    private var arrivalOffset: Double?
    /// Whether the stream was found to be a replay (its clock ran ahead of the arrival clock):
    /// its lines are then timed by their stamps alone.
    private(set) var arrivalTimingStopped = false
    /// Whether a line was timed by when it arrived (``Settings/arrivalClock``).
    var timesByArrival: Bool { arrivalOffset != nil && !arrivalTimingStopped }

    /// Processes of the system whose lines never start an app launch, though some log like apps.
    private static let systemProcesses: Set<String> = [
        "SpringBoard", "backboardd", "runningboardd", "assertiond", "kernel", "ReportCrash", "launchd", "PineBoard",
        "CarPlayTemplateUIHost", "InCallService", "tccd",
    ]
    /// Whether `process` tells the end of an app's launchd job: SpringBoard, launchd, or the
    /// simulator's launchd_sim (`com.apple.CoreSimulator.SimDevice.<UUID>.launchd_sim`, before
    /// that `com.apple.CoreSimulator.SimDevice.<UUID>`).
    private static func tellsJobExits(_ process: String?) -> Bool {
        guard let process else { return false }
        return process == "SpringBoard" || process == "launchd" || process == "com.apple.xpc.launchd" || process.hasSuffix("launchd_sim")
            || process.hasPrefix("com.apple.CoreSimulator.SimDevice.")
    }

    /// Whether `process` is one of ``systemProcesses``.
    private static func isSystemProcess(_ process: String?) -> Bool {
        process.map(systemProcesses.contains) ?? false
    }

    /// The most callbacks kept per launch (a long-running app prints one per background cycle).
    private static let maximumCallbacks = 1_000
    /// The most events kept per launch (an app that stays open may be sent a URL a second: each
    /// kept event costs a copy of the list when the launch next changes).
    static let maximumEvents = 1_000

    init(path: String, timestamps: TimestampContext, settings: Settings = Settings()) {
        self.path = path
        self.timestamps = timestamps
        self.settings = settings
    }

    /// Reads one record.
    ///
    /// - Parameter markers: the launch markers the shared message prefilter found in the record's
    ///   message (indexes into ``LaunchSignalReader/literals``).
    mutating func observe(_ record: RecordView, markers: [Int], into events: inout LaunchTrackerEvents) {
        switch record.fields.kind {
        case .message: break
        case .connectionBanner: return closeAll(into: &events)
        case .debugger: return observeDebugger(record, into: &events)
        case .toolBanner: return
        }
        // The first record that is not the Markdown fence around a pasted capture; and, when it
        // names no process, the first that does, while no launch has started. A fence after bare
        // lines only, before any launch, opens the paste: the lines above it were a question's prose.
        if firstRecord == nil {
            if !CodeFence.isFence(record.message) { firstRecord = firstRecordFields(record) }
        } else if launchCount == 0, firstNamedRecord == nil, firstRecord?.pid == nil, firstRecord?.process == nil,
            CodeFence.isFence(record.message)
        {
            firstRecord = nil
        } else if firstNamedRecord == nil, firstRecordIsBare(before: record) {
            firstNamedRecord = firstRecordFields(record)
        }
        if awaitsPid, let pid = record.fields.pid { adoptPid(pid, of: record) }
        fence.read(record.message, namesAProcess: record.fields.process != nil || record.fields.pid != nil)
        // Most records hold no marker: they cost no more than the checks above.
        if !markers.isEmpty { observeMarkers(markers, in: record, into: &events) }
    }

    /// An Xcode console: the app's first timestamped line names the pid its print() lines did not.
    private mutating func adoptPid(_ pid: Int, of record: RecordView) {
        let process = record.bytes(of: record.fields.process).map { String(decoding: $0, as: UTF8.self) }
        _ = launches.adoptUnnamed(pid: pid, process: process)
        awaitsPid = launches.hasLaunchWithoutPid
    }

    /// Reads the launch signal of a message in which the prefilter found `markers`.
    @inline(never)
    private mutating func observeMarkers(_ markers: [Int], in record: RecordView, into events: inout LaunchTrackerEvents) {
        guard let signal = LaunchSignalReader.signal(in: record.message, markers: markers, namesItsProcess: record.fields.process != nil)
        else { return }
        // A page's listing of callbacks (`// Scene-Based`, then their names) is no run of the app.
        if case .callback = signal, fence == .code { return }
        let device = record.bytes(of: record.fields.device).map { String(decoding: $0, as: UTF8.self) }
        // runningboardd's job of a launch SpringBoard requested: nothing new (and no mark to make).
        if case .jobLaunching(let bundle) = signal, launches.requestedIndex(bundle: bundle, device: device) != nil { return }
        let mark = self.mark(of: record)
        apply(signal, record: record, mark: mark, device: device, into: &events)
        checkPendingBlackScreens(now: mark.seconds, into: &events)
    }

    /// Links a line finding to its launch: the app's own line (by pid or process name), or a
    /// system line that names the app (`[app<bundle>:pid] …`). A finding of the app's process
    /// with no launch open starts one: from the app's lines, or, for the iOS 27 trap, an uncaught
    /// exception and a privacy kill, a launch seen only by its end.
    ///
    /// - Parameters:
    ///   - effect: what the finding's rule says about the launch (``RuleDescription/launchEffect``).
    ///   - endsProcess: the line also said the process aborts next (an uncaught exception folded
    ///     into this finding).
    mutating func attach(
        _ finding: inout Finding, from record: RecordView, effect: LaunchEffect, endsProcess: Bool = false,
        into events: inout LaunchTrackerEvents
    ) {
        let device = record.bytes(of: record.fields.device).map { String(decoding: $0, as: UTF8.self) }
        // The app the line names: `[app<bundle>:pid]`, else the app a system process's line is
        // about (a rule's groups `app` and `appPid`), by its bundle.
        let named = LaunchMarkerParsing.namedProcess(in: record.message) ?? Self.appOfSystemLine(finding)
        if effect == .notAdoptingScenes { startAnotherRun(ifWarnedAgainAt: record, finding: finding, device: device, into: &events) }
        if let index = launches.appIndex(pid: finding.pid, process: finding.process, device: device)
            ?? named.flatMap({ launches.index(pid: $0.pid, device: device) })
            ?? startLaunchOfTheApp(record, finding: finding, effect: effect, device: device, into: &events)
        {
            finding.launch = launches[index].launch.id
            launches[index].launch.findings += 1
            Self.name(&finding, after: launches[index].launch)
            if launches[index].launch.process == nil, let pid = finding.pid, pid == launches[index].launch.pid,
                !Self.isSystemProcess(finding.process)
            {
                // The app's own line, by its pid: its process name.
                launches[index].launch.process = finding.process
            }
            if effect.isWatchdogKill { Self.own(&finding, by: launches[index].launch) }
            UncaughtExceptionRule.explain(&finding, byJavaScriptErrorOf: launches[index].launch, at: mark(of: record).seconds)
            // A background task's kill ends the launch (``apply(_:_:finding:record:into:)`` closes it): last.
            if endsProcess, effect != .endsProcess, effect != .backgroundTaskKill {
                apply(.endsProcess, index, finding: finding, record: record, into: &events)
            }
            apply(effect, index, finding: finding, record: record, into: &events)
            return
        }
        let pids = [finding.pid, named?.pid].compactMap { $0 }
        guard let closed = launches.recentlyClosedIndex(pids: pids, process: finding.process, device: device, line: record.line)
        else {
            if effect.isWatchdogKill, let named {
                startWatchdogKill(of: named, finding: &finding, record: record, device: device, into: &events)
            }
            return
        }
        let launch = launches.updateRecentlyClosed(closed) { launch in
            launch.findings += 1
            if effect == .failsLaunch { launch.hitLaunchTrap = true }
        }
        finding.launch = launch.id
        Self.name(&finding, after: launch)
        if effect.isWatchdogKill { Self.own(&finding, by: launch) }
        UncaughtExceptionRule.explain(&finding, byJavaScriptErrorOf: launch, at: mark(of: record).seconds)
        events.append(.changed(launch))
    }

    /// UIKit's warning that the app does not adopt the UIScene life cycle, on a line that names no
    /// pid, after its launch already had it (not on the line just before): UIKit warns once a
    /// process, so this is the next run's (a console kept across runs, several runs pasted one after
    /// another). The launch is closed and the next run starts at this line.
    private mutating func startAnotherRun(
        ifWarnedAgainAt record: RecordView, finding: Finding, device: String?, into events: inout LaunchTrackerEvents
    ) {
        guard finding.pid == nil, let index = launches.appIndex(pid: nil, process: finding.process, device: device),
            let earlier = launches[index].notAdoptingScenesLine, record.line > earlier + 1
        else { return }
        close(index, into: &events)
        _ = startAppLaunch(record, mark: mark(of: record), device: device, afterAnotherRun: true, into: &events)
    }

    /// A bare line (an Xcode console's standard error) is its app's: its finding takes the
    /// process and pid of the launch it belongs to.
    private static func name(_ finding: inout Finding, after launch: Launch) {
        guard finding.process == nil, finding.pid == nil, !isSystemProcess(launch.process) else { return }
        finding.process = launch.process
        finding.pid = launch.pid
    }

    /// The app a system process's line is about, when its rule names it (the groups `app` and
    /// `appPid`) with its bundle.
    private static func appOfSystemLine(_ finding: Finding) -> (bundle: String, pid: Int)? {
        guard finding.data["app"] != nil, let pid = finding.pid, let bundle = finding.data["bundle"] else { return nil }
        return (bundle, pid)
    }

    /// A kill the system told is the killed app's problem: the finding is owned by the app's
    /// process, pid and bundle; the system process that told it stays in `data["reportedBy"]`.
    private static func own(_ finding: inout Finding, by launch: Launch) {
        if finding.data["reportedBy"] == nil, let reporter = finding.process, reporter != launch.process {
            finding.data["reportedBy"] = reporter
        }
        finding.process = launch.process
        finding.pid = launch.pid
        if let bundle = launch.bundle { finding.data["bundle"] = bundle }
    }

    /// A watchdog kill of an app with no launch in the capture: a launch seen only by its end.
    private mutating func startWatchdogKill(
        of app: (bundle: String, pid: Int), finding: inout Finding, record: RecordView, device: String?,
        into events: inout LaunchTrackerEvents
    ) {
        let index = start(bundle: app.bundle, pid: app.pid, device: device, into: &events)
        // A system line about the app names its process too (a rule's group `app`).
        if finding.data["app"] != nil { launches[index].launch.process = finding.process }
        launches[index].launch.evidence = .endOnly
        launches[index].launch.startSeen = false
        launches[index].launch.findings += 1
        finding.launch = launches[index].launch.id
        Self.own(&finding, by: launches[index].launch)
        launches[index].terminate(Termination(kind: .watchdog, detail: "0x8badf00d"), self.mark(of: record), into: &events)
        publish(index, into: &events)
    }

    /// A finding of the app's own process with no launch to join: the launch it shows.
    private mutating func startLaunchOfTheApp(
        _ record: RecordView, finding: Finding, effect: LaunchEffect, device: String?, into events: inout LaunchTrackerEvents
    ) -> Int? {
        // A bare unparsed line names no process; a system process's line is no app's; a watchdog
        // kill is told by the system or a crash report, never by the app's own lines; nor is a
        // tool's error about launching it.
        guard record.format != nil, !Self.isSystemProcess(finding.process), !effect.isWatchdogKill, effect != .toldByATool
        else { return nil }
        // A line naming no process right after the app's launch ended is the rest of its crash.
        if finding.pid == nil, finding.process == nil,
            launches.recentlyClosedIndex(pids: [], process: nil, device: device, line: record.line) != nil
        {
            return nil
        }
        if let index = launches.adoptUnnamed(pid: finding.pid, process: finding.process)
            ?? launches.bindUnnamed(process: finding.process, pid: finding.pid, device: device)
        {
            return index
        }
        if finding.data["reportedBy"] != nil {
            // A system process's line about the app (ReportCrash relaying dyld's report): the
            // app's launch, not the relay's, when the line tells how it ended.
            guard effect.endsTheLaunch else { return nil }
            let index = startSeenByItsEnd(bundle: finding.data["bundle"], pid: finding.pid, device: device, into: &events)
            launches[index].launch.process = finding.process
            return index
        }
        guard let index = startAppLaunch(record, mark: self.mark(of: record), device: device, into: &events) else { return nil }
        // A bare line's finding may name its process and pid all the same (dyld's `dyld[13960]:`
        // and `Referenced from: …/MyApp.app/MyApp`).
        if launches[index].launch.process == nil { launches[index].launch.process = finding.process }
        if launches[index].launch.pid == nil { launches[index].launch.pid = finding.pid }
        if effect.endsTheLaunch { markSeenOnlyByItsEnd(index, unlessSeenBefore: record) }
        return index
    }

    /// A launch whose end, at `record`, is the first the capture shows of the app is seen only by
    /// its end; one whose earlier lines open the capture (the same process and pid) was seen from them.
    private mutating func markSeenOnlyByItsEnd(_ index: Int, unlessSeenBefore record: RecordView) {
        guard (launches[index].launch.appFirstLine?.location.line).map({ $0 >= record.line }) ?? true else { return }
        launches[index].launch.evidence = .endOnly
        launches[index].launch.appFirstLine = nil
    }

    /// What a finding's rule says about its launch; `record` is the finding's.
    private mutating func apply(
        _ effect: LaunchEffect, _ index: Int, finding: Finding, record: RecordView, into events: inout LaunchTrackerEvents
    ) {
        switch effect {
        case .failsLaunch:
            launches[index].launch.hitLaunchTrap = true
            publish(index, into: &events)
        case .endsProcess:
            // The runtime aborts the process after an uncaught exception; the system's own word on
            // the end, when the capture holds it, comes later and says it better (see close).
            announceEnd(Termination(kind: .signal, detail: "SIGABRT(6)"), index, record: record)
        case .trapsProcess:
            // The Swift runtime stops the process with a trap after its "Fatal error" line.
            announceEnd(Termination(kind: .signal, detail: "SIGTRAP(5)"), index, record: record)
        case .stoppedByDyld:
            // SpringBoard's exit line in the dyld namespace, when the capture holds it, says it better.
            let detail = finding.data["library"].map { "library not loaded: \($0)" }
                ?? finding.data["symbol"].map { "symbol not found: \($0)" }
            announceEnd(Termination(kind: .dyld, detail: detail), index, record: record)
        case .privacyKill:
            // TCC ends the process that logs this; SpringBoard's exit line (`domain:tcc(11)`), when
            // the capture holds it, comes later and is the launch's end (see close).
            announceEnd(Termination(kind: .tcc, detail: finding.data["usageDescriptionKey"]), index, record: record)
        case .notAdoptingScenes: launches[index].notAdoptingScenesLine = launches[index].notAdoptingScenesLine ?? record.line
        case .claimingScenes: launches[index].claimsScenes = true
        case .backgroundTaskKill:
            launches[index].terminate(Termination(kind: .watchdog, detail: "0x8badf00d background task"), mark(of: record), into: &events)
            publish(index, into: &events)
        case .watchdogKill, .toldByATool, .none: break
        }
    }

    /// Remembers the end the app's line at `record` announced, unless an earlier line announced one.
    private mutating func announceEnd(_ termination: Termination, _ index: Int, record: RecordView) {
        if launches[index].announcedEnd == nil { launches[index].announcedEnd = (termination, mark(of: record)) }
    }

    /// Ends the input: every launch still open is handed out with what is known.
    mutating func finish(into events: inout LaunchTrackerEvents) {
        closeAll(into: &events)
    }

    // MARK: - Signals

    private mutating func apply(
        _ signal: LaunchSignal, record: RecordView, mark: LaunchMark, device: String?, into events: inout LaunchTrackerEvents
    ) {
        switch signal {
        case .requested(let bundle, let intent):
            // FrontBoard's `Creating process` just before is the same request: SpringBoard's line
            // with the intent tells it (its line and time are the request's, as without the other).
            if intent != nil, let index = launches.requestedIndex(bundle: bundle, device: device),
                launches[index].launch.intent == nil, launches[index].launch.phases.reachedBits == 1 << LaunchPhase.requested.index
            {
                let created = launches[index].launch.phases[.requested]
                launches[index].launch.intent = intent
                launches[index].launch.phases[.requested] = mark
                // A cold URL open noted at the request moves with it.
                for event in launches[index].launch.events.indices
                where launches[index].launch.events[event].name == "url-open:cold" && launches[index].launch.events[event].mark == created {
                    launches[index].launch.events[event].mark = mark
                }
                return
            }
            let index = start(bundle: bundle, pid: nil, device: device, into: &events)
            launches[index].launch.intent = intent
            launches[index].reach(.requested, mark, into: &events)
            if let requester = pendingOpens.removeValue(forKey: bundle) {
                note(LaunchEvent(name: "url-open:cold", detail: requester, mark: mark), at: index)
            }
        case .jobLaunching(let bundle):
            // The request itself, when SpringBoard's is not in the capture (``observeMarkers(_:in:into:)``).
            apply(.requested(bundle: bundle, intent: nil), record: record, mark: mark, device: device, into: &events)
        case .spawned(let bundle, let pid):
            // The launch just requested (no pid yet) comes first: an older launch that kept the
            // same pid (its exit not in the capture) is not this one.
            let index = launches.requestedIndex(bundle: bundle, device: device)
                ?? launches.index(bundle: bundle, pid: pid, device: device)
                ?? start(bundle: bundle, pid: pid, device: device, into: &events)
            launches[index].launch.pid = pid
            launches[index].reach(.spawned, mark, into: &events)
            closeSuperseded(by: launches[index].launch.id, bundle: bundle, device: device, into: &events)
        case .launchAssertionDropped(let bundle, let pid):
            guard let index = launches.requestedIndex(bundle: bundle, device: device) else { return }
            launches[index].launch.pid = pid
            closeSuperseded(by: launches[index].launch.id, bundle: bundle, device: device, into: &events)
        case .spawnedByAssertiond(let bundle, let process, let pid):
            let pending = bundle.flatMap { launches.index(bundle: $0, pid: nil, device: device) }
                ?? launches.pidlessIndex(device: device)
            let index = pending ?? start(bundle: bundle, pid: pid, device: device, into: &events)
            launches[index].launch.pid = pid
            if launches[index].launch.process == nil { launches[index].launch.process = process }
            launches[index].reach(.spawned, mark, into: &events)
        case .assertiondProcess(let process, let pid):
            if let index = launches.index(pid: pid, device: device), launches[index].launch.process == nil {
                launches[index].launch.process = process
            }
        case .bootstrapped(let bundle, let pid):
            // Without a pid (iOS ≤ 12), only a launch already open is moved on.
            guard let index = launches.index(bundle: bundle, pid: pid, device: device)
                ?? pid.flatMap({ startAtBootstrap(bundle: bundle, pid: $0, device: device, into: &events) })
            else { return }
            if let pid { launches[index].launch.pid = pid }
            launches[index].reach(.bootstrapped, mark, into: &events)
        case .sceneCreate(let bundle, let budget):
            guard let index = launches.index(bundle: bundle, pid: nil, device: device),
                !launches[index].launch.phases.contains(.active)
            else { return }
            if !launches[index].launch.phases.contains(.sceneCreated) { launches[index].launch.watchdogBudget = budget }
            launches[index].reach(.sceneCreated, mark, into: &events)
        case .container(let process, let pid):
            if let index = launches.index(pid: pid, device: device) { launches[index].launch.process = process }
        case .identity(let bundle):
            guard let index = launches.index(bundle: bundle, pid: record.fields.pid, device: device)
                ?? startAppLaunch(record, mark: mark, device: device, into: &events)
            else { return }
            if let process = mark.process { launches[index].launch.process = process }
            if launches[index].launch.pid == nil { launches[index].launch.pid = record.fields.pid }
            launches.nameBundle(bundle, at: index)
            markStartSeen(index)
        case .windowKey:
            guard let index = appLaunchIndexOrStart(record, mark: mark, device: device, into: &events) else { return }
            launches[index].appLinesSeen = true
            launches[index].reach(.windowKey, mark, into: &events)
            if launches[index].launch.phases.contains(.active), launches[index].emitted != .active {
                launches.setAwaitingWindowKey(false, index)
                publish(index, into: &events)
            }
        case .deactivationMask(let reason, let from, let to):
            guard let index = appLaunchIndexOrStart(record, mark: mark, device: device, into: &events) else { return }
            launches[index].appLinesSeen = true
            // The launch's first mask change: reason 10 added to an empty mask.
            if reason == 10, from == 0 { markStartSeen(index) }
            applyMask(to: to, index, mark, into: &events)
        case .launchdTermination(let bundle, let pid, let termination), .processExited(let bundle, let pid, let termination):
            applyExit(bundle: bundle, pid: pid, termination, mark: mark, device: device, into: &events)
        case .memoryKill(let process, let pid, let reason):
            applyExit(
                bundle: nil, process: process, pid: pid, Termination(kind: .jetsam, detail: reason), mark: mark, device: device,
                into: &events)
        case .jobExited(let bundle, let job, let pid, let termination):
            // Only launchd (the simulator's launchd_sim) and SpringBoard tell a job's end; another
            // process's line that quotes one ends nothing.
            guard Self.tellsJobExits(mark.process) else { return }
            // launchd and SpringBoard may each tell the end of one job: the first ended its launch.
            guard !endedJobs.contains(where: { $0 == (bundle, job, device) }) else { return }
            if endedJobs.count == Self.endedJobsKept { endedJobs.removeFirst() }
            endedJobs.append((bundle, job, device))
            if let pid {
                applyExit(bundle: bundle, pid: pid, termination, mark: mark, device: device, into: &events)
                return
            }
            // No pid: the open launch of the bundle, else a launch of which only this end is here;
            // but a job the system could not start is said to exit too, and that is no second launch.
            let index: Int
            if let open = launches.index(bundle: bundle, pid: nil, device: device) {
                index = open
            } else {
                guard !launches.recentlyFailedToStart(bundle: bundle, device: device) else { return }
                index = startSeenByItsEnd(bundle: bundle, pid: nil, device: device, into: &events)
            }
            launches[index].terminate(termination, mark, into: &events)
            publish(index, into: &events)
        case .bootstrapFailed(let bundle, let reason, let processObject):
            let previous = lastBootstrapFailure
            lastBootstrapFailure = (bundle, device, processObject)
            let index: Int
            if let requested = launches.requestedIndex(bundle: bundle, device: device) {
                index = requested
            } else {
                // SpringBoard tells one failure in its two wordings (`[bundle] Bootstrap failed`,
                // `Bootstrapping failed for <FBApplicationProcess: 0x…>`); the same wording again is
                // another attempt. Else the capture holds only the failure.
                let isOtherWording = previous.map {
                    $0.bundle == bundle && $0.device == device && ($0.processObject == nil) != (processObject == nil)
                } ?? false
                if isOtherWording, launches.recentlyFailedToStart(bundle: bundle, device: device) {
                    lastBootstrapFailure = nil
                    return
                }
                index = startSeenByItsEnd(bundle: bundle, pid: nil, device: device, into: &events)
            }
            launches[index].terminate(Termination(kind: .bootstrap, detail: reason), mark, into: &events)
            publish(index, into: &events)
        case .corpseReport(let pid):
            guard let index = launches.index(pid: pid, device: device) else { return }
            launches[index].terminate(Termination(kind: .unknown, detail: "crash report"), mark, into: &events)
            publish(index, into: &events)
        case .userTerminated(let bundle):
            guard let index = launches.index(bundle: bundle, pid: nil, device: device) else { return }
            launches[index].terminate(Termination(kind: .user, detail: "killed from app switcher"), mark, into: &events)
            publish(index, into: &events)
        case .openRequest(let bundle, let requester):
            if let index = launches.index(bundle: bundle, pid: nil, device: device),
                launches[index].launch.phases.contains(.active)
            {
                note(LaunchEvent(name: "url-open:warm", detail: requester, mark: mark), at: index)
                publish(index, into: &events)
            } else {
                pendingOpens[bundle] = requester
            }
        case .frameworkMarker(let name, let detail):
            guard let index = appLaunchIndexOrStart(record, mark: mark, device: device, into: &events) else { return }
            if let earlier = launches[index].launch.events.firstIndex(where: { $0.name == name }) {
                // A JavaScript error told again is the latest one's: the one an abort follows.
                guard name == LaunchSignalReader.unhandledJSException else { return }
                launches[index].launch.events[earlier] = LaunchEvent(name: name, detail: detail, mark: mark)
                return
            }
            note(LaunchEvent(name: name, detail: detail, mark: mark), at: index)
        case .callback(let callback):
            guard var index = appLaunchIndexOrStart(record, mark: mark, device: device, into: &events) else { return }
            if Self.startsAnotherRun(callback, after: launches[index].launch, pid: record.fields.pid) {
                close(index, into: &events)
                guard let next = startAppLaunch(record, mark: mark, device: device, afterAnotherRun: true, into: &events) else { return }
                index = next
            }
            noteCallback(callback, record: record, index, mark, into: &events)
        case .watchdogIgnoredWhileDebugged(let pid):
            if debuggedProcesses.count == Self.debuggedProcessesKept { debuggedProcesses.removeFirst() }
            debuggedProcesses.append((pid, device))
        case .aborted:
            guard let index = launches.appIndex(pid: record.fields.pid, process: mark.process, device: device) else { return }
            launches[index].terminate(Termination(kind: .signal, detail: "SIGABRT(6)"), mark, into: &events)
            publish(index, into: &events)
        case .runtimeEnded(let termination):
            guard let index = appLaunchIndexOrStart(record, mark: mark, device: device, into: &events) else { return }
            launches[index].terminate(termination, mark, into: &events)
            publish(index, into: &events)
        }
    }

    /// The end of the process `pid` (of `bundle` when the line names it): it ends the open launch of
    /// the pid, refines the end of one that just ended, or is a launch of which only the end is here.
    private mutating func applyExit(
        bundle: String?, process: String? = nil, pid: Int, _ termination: Termination, mark: LaunchMark, device: String?,
        into events: inout LaunchTrackerEvents
    ) {
        if let index = launches.index(pid: pid, device: device) {
            if launches[index].launch.process == nil { launches[index].launch.process = process }
            launches[index].terminate(termination, mark, into: &events)
            publish(index, into: &events)
        } else if let closed = launches.recentlyTerminatedIndex(pid: pid, device: device) {
            // Runningboard's triplet and SpringBoard's exit context describe one exit: keep the better.
            guard let refined = Termination.merged(launches.recentlyClosedLaunch(closed).termination, termination) else { return }
            events.append(.changed(launches.updateRecentlyClosed(closed) { $0.termination = refined }))
        } else if !launches.recentlyClosed(pid: pid, device: device) {
            // The capture began after this launch: only its end is here (its bundle too, unless
            // FrontBoard left it out: `app:810`).
            let index = startSeenByItsEnd(bundle: bundle, pid: pid, device: device, into: &events)
            launches[index].launch.process = process
            launches[index].terminate(termination, mark, into: &events)
            publish(index, into: &events)
        }
    }

    /// How many debugged processes ``debuggedProcesses`` keeps.
    private static let debuggedProcessesKept = 16

    /// Whether `record` names a process whose launch watchdog SpringBoard said it ignores because
    /// a debugger is attached: a watchdog's overrun there is no kill (SpringBoard then logs `Not
    /// terminating`).
    func ignoresWatchdog(of record: RecordView) -> Bool {
        guard !debuggedProcesses.isEmpty, let named = LaunchMarkerParsing.namedProcess(in: record.message) else { return false }
        let device = record.bytes(of: record.fields.device).map { String(decoding: $0, as: UTF8.self) }
        return debuggedProcesses.contains { $0.pid == named.pid && $0.device == device }
    }

    /// Puts `event` on launch `index`, unless it holds ``maximumEvents`` already.
    private mutating func note(_ event: LaunchEvent, at index: Int) {
        guard launches[index].launch.events.count < Self.maximumEvents else { return }
        launches[index].launch.events.append(event)
    }

    // MARK: - The debugger's lines (an Xcode or `flutter run` console)

    /// What lldb says of the app's process: its pid (`Process 2281 stopped`), why it stopped, and
    /// how it ended (`Message from debugger: killed`, `Terminated due to signal 9`). A stop is not an
    /// end, but for a stop by SIGKILL.
    private mutating func observeDebugger(_ record: RecordView, into events: inout LaunchTrackerEvents) {
        guard let line = DebuggerLine.parse(record.message) else { return }
        let mark = self.mark(of: record)
        switch line {
        case .processStopped(let pid), .processResuming(let pid):
            _ = consoleLaunchIndex(pid: pid)
        case .processExited(let pid, let status):
            guard let index = consoleLaunchIndex(pid: pid) else { return }
            launches[index].terminate(TerminationDecoding.exited(status), mark, into: &events)
            publish(index, into: &events)
        case .stopReason(let reason):
            // A process stopped by SIGKILL is being killed (from the app switcher, by the system):
            // its end, also of a run seen by nothing else.
            let killed = reason == "signal SIGKILL"
            guard let index = consoleLaunchIndex(pid: nil) ?? (killed ? endOnlyLaunch(record, mark: mark, into: &events) : nil) else {
                return
            }
            let noted = launches[index].launch.events
            // Once the launch holds all the events it keeps, no stop is looked for among them.
            if noted.count < Self.maximumEvents, !noted.contains(where: { $0.name == "debugger:stopped" && $0.detail == reason }) {
                note(LaunchEvent(name: "debugger:stopped", detail: reason, mark: mark), at: index)
            }
            if killed {
                launches[index].terminate(Termination(kind: .signal, detail: TerminationDecoding.signal(9)), mark, into: &events)
                return publish(index, into: &events)
            }
            // The crash the debugger caught ends the run: the process does not go on past it.
            guard DebuggerLine.stopIsACrash(reason) else { return }
            let signal = reason.hasPrefix("signal ") ? String(reason.dropFirst(7)) : reason
            launches[index].terminate(Termination(kind: .signal, detail: signal + ", caught by the debugger"), mark, into: &events)
            publish(index, into: &events)
        case .killed:
            guard let index = consoleLaunchIndex(pid: nil) else { return }
            launches[index].terminate(Termination(kind: .user, detail: "killed by the debugger"), mark, into: &events)
            publish(index, into: &events)
        case .appQuitUnexpectedly(let name):
            appQuitName = name
            if let index = launches.latestFromTheAppsLines(), launches[index].launch.process == nil { launches[index].launch.process = name }
        case .terminatedForMemory:
            // The system's memory kill ends the debugged app's run, also one seen by nothing else.
            guard let index = consoleLaunchIndex(pid: nil) ?? endOnlyLaunch(record, mark: mark, into: &events) else { return }
            launches[index].terminate(Termination(kind: .jetsam, detail: "memory issue"), mark, into: &events)
            publish(index, into: &events)
        case .terminatedBySignal(let number):
            // As a memory kill, the end of a run seen by nothing else too.
            guard let index = consoleLaunchIndex(pid: nil) ?? endOnlyLaunch(record, mark: mark, into: &events) else { return }
            var termination = Termination(kind: .signal, detail: TerminationDecoding.signal(number))
            // dyld stops a process with SIGABRT: its own line said why (flutter/samples#982).
            if number == 6, let announced = launches[index].announcedEnd?.termination, announced.kind == .dyld {
                termination = announced
            }
            launches[index].terminate(termination, mark, into: &events)
            publish(index, into: &events)
        case .other:
            break
        }
    }

    /// A launch of the debugged app whose end the debugger's line at `record` is, when no launch
    /// was rebuilt before it: of the app of the capture's first line (its NSLog's process and pid),
    /// seen from that line, else of the app Xcode's error dialog names, seen only by its end.
    private mutating func endOnlyLaunch(_ record: RecordView, mark: LaunchMark, into events: inout LaunchTrackerEvents) -> Int? {
        let device = record.bytes(of: record.fields.device).map { String(decoding: $0, as: UTF8.self) }
        guard let index = startAppLaunch(record, mark: mark, device: device, into: &events) else { return nil }
        if launches[index].launch.process == nil { launches[index].launch.process = appQuitName }
        markSeenOnlyByItsEnd(index, unlessSeenBefore: record)
        return index
    }

    /// The launch a debugger line speaks of: the one of `pid`, else the latest launch rebuilt from
    /// the app's lines (which then learns the pid).
    private mutating func consoleLaunchIndex(pid: Int?) -> Int? {
        if let pid, let index = launches.index(pid: pid, device: nil) { return index }
        guard let index = launches.latestFromTheAppsLines() else { return nil }
        if let pid, launches[index].launch.pid == nil { launches[index].launch.pid = pid }
        return index
    }

    // MARK: - The app's own callbacks

    /// Puts a callback on its launch; the app's callbacks also move the launch along (active,
    /// background, foreground) where its deactivation mask is not in the capture, and are checked
    /// against the documented orders.
    private mutating func noteCallback(
        _ callback: LifecycleCallbackRecognizer.Callback, record: RecordView, _ index: Int, _ mark: LaunchMark,
        into events: inout LaunchTrackerEvents
    ) {
        launches[index].appLinesSeen = true
        if launches[index].launch.callbacks.count < Self.maximumCallbacks {
            launches[index].launch.callbacks.append(
                LaunchCallback(
                    step: callback.step, delegate: callback.delegate, scene: callback.scene, mark: mark,
                    text: Excerpt.of(record.message)))
        }
        if let violation = launches[index].callbackOrder.note(callback) {
            diagnose(
                .lifecycleOrderUnexpected, index, at: mark,
                data: ["expected": violation.expected.rawValue, "observed": violation.observed.rawValue, "scene": violation.subject],
                into: &events)
        }
        switch callback.step {
        case .willFinishLaunching, .didFinishLaunching, .configurationForConnecting:
            if !launches[index].launch.phases.contains(.active) { markStartSeen(index) }
        case .openURL where launches[index].launch.callbacks.contains { $0.step == .willConnect }:
            diagnose(.urlOpenOnAppDelegate, index, at: mark, data: [:], into: &events)
        case .didBecomeActive:
            applyMask(to: 0, index, mark, into: &events)
        case .didEnterBackground:
            if !launches[index].launch.phases.contains(.active) { launches[index].launchedInBackground = true }
            applyMask(to: 1 << 15, index, mark, into: &events)
        default:
            break
        }
        if let seconds = mark.seconds { launches[index].lastSeconds = seconds }
    }

    /// The launch of a line only an app logs: by pid or process name, else the one launch with no
    /// process name yet, else a new launch rebuilt from the app's lines.
    private mutating func appLaunchIndex(_ record: RecordView, mark: LaunchMark, device: String?) -> Int? {
        launches.appIndex(pid: record.fields.pid, process: mark.process, device: device)
            ?? launches.adoptUnnamed(pid: record.fields.pid, process: mark.process)
            ?? launches.bindUnnamed(process: mark.process, pid: record.fields.pid, device: device)
    }

    /// The launch of a line only an app logs, started from the app's lines when there is none:
    /// ``appLaunchIndex(_:mark:device:)`` else a new launch.
    private mutating func appLaunchIndexOrStart(
        _ record: RecordView, mark: LaunchMark, device: String?, into events: inout LaunchTrackerEvents
    ) -> Int? {
        appLaunchIndex(record, mark: mark, device: device) ?? startAppLaunch(record, mark: mark, device: device, into: &events)
    }

    /// Whether `callback`, on a line that names no pid, begins another run of the app than
    /// `launch`: a process finishes launching once, so a second `willFinishLaunching` or
    /// `didFinishLaunching` after the launch went past the first is the next run's (a console kept
    /// across runs). The same callback twice in a row is one line told twice.
    private static func startsAnotherRun(_ callback: LifecycleCallbackRecognizer.Callback, after launch: Launch, pid: Int?) -> Bool {
        guard pid == nil, callback.step == .willFinishLaunching || callback.step == .didFinishLaunching,
            let last = launch.callbacks.last, last.step != callback.step
        else { return false }
        return launch.callbacks.contains { $0.step == callback.step }
    }

    /// A launch rebuilt from the app's own lines, for a process of the app with none open. It
    /// starts at the input's first line when that line is the same process's (an Xcode console, a
    /// capture filtered to the app), or at the first line naming that process when the first names
    /// none (``firstNamedRecord``), and this is its first run there; else at this line; a process
    /// whose launch ended lately (its last lines) starts none.
    private mutating func startAppLaunch(
        _ record: RecordView, mark: LaunchMark, device: String?, afterAnotherRun: Bool = false,
        into events: inout LaunchTrackerEvents
    ) -> Int? {
        guard !Self.isSystemProcess(mark.process) else { return nil }
        var pid = record.fields.pid
        var process = mark.process
        // A bare line (an Xcode console's print() output) of a capture whose first line is an app's
        // NSLog, with its process and pid (or, Xcode 15 on, its process in the metadata line), or
        // whose first such line follows bare ones (a question's prose before the paste): an Xcode
        // console holds one process, that one.
        if !afterAnotherRun, pid == nil, process == nil, let first = firstRecord?.process != nil ? firstRecord : firstNamedRecord,
            first.process != nil, first.device == device, !Self.isSystemProcess(first.process)
        {
            pid = first.pid
            process = first.process
        }
        if let pid, launches.recentlyClosed(pid: pid, device: device) { return nil }
        let index = start(bundle: nil, pid: pid, device: device, into: &events)
        launches[index].launch.process = process
        launches[index].launch.evidence = .app
        launches[index].launch.startSeen = false
        if pid == nil { awaitsPid = true }
        // A bare line's launch starts at the capture's first line when that is bare too: print()
        // output before the app's first NSLog line is the app's (a question's prose above a paste
        // cannot be told from it).
        let startsBare = record.fields.pid == nil && mark.process == nil && firstRecord.map { $0.pid == nil && $0.process == nil } == true
        let first = startsBare ? firstRecord : [firstRecord, firstNamedRecord].lazy.compactMap { $0 }.first {
            $0.pid == pid && $0.process == process && $0.device == device
        }
        launches[index].launch.appFirstLine = afterAnotherRun ? mark : first?.mark ?? mark
        return index
    }

    /// The app's lines show the launch's start (a launch rebuilt from them begins before it is active).
    private mutating func markStartSeen(_ index: Int) {
        if launches[index].launch.evidence == .app { launches[index].launch.startSeen = true }
    }

    /// Whether the first record named no process or pid and `record`, before any launch started,
    /// names an app's process.
    private func firstRecordIsBare(before record: RecordView) -> Bool {
        guard launchCount == 0, let first = firstRecord, first.pid == nil, first.process == nil,
            let process = record.bytes(of: record.fields.process), !process.isEmpty
        else { return false }
        return !Self.isSystemProcess(String(decoding: process, as: UTF8.self))
    }

    private mutating func firstRecordFields(_ record: RecordView) -> (pid: Int?, process: String?, device: String?, mark: LaunchMark) {
        let device = record.bytes(of: record.fields.device).map { String(decoding: $0, as: UTF8.self) }
        let mark = self.mark(of: record)
        return (record.fields.pid, mark.process, device, mark)
    }

    private mutating func applyMask(to mask: Int, _ index: Int, _ mark: LaunchMark, into events: inout LaunchTrackerEvents) {
        switch launches[index].applyMask(to: mask, mark, into: &events) {
        case .becameActive:
            diagnoseSlowLaunch(index, mark, into: &events)
            let phases = launches[index].launch.phases
            if phases.contains(.windowKey) || !phases.contains(.sceneCreated) {
                publish(index, into: &events)
            } else {
                launches.setAwaitingWindowKey(true, index)
            }
        case .movedBetweenBackgroundAndForeground:
            publish(index, into: &events)
        case .none:
            break
        }
    }

    // MARK: - Launches

    private mutating func start(bundle: String?, pid: Int?, device: String?, into events: inout LaunchTrackerEvents) -> Int {
        if launches.count >= settings.maximumOpenLaunches { close(0, into: &events) }
        launchCount += 1
        var launch = Launch(id: LaunchNumbering.localID(launchCount), path: path)
        launch.bundle = bundle
        launch.pid = pid
        launch.device = device
        return launches.append(launch)
    }

    /// A launch of which the capture holds only the end (an exit, a failure to start).
    private mutating func startSeenByItsEnd(bundle: String?, pid: Int?, device: String?, into events: inout LaunchTrackerEvents) -> Int {
        let index = start(bundle: bundle, pid: pid, device: device, into: &events)
        launches[index].launch.evidence = .endOnly
        launches[index].launch.startSeen = false
        return index
    }

    /// A launch whose request and spawn came before the capture began, rebuilt from its bootstrap
    /// (`[app<bundle>:pid] Bootstrap success!` names both); `nil` for a late line of a launch of
    /// that process that closed already.
    private mutating func startAtBootstrap(bundle: String, pid: Int, device: String?, into events: inout LaunchTrackerEvents) -> Int? {
        guard !launches.recentlyClosed(pid: pid, device: device) else { return nil }
        let index = start(bundle: bundle, pid: pid, device: device, into: &events)
        launches[index].launch.startSeen = false
        // Closing the app's earlier launches moves this one's place: it is looked up again.
        closeSuperseded(by: launches[index].launch.id, bundle: bundle, device: device, into: &events)
        return launches.index(pid: pid, device: device)
    }

    /// Hands the launch out when its outcome is known (again after each change); drops it once terminated.
    private mutating func publish(_ index: Int, into events: inout LaunchTrackerEvents) {
        launches[index].publish(into: &events)
        if launches[index].launch.phases.contains(.terminated) { launches.remove(index) }
    }

    /// An app runs in one process at a time: when a new process of `bundle` starts, earlier open
    /// launches of it (whose exit the capture missed) are over, and are handed out with what is known.
    private mutating func closeSuperseded(by id: String, bundle: String, device: String?, into events: inout LaunchTrackerEvents) {
        while let index = launches.supersededIndex(by: id, bundle: bundle, device: device) {
            close(index, into: &events)
        }
    }

    /// Hands out every open launch with what is known (end of input, or the device disconnected).
    private mutating func closeAll(into events: inout LaunchTrackerEvents) {
        while !launches.isEmpty { close(0, into: &events) }
        pendingOpens.removeAll()
    }

    private mutating func close(_ index: Int, into events: inout LaunchTrackerEvents) {
        if let announced = launches[index].announcedEnd, launches[index].launch.termination == nil {
            // An uncaught exception or a privacy kill with no end of the process after it: it
            // ended as its finding says.
            launches[index].terminate(announced.termination, announced.mark, into: &events)
        }
        // One copy of the launch for every check (a diagnosis changes none of what they read).
        let state = launches[index]
        if state.launch.outcome == .blackScreenSuspected { diagnoseBlackScreen(index, into: &events) }
        if let (created, budget) = state.watchdogBudgetPassedBeforeActive {
            diagnose(.launchNeverActive, index, at: created, data: ["watchdogBudget": Self.seconds(budget)], into: &events)
        }
        if let (finished, reason) = state.sceneNeverConnected {
            diagnose(.sceneNeverConnected, index, at: finished, data: ["reason": reason], into: &events)
        }
        if launches[index].changedSinceEmitted { events.append(.changed(launches[index].launch)) }
        launches.remove(index)
    }

    // MARK: - Diagnoses

    /// Active without a key window: once the grace period has passed (in log time), the black
    /// screen is reported. Only launches waiting for that decision are looked at.
    private mutating func checkPendingBlackScreens(now: Double?, into events: inout LaunchTrackerEvents) {
        guard let now, launches.awaitingWindowKey > 0 else { return }
        for index in launches.indices.reversed() where launches[index].awaitingWindowKey {
            guard let active = launches[index].launch.phases[.active]?.seconds,
                now - active >= settings.windowKeyGraceSeconds
            else { continue }
            launches.setAwaitingWindowKey(false, index)
            diagnoseBlackScreen(index, into: &events)
            publish(index, into: &events)
        }
    }

    private mutating func diagnoseBlackScreen(_ index: Int, into events: inout LaunchTrackerEvents) {
        guard let active = launches[index].launch.phases[.active] else { return }
        diagnose(.blackScreenSuspected, index, at: active, data: [:], into: &events)
    }

    private mutating func diagnoseSlowLaunch(_ index: Int, _ mark: LaunchMark, into events: inout LaunchTrackerEvents) {
        // A launch rebuilt from the app's lines without its start (a capture that begins while the
        // app runs) is timed from its first line here, which need not be near the launch.
        let launch = launches[index].launch
        guard launch.startSeen || launch.evidence != .app else { return }
        guard let (milliseconds, precision) = launch.timeToActive,
            Double(milliseconds - (precision > 1 ? precision : 0)) > settings.slowLaunchSeconds * 1000
        else { return }
        let threshold = Int((settings.slowLaunchSeconds * 1000).rounded())
        diagnose(
            .launchSlow, index, at: mark, data: ["timeToActiveMs": "\(milliseconds)", "thresholdMs": "\(threshold)"],
            into: &events)
    }

    private mutating func diagnose(
        _ diagnosis: LaunchDiagnosis, _ index: Int, at mark: LaunchMark, data: [String: String],
        into events: inout LaunchTrackerEvents
    ) {
        let id = diagnosis.description.id
        guard !settings.disabledDiagnoses.contains(id), launches[index].diagnosed.insert(id).inserted else { return }
        var finding = diagnosis.finding(for: launches[index].launch, at: mark, data: data)
        if let severity = settings.severityOverrides[id] { finding.severity = severity }
        launches[index].launch.findings += 1
        events.append(.diagnosed(finding))
    }

    private mutating func mark(of record: RecordView) -> LaunchMark {
        let resolved = record.bytes(of: record.fields.timestamp).map { timestamps.resolve($0) }
        let stamp = resolved?.text
        var seconds = resolved?.wallClockSeconds
        var precision = resolved?.precisionMs ?? 1
        if let clock = settings.arrivalClock, !arrivalTimingStopped, precision > 1, let logged = seconds {
            let timed = arrivalTime(logged: logged, precision: Double(precision) / 1000, arrived: clock())
            seconds = timed.seconds
            if timed.isFine { precision = 1 }
        }
        return LaunchMark(
            timestamp: stamp, seconds: seconds,
            location: SourceLocation(path: path, line: record.line, byteOffset: record.byteOffset),
            process: record.bytes(of: record.fields.process).map { String(decoding: $0, as: UTF8.self) },
            precisionMs: precision)
    }

    /// The time of a line stamped `logged` (known to `precision` seconds) that arrived at
    /// `arrived` on the arrival clock: the arrival time shifted onto the log's clock, kept inside
    /// the stamp's interval. The shift is moved whenever it would leave that interval; by more
    /// than ``arrivalTolerance`` (a replayed log, whose lines arrive faster than they were written;
    /// a stream just started), the time is not finer than the stamp (`isFine` is false). A log
    /// whose clock runs ahead of the arrival clock by more than ``replayLead`` is being replayed
    /// (a file piped in): arrival times say nothing about it, and they stop being used.
    private mutating func arrivalTime(logged: Double, precision: Double, arrived: Double) -> (seconds: Double, isFine: Bool) {
        let estimate = arrived + (arrivalOffset ?? logged - arrived)
        if logged - estimate > Self.replayLead {
            arrivalTimingStopped = true
            return (logged, false)
        }
        let latest = logged + precision - 0.001
        let kept = min(max(estimate, logged), latest)
        arrivalOffset = kept - arrived
        return (kept, abs(kept - estimate) <= Self.arrivalTolerance)
    }

    /// How far an arrival time may be moved into its stamp's interval and still count as fine.
    private static let arrivalTolerance = 0.05
    /// How far ahead of the arrival clock a live log's clock may run (seconds).
    private static let replayLead = 2.0

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
