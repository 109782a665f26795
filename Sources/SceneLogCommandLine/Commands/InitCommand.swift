import ArgumentParser
import Foundation
import SceneLogCore

/// `scenelog init`: writes a commented `.scenelog.yml` to start a project's settings from.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented .scenelog.yml: every setting, commented out, and the ids of the rules.",
        discussion: """
            The file changes nothing until a line is uncommented. An existing file is left as it is \
            unless --force is given.

            Examples:
              scenelog init
              scenelog init --output ci/scenelog.yml && scenelog scan --config ci/scenelog.yml logs/
              scenelog init --output - | less
            """
    )

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write it (- for standard output).", valueName: "file"))
    var output: String = ".scenelog.yml"

    @Flag(help: "Replace an existing file.")
    var force = false

    func run() throws {
        let path = output == "-" ? nil : output
        // A link counts as a file there, even one that leads nowhere: init does not write through it unasked.
        if let path, !force, FileManager.default.fileExists(atPath: path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
            Diagnostics.error("'\(path)' already exists: edit it, or give --force to replace it")
            throw ExitStatus.usage.exitCode
        }
        do {
            try ReportDestination.write(ConfigurationTemplate.text, to: path)
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.inputError.exitCode
        }
        if let path { Diagnostics.report(ScanDiagnostic(.note, "wrote '\(path)': uncomment the settings you need")) }
    }
}
