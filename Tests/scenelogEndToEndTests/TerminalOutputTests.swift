import Foundation
import TestSupport
import Testing

/// What a terminal, an editor or a CI log gets: `--format xcode`, `--color`, wrapping to
/// `COLUMNS`, and `--context`.
@Suite("terminal output")
struct TerminalOutputTests {
    /// `path:line[:column]: severity: message [rule-id]`, the Swift compiler's diagnostics.
    static var grammar: Regex<(Substring, Substring?, Substring)> { /^[^:]+:[0-9]+(:[0-9]+)?: (error|warning|note): .+ \[[a-z0-9-]+\]$/ }

    /// The findings of a JSON scan of `arguments`.
    static func findingCount(_ arguments: [String], in folder: URL = CommandRunner.packageRoot) throws -> Int {
        let json = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never"] + arguments, in: folder)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        return try #require(report["findings"] as? [[String: Any]]).count
    }

    /// Checks that `stdout` is one diagnostic in the compiler's grammar per finding.
    static func expectDiagnostics(_ stdout: String, count: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(stdout.hasSuffix("\n") && lines.count == count, sourceLocation: sourceLocation)
        for line in lines {
            #expect(line.wholeMatch(of: grammar) != nil, "\(line)", sourceLocation: sourceLocation)
        }
    }

    @Test("--format xcode on Samples/: one diagnostic line per finding")
    func xcodeOnSamples() throws {
        let result = try CommandRunner.run(["scan", "--format", "xcode", "--fail-on", "never", "Samples/"])
        #expect(result.status == 0)
        let count = try Self.findingCount(["Samples/"])
        #expect(count > 20)
        Self.expectDiagnostics(result.stdout, count: count)
        #expect(result.stdout.contains("Samples/xcode-console-nslog-storyboard.log:18: error: MyApp could not instantiate"))
    }

    @Test("--format xcode on a hostile log: colons, escapes and newlines in the name and the log stay on one line")
    func xcodeOnHostileLog() throws {
        let folder = try CommandRunner.temporaryFolder()
        let name = "we:ird\u{1B}[31m\nname.log"
        let log = "Oct  7 21:14:05 iPhone E\u{1B}[31mv:\u{202E}il(CoreFoundation)[1873] <Error>: *** Terminating app due to uncaught "
            + "exception 'NSInvalid\u{1B}]8;;http://x\u{7}Argument:Exception', reason: 'boom \u{1B}[2J'\n"
            + "Oct  7 21:14:06 iPhone Bep\u{9B}31mXanh(UIKitCore)[1874] <Error>: CLIENT OF UIKIT REQUIRES UPDATE: This process does not "
            + "adopt UIScene lifecycle. This will become an assert in a future version.\n"
        try Data(log.utf8).write(to: folder.appendingPathComponent(name))
        let result = try CommandRunner.run(["scan", "--format", "xcode", "--fail-on", "never", name], in: folder)
        #expect(result.status == 0)
        Self.expectDiagnostics(result.stdout, count: try Self.findingCount([name], in: folder))
        #expect(result.stdout.hasPrefix("we\\u{3a}ird\\u{1b}[31m ⏎ name.log:1: error: "))
        #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" || $0 == "\u{7}" })
    }

    @Test("--color always colours a pipe, never and --no-color do not, auto does not in a pipe")
    func colourInAPipe() throws {
        let arguments = ["scan", "--fail-on", "never", "Samples/xcode-console-nslog-storyboard.log"]
        let escape = "\u{1B}["
        #expect(try CommandRunner.run(arguments + ["--color", "always"]).stdout.contains(escape + "31merror"))
        #expect(try CommandRunner.run(["timeline", "--color", "always", "Samples/xcode-console-nslog-storyboard.log"]).stdout.contains(escape))
        #expect(!(try CommandRunner.run(arguments + ["--color", "never"]).stdout.contains(escape)))
        #expect(!(try CommandRunner.run(arguments + ["--color", "always", "--no-color"]).stdout.contains(escape)))
        #expect(!(try CommandRunner.run(arguments + ["--color", "auto"], environment: ["NO_COLOR": ""]).stdout.contains(escape)))
        #expect(try CommandRunner.run(arguments + ["--color", "sometimes"]).status == 2)
    }

