import ArgumentParser
import Foundation
import SceneLogCore

/// How inputs are named and read: shared by `scan` and `timeline`.
struct InputOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Log files, folders, archives (.gz, .tar.gz, .zip; sysdiagnose), crash reports (.ips); - reads standard input.",
            valueName: "path"))
    var paths: [String] = []

    @Option(
        name: .customLong("input-format"),
        help: ArgumentHelp("Read every input as this format instead of detecting it.", valueName: "id"))
    var inputFormat: LogFormat?

    @Option(help: "Year for timestamps that print none (idevicesyslog); default: the file's modification year.")
    var year: Int?

    @Option(
        name: .customLong("include"),
        help: ArgumentHelp(
            "Scan only the files and archive members matching this glob (repeatable; a glob without / matches the name).",
            valueName: "glob"))
    var include: [String] = []

    @Option(
        name: .customLong("exclude"),
        help: ArgumentHelp("Skip the files and archive members matching this glob (repeatable).", valueName: "glob"))
    var exclude: [String] = []

    @OptionGroup var filters: FilterOptions

    @Option(
        name: .customLong("inputs-from"),
        help: ArgumentHelp(
            "Also scan the paths listed in this file, one per line or NUL-separated (find -print0); - reads the list from standard input.",
            valueName: "file"))
    var inputsFrom: String?

    @Option(
        help: ArgumentHelp(
            "Scan only part K of N of the inputs (1 ≤ K ≤ N), split by a hash of each file's path below the folder named: the map of a job spread over N machines.",
            valueName: "K/N"))
    var shard: InputShard?

    @Flag(
        help: "Make the JSON report a part of a run spread over machines, for scenelog merge (implied by --shard; for a worker given its own --inputs-from list).")
    var part = false

    @Option(
        help: ArgumentHelp(
            "Keep each input's result in this folder, and take it from there when the same bytes are scanned again with the same rules and options (a nightly re-run reads only what changed).",
            valueName: "folder"))
    var cache: String?

    @Flag(
        name: .customLong("follow-links"),
        help: "In folders, also read links that lead outside the folders named (skipped with a warning by default).")
    var followLinks = false

    @Option(name: [.short, .long], help: "Threads to scan with (default: the number of cores).")
    var jobs: Int = ScanOptions.coreCount

    @Flag(name: [.short, .long], help: "No progress bar on standard error.")
    var quiet = false

    @Option(
        name: .customLong("max-expanded-size"),
        help: ArgumentHelp("Stop reading a compressed member past this size (decompression-bomb guard).", valueName: "size"))
    var maxExpandedSize = ByteCount(bytes: ExpansionLimits().maximumMemberBytes)

    @Option(
        name: .customLong("max-expansion-ratio"),
        help: ArgumentHelp("Stop reading a compressed member that expands more than this many times.", valueName: "ratio"))
    var maxExpansionRatio: Double = ExpansionLimits().maximumRatio

    func validate() throws {
        guard !paths.isEmpty || inputsFrom != nil else {
            throw ValidationError("no input: name log files, folders or archives, or - for standard input")
        }
        if inputsFrom == "-", paths.contains("-") {
            throw ValidationError("--inputs-from - reads the list from standard input, which cannot also be a log (-)")
        }
        if shard != nil, paths.contains("-") {
            throw ValidationError("--shard splits files and folders; standard input (-) cannot be split")
        }
        if let year, !(1970...Timestamp.possibleYears.upperBound).contains(year) {
            throw ValidationError("--year must be between 1970 and \(Timestamp.possibleYears.upperBound), not \(year)")
        }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 256, not \(jobs)") }
        guard maxExpansionRatio >= 1 else { throw ValidationError("--max-expansion-ratio must be 1 or more") }
    }

    /// What a scan is set up with: the rules and settings, the filters, and the inputs.
    struct Prepared {
        var settings: RunSettings
        var filters: ScanFilters
        var inputs: [String]
    }

    /// Takes the `include` and `exclude` of `settings` (``RuleOptions/loadSettings()``) where the
    /// command line gives none, puts the command line's filters over the file's, then lists the
    /// inputs (``inputs(writing:alsoReading:)``).
    ///
    /// - Parameter others: the other files the command reads (settings, rules, baseline, history):
    ///   an `--output` may be none of them either.
    mutating func prepare(
        _ settings: RunSettings, writing outputs: [ReportOutput], alsoReading others: [String], recordingIn history: String? = nil
    ) throws -> Prepared {
        if include.isEmpty { include = settings.include }
        if exclude.isEmpty { exclude = settings.exclude }
        let filters = try filters.filters(over: settings)
        return Prepared(
            settings: settings, filters: filters, inputs: try inputs(writing: outputs, alsoReading: others, recordingIn: history))
    }

    /// The inputs: the paths named, then the ones listed in `--inputs-from`. Refuses (usage error,
    /// before anything is read) an `--output` that is one of them, a file inside a named folder or
    /// standard input, the `--inputs-from` list or one of `others`: it would be replaced while it
    /// is read, or before. So is a `--history` recorded in that is one of the inputs. A list that
    /// cannot be used is an input error (exit 3).
    func inputs(writing outputs: [ReportOutput], alsoReading others: [String], recordingIn history: String? = nil) throws -> [String] {
        let inputs = try allPaths()
        let read = others + [inputsFrom].compactMap { $0 }.filter { $0 != "-" }
        let selection = PathSelection(include: include, exclude: exclude)
        if let history, let refusal = ReportDestination.refusal(ofOutput: history, among: inputs, selection: selection, option: "--history") {
            Diagnostics.error(refusal)
            throw ExitStatus.usage.exitCode
        }
        for output in outputs {
            guard
                let refusal = ReportDestination.refusal(ofOutput: output.path, among: inputs, selection: selection)
                    ?? ReportDestination.refusal(ofOutput: output.path, among: read)
            else { continue }
            Diagnostics.error(refusal)
            throw ExitStatus.usage.exitCode
        }
        return inputs
    }

    /// Scans the inputs of `prepared` (from ``prepare(_:)``) with its rules (`parseOnly`: none, only
    /// count lines) and filters under the common options, showing progress and diagnostics on
    /// standard error; Ctrl-C stops reading and keeps what was read.
    ///
    /// - Parameter onLaunch: called with each launch (and the findings linked to it so far) as soon
    ///   as its outcome is known and on each change; the inputs are then scanned one at a time, in order.
    func scan(
        _ prepared: Prepared, parseOnly: Bool = false, common: CommonOptions, onLaunch: ((Launch, [Finding]) -> Void)? = nil
    ) -> ScanResult {
        ScanInterruption.install()
        var options = ScanOptions(ruleSet: parseOnly ? nil : prepared.settings.ruleSet)
        options.filters = prepared.filters
        options.inputFormat = inputFormat
        options.year = year
        options.app = common.rules.app
        options.minimumSeverity = common.rules.minSeverity
        options.jobs = jobs
        options.selection = PathSelection(include: include, exclude: exclude)
        options.followsLinksOutsideRoots = followLinks
        options.expansionLimits = ExpansionLimits(maximumMemberBytes: maxExpandedSize.bytes, maximumRatio: maxExpansionRatio)
        options.reportsUnparsedLines = common.verbose
        options.isStopRequested = { ScanInterruption.requested }
        options.shard = shard
        options.reportsAsPart = shard != nil || part
        options.cacheFolder = cache
        let console = ScanConsole(showsProgress: !quiet, onLaunch: onLaunch)
        defer { console.finish() }
        let result = Scanner(options: options, observer: console).scan(prepared.inputs)
        ScanInterruption.readingIsOver()
        return result
    }

    /// The paths named, then the ones listed in `--inputs-from`.
    private func allPaths() throws -> [String] {
        guard let inputsFrom else { return paths }
        do {
            return paths + (try InputList.read(path: inputsFrom))
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.inputError.exitCode
        }
    }
}
