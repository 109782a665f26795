import ArgumentParser
import SceneLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exit codes of every scenelog command.
enum ExitStatus: Int32 {
    /// Nothing at or above `--fail-on` was found.
    case clean = 0
    /// Findings at or above `--fail-on`.
    case findings = 1
    /// The command line was wrong.
    case usage = 2
    /// An input could not be read (reported after everything readable was scanned), the inputs held
    /// no record (without `--allow-empty`), a report could not be written, a watched source failed,
    /// or the run was interrupted (SIGINT, SIGTERM, SIGHUP) and its report covers only what was read.
    case inputError = 3

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// Ends the process with this status.
    func terminate() -> Never { exit(rawValue) }

    /// Ends the command with the status `result` calls for: what ``checkRead(_:allowingEmpty:)``
    /// says, else findings at or above `--fail-on` (1), else none.
    static func check(_ result: ScanResult, common: CommonOptions) throws {
        try checkRead(result, allowingEmpty: common.allowEmpty)
        if common.rules.failsOn(result.findings) { throw findings.exitCode }
    }

    /// Ends the command with 3 when an input could not be read, the run was interrupted, or the
    /// inputs held no record (said on standard error; with `allowingEmpty` only said, as a warning).
    static func checkRead(_ result: ScanResult, allowingEmpty: Bool) throws {
        if result.readNothing {
            let message = "no logs were read: the inputs held no record (an empty folder, empty files, or nothing readable)"
            if allowingEmpty {
                Diagnostics.warning(message)
            } else {
                Diagnostics.error(message + "; --allow-empty accepts that")
            }
        }
        if result.unreadableInputs > 0 || result.interrupted || (result.readNothing && !allowingEmpty) {
            throw inputError.exitCode
        }
    }
}
