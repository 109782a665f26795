import ArgumentParser
import SceneLogCore

/// `scenelog timeline PATH… | -`: each app launch as a timeline of its phases, printed as soon as
/// its outcome is known.
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Rebuild each app launch: phases with +ms, findings, outcome and time to active.",
        discussion: """
            A launch is printed as soon as its outcome is known (active with a key window, a crash or \
            kill, a suspected black screen), so a pipe shows launches as they happen; a later change \
            (a crash after the launch) is printed as one more line. --format json writes the whole \
            report, with the launches array, at the end.

            Examples:
              scenelog timeline device.log
              idevicesyslog | scenelog timeline -
              scenelog timeline --app com.example.app --format json logs/
            """
    )

    @OptionGroup var input: InputOptions

    @OptionGroup var common: CommonOptions

    func run() throws {
        try input.refuse(output: common.output)
        let ruleSet = try common.rules.loadRuleSet()
        let streaming = common.format == .text && common.output == nil
        let renderer = TimelineRenderer(options: RenderOptions(color: streaming && !common.noColor && Diagnostics.stdoutWantsColor))
        var printed: [String: LaunchOutcome] = [:]
        var outputFailed = false
        var readerWentAway = false
        let result = input.scan(ruleSet: ruleSet, common: common, onLaunch: !streaming ? nil : { launch, findings in
            guard !outputFailed, !readerWentAway, printed[launch.id] != launch.outcome else { return }
            let text = printed[launch.id] == nil ? renderer.render(launch, findings: findings) : renderer.renderChange(launch)
            printed[launch.id] = launch.outcome
            do throws(ReportWriteError) {
                try ReportDestination.writeStandardOutput(text)
            } catch where error.readerWentAway {
                readerWentAway = true
            } catch {
                Diagnostics.error(error.description)
                outputFailed = true
            }
        })
        if outputFailed { throw ExitStatus.inputError.exitCode }
        if readerWentAway {
            // Nothing more is printed; the status is what it would have been.
        } else if streaming {
            try Diagnostics.write(TimelineRenderer.summary(of: result.launches), to: nil)
        } else {
            try Diagnostics.write(
                ScanReport(result, ruleSet: ruleSet), as: common.format,
                options: RenderOptions(failOn: common.rules.failOn.severity), to: common.output)
        }
        if result.unreadableInputs > 0 || result.interrupted { throw ExitStatus.inputError.exitCode }
        if common.rules.failsOn(result.findings) { throw ExitStatus.findings.exitCode }
    }
}
