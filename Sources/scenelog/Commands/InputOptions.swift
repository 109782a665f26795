import ArgumentParser
import SceneLogCore

/// How inputs are named and read: shared by `scan` and `timeline`.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Log files or folders to read; - reads standard input.", valueName: "path"))
    var paths: [String] = []

    @Option(
        name: .customLong("input-format"),
        help: ArgumentHelp("Read every input as this format instead of detecting it.", valueName: "id"))
    var inputFormat: LogFormat?

    @Option(help: "Year for timestamps that print none (idevicesyslog); default: the file's modification year.")
    var year: Int?

    func validate() throws {
        guard !paths.isEmpty else {
            throw ValidationError("no input: name log files or folders, or - for standard input")
        }
        if let year, !(1970...9999).contains(year) {
            throw ValidationError("--year must be between 1970 and 9999, not \(year)")
        }
    }

    /// The inputs to read: files as named, folders walked; a folder with no log file is reported.
    var inputs: [String] {
        InputDiscovery.expand(paths) { folder in
            Diagnostics.warning("'\(folder)' holds no *.log, *.txt, *.ndjson or *.json file")
        }
    }

    /// Scans every input in order, reporting the ones that cannot be read and going on.
    ///
    /// - Parameter onLaunch: called with each launch as soon as its outcome is known.
    func scanAll(
        ruleSet: RuleSet?, common: CommonOptions, onLaunch: ((Launch, ScanSink) -> Void)? = nil
    ) -> ScanResults {
        var results = ScanResults()
        let launches = LaunchCollector()
        for path in inputs {
            let run = InputRun(path: path, inputFormat: inputFormat, year: year, verbose: common.verbose)
            do {
                let result = try run.scan(
                    ruleSet: ruleSet, launches: launches, learnsIdentities: common.rules.app != nil, onLaunch: onLaunch)
                results.summaries.append(result.summary)
                results.findings += common.rules.filter(result.findings, identities: result.identities)
                if let error = result.error {
                    Diagnostics.error(error.description)
                    results.failed = true
                }
            } catch {
                Diagnostics.error(error.description)
                results.failed = true
            }
        }
        results.launches = common.rules.filter(launches.launches)
        return results
    }
}

/// What a run over all inputs found.
struct ScanResults {
    var summaries: [InputSummary] = []
    var findings: [Finding] = []
    var launches: [Launch] = []
    /// Whether an input could not be read (exit code 3 once everything is reported).
    var failed = false
}
