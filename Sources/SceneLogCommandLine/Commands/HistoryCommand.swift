import ArgumentParser
import Foundation
import SceneLogCore

/// `scenelog history`: the trend of the runs `report --record` appended.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the trend of recorded runs: findings per rule and time to active per app.",
        discussion: """
            Examples:
              scenelog history
              scenelog history --branch main --last 14 --format html --output trend.html

            The text stays within the terminal's width ($COLUMNS, 80 when unset): runs as rows,
            named by date and commit.
            """
    )

    enum Format: String, SpelledByRawValue {
        case text, html
    }

    @Option(name: .long, help: ArgumentHelp("The history file.", valueName: "file"))
    var history: String = HistoryStore.defaultPath

    @Option(name: .long, help: "How many of the latest runs to show.")
    var last: Int = 30

    @Option(name: .long, help: ArgumentHelp("Only the runs recorded on this branch.", valueName: "name"))
    var branch: String?

    @Option(name: .long, help: "text for a table, html for a page with trend charts.")
    var format: Format = .text

    @Option(name: [.short, .long], help: "Write to this file instead of standard output (a regular file atomically, through links; a device or FIFO straight).")
    var output: String?

    func validate() throws {
        guard last > 0 else { throw ValidationError("--last must be 1 or more") }
    }

    func run() throws {
        if let output, let refusal = ReportDestination.refusal(ofOutput: output, among: [history]) {
            Diagnostics.error(refusal)
            throw ExitStatus.usage.exitCode
        }
        var runs: [HistoryRun] = []
        do {
            // A history that does not exist yet has no runs; it is not created here.
            if FileManager.default.fileExists(atPath: history) { runs = try HistoryStore(readingFrom: history).runs(limit: last, branch: branch) }
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.inputError.exitCode
        }
        let renderer = HistoryRenderer(width: Terminal.columnsVariable ?? 80)
        try Diagnostics.write(format == .html ? renderer.html(runs, branch: branch) : renderer.text(runs, branch: branch), to: output)
    }
}
