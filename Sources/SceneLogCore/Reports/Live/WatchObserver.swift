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

    /// - Parameters:
    ///   - rules: the descriptions of the rules that run, for explanations.
    ///   - explain: print each rule's explanation the first time it fires (text only).
    ///   - report: told the scan's own diagnostics (a rotated file, a filtered stream).
    public init(
        format: WatchFormat, output: LiveOutput, color: Bool, rules: [RuleDescription], explain: Bool,
        report: @escaping (ScanDiagnostic) -> Void
    ) {
        switch format {
        case .text: presenter = TextWatchPresenter(output: output, color: color, rules: rules, explain: explain)
        case .ndjson: presenter = NDJSONWatchPresenter(output: output)
        }
        self.report = report
    }

    public var wantsLiveEvents: Bool { true }

    public func scanDidFind(_ finding: Finding) {
        tally.add(finding)
        presenter.finding(finding)
    }

    public func scanLaunch(_ launch: Launch, didReach phase: LaunchPhase) {
        presenter.phase(launch, phase)
    }

    public func scanLaunchDidChange(_ launch: Launch, findings: [Finding]) {
        guard shownOutcomes[launch.id] != launch.outcome else { return }
        shownOutcomes[launch.id] = launch.outcome
        presenter.outcome(launch)
    }

    public func scanDidSeeBanner(_ text: String, line: Int) {
        presenter.banner(text, line: line)
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
        presenter.summary(of: result, tally: tally)
    }
}

@available(*, unavailable)
extension WatchObserver: Sendable {}
