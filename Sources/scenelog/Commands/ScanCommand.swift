import ArgumentParser
import Foundation
import SceneLogCore

/// `scenelog scan PATH… | -`: scans log files, folders or standard input and prints a report.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan console logs for UIScene, black-screen and launch-failure findings.",
        discussion: """
            Each input's format is detected from its first lines (see --input-format for the list). \
            Folders are walked for *.log, *.txt, *.ndjson and *.json files. Every line is accounted \
            for as a record, a continuation line of a multi-line record, or an unparsed line. The \
            built-in rules (`scenelog rules`) run on every record; .scenelog.yml in the current folder \
            (or --config) can disable rules, change severities and thresholds.

            Examples:
              scenelog scan device.log
              idevicesyslog > capture.log; scenelog scan --format json capture.log
              log show --style ndjson --last 5m | scenelog scan -
              scenelog scan --app com.example.app --min-severity warning logs/
              scenelog scan --rules team-rules.yml --fail-on warning logs/
            """
    )

    @OptionGroup var input: InputOptions

    @OptionGroup var common: CommonOptions

    @Flag(name: .customLong("parse-only"), help: "Only parse and count lines: run no rules.")
    var parseOnly = false

    func run() throws {
        let ruleSet = try parseOnly ? nil : common.loadRuleSet()
        var summaries: [InputSummary] = []
        var findings: [Finding] = []
        let launches = LaunchCollector()
        var failed = false
        for path in input.inputs {
            do {
                let result = try input.run(path, verbose: common.verbose)
                    .scan(ruleSet: ruleSet, launches: launches, learnsIdentities: common.app != nil)
                summaries.append(result.summary)
                findings += common.filter(result.findings, identities: result.identities)
                if let error = result.error {
                    Diagnostics.error(error.description)
                    failed = true
                }
            } catch {
                Diagnostics.error(error.description)
                failed = true
            }
        }
        let report = ScanReport(
            inputs: summaries, findings: findings, launches: common.filter(launches.launches),
            rules: (ruleSet?.descriptions ?? []) + LaunchDiagnosis.allCases.map(\.description))
        let color = common.output == nil && !common.noColor && Diagnostics.stdoutWantsColor
        try ReportOutput.write(common.format.render(report, options: RenderOptions(color: color)), to: common.output)
        if failed { throw ExitStatus.inputError.exitCode }
        if findings.contains(where: { $0.severity >= common.failOn }) { throw ExitStatus.findings.exitCode }
    }
}
