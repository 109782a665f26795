/// Takes one text stream's records: runs the rules and the launch tracker on them, learns which
/// pid is which app, notes the time span, keeps the findings and the launches' latest states, and
/// hands the observer what it asked for as it happens.
///
/// Only the thread that reads the stream (or its analysis thread) touches it: the properties read
/// for every record skip the dynamic exclusivity checks, which would cost runtime calls per record.
final class StreamAnalysis: RecordSink {
    /// How the stream's results are kept and handed out.
    struct Mode {
        /// Keep every finding for the report (a batch scan); a live watch only hands them out.
        var keepsFindings = true
        /// Hand findings and launch changes to the observer as they happen, ids shifted by this numbering.
        var liveNumbering: LaunchNumbering?
        /// Warn once when the stream seems filtered to the app (a live watch).
        var warnsWhenFiltered = false
        /// The most launches kept (a live watch keeps the latest; a batch scan keeps them all).
        var keptLaunches: Int?
        /// Time launch phases by when their lines arrive where the stamps print whole seconds (a live watch).
        var timesByArrival = false
    }

    /// The note a live watch gives once when it times launches by when lines arrive.
    static let arrivalTimingNote =
        "this log prints whole seconds: launch times are measured from when each line arrived instead"
    /// The note a live watch gives when its stream turns out to be replayed.
    static let arrivalTimingStoppedNote =
        "this log's clock runs ahead of its arrival (a replayed log): launch times come from its whole-second stamps"

    /// Which note about arrival times is still to be given.
    private enum ArrivalNote {
        case start, stop, none
    }

    /// After this many records without SpringBoard or runningboardd, a live stream is taken to be filtered.
    static let filteredStreamThreshold = 2_000
    /// The most findings kept per launch for its live events (a launch's timeline lists them).
    static let findingsKeptPerLaunch = 200
    /// And of the latest this many launches (with findings) only: a live scan shows a launch's
    /// findings as it changes, and the earliest of a long stream changes no more.
    static let launchesWithFindingsKept = 4_096

    private let path: String
    private let options: ScanOptions
    private let mode: Mode
    private let observer: (any ScanObserver)?
    @exclusivity(unchecked) private var analyzer: RecordAnalyzer?
    @exclusivity(unchecked) private var events: LaunchTrackerEvents
    /// Dates the stream's timestamps.
    let timestamps: TimestampContext
    @exclusivity(unchecked) private(set) var times = TimeSpanTracker()
    @exclusivity(unchecked) private(set) var identities = ProcessIdentities()
    /// Whether a record's process, a line naming a pid, or a launch was of ``ScanOptions/app``
    /// (known once the stream is finished).
    @exclusivity(unchecked) private(set) var seesApp = false
    @exclusivity(unchecked) private(set) var launches: LaunchStore
    /// The findings kept for the report (a batch scan).
    @exclusivity(unchecked) private var kept: FindingWriter
    /// The rules of the findings kept, by launch, of those a crash report can be of (so that a crash
    /// report of a problem already found joins that finding): not every launch's.
    @exclusivity(unchecked) private(set) var rulesByLaunch = LaunchRuleMarks()
    /// The findings linked to each launch, for live launch events of a batch scan.
    @exclusivity(unchecked) private var findingsByLaunch: [String: [Finding]] = [:]
    /// The launches whose findings past ``findingsKeptPerLaunch`` were not kept (said once each).
    @exclusivity(unchecked) private var launchesPastTheirFindingCap: Set<String> = []
    @exclusivity(unchecked) private var records = 0
    @exclusivity(unchecked) private var launchDaemonSeen = false
    @exclusivity(unchecked) private var arrivalNote: ArrivalNote
    /// Dates the findings' stamps for ``ScanFilters/window``: only a finding's stamp is resolved.
    @exclusivity(unchecked) private var windowTimestamps: TimestampContext

    init(
        path: String, options: ScanOptions, prefilter: MessagePrefilter?, timestamps: TimestampContext, mode: Mode,
        spool: Spool, observer: (any ScanObserver)?
    ) {
        self.path = path
        kept = FindingWriter(spool: spool)
        self.options = options
        self.mode = mode
        self.observer = observer
        self.timestamps = timestamps
        windowTimestamps = timestamps
        launches = mode.keptLaunches.map { LaunchStore(limit: $0) } ?? LaunchStore(spool: spool)
        events = LaunchTrackerEvents(isLive: mode.liveNumbering != nil)
        arrivalNote = mode.timesByArrival ? .start : .none
        if let ruleSet = options.ruleSet, let prefilter {
            var settings = ruleSet.configuration.launchSettings
            if mode.timesByArrival { settings.arrivalClock = { Double(RuleTiming.now()) / 1e9 } }
            let tracker = options.tracksLaunches ? LaunchTracker(path: path, timestamps: timestamps, settings: settings) : nil
            analyzer = RecordAnalyzer(
                prefilter: prefilter, ruleSet: ruleSet, tracker: tracker, path: path, holdsEvents: mode.keepsFindings,
                foldsExplainedExceptions: options.filters.rules.isEmpty)
        }
    }

