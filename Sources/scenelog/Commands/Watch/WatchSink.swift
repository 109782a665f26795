import SceneLogCore

/// What a watch has seen and shown: the filters applied before anything is shown, the counts
/// for the summary, and every launch's latest state.
final class WatchState {
    let presenter: any WatchPresenter
    private let options: RuleOptions
    private(set) var tally = FindingTally()
    private let launchList = LaunchCollector()
    private var shownOutcomes: [String: LaunchOutcome] = [:]
    /// Which pid is which app, for `--app`.
    var identities = ProcessIdentities()
    /// Whether `--app` needs `identities` learned (otherwise no record is looked at for them).
    var learnsIdentities: Bool { options.app != nil }

    init(presenter: any WatchPresenter, options: RuleOptions) {
        self.presenter = presenter
        self.options = options
    }

    /// The launches of `--app` (all without it), in the order they started.
    var launches: [Launch] { options.filter(launchList.launches) }

    /// Whether a finding at or above `--fail-on` was shown.
    var failed: Bool { options.failOn.severity.map(tally.contains(atLeast:)) ?? false }

    func report(_ finding: Finding) {
        guard !options.filter([finding], identities: identities).isEmpty else { return }
        tally.add(finding)
        presenter.finding(finding)
    }

    func phase(_ launch: Launch, _ phase: LaunchPhase) {
        guard !options.filter([launch]).isEmpty else { return }
        presenter.phase(launch, phase)
    }

    func update(_ launch: Launch) {
        launchList.update(launch)
        guard shownOutcomes[launch.id] != launch.outcome, !options.filter([launch]).isEmpty else { return }
        shownOutcomes[launch.id] = launch.outcome
        presenter.outcome(launch)
    }
}

/// Takes a live stream's records: runs the rules and the launch tracker on each, shows what they
/// find at once, and warns once when the stream looks filtered.
final class WatchSink: RecordSink {
    /// After this many records without SpringBoard or runningboardd, the stream is taken to be filtered.
    static let filteredStreamThreshold = 2_000

    private let state: WatchState
    private let verbose: Bool
    private let path: String
    var analyzer: RecordAnalyzer?
    private var records = 0
    private var launchDaemonSeen = false

    init(state: WatchState, path: String, verbose: Bool) {
        self.state = state
        self.path = path
        self.verbose = verbose
    }

    func receive(_ record: RecordView) {
        records += 1
        if !launchDaemonSeen { noteLaunchDaemon(record) }
        if record.fields.kind == .connectionBanner {
            state.presenter.banner(String(decoding: record.message, as: UTF8.self), line: record.line)
        }
        if state.learnsIdentities { state.identities.note(record) }
        guard let analyzer else { return }
        for finding in analyzer.analyze(record) { state.report(finding) }
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        if let analyzer {
            for finding in analyzer.analyzeUnparsed(bytes, line: line) { state.report(finding) }
        }
        guard verbose else { return }
        Diagnostics.emit("\(path):\(line): unparsed: \(Diagnostics.printable(String(decoding: bytes, as: UTF8.self)))\n")
    }

    func truncated(line: Int, keptBytes: Int) {
        Diagnostics.warning("\(path):\(line): line longer than \(keptBytes) bytes; the rest of it was skipped")
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
            Diagnostics.warning(
                "no SpringBoard or runningboardd line in the first \(records) records: the stream looks filtered "
                    + "(idevicesyslog -q, -p or -m?). Launch timelines need those lines; run idevicesyslog without filters.")
        }
    }
}
