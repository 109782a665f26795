import ArgumentParser
import SceneLogCore

/// `scenelog report PATH… [--baseline FILE] [--record]`: the nightly report, compared with an
/// earlier one and recorded in the history.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Report for CI: compare with a baseline, record the run, render Markdown, HTML, JUnit, SARIF or GitHub annotations.",
        discussion: """
            Scans like `scan`, then, with --baseline, compares with an earlier JSON report: findings are \
            new, fixed or unchanged (matched by rule, process and message with numbers set aside, never by \
            line), and each app's launches may have got slower (median time to active up by more than \
            both --regression-percent and --regression-ms) or ended worse (active before, crashed or black \
            screen now). A finding gone whose input was not read or whose app did not appear is "not \
            seen", never "fixed". With a baseline the exit code is 1 on any regression: a new finding at \
            or above --fail-on, or a launch regression (--no-fail-on-regression, or --fail-on never, \
            turns that off). --record appends the run to the history (see `scenelog history`). Several \
            --output FORMAT=FILE write several formats of the one run.

            Examples:
              scenelog report --format json --output today.json logs/
              scenelog report --baseline yesterday.json --format markdown logs/ >> "$GITHUB_STEP_SUMMARY"
              scenelog report --baseline yesterday.json --format html --output report.html --record logs/
              scenelog report --format sarif --output scenelog.sarif logs/
              scenelog report --baseline yesterday.json --output json=night.json --output html=night.html logs/
            """
    )

    @OptionGroup var input: InputOptions

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: ArgumentHelp("An earlier JSON report to compare with.", valueName: "file"))
    var baseline: String?

    @Option(name: .customLong("regression-percent"), help: "A launch is slower when its app's median time to active grows by more than this many percent…")
    var regressionPercent: Double = BaselineDiff.Thresholds().percent

    @Option(name: .customLong("regression-ms"), help: "…and by more than this many milliseconds.")
    var regressionMilliseconds: Int = BaselineDiff.Thresholds().milliseconds

    @Flag(
        name: .customLong("fail-on-regression"), inversion: .prefixedNo,
        help: "With --baseline, exit with 1 on a regression (default: on, off with --fail-on never).")
    var failOnRegression: Bool?

    @Flag(name: .long, help: "Append this run to the history.")
    var record = false

    @Option(name: .long, help: ArgumentHelp("The history file (default: .scenelog/history.sqlite).", valueName: "file"))
    var history: String = HistoryStore.defaultPath

    func validate() throws {
        guard regressionPercent >= 0, regressionMilliseconds >= 0 else {
            throw ValidationError("--regression-percent and --regression-ms cannot be negative")
        }
        if let shard = input.shard, baseline != nil || record {
            // A part's findings against a whole night's would read as fixed findings, and its
            // launches as the night's.
            throw ValidationError(
                "--shard \(shard) reports one part of the inputs: compare it with a baseline or record it in the history only once the parts are one report")
        }
    }

    func run() throws {
        let inputs = try input.inputs(writing: common.output)
        let ruleSet = try common.rules.loadRuleSet()
        let earlier: BaselineReport?
        do {
            earlier = try baseline.map(BaselineReport.load)
        } catch {
            throw ValidationError(error.description)
        }
        let result = input.scan(inputs, ruleSet: ruleSet, common: common)
        var report = ScanReport(result, ruleSet: ruleSet)
        if let earlier {
            report.baseline = BaselineDiff(
                baseline: earlier, inputs: result.inputs.map(\.path), findings: report.findings, launches: report.launches,
                thresholds: BaselineDiff.Thresholds(percent: regressionPercent, milliseconds: regressionMilliseconds))
        }
        try common.write(report)
        // Recorded after the report is written: a history that cannot be written costs the
        // record (exit 3), never the report. An interrupted run, or one that read nothing (unless
        // --allow-empty), is not recorded.
        if record {
            if result.interrupted {
                Diagnostics.warning("interrupted: the run is not recorded in the history")
            } else if result.readNothing && !common.allowEmpty {
                Diagnostics.warning("no logs were read: the run is not recorded in the history")
            } else {
                try recordRun(of: report)
                if let note = HistoryRun.medianNote(for: report) { Diagnostics.report(ScanDiagnostic(.note, note)) }
            }
        }
        var policy = common.failurePolicy
        if let failOnRegression { policy.failsOnRegression = failOnRegression }
        try ExitStatus.check(result, by: policy, baseline: report.baseline)
    }

    private func recordRun(of report: ScanReport) throws {
        do {
            _ = try HistoryStore(path: history).record(.recordedNow(report))
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.inputError.exitCode
        }
    }
}
