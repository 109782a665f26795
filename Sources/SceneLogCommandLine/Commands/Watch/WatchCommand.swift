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
            idevicesyslog itself (with -u when --udid is given; one per device with several --udid \
            or --all-devices). --follow reads a growing file like `tail -F`, waiting for one that \
            does not exist yet. On a terminal, a status line at the bottom shows the lines read, \
            their rate, the devices seen and each open launch with where it waits (against the \
            watchdog's budget in scene-create), redrawn every second. Ctrl-C (or the end of the \
            input) prints a summary: the launches with their outcome and time to active, where the \
            open ones were stuck, and the findings by rule. The exit code follows --fail-on; it is 3 \
            when idevicesyslog fails (no device) or a followed file cannot be read.

            Do not filter the device log (idevicesyslog -q or -p): launch timelines need the lines \
            of SpringBoard and runningboardd.

            Examples:
              scenelog watch
              scenelog watch --udid 00008110-001A2B3C4D5E801E --app com.example.app
              scenelog watch --udid 00008110-001A2B3C4D5E801E --udid 00008030-000C25E02E38802E
              scenelog watch --all-devices
              idevicesyslog | scenelog watch
              pymobiledevice3 syslog live | scenelog watch --format ndjson | jq 'select(.type == "finding")'
              scenelog watch --follow device.log
              scenelog watch --process MyApp --rule scene-lifecycle-not-adopted --rule uncaught-exception
              scenelog watch --follow iphone.log --follow ipad.log
              scenelog watch --otlp-endpoint http://localhost:4318 --udid 00008110-001A2B3C4D5E801E
            """ + "\n\n" + ExitStatus.help
    )

    @Argument(help: ArgumentHelp("- to read standard input even when it is a terminal.", valueName: "-"))
    var standardInput: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Device to watch (passed to idevicesyslog as -u); repeat it for several devices.", valueName: "udid"))
    var udid: [String] = []

    @Flag(name: .customLong("all-devices"), help: "Watch every attached device (as idevice_id -l lists them).")
    var allDevices = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Follow this growing file like tail -F (rotation, truncation, a file not there yet); repeat it for several files.",
            valueName: "file"))
    var follow: [String] = []

    @Flag(name: .customLong("from-start"), help: "With --follow, read the files from their start rather than their end.")
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

    @OptionGroup(title: "OpenTelemetry") var telemetry: TelemetryOptions

    func validate() throws {
        if let standardInput, standardInput != "-" {
            let follow = DiagnosticText.shellWord(standardInput).map { "--follow \($0)" } ?? "--follow"
            throw ValidationError("watch reads a live stream: use \(follow) for a file, or scan it")
        }
        let devices = !udid.isEmpty || allDevices
        if !follow.isEmpty, standardInput != nil || devices {
            throw ValidationError("--follow reads a file; it does not go with -, --udid or --all-devices")
        }
        if fromStart, follow.isEmpty { throw ValidationError("--from-start goes with --follow") }
        if !udid.isEmpty, allDevices { throw ValidationError("--udid and --all-devices do not go together") }
        if devices, standardInput != nil || LiveSource.standardInputIsData {
            let option = allDevices ? "--all-devices" : "--udid"
            throw ValidationError("\(option) is for the idevicesyslog scenelog starts; standard input is already a stream")
        }
    }

    mutating func run() throws {
        let export = try telemetry.export()
        let settings = try rules.loadSettings()
        let ruleSet = settings.ruleSet
        var options = ScanOptions(ruleSet: ruleSet)
        options.filters = try filters.filters(over: settings)
        options.inputFormat = inputFormat
        options.app = rules.app
        options.minimumSeverity = rules.minSeverity
        options.reportsUnparsedLines = verbose
        let output = LiveOutput(report: Diagnostics.report)
        // Notes on standard error keep clear of the status line.
        let report: (ScanDiagnostic) -> Void = { diagnostic in output.aside { Diagnostics.report(diagnostic) } }
        let observer: WatchObserver
        let exporting: (any LiveExportObserver)?
        let loop: LiveLoop
        do {
            try LiveLoop.prepare()
            SignalMask.routeStopsToTheLiveLoop()  // a stop is seen at once, not after the next line
            let sources = try openSources(report: report)
            options.timesByArrival = sources[0].source.arrivesAsWritten
            observer = WatchObserver(
                format: format, output: output, color: color.coloursStandardOutput,
                rules: ruleSet.descriptions + RuleCatalog.diagnoses, explain: explain, showsDevices: sources.count > 1,
                report: report)
            exporting = export.map { $0.live(passingOnTo: observer) }
            let fed: any ScanObserver = exporting ?? observer
            let feeds = sources.map { LiveFeed(source: $0.source, label: $0.label, options: options, observer: fed) }
            let name = sources.count == 1 ? sources[0].source.name : sources.compactMap(\.label).joined(separator: ", ")
            let status = format == .text && output.isTerminal ? LiveStatus(output: output, observer: observer, source: name) : nil
            loop = try LiveLoop(
                feeds: feeds, outputEnd: { output.loopEnd },
                tick: status.map { status in LiveLoop.Tick(everyMilliseconds: LiveStatus.interval) { status.refresh(lines: $0) } },
                aside: output.aside, report: report)
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.inputError.exitCode
        }
        let end = loop.run()
        observer.stopTheClock(interrupted: end == .interrupted)
        output.endStatus()
        let result = loop.finish()
        let exportFailed = exporting.map { !TelemetryOptions.tell($0.finish(result)) } ?? false
        // The source failing (idevicesyslog exiting with an error, "No device found") is no success.
        var sourceFailed = false
        switch end {
        case .outputClosed:
            // Ended quietly, with the status it would have had for what it had shown.
            if let threshold = rules.failOn.severity, observer.hasShown(atLeast: threshold) { throw ExitStatus.findings.exitCode }
            return
        case .outputFailed: throw ExitStatus.inputError.exitCode
        case .failed(let message):
            Diagnostics.error(message)
            sourceFailed = true
        case .inputEnded:
            if let failure = loop.failureAtEnd {
                Diagnostics.error(failure)
                sourceFailed = true
            }
        case .interrupted: break
        }
        if loop.droppedASource { sourceFailed = true }
        observer.showSummary(of: result)
        if output.state == .failed || sourceFailed || (exportFailed && telemetry.required) { throw ExitStatus.inputError.exitCode }
        if let threshold = rules.failOn.severity, observer.hasShown(atLeast: threshold) {
            throw ExitStatus.findings.exitCode
        }
    }

    /// The sources to read, each with the label its events carry when there are several: the
    /// followed files (by path), standard input, or one idevicesyslog per device (by UDID).
    private func openSources(report: @escaping (ScanDiagnostic) -> Void) throws(WatchError) -> [(source: LiveSource, label: String?)] {
        if !follow.isEmpty {
            try DescriptorBudget.reserve(for: follow.count, .followedFiles)
            let files = try LiveSource.following(follow, fromStart: fromStart, report: report)
            return files.map { ($0, files.count > 1 ? $0.name : nil) }
        }
        if standardInput != nil || LiveSource.standardInputIsData { return [(.standardInput, nil)] }
        // A device named twice is watched once.
        var named = Set<String>()
        let udids = (allDevices ? try AttachedDevices.list() : udid).filter { named.insert($0).inserted }
        guard udids.count > 1 else { return [(try .spawningIdevicesyslog(udid: udids.first), nil)] }
        try DescriptorBudget.reserve(for: udids.count, .devices)
        var sources: [(source: LiveSource, label: String?)] = []
        for udid in udids { sources.append((try .spawningIdevicesyslog(udid: udid), udid)) }
        return sources
    }
}
