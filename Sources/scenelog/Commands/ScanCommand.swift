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

    @Argument(help: ArgumentHelp("Log files or folders to scan; - reads standard input.", valueName: "path"))
    var paths: [String] = []

    @OptionGroup var common: CommonOptions

    @Option(
        name: .customLong("input-format"),
        help: ArgumentHelp("Read every input as this format instead of detecting it.", valueName: "id"))
    var inputFormat: LogFormat?

    @Option(help: "Year for timestamps that print none (idevicesyslog); default: the file's modification year.")
    var year: Int?

    @Flag(name: .customLong("parse-only"), help: "Only parse and count lines: run no rules.")
    var parseOnly = false

    func validate() throws {
        guard !paths.isEmpty else {
            throw ValidationError("no input: name log files or folders, or - for standard input")
        }
        if let year, !(1970...9999).contains(year) {
            throw ValidationError("--year must be between 1970 and 9999, not \(year)")
        }
    }

    func run() throws {
        let ruleSet = try parseOnly ? nil : common.loadRuleSet()
        var summaries: [InputSummary] = []
        var findings: [Finding] = []
        var failed = false
        for path in InputDiscovery.expand(paths) {
            do {
                let result = try scan(path, ruleSet: ruleSet)
                summaries.append(result.summary)
                findings += common.filter(result.findings, identities: result.identities)
            } catch {
                Diagnostics.error(error.description)
                failed = true
            }
        }
        let report = ScanReport(inputs: summaries, findings: findings, rules: ruleSet?.descriptions ?? [])
        let color = common.output == nil && !common.noColor && Diagnostics.stdoutWantsColor
        try ReportOutput.write(common.format.render(report, options: RenderOptions(color: color)), to: common.output)
        if failed { throw ExitStatus.inputError.exitCode }
        if findings.contains(where: { $0.severity >= common.failOn }) { throw ExitStatus.findings.exitCode }
    }

    private func scan(_ path: String, ruleSet: RuleSet?) throws(InputError) -> (
        summary: InputSummary, findings: [Finding], identities: ProcessIdentities
    ) {
        let reader = try ChunkedReader(path: path)
        let sink = ScanSink(
            path: path, verbose: common.verbose, engine: ruleSet.map(RuleEngine.init), learnsIdentities: common.app != nil)
        let scanner = InputScanner(path: path, format: inputFormat, sink: sink)
        try scanner.scan(reader)
        var summary = scanner.finish()
        let context = TimestampContext(year: year, referenceTime: reader.modificationTime ?? Date().timeIntervalSince1970)
        summary.timeSpan = sink.times.span(with: context)
        sink.reportMatchFailures()
        return (summary, sink.findings, sink.identities)
    }
}

/// Follows one input's records: runs the rules, learns which pid is which app, notes the time
/// span, and reports unparsed and cut lines on standard error as they are found.
final class ScanSink: RecordSink {
    private let path: String
    private let verbose: Bool
    private let engine: RuleEngine?
    private let learnsIdentities: Bool
    @exclusivity(unchecked) private(set) var times = TimeSpanTracker()
    @exclusivity(unchecked) private(set) var findings: [Finding] = []
    @exclusivity(unchecked) private(set) var identities = ProcessIdentities()

    /// - Parameter learnsIdentities: whether to learn which pid is which bundle (for `--app`).
    init(path: String, verbose: Bool, engine: RuleEngine?, learnsIdentities: Bool) {
        self.path = path
        self.verbose = verbose
        self.engine = engine
        self.learnsIdentities = learnsIdentities
    }

    func receive(_ record: RecordView) {
        times.note(record)
        guard let engine else { return }
        if learnsIdentities { identities.note(record) }
        let found = engine.findings(in: record, path: path)
        if !found.isEmpty { findings += found }
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        guard verbose else { return }
        Diagnostics.emit("\(path):\(line): unparsed: \(Diagnostics.printable(String(decoding: bytes, as: UTF8.self)))\n")
    }

    func truncated(line: Int, keptBytes: Int) {
        Diagnostics.warning("\(path):\(line): line longer than \(keptBytes) bytes; the rest of it was skipped")
    }

    /// Warns once per rule whose pattern gave up (a PCRE2 limit) on some records of this input.
    func reportMatchFailures() {
        guard let engine else { return }
        for (rule, failure) in engine.matchFailures.sorted(by: { $0.key < $1.key }) {
            Diagnostics.warning(
                "\(path): rule '\(rule)' stopped matching on \(failure.count) record(s): \(failure.error.message); those records were not checked by it")
        }
    }
}
