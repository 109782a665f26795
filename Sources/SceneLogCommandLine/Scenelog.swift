import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SceneLogCore

/// The `scenelog` program: what its `main` runs.
public enum ScenelogProgram {
    /// Parses the process's arguments and runs the command they name, with `exportFactory` for
    /// `--otlp-endpoint` (`scenelog-otlp` gives one; without it such a run is handed over to
    /// `scenelog-otlp`). A command that does not end the process returns, with status 0.
    public static func run(exporting exportFactory: (any LaunchExportFactory)? = nil) {
        self.exportFactory = exportFactory
        if exportFactory != nil { CompanionProgram.forgetHandOver() }
        Scenelog.main()
    }

    /// The export of this program, set once before the arguments are parsed.
    nonisolated(unsafe) private(set) static var exportFactory: (any LaunchExportFactory)?
}

/// `scenelog`: reads iPhone and iPad console output and reports on the app launches in it.
struct Scenelog: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenelog",
        abstract: "Read iPhone/iPad console logs: UIScene readiness and why a launch went black.",
        discussion: """
            Formats are detected per input: idevicesyslog (all eras), Console.app exports, \
            `log show`/`log stream` (default, syslog, compact, json, ndjson), pymobiledevice3, \
            go-ios, sysdiagnose text logs and the Xcode console.
            """ + "\n\n" + ExitStatus.help,
        version: SceneLog.version,
        subcommands: [ScanCommand.self, WatchCommand.self, TimelineCommand.self, ReportCommand.self, MergeCommand.self, HistoryCommand.self, RulesCommand.self, InitCommand.self]
    )

    /// The arguments, each kept as the bytes it was given in (``PathBytes``):
    /// `CommandLine.arguments` replaces the bytes that are not UTF-8, and a file whose name holds
    /// some could not be named.
    private static var argumentsAsGiven: [String] {
        (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0] }.map {
            PathBytes.string(UnsafeRawBufferPointer(start: $0, count: strlen($0)))
        }
    }

    /// Parses and runs the command, mapping usage errors to exit code 2 (the design's contract)
    /// rather than argument-parser's `EX_USAGE`.
    ///
    /// SIGPIPE is ignored: a reader that went away is seen as EPIPE on standard output, and every
    /// command then ends quietly with the status it would have had (see ``Diagnostics``). A
    /// standard descriptor the process was started without is opened on `/dev/null` first.
    static func main() {
        StandardDescriptors.openTheClosedOnes()
        OutOfMemory.installHandler()
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot(argumentsAsGiven)
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                Diagnostics.emit(DiagnosticText.visibleLines(fullMessage(for: error)) + "\n")
                ExitStatus.usage.terminate()
            }
            // --help and --version: written as a report is, so that a full disk is not a success.
            if exitCode(for: error) == .success {
                let message = fullMessage(for: error)
                do {
                    if !message.isEmpty { try Diagnostics.write(message + "\n", to: nil) }
                } catch {
                    ExitStatus.inputError.terminate()
                }
                ExitStatus.clean.terminate()
            }
            exit(withError: error)
        }
    }
}
