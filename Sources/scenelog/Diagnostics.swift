import SceneLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages for the user on standard error, in the `scenelog: error: …` style.
///
/// The names in a message (paths, archive members) are escaped where it is made; every message is
/// also written with its control characters shown (``DiagnosticText/visibleLines(_:)``), so none
/// reaches the terminal whatever a message holds.
enum Diagnostics {
    static func error(_ message: String) { emit("scenelog: error: \(DiagnosticText.visibleLines(message))\n") }
    static func warning(_ message: String) { emit("scenelog: warning: \(DiagnosticText.visibleLines(message))\n") }

    /// A scan's diagnostic, in the style of its level (an unparsed line as it is, escaped).
    static func report(_ diagnostic: ScanDiagnostic) {
        switch diagnostic.level {
        case .error: error(diagnostic.message)
        case .warning: warning(diagnostic.message)
        case .note: emit("scenelog: note: \(DiagnosticText.visibleLines(diagnostic.message))\n")
        case .unparsedLine: emit(DiagnosticText.visibleLines(diagnostic.message) + "\n")
        }
    }

    /// Writes `text` to standard error, unbuffered.
    static func emit(_ text: String) {
        _ = ReportDestination.writeAll(text.utf8, to: STDERR_FILENO)
    }

    /// Whether standard output is a terminal that wants colour (`NO_COLOR` turns it off).
    static var stdoutWantsColor: Bool {
        isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil
    }

    /// Writes a report (see ``ReportDestination``); a failure is reported and ends with the
    /// input-error status, except a reader of standard output that went away (see ``reportingFailure(_:)``).
    static func write(_ report: ScanReport, as format: ReportFormat, options: RenderOptions, to path: String?) throws {
        try reportingFailure { () throws(ReportWriteError) in try ReportDestination.write(report, as: format, options: options, to: path) }
    }

    /// Writes text to `path` or standard output; a failure is reported and ends with the input-error status.
    static func write(_ text: String, to path: String?) throws {
        try reportingFailure { () throws(ReportWriteError) in try ReportDestination.write(text, to: path) }
    }

    /// Runs a write; a failure is reported and ends with the input-error status. A closed standard
    /// output (EPIPE: `scenelog scan … | head`) is no failure: nothing is said, and the command
    /// ends with the status it would have had.
    private static func reportingFailure(_ body: () throws(ReportWriteError) -> Void) throws {
        do {
            try body()
        } catch where error.readerWentAway {
            return
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.inputError.exitCode
        }
    }
}
