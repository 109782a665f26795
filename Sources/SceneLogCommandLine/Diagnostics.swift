import ArgumentParser
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
    /// The most of a message that is shown (its first 16 KiB): a message quoting untrusted text
    /// never costs more than that to escape and print.
    static let maximumMessageBytes = 16 << 10

    static func error(_ message: String) { emit("scenelog: error: \(visible(message))\n") }

    /// Says `message` as an error and gives the usage-error exit code to throw: for a file the
    /// command was given (settings, rules, a baseline) or a name (a rule id) that cannot be used,
    /// where the usage text would only bury the message.
    static func usageError(_ message: String) -> ExitCode {
        error(message)
        return ExitStatus.usage.exitCode
    }
    static func warning(_ message: String) { emit("scenelog: warning: \(visible(message))\n") }

    /// A scan's diagnostic, in the style of its level (an unparsed line as it is, escaped).
    static func report(_ diagnostic: ScanDiagnostic) {
        switch diagnostic.level {
        case .error: error(diagnostic.message)
        case .warning: warning(diagnostic.message)
        case .note: emit("scenelog: note: \(visible(diagnostic.message))\n")
        case .unparsedLine: emit(visible(diagnostic.message) + "\n")
        }
    }

    /// `message` cut to ``maximumMessageBytes`` (with "…"), its control characters shown.
    private static func visible(_ message: String) -> String {
        guard message.utf8.count > maximumMessageBytes else { return DiagnosticText.visibleLines(message) }
        return DiagnosticText.visibleLines(String(decoding: message.utf8.prefix(maximumMessageBytes), as: UTF8.self)) + "…"
    }

    /// Writes `text` to standard error, unbuffered.
    static func emit(_ text: String) {
        _ = ReportDestination.writeAll(text.utf8, to: STDERR_FILENO)
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
