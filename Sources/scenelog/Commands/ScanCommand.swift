import ArgumentParser
import Foundation
import SceneLogCore

/// `scenelog scan PATH… | -`: scans log files, folders or standard input and prints a report.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan console logs and report what they hold.",
        discussion: """
            Each input's format is detected from its first lines (see --input-format for the list). \
            Folders are walked for *.log, *.txt, *.ndjson and *.json files. Every line is accounted \
            for as a record, a continuation line of a multi-line record, or an unparsed line.

            Examples:
              scenelog scan device.log
              idevicesyslog > capture.log; scenelog scan --format json capture.log
              log show --style ndjson --last 5m | scenelog scan -
              scenelog scan --verbose --year 2025 logs/
            """
    )

    @Argument(help: ArgumentHelp("Log files or folders to scan; - reads standard input.", valueName: "path"))
    var paths: [String] = []

    @Option(name: .long, help: "Report format.")
    var format: ReportFormat = .text

    @Option(
        name: .customLong("input-format"),
        help: ArgumentHelp("Read every input as this format instead of detecting it.", valueName: "id"))
    var inputFormat: LogFormat?

    @Option(help: "Year for timestamps that print none (idevicesyslog); default: the file's modification year.")
    var year: Int?

    @Option(name: [.short, .long], help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Flag(name: .customLong("no-color"), help: "Never colour the text report.")
    var noColor = false

    @Flag(name: [.short, .long], help: "List every unparsed line, with its line number, on standard error.")
    var verbose = false

    func validate() throws {
        guard !paths.isEmpty else {
            throw ValidationError("no input: name log files or folders, or - for standard input")
        }
        if let year, !(1970...9999).contains(year) {
            throw ValidationError("--year must be between 1970 and 9999, not \(year)")
        }
    }

    func run() throws {
        var summaries: [InputSummary] = []
        var failed = false
        for path in InputDiscovery.expand(paths) {
            do {
                summaries.append(try scan(path))
            } catch {
                Diagnostics.error(error.description)
                failed = true
            }
        }
        let report = ScanReport(inputs: summaries)
        let color = output == nil && !noColor && Diagnostics.stdoutWantsColor
        try ReportOutput.write(format.render(report, options: RenderOptions(color: color)), to: output)
        if failed { throw ExitStatus.inputError.exitCode }
    }

    private func scan(_ path: String) throws(InputError) -> InputSummary {
        let reader = try ChunkedReader(path: path)
        let sink = ScanSink(path: path, verbose: verbose)
        let scanner = InputScanner(path: path, format: inputFormat, sink: sink)
        try scanner.scan(reader)
        var summary = scanner.finish()
        let context = TimestampContext(year: year, referenceTime: reader.modificationTime ?? Date().timeIntervalSince1970)
        summary.timeSpan = sink.times.span(with: context)
        return summary
    }
}

/// Follows one input's records: notes their time span, and reports unparsed and cut lines on
/// standard error as they are found.
final class ScanSink: RecordSink {
    private let path: String
    private let verbose: Bool
    private(set) var times = TimeSpanTracker()

    init(path: String, verbose: Bool) {
        self.path = path
        self.verbose = verbose
    }

    func receive(_ record: RecordView) {
        times.note(record)
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        guard verbose else { return }
        Diagnostics.emit("\(path):\(line): unparsed: \(Diagnostics.printable(String(decoding: bytes, as: UTF8.self)))\n")
    }

    func truncated(line: Int, keptBytes: Int) {
        Diagnostics.warning("\(path):\(line): line longer than \(keptBytes) bytes; the rest of it was skipped")
    }
}
