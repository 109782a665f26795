import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SceneLogCore

/// `scenelog`: reads iPhone and iPad console output and reports on the app launches in it.
@main
struct Scenelog: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenelog",
        abstract: "Read iPhone/iPad console logs: UIScene readiness and why a launch went black.",
        discussion: """
            Formats are detected per input: idevicesyslog (all eras), Console.app exports, \
            `log show`/`log stream` (default, syslog, compact, json, ndjson), pymobiledevice3, \
            go-ios, sysdiagnose text logs and the Xcode console.
            """,
        version: SceneLog.version,
        subcommands: [ScanCommand.self, WatchCommand.self, TimelineCommand.self, ReportCommand.self, HistoryCommand.self, RulesCommand.self]
    )

    /// Parses and runs the command, mapping usage errors to exit code 2 (the design's contract)
    /// rather than argument-parser's `EX_USAGE`.
    ///
    /// SIGPIPE is ignored: a reader that went away is seen as EPIPE on standard output, and every
    /// command then ends quietly with the status it would have had (see ``Diagnostics``).
    static func main() {
        OutOfMemory.installHandler()
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                Diagnostics.emit(DiagnosticText.visibleLines(fullMessage(for: error)) + "\n")
                ExitStatus.usage.terminate()
            }
            exit(withError: error)
        }
    }
}
