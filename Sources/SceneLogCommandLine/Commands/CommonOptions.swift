import ArgumentParser
import SceneLogCore

/// Options shared by the commands that write a report: `scan`, `timeline` and `report`.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "Report format.")
    var format: ReportFormat = .text

    @OptionGroup var rules: RuleOptions

    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "Write the report to this file instead of standard output (a regular file atomically, through links; a device or FIFO straight); FORMAT=FILE writes that format there (repeatable: one run, several reports).",
            valueName: "[format=]file"))
    var output: [ReportOutput] = []

    @Flag(name: .customLong("allow-empty"), help: "Exit as usual when the inputs hold no record (an empty folder); by default that exits with 3.")
    var allowEmpty = false

    @OptionGroup var color: ColorOptions

    @Option(
        name: [.customShort("C"), .long],
        help: ArgumentHelp(
            "Show N lines of the log before and after each finding in the text report, and the line that explains each launch's outcome (with N lines around it) in the timeline; 0 to \(LogContext.maximumRadius). Read again from regular files only.",
            valueName: "n"))
    var context: Int?

    @Flag(name: [.short, .long], help: "List every unparsed line, with its line number, on standard error.")
    var verbose = false

    func validate() throws {
        if let context, !(0...LogContext.maximumRadius).contains(context) {
            throw ValidationError("--context takes 0 to \(LogContext.maximumRadius) lines, not \(context)")
        }
        do {
            _ = try ReportOutput.plan(output, defaultFormat: format)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// What fails the run: `--fail-on` and `--allow-empty`.
    var failurePolicy: FailurePolicy { FailurePolicy(failOn: rules.failOn.severity, allowsEmpty: allowEmpty) }

    /// How to draw a report: coloured (`--color`) and wrapped to the terminal's width only on
    /// standard output; with the lines of `--context` wherever it goes.
    func renderOptions(toStandardOutput: Bool) -> RenderOptions {
        RenderOptions(
            color: toStandardOutput && color.coloursStandardOutput, failOn: rules.failOn.severity, listsEveryLaunch: verbose,
            width: toStandardOutput ? Terminal.width : nil, context: context.map(LogContext.init(radius:)))
    }

    /// Writes `report` to every `--output` in its format, or to standard output in `--format`
    /// (see ``renderOptions(toStandardOutput:)``). Each output is written even when another fails;
    /// a failure is reported and ends with the input-error status once all were tried.
    func write(_ report: ScanReport) throws {
        var failed = false
        for (format, path) in try ReportOutput.plan(output, defaultFormat: format) {
            do {
                try Diagnostics.write(report, as: format, options: renderOptions(toStandardOutput: path == nil), to: path)
            } catch {
                failed = true
            }
        }
        if failed { throw ExitStatus.inputError.exitCode }
    }
}

/// Which rules run and which findings count: shared by every command that reports findings.
struct RuleOptions: ParsableArguments {
    @Option(name: .customLong("app"), help: ArgumentHelp("Keep only findings of this app: a bundle id or a process name.", valueName: "bundle|process"))
    var app: String?

    @Option(name: .customLong("min-severity"), help: "Leave out findings below this severity.")
    var minSeverity: Severity = .note

    @Option(
        name: .customLong("fail-on"),
        help: "Exit with 1 when a finding is at or above this severity (never: exit 0 whatever is found, regressions included); default: the settings file's fail_on, else error.")
    var failOnGiven: FailThreshold?

    /// `--fail-on`, else (once ``loadSettings()`` has read it) the settings file's `fail_on`, else `error`.
    var failOn: FailThreshold { failOnGiven ?? .error }

    @Option(name: .customLong("rules"), help: ArgumentHelp("Add the rules of this YAML file.", valueName: "file"))
    var rulesFile: String?

    @Option(name: .customLong("config"), help: ArgumentHelp("Read settings from this file instead of ./.scenelog.yml.", valueName: "file"))
    var configFile: String?

    /// The rules and settings files a run reads: `--rules`, and `--config` or `./.scenelog.yml`.
    var filesRead: [String] {
        [rulesFile, configFile ?? RunSettings.defaultConfigurationPath].compactMap { $0 }
    }

    /// The built-in rules plus the user's, set up by the configuration file, and the file's other
    /// settings; its `fail_on` is taken unless `--fail-on` was given.
    mutating func loadSettings() throws -> RunSettings {
        let settings = try Self.loadSettings(rulesFile: rulesFile, configFile: configFile)
        failOnGiven = failOnGiven ?? settings.failOn
        return settings
    }

    /// The rules and settings of `--rules` and `--config` (or `./.scenelog.yml`); a file that
    /// cannot be used is a usage error naming it.
    static func loadSettings(rulesFile: String?, configFile: String?) throws -> RunSettings {
        do {
            return try RunSettings.load(userRules: rulesFile, configuration: configFile)
        } catch let error as ConfigurationError {
            throw Diagnostics.usageError(error.description)
        } catch let error as RuleError {
            throw Diagnostics.usageError(error.description)
        }
    }
}
