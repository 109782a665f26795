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

    /// The exit codes, as `--help` ends with them (README → Exit codes has the whole table).
    static let help = """
        Exit codes: 0 when nothing below applies; 1 for a finding at or above --fail-on (with a \
        baseline: a regression); 2 for a usage or configuration error (a bad option, rules or \
        settings file or baseline, an --output that is one of the inputs), before anything is read; \
        3 when no logs were read, an input could not be read or is not a text log, a report could \
        not be written, a watched source failed, or the run was interrupted. 3 wins over 1.
        """

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// Ends the process with this status.
    func terminate() -> Never { exit(rawValue) }

    /// Ends the command with the status `policy` gives `result` (compared with `baseline`), after
    /// saying on standard error when no logs were read (an error, or a warning when allowed).
    static func check(_ result: ScanResult, by policy: FailurePolicy, baseline: BaselineDiff? = nil) throws {
        if result.readNothing {
            if policy.allowsEmpty {
                Diagnostics.warning(ScanResult.nothingReadMessage)
            } else {
                Diagnostics.error(ScanResult.nothingReadMessage + "; --allow-empty accepts that")
            }
        }
        if result.readBackFailed { Diagnostics.error(ScanResult.readBackFailedMessage) }
        switch policy.verdict(on: result, baseline: baseline) {
        case .passed: return
        case .failed: throw findings.exitCode
        case .incomplete: throw inputError.exitCode
        }
    }
}
