import ArgumentParser
import Foundation
import SceneLogCore

/// `scenelog watch`: a live device log, read as it arrives, with findings and launch phases shown
/// at once and a summary at the end.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch a live device log: findings and launch phases as they happen, a summary at the end.",
        discussion: """
            Reads standard input when it is a pipe or a file. With nothing piped in, starts \
            idevicesyslog itself (with -u when --udid is given). --follow reads a growing file like \
            `tail -F`. Ctrl-C (or the end of the input) prints a summary: the launches with their \
            outcome and time to active, and the findings by rule. The exit code follows --fail-on.

            Do not filter the device log (idevicesyslog -q or -p): launch timelines need the lines \
            of SpringBoard and runningboardd.

            Examples:
              scenelog watch
              scenelog watch --udid 00008110-001A2B3C4D5E801E --app com.example.app
              idevicesyslog | scenelog watch
              pymobiledevice3 syslog live | scenelog watch --format ndjson | jq 'select(.type == "finding")'
              scenelog watch --follow device.log
            """
    )

    /// The formats a live stream can take.
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, ndjson
    }

    @Argument(help: ArgumentHelp("- to read standard input even when it is a terminal.", valueName: "-"))
    var standardInput: String?

    @Option(name: .long, help: ArgumentHelp("Device to watch (passed to idevicesyslog as -u).", valueName: "udid"))
    var udid: String?

    @Option(name: .long, help: ArgumentHelp("Follow this growing file like tail -F (rotation and truncation).", valueName: "file"))
    var follow: String?

    @Flag(name: .customLong("from-start"), help: "With --follow, read the file from its start rather than its end.")
    var fromStart = false

    @Option(name: .long, help: "Output: text for a terminal, ndjson for one JSON object per event.")
    var format: Format = .text

    @Flag(name: .long, help: "Print each rule's full explanation the first time it fires.")
    var explain = false

    @OptionGroup var rules: RuleOptions

    @Option(
        name: .customLong("input-format"),
        help: ArgumentHelp("Read the stream as this format instead of detecting it.", valueName: "id"))
    var inputFormat: LogFormat?

    @Flag(name: .customLong("no-color"), help: "Never colour the output.")
    var noColor = false

    @Flag(name: [.short, .long], help: "List every unparsed line, with its line number, on standard error.")
    var verbose = false

    func validate() throws {
        if let standardInput, standardInput != "-" {
            throw ValidationError("watch reads a live stream: use --follow '\(standardInput)' for a file, or scan it")
        }
        if follow != nil, standardInput != nil || udid != nil {
            throw ValidationError("--follow reads a file; it does not go with - or --udid")
        }
        if fromStart, follow == nil { throw ValidationError("--from-start goes with --follow") }
        if udid != nil, standardInput != nil || LiveInput.standardInputIsData {
            throw ValidationError("--udid is for the idevicesyslog scenelog starts; standard input is already a stream")
        }
    }

    func run() throws {
        let ruleSet = try rules.loadRuleSet()
        let wakeUp: WakeUpPipe
        let input: LiveInput
        do {
            wakeUp = try WakeUpPipe()
            if let follow {
                input = try .following(follow, fromStart: fromStart)
            } else if standardInput != nil || LiveInput.standardInputIsData {
                input = .standardInput
            } else {
                input = try .spawningIdevicesyslog(udid: udid)
            }
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.inputError.exitCode
        }
        let writer = LiveWriter()
        let state = WatchState(presenter: presenter(writer: writer, ruleSet: ruleSet), options: rules)
        let sink = WatchSink(state: state, path: input.name, verbose: verbose)
        let tracker = LaunchTracker(
            path: input.name, timestamps: TimestampContext(year: nil, referenceTime: Date().timeIntervalSince1970),
            settings: ruleSet.configuration.launchSettings,
            onUpdate: state.update, onDiagnosis: state.report, onPhase: state.phase)
        sink.analyzer = RecordAnalyzer(engine: RuleEngine(ruleSet: ruleSet), tracker: tracker, path: input.name)
        let scanner = InputScanner(path: input.name, format: inputFormat, sink: sink)

        let end = WatchLoop(input: input, scanner: scanner, wakeUp: wakeUp, writer: writer).run()
        input.stop()
        if end != .interrupted { try? scanner.flush() }
        let summary = scanner.finish()
        tracker.finish()
        switch end {
        case .outputClosed:
            return
        case .outputFailed:
            throw ExitStatus.inputError.exitCode
        case .failed(let message):
            Diagnostics.error(message)
        case .inputEnded:
            if let failure = input.failure { Diagnostics.error(failure) }
        case .interrupted:
            break
        }
        state.presenter.summary(input: summary, launches: state.launches, tally: state.tally)
        if writer.state == .failed { throw ExitStatus.inputError.exitCode }
        if case .failed = end { throw ExitStatus.inputError.exitCode }
        if state.failed { throw ExitStatus.findings.exitCode }
    }

    private func presenter(writer: LiveWriter, ruleSet: RuleSet) -> any WatchPresenter {
        switch format {
        case .ndjson:
            NDJSONWatchPresenter(writer: writer)
        case .text:
            TextWatchPresenter(
                writer: writer, color: !noColor && Diagnostics.stdoutWantsColor,
                rules: ruleSet.descriptions + RuleCatalog.diagnoses, explain: explain)
        }
    }
}
