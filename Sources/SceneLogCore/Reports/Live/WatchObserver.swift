/// The formats of a live watch (`scenelog watch --format`).
public enum WatchFormat: String, CaseIterable, Sendable {
    /// For a terminal: findings once (repeats counted), launch phases and outcomes, a summary.
    case text
    /// One JSON object per event (``NDJSONEvents``), every finding.
    case ndjson
}

/// Shows a live scan as it happens: each finding (counted for the summary), launch phase and
/// outcome change, and device banner, in the chosen format; and the summary at the end.
public final class WatchObserver: ScanObserver {
    private let presenter: any WatchPresenter
    private let report: (ScanDiagnostic) -> Void
    /// The findings shown, counted by severity and rule.
    private var tally = FindingTally()
    private var shownOutcomes = RecentTable<String, LaunchOutcome>(capacity: LiveScan.keptLaunches)
    /// The launches without an outcome yet, and since when they wait in their latest phase.
    private var waiting = WaitingLaunches()
    /// The devices named by findings, launches and connection banners (at most ``maximumDevices``).
    private var devices: Set<String> = []
    static let maximumDevices = 1_000
    /// Where the open launches were when the watch was interrupted (``stopTheClock(interrupted:)``).
    private var stuck: [LaunchWait] = []

    /// - Parameters:
    ///   - rules: the descriptions of the rules that run, for explanations.
    ///   - explain: print each rule's explanation the first time it fires (text only).
    ///   - showsDevices: name each event's device from the start (several sources are read).
    ///   - report: told the scan's own diagnostics (a rotated file, a filtered stream).
    public init(
        format: WatchFormat, output: LiveOutput, color: Bool, rules: [RuleDescription], explain: Bool,
        showsDevices: Bool = false, report: @escaping (ScanDiagnostic) -> Void
    ) {
        switch format {
        case .text:
            presenter = TextWatchPresenter(output: output, color: color, rules: rules, explain: explain, showsDevices: showsDevices)
        case .ndjson: presenter = NDJSONWatchPresenter(output: output)
        }
        self.report = report
    }

    public var wantsLiveEvents: Bool { true }

    public func scanDidFind(_ finding: Finding) {
        tally.add(finding)
        note(device: finding.device)
        presenter.finding(finding)
    }

    public func scanLaunch(_ launch: Launch, didReach phase: LaunchPhase) {
        note(device: launch.device)
        // A launch whose outcome is known (active, then background) waits no more.
        if launch.outcome == .incomplete {
            waiting.reached(launch, phase, at: Self.monotonicSeconds())
        } else {
            waiting.ended(launch)
        }
        presenter.phase(launch, phase)
    }

    public func scanLaunchDidChange(_ launch: Launch, findings: [Finding]) {
        waiting.ended(launch)
        // Launch ids are per source: with several sources, the device tells two `L1` apart.
        let key = (launch.device ?? "") + "\u{1F}" + launch.id
        guard shownOutcomes[key] != launch.outcome else { return }
        shownOutcomes[key] = launch.outcome
        presenter.outcome(launch)
    }

    public func scanDidSeeBanner(_ text: String, line: Int) {
        if let start = text.firstRange(of: "[connected:")?.upperBound, let end = text[start...].firstIndex(of: "]") {
            note(device: String(text[start..<end]))
        }
        presenter.banner(text, line: line)
    }

    private func note(device: String?) {
        guard let device, devices.count < Self.maximumDevices else { return }
        devices.insert(device)
    }

    /// How many devices the stream named so far.
    var devicesSeen: Int { devices.count }

    /// Where each launch without an outcome waits, at `now` (monotonic seconds).
    func waits(at now: Double) -> [LaunchWait] {
        waiting.waits(at: now)
    }

    /// Ends the live part of the watch, before its scan is finished: when `interrupted`, where
    /// each open launch was stuck, and for how long, is kept for the summary.
    public func stopTheClock(interrupted: Bool) {
        if interrupted { stuck = waits(at: Self.monotonicSeconds()) }
    }

    /// The monotonic clock, in seconds: phases are timed by when their lines arrive.
    static func monotonicSeconds() -> Double {
        Double(RuleTiming.now()) / 1e9
    }

    public func scanDidReport(_ diagnostic: ScanDiagnostic) {
        report(diagnostic)
    }

    /// Whether a finding at or above `severity` was shown.
    public func hasShown(atLeast severity: Severity) -> Bool {
        tally.contains(atLeast: severity)
    }

    /// Shows the summary of the watch: lines read, launches, findings by rule.
    public func showSummary(of result: ScanResult) {
        guard !result.inputs.isEmpty else { return }
        presenter.summary(of: result, tally: tally, stuck: stuck)
    }
}

@available(*, unavailable)
extension WatchObserver: Sendable {}
