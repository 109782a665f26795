import ArgumentParser
import SceneLogCore

/// How inputs are named and read: shared by `scan` and `timeline`.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Log files or folders to read; - reads standard input.", valueName: "path"))
    var paths: [String] = []

    @Option(
        name: .customLong("input-format"),
        help: ArgumentHelp("Read every input as this format instead of detecting it.", valueName: "id"))
    var inputFormat: LogFormat?

    @Option(help: "Year for timestamps that print none (idevicesyslog); default: the file's modification year.")
    var year: Int?

    func validate() throws {
        guard !paths.isEmpty else {
            throw ValidationError("no input: name log files or folders, or - for standard input")
        }
        if let year, !(1970...9999).contains(year) {
            throw ValidationError("--year must be between 1970 and 9999, not \(year)")
        }
    }

    /// The inputs to read: files as named, folders walked; a folder with no log file is reported.
    var inputs: [String] {
        InputDiscovery.expand(paths) { folder in
            Diagnostics.warning("'\(folder)' holds no *.log, *.txt, *.ndjson or *.json file")
        }
    }

    /// How to read one input.
    func run(_ path: String, verbose: Bool) -> InputRun {
        InputRun(path: path, inputFormat: inputFormat, year: year, verbose: verbose)
    }
}
