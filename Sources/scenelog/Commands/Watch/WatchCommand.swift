import ArgumentParser
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
            outcome and time to active, and the findings by rule. The exit code follows --fail-on; \
            it is 3 when idevicesyslog fails (no device) or the followed file cannot be opened.

            Do not filter the device log (idevicesyslog -q or -p): launch timelines need the lines \
            of SpringBoard and runningboardd.

            Examples:
              scenelog watch
              scenelog watch --udid 00008110-001A2B3C4D5E801E --app com.example.app
              idevicesyslog | scenelog watch
              pymobiledevice3 syslog live | scenelog watch --format ndjson | jq 'select(.type == "finding")'
              scenelog watch --follow device.log
              scenelog watch --process MyApp --rule scene-lifecycle-not-adopted --rule uncaught-exception
            """
    )

    @Argument(help: ArgumentHelp("- to read standard input even when it is a terminal.", valueName: "-"))
    var standardInput: String?

    @Option(name: .long, help: ArgumentHelp("Device to watch (passed to idevicesyslog as -u).", valueName: "udid"))
    var udid: String?

    @Option(name: .long, help: ArgumentHelp("Follow this growing file like tail -F (rotation and truncation).", valueName: "file"))
    var follow: String?

    @Flag(name: .customLong("from-start"), help: "With --follow, read the file from its start rather than its end.")
    var fromStart = false

    @Option(name: .long, help: "Output: text for a terminal, ndjson for one JSON object per event.")
    var format: WatchFormat = .text

    @Flag(name: .long, help: "Print each rule's full explanation the first time it fires.")
    var explain = false

    @OptionGroup var rules: RuleOptions

    @OptionGroup var filters: FilterOptions

    @Option(
        name: .customLong("input-format"),
        help: ArgumentHelp("Read the stream as this format instead of detecting it.", valueName: "id"))
    var inputFormat: LogFormat?

    @OptionGroup var color: ColorOptions

    @Flag(name: [.short, .long], help: "List every unparsed line, with its line number, on standard error.")
    var verbose = false

    func validate() throws {
        if let standardInput, standardInput != "-" {
            let follow = DiagnosticText.shellWord(standardInput).map { "--follow \($0)" } ?? "--follow"
            throw ValidationError("watch reads a live stream: use \(follow) for a file, or scan it")
        }
        if follow != nil, standardInput != nil || udid != nil {
            throw ValidationError("--follow reads a file; it does not go with - or --udid")
        }
        if fromStart, follow == nil { throw ValidationError("--from-start goes with --follow") }
        if udid != nil, standardInput != nil || LiveSource.standardInputIsData {
            throw ValidationError("--udid is for the idevicesyslog scenelog starts; standard input is already a stream")
        }
    }

    mutating func run() throws {
        let settings = try rules.loadSettings()
        let ruleSet = settings.ruleSet
        var options = ScanOptions(ruleSet: ruleSet)
        options.filters = try filters.filters(over: settings)
        options.inputFormat = inputFormat
        options.app = rules.app
        options.minimumSeverity = rules.minSeverity
        options.reportsUnparsedLines = verbose
        let output = LiveOutput(report: Diagnostics.report)
        let observer = WatchObserver(
            format: format, output: output, color: color.coloursStandardOutput,
            rules: ruleSet.descriptions + RuleCatalog.diagnoses, explain: explain, report: Diagnostics.report)
        let source: LiveSource
        let loop: LiveLoop
        do {
            try LiveLoop.prepare()
            SignalMask.routeStopsToTheLiveLoop()  // a stop is seen at once, not after the next line
            if let follow {
                source = try .following(follow, fromStart: fromStart, report: Diagnostics.report)
            } else if standardInput != nil || LiveSource.standardInputIsData {
                source = .standardInput
            } else {
                source = try .spawningIdevicesyslog(udid: udid)
            }
            options.timesByArrival = source.arrivesAsWritten
            loop = try LiveLoop(
                source: source, scan: Scanner(options: options, observer: observer).live(name: source.name),
                outputEnd: { output.loopEnd })
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.inputError.exitCode
        }
        let end = loop.run()
        let result = loop.finish()
        // The source failing (idevicesyslog exiting with an error, "No device found") is no success.
        var sourceFailed = false
        switch end {
        case .outputClosed: return
        case .outputFailed: throw ExitStatus.inputError.exitCode
        case .failed(let message):
            Diagnostics.error(message)
            sourceFailed = true
        case .inputEnded:
            if let failure = source.failureAtEnd {
                Diagnostics.error(failure)
                sourceFailed = true
            }
        case .interrupted: break
        }
        observer.showSummary(of: result)
        if output.state == .failed || sourceFailed { throw ExitStatus.inputError.exitCode }
        if let threshold = rules.failOn.severity, observer.hasShown(atLeast: threshold) {
            throw ExitStatus.findings.exitCode
        }
    }
}