    /// Every finding kept at or above the minimum severity, line findings and launch diagnoses,
    /// in line order; called once, after ``finish()``.
    func takeFindings() -> FindingRun {
        kept.finish()
    }

    /// The launches, in the order they started; called once, after ``finish()``.
    func takeLaunches() -> LaunchRun {
        launches.finish()
    }

    func receive(_ record: RecordView) {
        times.note(record)
        records += 1
        if mode.warnsWhenFiltered, !launchDaemonSeen { noteLaunchDaemon(record) }
        if record.fields.kind == .connectionBanner {
            observer?.scanDidSeeBanner(String(decoding: record.message, as: UTF8.self), line: record.line)
        }
        guard analyzer != nil else { return }
        if let app = options.app {
            identities.note(record)
            if !seesApp, record.bytes(of: record.fields.process)?.equals(app) == true { seesApp = true }
        }
        let found = admitted(analyzer?.analyze(record, into: &events) ?? [])
        if arrivalNote != .none { noteArrivalTiming() }
        // The record's findings join their launches first: a launch shown as it changes on this
        // record (a launch failure) shows them.
        let joined = linkLive(found)
        let handedOut = events.isEmpty ? [] : handOutEvents()
        if !found.isEmpty { keep(found, joined: joined, handedOut: handedOut) }
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        if let found = analyzer?.analyzeUnparsed(bytes, line: line), !found.isEmpty { keep(admitted(found)) }
        guard options.reportsUnparsedLines, let observer else { return }
        let text = Escaping.visible(String(decoding: bytes, as: UTF8.self))
        observer.scanDidReport(ScanDiagnostic(.unparsedLine, "\(Escaping.visible(path)):\(line): unparsed: \(text)"))
    }

    func truncated(line: Int, keptBytes: Int) {
        observer?.scanDidReport(
            ScanDiagnostic(
                .warning,
                "\(Escaping.visible(path)):\(line): line longer than \(keptBytes) bytes; the rest of it was skipped"))
    }

    func recordCut(startLine: Int, firstLineLeft: Int) {
        observer?.scanDidReport(
            ScanDiagnostic(
                .warning,
                "\(Escaping.visible(path)):\(startLine): a record longer than \(RecordAssembler<XcodeConsoleParser>.maximumRecordLength >> 20) MiB; its lines from line \(firstLineLeft) on are counted but not searched"))
    }

    /// Ends the stream: the launches still open are handed out, and rules that gave up are reported.
    func finish() {
        guard analyzer != nil else { return }
        let last = admitted(analyzer?.finish(into: &events) ?? [])
        let joined = linkLive(last)
        let handedOut = handOutEvents()
        if !last.isEmpty { keep(last, joined: joined, handedOut: handedOut) }
        if let app = options.app, !seesApp { seesApp = identities.names(app) }
        for diagnostic in analyzer?.ruleDiagnostics() ?? [] { observer?.scanDidReport(diagnostic) }
    }

    /// The findings of `found` that ``ScanOptions/filters`` keep.
    private func admitted(_ found: [Finding]) -> [Finding] {
        options.filters.isEmpty || found.isEmpty ? found : found.filter(passesFilters)
    }

    /// Keeps `found` (admitted by the filters) and, in a live scan, shows each, linked to its
    /// launch first unless already (`joined`: the launches ``linkLive(_:)`` gave one of them).
    private func keep(_ found: [Finding], joined: Set<String>? = nil, handedOut: Set<String> = []) {
        if mode.keepsFindings {
            for finding in found where finding.severity >= options.minimumSeverity {
                kept.append(finding)
                noteRule(of: finding)
            }
        }
        guard let numbering = mode.liveNumbering else { return }
        let joined = joined ?? linkLive(found)
        for finding in found { show(finding, numbering: numbering) }
        // A finding held until its event's last line (or the end) comes after its launch was
        // shown: the launch is shown again with it, unless it was just handed out with it.
        for id in joined.subtracting(handedOut) {
            guard let launch = launches.held(id), options.admits(launch) else { continue }
            observer?.scanLaunchDidChange(numbering.apply(to: launch), findings: findingsByLaunch[id] ?? [])
        }
    }

    /// In a live scan, links each of `found` to its launch, for the launch's live events; the
    /// launches that kept one (those past ``findingsKeptPerLaunch`` keep no more).
    @discardableResult
    private func linkLive(_ found: [Finding]) -> Set<String> {
        guard let numbering = mode.liveNumbering, !found.isEmpty else { return [] }
        var joined: Set<String> = []
        for finding in found where link(finding, numbering: numbering) {
            if let launch = finding.launch { joined.insert(launch) }
        }
        return joined
    }

