import ArgumentParser
import Foundation
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
        let ruleSet = try common.rules.loadRuleSet()
        let streaming = common.format == .text && common.output == nil
        let renderer = TimelineRenderer(options: RenderOptions(color: streaming && !common.noColor && Diagnostics.stdoutWantsColor))
        var printed: [String: LaunchOutcome] = [:]
        var outputFailed = false
        let results = input.scanAll(ruleSet: ruleSet, common: common) { launch, sink in
            guard streaming, !outputFailed, !common.rules.filter([launch]).isEmpty else { return }
            let text: String
            switch printed[launch.id] {
            case nil: text = renderer.render(launch, findings: sink.findings.filter { $0.launch == launch.id })
            case launch.outcome: return
            default: text = renderer.renderChange(launch)
            }
            printed[launch.id] = launch.outcome
            do {
                try ReportOutput.writeStandardOutput(text)
            } catch {
                outputFailed = true
            }
        }
        let shown = results.launches
        if outputFailed { throw ExitStatus.inputError.exitCode }
        if streaming {
            try ReportOutput.writeStandardOutput(Self.summary(shown))
        } else {
            let report = ScanReport(
                inputs: results.summaries, findings: results.findings, launches: shown,
                rules: ruleSet.descriptions + RuleCatalog.diagnoses)
            try ReportOutput.write(
                report, as: common.format, options: RenderOptions(failOn: common.rules.failOn.severity), to: common.output)
        }
        if results.failed { throw ExitStatus.inputError.exitCode }
        if common.rules.failsOn(results.findings) { throw ExitStatus.findings.exitCode }
    }

    /// `3 launches: 2 active, 1 crashed.`
    static func summary(_ launches: [Launch]) -> String {
        guard !launches.isEmpty else { return "No launch found.\n" }
        var counts: [String: Int] = [:]
        var order: [String] = []
        for launch in launches {
            let outcome = launch.outcome.rawValue
            if counts[outcome] == nil { order.append(outcome) }
            counts[outcome, default: 0] += 1
        }
        let noun = launches.count == 1 ? "launch" : "launches"
        return "\(launches.count) \(noun): " + order.map { "\(counts[$0] ?? 0) \($0)" }.joined(separator: ", ") + ".\n"
    }
}
