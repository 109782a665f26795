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
    /// An input could not be read (reported after everything readable was scanned), or the run was
    /// interrupted (SIGINT, SIGTERM, SIGHUP) and its report covers only what was read until then.
    case inputError = 3

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// Ends the process with this status.
    func terminate() -> Never { exit(rawValue) }

    /// Ends the command with the status `result` calls for: an input that could not be read or an
    /// interrupted run (3), else findings at or above `--fail-on` (1), else none.
    static func check(_ result: ScanResult, failingOn rules: RuleOptions) throws {
        if result.unreadableInputs > 0 || result.interrupted { throw inputError.exitCode }
        if rules.failsOn(result.findings) { throw findings.exitCode }
    }
}