    @Test("--color auto colours a terminal unless NO_COLOR is set")
    func colourOnATerminal() throws {
        let script = try RequiredTool(names: ["script"], installHint: "apt-get install bsdutils (util-linux); macOS has it").locate()
        let command = "'\(CommandRunner.binary.path)' scan --fail-on never Samples/xcode-console-nslog-storyboard.log"
        func onATerminal(noColor: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: script)
            #if os(macOS)
            process.arguments = ["-q", "/dev/null", "/bin/sh", "-c", command]
            #else
            process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
            #endif
            process.currentDirectoryURL = CommandRunner.packageRoot
            process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": noColor]) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        let coloured = try onATerminal(noColor: "")
        #expect(coloured.contains("\u{1B}[31merror"), "\(coloured.prefix(200))")
        let plain = try onATerminal(noColor: "1")
        #expect(plain.contains("error storyboard-entry-point-missing") && !plain.contains("\u{1B}[31m"))
    }

    @Test("COLUMNS=80 wraps the text report at spaces; without it, a pipe gets whole lines")
    func wrapsToColumns() throws {
        let arguments = ["scan", "--fail-on", "never", "Samples/xcode-console-nslog-storyboard.log"]
        let wrapped = try CommandRunner.run(arguments, environment: ["COLUMNS": "80"]).stdout
        for line in wrapped.split(separator: "\n") where line.count > 80 {
            #expect(!line.drop { $0 == " " }.contains(" "), "only a word wider than 80 columns overflows: \(line)")
        }
        #expect(wrapped.contains("    fix: Open the storyboard named in the message, select the view controller\n         the app should start with"))
        let whole = try CommandRunner.run(arguments, environment: ["COLUMNS": ""]).stdout
        #expect(whole.split(separator: "\n").contains { $0.count > 120 })
        #expect(whole.replacing(/\n +/, with: " ") != whole)
    }

    @Test("--context 2: the two lines before and after each finding, read from the file")
    func contextInTheReport() throws {
        let path = "Samples/xcode-console-nslog-storyboard.log"
        let result = try CommandRunner.run(["scan", "--context", "2", "--fail-on", "never", path])
        let file = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent(path), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let expected = (16...20).map { number in
            let text = file[number - 1]
            return "      \(number)\(number == 18 ? ":" : "-") " + (text.count > 200 ? text.prefix(200) + "…" : text)
        }
        #expect(result.stdout.contains(expected.joined(separator: "\n") + "\n"), "\(result.stdout)")
        #expect(try CommandRunner.run(["scan", "-C", "21", path]).status == 2)
        let json = try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", path]).stdout
        #expect(try CommandRunner.run(["scan", "--format", "json", "-C", "2", "--fail-on", "never", path]).stdout == json)
    }

    @Test("--context in the timeline: the line that explains an ending; a note for standard input")
    func contextInTheTimeline() throws {
        let path = "Samples/idevicesyslog-1.4-microseconds-watchdog.log"
        let result = try CommandRunner.run(["timeline", "-C", "1", "--fail-on", "never", path])
        #expect(result.stdout.contains("  outcome: killed (watchdog 0x8badf00d); watchdog allowance: 19.96 s\n    why: "))
        #expect(result.stdout.contains(#/why: [a-z-]+  Samples/idevicesyslog-1\.4-microseconds-watchdog\.log:[0-9]+\n      [0-9]+- .+\n      [0-9]+: .+\n      [0-9]+- /#))
        let piped = try CommandRunner.run(
            ["timeline", "-C", "1", "--fail-on", "never", "-"], stdin: try Data(contentsOf: CommandRunner.packageRoot.appendingPathComponent(path)))
        #expect(piped.stdout.contains("\n      no context: standard input is not read twice\n"))
    }
}
