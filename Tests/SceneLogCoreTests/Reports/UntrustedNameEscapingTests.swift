import Foundation
import Testing

@testable import SceneLogCore

/// Names (paths, archive members, environment strings) are escaped like log text: bidi
/// formatting characters, one-line code spans, workflow commands, shell words.
@Suite("escaping untrusted names")
struct UntrustedNameEscapingTests {
    @Test("visible: bidi formatting characters shown, escaping twice changes nothing more")
    func visible() {
        #expect(Escaping.visible("x\u{202E}gol.exe") == "x\\u{202e}gol.exe")
        let once = Escaping.visible("a\u{1B}b\u{202E}\u{85}")
        #expect(Escaping.visible(once) == once)
    }

    @Test("bidi formatting characters: marks, embeddings, overrides and isolates, in every escaper")
    func bidi() {
        let bidi: [Unicode.Scalar] = [
            "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        ]
        for scalar in bidi {
            let text = "a" + String(Character(scalar)) + "b"
            #expect(Escaping.isLayoutControl(scalar))
            let escaped = [
                Escaping.visible(text), Escaping.terminalLine(text), Escaping.markdownCell(text), Escaping.markdownCode(text),
                Escaping.markupText(text), Escaping.markupLine(text), Escaping.workflowData(text), Escaping.workflowProperty(text),
            ]
            for form in escaped {
                #expect(!form.unicodeScalars.contains(scalar), "\(form)")
                #expect(form.contains("\\u{\(String(scalar.value, radix: 16))}"))
            }
        }
        #expect(!Escaping.isLayoutControl("\u{200D}") && !Escaping.isLayoutControl("\u{2070}") && !Escaping.isLayoutControl("\u{2027}"))
        #expect(Escaping.terminalLine("שלום abc") == "שלום abc", "right-to-left letters stay")
    }

    @Test("a Markdown code span and a markup line stay on their line")
    func oneLine() {
        #expect(Escaping.markdownCode("a\n::error::b\u{1B}") == "a ⏎ ::error::b\\u{1b}")
        #expect(Escaping.markupLine("a\n<b>\u{1B}") == "a ⏎ &lt;b&gt;\\u{1b}")
    }

    @Test("workflow commands: controls other than CR and LF are shown, not written")
    func workflow() {
        #expect(Escaping.workflowData("a\u{1B}[31m\u{85}b") == "a\\u{1b}[31m\\u{85}b")
        #expect(Escaping.workflowProperty("x\n::error::y\u{7}") == "x%0A%3A%3Aerror%3A%3Ay\\u{7}")
    }

    @Test("shell words: single-quoted, a quote closed, escaped and reopened; a leading - made a path")
    func shellWord() {
        #expect(Escaping.shellWord("a b") == "'a b'")
        #expect(Escaping.shellWord("a'$(touch x)'") == #"'a'\''$(touch x)'\'''"#)
        #expect(Escaping.shellWord("-rf", asArgument: true) == "'./-rf'")
        #expect(Escaping.shellWord("-rf") == "'-rf'")
        #expect(Escaping.isShownSafely("a b'$`\"é"))
        for unsafe in ["a\nb", "a\u{1B}", "a\u{202E}", "a\u{85}", "a\r"] { #expect(!Escaping.isShownSafely(unsafe)) }
    }

    @Test("shell words: the shell hands back the very name, and runs nothing in it")
    func shellWordRoundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenelog-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = [
            "a'$(touch PWNED)'", "'; touch PWNED; '", "`touch PWNED`", "$(touch PWNED)", "a'\\''b", "\"$HOME\"", "*", "x'", "'",
            "-n", "",
        ]
        for name in names {
            let output = try Self.shell("printf '%s' \(Escaping.shellWord(name))", in: folder)
            #expect(output == name)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("PWNED").path))
    }

    @Test("the sysdiagnose hint: each name quoted, the command runs with the very names and nothing else")
    func logarchiveHint() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenelog-hint-\(UUID().uuidString)")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Stand-ins for tar and log that only print their arguments.
        for tool in ["tar", "log"] {
            let script = bin.appendingPathComponent(tool)
            try "#!/bin/sh\nprintf '\(tool)'\nprintf ' [%s]' \"$@\"\nprintf '\\n'\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }
        let member = "sys'$(touch PWNED)'/system_logs.logarchive"
        let container = "cap`touch PWNED`'.tar.gz"
        let note = LogarchiveHint.note(for: member, in: container)
        let command = try #require(note.range(of: "tar -xf ").map { String(note[$0.lowerBound...]) })
        #expect(try Self.shell(command, syntaxOnly: true, in: folder).isEmpty)
        let output = try Self.shell(command, in: folder, path: bin.path + ":/usr/bin:/bin")
        #expect(output == "tar [-xf] [\(container)] [\(member)]\n")
        let exported = try String(contentsOf: folder.appendingPathComponent("system_logs.ndjson"), encoding: .utf8)
        #expect(exported == "log [show] [--archive] [\(member)] [--style] [ndjson]\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("PWNED").path))
    }

    @Test("the sysdiagnose hint: a name with a control character gets a note to extract it by hand, no command")
    func logarchiveHintRefused() {
        for (member, container) in [("a\n::error::x/s.logarchive", "c.tar"), ("s.logarchive", "c\u{1B}[2J.tar"), ("s\u{202E}.logarchive", nil)] {
            let note = LogarchiveHint.note(for: member, in: container)
            #expect(note.contains("cannot be quoted safely; extract it by hand"))
            #expect(!note.contains("tar -xf") && !note.contains(member))
            #expect(!note.unicodeScalars.contains { Escaping.isControl($0) || Escaping.isLayoutControl($0) })
        }
    }

    /// Runs `command` with `/bin/sh -c` (or only parses it, `-n`) in `folder`; returns standard output.
    private static func shell(_ command: String, syntaxOnly: Bool = false, in folder: URL, path: String = "/usr/bin:/bin") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = (syntaxOnly ? ["-n"] : []) + ["-c", command]
        process.currentDirectoryURL = folder
        process.environment = ["PATH": path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(command)")
        return String(decoding: data, as: UTF8.self)
    }
}
