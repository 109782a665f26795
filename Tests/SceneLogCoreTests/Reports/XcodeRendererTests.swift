import Foundation
import Testing

@testable import SceneLogCore

/// `--format xcode`: every line a diagnostic in the Swift compiler's grammar, whatever the log holds.
@Suite("xcode format")
struct XcodeRendererTests {
    /// `path:line[:column]: severity: message [rule-id]`, as Xcode, VS Code and CI logs read them.
    static var grammar: Regex<(Substring, Substring?, Substring)> { /^[^:]+:[0-9]+(:[0-9]+)?: (error|warning|note): .+ \[[a-z0-9-]+\]$/ }

    @Test("one line per finding, none grouped, severities as the compiler's")
    func lines() {
        let text = ReportFormat.xcode.render(smallReport())
        #expect(
            text == """
                logs/device.log:3: note: Alpha did I/O on the main thread during launch [main-thread-io-at-launch]
                logs/device.log:5: warning: Alpha created a window before activation [window-created-before-activation]
                logs/device.log:12: error: Beta crashed with an uncaught exception: NSInvalidArgumentException [uncaught-exception]
                logs/device.log:13: error: Beta crashed with an uncaught exception: NSInvalidArgumentException [uncaught-exception]

                """)
    }

    @Test("hostile paths and messages stay one line each, in the grammar")
    func hostile() throws {
        var report = smallReport()
        let finding = try #require(report.findings.first)
        let hostile = [
            ("logs/we:ird\nname.log", "line one\nlogs/x.log:1: error: forged [forged]"),
            ("\u{1B}[31mred.log", "\u{1B}]8;;http://x\u{7}link\u{1B}]8;;\u{7} \u{202E}reversed\r"),
            ("C:\\logs\\a.log", ""),
        ]
        report.findings = FindingLog(hostile.map { path, message in
            var copy = finding
            copy.location.path = path
            copy.message = message
            return copy
        })
        let lines = ReportFormat.xcode.render(report).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == hostile.count)
        for line in lines {
            #expect(line.wholeMatch(of: Self.grammar) != nil, "\(line)")
            #expect(!line.unicodeScalars.contains { Escaping.isControl($0) || Escaping.isLayoutControl($0) })
        }
        #expect(lines.first?.hasPrefix("logs/we\\u{3a}ird ⏎ name.log:3: note: line one ⏎ logs/x.log:1") == true)
    }
}
