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
            screen now). With a baseline the exit code is 1 on any regression: a new finding at or above \
            --fail-on, or a launch regression. --record appends the run to the history (see `scenelog history`).

            Examples:
              scenelog report --format json --output today.json logs/
              scenelog report --baseline yesterday.json --format markdown logs/ >> "$GITHUB_STEP_SUMMARY"
              scenelog report --baseline yesterday.json --format html --output report.html --record logs/
              scenelog report --format sarif --output scenelog.sarif logs/
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

    @Flag(name: .long, help: "Append this run to the history.")
    var record = false

    @Option(name: .long, help: ArgumentHelp("The history file (default: .scenelog/history.sqlite).", valueName: "file"))
    var history: String = HistoryStore.defaultPath

    func validate() throws {
        guard regressionPercent >= 0, regressionMilliseconds >= 0 else {
            throw ValidationError("--regression-percent and --regression-ms cannot be negative")
        }
    }

    func run() throws {
        try input.refuse(output: common.output)
        let ruleSet = try common.rules.loadRuleSet()
        let earlier: BaselineReport?
        do {
            earlier = try baseline.map(BaselineReport.load)
        } catch {
            throw ValidationError(error.description)
        }
        let result = input.scan(ruleSet: ruleSet, common: common)
        var report = ScanReport(result, ruleSet: ruleSet)
        if let earlier {
            report.baseline = BaselineDiff(
                baseline: earlier, findings: report.findings, launches: report.launches,
                thresholds: BaselineDiff.Thresholds(percent: regressionPercent, milliseconds: regressionMilliseconds))
        }
        let color = common.output == nil && !common.noColor && Diagnostics.stdoutWantsColor
        let options = RenderOptions(color: color, failOn: common.rules.failOn.severity, listsEveryLaunch: common.verbose)
        try Diagnostics.write(report, as: common.format, options: options, to: common.output)
        // Recorded after the report is written: a history that cannot be written costs the
        // record (exit 3), never the report. An interrupted run is not recorded.
        if record {
            if result.interrupted {
                Diagnostics.warning("interrupted: the run is not recorded in the history")
            } else {
                try recordRun(of: report)
                if let note = HistoryRun.medianNote(for: report) { Diagnostics.report(ScanDiagnostic(.note, note)) }
            }
        }
        if result.unreadableInputs > 0 || result.interrupted { throw ExitStatus.inputError.exitCode }
        if let diff = report.baseline {
            if diff.hasRegression(atOrAbove: common.rules.failOn.severity) { throw ExitStatus.findings.exitCode }
        } else if common.rules.failsOn(result.findings) {
            throw ExitStatus.findings.exitCode
        }
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
