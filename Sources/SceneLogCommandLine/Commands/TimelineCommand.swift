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
            kill, a suspected black screen), so a pipe shows launches as they happen; what it went on \
            to later (the background and back, findings told after it, its end) is printed under \
            "L1 went on:", and a change of its outcome (a crash after the launch) as one more line. --format json writes the whole \
            report, with the launches array, at the end. --context N shows under each ending other \
            than active the line that explains it, with N lines of the log around it.

            Examples:
              scenelog timeline device.log
              scenelog timeline -C 2 device.log
              idevicesyslog | scenelog timeline -
              scenelog timeline --app com.example.app --format json logs/
              scenelog timeline --since 09:00 --device QA-iPad capture.log
            """ + "\n\n" + ExitStatus.help
    )

    @OptionGroup var input: InputOptions

    @OptionGroup var common: CommonOptions

    mutating func run() throws {
        let prepared = try input.prepare(try common.rules.loadSettings(), writing: common.output, alsoReading: common.rules.filesRead)
        let ruleSet = prepared.settings.ruleSet
        let streaming = common.format == .text && common.output.isEmpty
        let printer = !streaming ? nil : TimelinePrinter(renderer: TimelineRenderer(options: common.renderOptions(toStandardOutput: true)))
        let result = input.scan(prepared, common: common, onLaunch: printer.map { printer in printer.show })
        if let failure = printer?.failure {
            Diagnostics.error(failure.description)
            throw ExitStatus.inputError.exitCode
        }
        if let printer {
            if printer.isOpen { try Diagnostics.write(TimelineRenderer.summary(of: result.launches), to: nil) }
        } else {
            try common.write(ScanReport(result, ruleSet: ruleSet))
        }
        try ExitStatus.check(result, by: common.failurePolicy)
    }
}
