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
              scenelog report --since 1d --process MyApp --rule scene-lifecycle-required --format markdown logs/
              scenelog report --baseline yesterday.json --output json=night.json --output html=night.html logs/
              scenelog report --shard 3/8 --allow-empty --fail-on never --format json --output parts/part-3.json logs/
              scenelog report --cache ~/.cache/scenelog --baseline yesterday.json --format markdown logs/
              scenelog report --otlp-endpoint https://otlp.example.com --format json --output night.json logs/
            """ + "\n\n" + ExitStatus.help
    )

    @OptionGroup var input: InputOptions

    @OptionGroup var common: CommonOptions

    @OptionGroup var nightly: NightlyOptions

    @OptionGroup(title: "OpenTelemetry") var telemetry: TelemetryOptions

    func validate() throws {
        if let shard = input.shard, nightly.baseline != nil || nightly.record {
            // A part's findings against a whole night's would read as fixed findings, and its
            // launches as the night's.
            throw ValidationError(
                "--shard \(shard) reports one part of the inputs: compare it with a baseline or record it in the history once the parts are merged (scenelog merge)")
        }
    }

    mutating func run() throws {
        let export = try telemetry.export()
        let prepared = try input.prepare(
            try common.rules.loadSettings(), writing: common.output, alsoReading: common.rules.filesRead + nightly.filesRead,
            recordingIn: nightly.record ? nightly.history : nil)
        let earlier = try nightly.loadBaseline()
        let result = input.scan(prepared, common: common)
        try nightly.finish(result, ruleSet: prepared.settings.ruleSet, comparedWith: earlier, common: common, telemetry: telemetry, export: export)
    }
}