    /// Whether ``ScanOptions/filters`` keep `finding`: its rule, process and device, and the time
    /// of the line it is located at (resolved only for findings).
    private func passesFilters(_ finding: Finding) -> Bool {
        options.filters.admits(finding) && options.filters.window.admits(finding.timestamp, timestamps: &windowTimestamps)
    }

    /// Notes the rule of a kept finding under its launch, when a crash report can be of that rule.
    private func noteRule(of finding: Finding) {
        if let launch = finding.launch { rulesByLaunch.note(finding.rule, launch: launch) }
    }

    /// A finding as it happens: kept with its launch (for the launch's live events) and shown
    /// when it passes the filters.
    private func handOutLive(_ finding: Finding, numbering: LaunchNumbering) {
        _ = link(finding, numbering: numbering)
        show(finding, numbering: numbering)
    }

    /// Shows a live finding, when it passes the filters.
    private func show(_ finding: Finding, numbering: LaunchNumbering) {
        if options.admits(finding, identities: identities) { observer?.scanDidFind(numbering.apply(to: finding)) }
    }

    /// Keeps a live finding with its launch, for the launch's live events (up to
    /// ``findingsKeptPerLaunch``, then a warning once).
    private func link(_ finding: Finding, numbering: LaunchNumbering) -> Bool {
        guard mode.keepsFindings, let launch = finding.launch else { return false }
        let numbered = numbering.apply(to: finding)
        let kept = findingsByLaunch[launch, default: []].count
        if kept < Self.findingsKeptPerLaunch {
            if kept == 0, LaunchNumbering.dropEarliest(from: &findingsByLaunch, keeping: Self.launchesWithFindingsKept) {
                launchesPastTheirFindingCap.formIntersection(findingsByLaunch.keys)
            }
            findingsByLaunch[launch, default: []].append(numbered)
            return true
        }
        if launchesPastTheirFindingCap.insert(launch).inserted {
                observer?.scanDidReport(
                    ScanDiagnostic(
                        .warning,
                        "\(Escaping.visible(path)): launch \(numbered.launch ?? launch) has more than \(kept) findings; its timeline "
                            + "lists no more than the first \(kept) (the JSON report lists every finding)"))
        }
        return false
    }

    /// Hands out the tracker's events; the launches a live scan showed as changed.
    @discardableResult
    private func handOutEvents() -> Set<String> {
        var handedOut: Set<String> = []
        events.takeEach { event in
            switch event {
            case .reached(let launch, let phase):
                if let numbering = mode.liveNumbering, options.admits(launch) {
                    observer?.scanLaunch(numbering.apply(to: launch), didReach: phase)
                }
            case .changed(let launch):
                launches.update(launch)
                if options.app != nil { identities.note(launch) }
                if let numbering = mode.liveNumbering, options.admits(launch) {
                    observer?.scanLaunchDidChange(numbering.apply(to: launch), findings: findingsByLaunch[launch.id] ?? [])
                    handedOut.insert(launch.id)
                }
            case .diagnosed(let finding):
                if !options.filters.isEmpty, !passesFilters(finding) { return }
                if mode.keepsFindings, finding.severity >= options.minimumSeverity {
                    kept.hold(finding)
                    noteRule(of: finding)
                }
                if let numbering = mode.liveNumbering { handOutLive(finding, numbering: numbering) }
            }
        }
        return handedOut
    }

    /// Says once that launches are timed by arrival, and once more if that stops.
    private func noteArrivalTiming() {
        switch arrivalNote {
        case .start where analyzer?.timesLaunchesByArrival == true:
            arrivalNote = .stop
            observer?.scanDidReport(ScanDiagnostic(.note, Self.arrivalTimingNote))
        case .stop where analyzer?.stoppedTimingByArrival == true:
            arrivalNote = .none
            observer?.scanDidReport(ScanDiagnostic(.note, Self.arrivalTimingStoppedNote))
        default: break
        }
    }

    /// SpringBoard and runningboardd (assertiond before iOS 14) carry the launch markers;
    /// `idevicesyslog -q` and process filters hide them.
    private func noteLaunchDaemon(_ record: RecordView) {
        if let process = record.bytes(of: record.fields.process),
            process.elementsEqual("SpringBoard".utf8) || process.elementsEqual("runningboardd".utf8)
                || process.elementsEqual("assertiond".utf8)
        {
            launchDaemonSeen = true
        } else if records == Self.filteredStreamThreshold {
            launchDaemonSeen = true  // warn once
            observer?.scanDidReport(
                ScanDiagnostic(
                    .warning,
                    "no SpringBoard or runningboardd line in the first \(records) records: the stream looks filtered "
                        + "(idevicesyslog -q, -p or -m?). Launch timelines need those lines; run idevicesyslog without filters."))
        }
    }
}

@available(*, unavailable)
extension StreamAnalysis: Sendable {}
