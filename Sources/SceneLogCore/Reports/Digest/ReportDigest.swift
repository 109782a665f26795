/// What the renderers read of a report, worked out once: counts by severity, rule and outcome,
/// the line totals, and how the findings stand against a baseline. Renderers that list findings
/// grouped read them in one pass (``FindingGroups``), so that none is held whole. Every renderer draws from one digest, so that a count, an order or a name is the
/// same in every format.
struct ReportDigest: Sendable {
    /// The report it digests.
    let report: ScanReport
    /// Findings counted by severity and by rule.
    let tally: FindingTally
    /// Launches counted by outcome, in the canonical order (the order `LaunchOutcome` declares its cases).
    let outcomeCounts: OutcomeCounts
    /// The line counts of all inputs added up.
    let totals: LineCounts
    /// The comparison with a baseline, when the report has one.
    let baseline: BaselineDigest?
    /// Each app's launch statistics, by app name: of the first ``AppLaunchStatistics/Gathering/maximumApps`` apps.
    let apps: [AppLaunchStatistics]
    /// The launches of apps past those in ``apps``.
    let launchesOfAppsNotListed: Int
    /// Whether the report's launches and findings come from more than one device: then every
    /// launch and finding shows its device in text, Markdown and HTML (with one device, or none
    /// named, those stay as they were; JSON, SARIF and JUnit name a known device always).
    let showsDevices: Bool

    /// Digests `report`.
    ///
    /// - Complexity: O(*n*) in the number of launches and inputs, and in the number of findings
    ///   when there is a baseline.
    init(_ report: ScanReport) {
        self.report = report
        tally = report.findings.tally
        totals = report.totals
        baseline = report.baseline.map(BaselineDigest.init)
        // The launches are read once, for every figure of theirs, as summaries (not read back whole).
        var outcomes: [LaunchOutcome: Int] = [:]
        var gathering = AppLaunchStatistics.Gathering()
        var devices = tally.devices
        for launch in report.launches.summaries {
            outcomes[launch.figures.outcome, default: 0] += 1
            gathering.add(launch)
            if devices.count < 2, let device = launch.device { devices.insert(device) }
        }
        outcomeCounts = OutcomeCounts([Launch](), plus: outcomes)
        apps = gathering.statistics
        launchesOfAppsNotListed = gathering.launchesNotListed
        showsDevices = devices.count > 1
    }

    /// How many findings of `severity` there are.
    func count(of severity: Severity) -> Int {
        tally.count(of: severity)
    }

    /// The severities most severe first, each with its count (zero included).
    var severityCounts: [(severity: Severity, count: Int)] {
        Severity.allCases.reversed().map { ($0, count(of: $0)) }
    }
}
