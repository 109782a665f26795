import Foundation
import TestSupport
import Testing

/// Names are untrusted data: a file, an archive member or a commit from the environment named to
/// start a workflow command, move the terminal's cursor or reverse what is shown reaches no report
/// and no diagnostic as it is.
@Suite("untrusted names", .serialized)
struct UntrustedNameTests {
    /// A name that would start a workflow command, colour the terminal and show reversed.
    static let hostile = "a\n::error::x\u{1B}[31m\u{202E}gol.log"
    /// A line before the first record is unparsed, and `--verbose` lists it with the file's name
    /// (the line's own escape sequence is taken out when the line is read).
    static let logText = "junk \u{1B}[2J before\n" + HostileInputTests.notAdopted + "\n" + HostileInputTests.notAdopted + "\n"

    /// Whether `text` holds nothing raw of ``hostile``: no control character but newline and tab,
    /// no bidi override, and no line starting `::error::x`.
    /// JSON (SARIF) is data: its strings keep a bidi override, JSON-escaped controls only.
    static func expectInert(_ text: String, _ what: String, json: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        let raw = text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F..<0xA0).contains(scalar.value)
                || (!json && scalar == "\u{202E}")
        }
        #expect(raw.isEmpty, "\(what): raw \(raw.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
        #expect(!text.hasPrefix("::error::x") && !text.contains("\n::error::x"), "\(what) starts a workflow command", sourceLocation: sourceLocation)
    }

    @Test("a file with a hostile name, in every report format and in --verbose's unparsed lines", arguments: [
        "text", "github", "markdown", "html", "junit", "sarif",
    ])
    func fileName(format: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        try Data(Self.logText.utf8).write(to: folder.appendingPathComponent(Self.hostile))
        let result = try CommandRunner.run(["scan", "--format", format, "--fail-on", "never", "--verbose", Self.hostile], in: folder)
        #expect(result.status == 0)
        #expect(!result.stdout.isEmpty)
        Self.expectInert(result.stdout, "\(format) report", json: format == "sarif")
        Self.expectInert(result.stderr, "standard error")
        #expect(result.stderr.contains("a\\u{a}::error::x\\u{1b}[31m\\u{202e}gol.log:1: unparsed: junk"))
        if ["text", "markdown", "junit"].contains(format) { #expect(!result.stdout.contains("\n::"), "\(format) report") }
    }

    @Test("a missing file with a hostile name: the error on standard error is one inert line")
    func missingFile() throws {
        let folder = try CommandRunner.temporaryFolder()
        let result = try CommandRunner.run(["scan", "--fail-on", "never", Self.hostile], in: folder)
        #expect(result.status != 0)
        Self.expectInert(result.stderr, "standard error")
        #expect(!result.stderr.contains("\n::"))
        #expect(result.stderr.contains("a\\u{a}::error::x\\u{1b}[31m\\u{202e}gol.log"))
    }

    @Test("a tar member with a hostile name, in the text, GitHub and Markdown reports")
    func archiveMember() throws {
        let folder = try CommandRunner.temporaryFolder()
        let script = """
            import io, tarfile
            data = \(Self.pythonLiteral(Self.logText)).encode()
            with tarfile.open('capture.tar', 'w', format=tarfile.PAX_FORMAT) as tar:
                for name in [\(Self.pythonLiteral(Self.hostile)), \(Self.pythonLiteral("logs/\u{9B}31m\u{7}.log"))]:
                    info = tarfile.TarInfo(name)
                    info.size = len(data)
                    tar.addfile(info, io.BytesIO(data))
            """
        try HostileInputTests.runPython(script, in: folder)
        for format in ["text", "github", "markdown", "html", "junit"] {
            let result = try CommandRunner.run(["scan", "--format", format, "--fail-on", "never", "--verbose", "capture.tar"], in: folder)
            #expect(result.status == 0)
            #expect(result.stdout.contains("gol.log"), "\(format) names the member")
            Self.expectInert(result.stdout, "\(format) report")
            Self.expectInert(result.stderr, "standard error")
        }
    }

    @Test("GITHUB_SHA and GITHUB_REF_NAME with a newline and escapes: report --record, then history")
    func environment() throws {
        let folder = try CommandRunner.temporaryFolder()
        try Data(Self.logText.utf8).write(to: folder.appendingPathComponent("night.log"))
        let environment = ["GITHUB_SHA": "abc\n::error::x\u{1B}]0;t\u{7}", "GITHUB_REF_NAME": "main\u{202E}\n::warning::y", "GITHUB_HEAD_REF": ""]
        let record = try CommandRunner.run(
            ["report", "--record", "--history", "history.sqlite", "--fail-on", "never", "night.log"], in: folder, environment: environment)
        #expect(record.status == 0)
        Self.expectInert(record.stdout, "report")
        Self.expectInert(record.stderr, "standard error")
        for format in ["text", "html"] {
            let history = try CommandRunner.run(["history", "--history", "history.sqlite", "--format", format], in: folder)
            #expect(history.status == 0)
            #expect(history.stdout.contains("abc"))
            Self.expectInert(history.stdout, "history \(format)")
            #expect(!history.stdout.contains("\n::"))
        }
    }

    /// `text` as a Python string literal.
    static func pythonLiteral(_ text: String) -> String {
        "'" + text.unicodeScalars.map { scalar in
            scalar.isASCII && scalar.value >= 0x20 && scalar != "'" && scalar != "\\" ? String(scalar) : String(format: "\\U%08x", scalar.value)
        }.joined() + "'"
    }
}
