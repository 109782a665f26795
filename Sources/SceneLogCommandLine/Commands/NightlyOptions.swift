import ArgumentParser
import SceneLogCore

/// What makes a report a nightly one, shared by `report` and `merge`: the baseline it is compared
/// with, what counts as a launch regression, and the history it is recorded in.
struct NightlyOptions: ParsableArguments {
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

    /// The files the report reads besides its inputs: the baseline, and the history it records in.
    var filesRead: [String] { [baseline].compactMap { $0 } + (record ? [history] : []) }

    func validate() throws {
        guard regressionPercent.isFinite else {
            throw ValidationError("--regression-percent takes a number of percent, not \(regressionPercent)")
        }
        guard regressionPercent >= 0, regressionMilliseconds >= 0 else {
            throw ValidationError("--regression-percent and --regression-ms cannot be negative")
        }
    }

    /// The baseline report, read before anything is scanned (a usage error when it cannot be used).
    func loadBaseline() throws -> BaselineReport? {
        do {
            return try baseline.map(BaselineReport.load)
        } catch {
            throw Diagnostics.usageError(error.description)
        }
    }

    /// Reports `result`: compared with `earlier`, written in every `--output`, recorded in the
    /// history with `--record`, its launches sent over OTLP with `export`, then the command ends
    /// with the status the run earns.
    func finish(
        _ result: ScanResult, ruleSet: RuleSet, comparedWith earlier: BaselineReport?, common: CommonOptions, telemetry: TelemetryOptions,
        export: (any LaunchExport)?
    ) throws {
        var report = ScanReport(result, ruleSet: ruleSet)
        if let earlier {
            report.baseline = BaselineDiff(
                baseline: earlier, inputs: result.inputs.map(\.path), findings: report.findings, launches: report.launches,
                thresholds: BaselineDiff.Thresholds(percent: regressionPercent, milliseconds: regressionMilliseconds))
        }
        try common.write(report)
        // Recorded after the report is written: a history that cannot be written costs the
        // record (exit 3), never the report. An interrupted run, one with inputs it could not read
        // (a partial night would read as a better one), or one that read nothing (unless
        // --allow-empty), is not recorded.
        if record {
            if result.interrupted {
                Diagnostics.warning("interrupted: the run is not recorded in the history")
            } else if result.unreadableInputs > 0 {
                let inputs = result.unreadableInputs == 1 ? "an input" : "\(result.unreadableInputs) inputs"
                Diagnostics.warning("\(inputs) could not be read: the run is not recorded in the history")
            } else if result.readNothing && !common.allowEmpty {
                Diagnostics.warning("no logs were read: the run is not recorded in the history")
            } else {
                try recordRun(of: report)
                if let note = HistoryRun.medianNote(for: report) { Diagnostics.report(ScanDiagnostic(.note, note)) }
            }
        }
        var policy = common.failurePolicy
        if let failOnRegression { policy.failsOnRegression = failOnRegression }
        try telemetry.send(result, with: export) { try ExitStatus.check(result, by: policy, baseline: report.baseline) }
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
