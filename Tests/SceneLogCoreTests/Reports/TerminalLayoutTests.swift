import Testing

@testable import SceneLogCore

/// The text report on a terminal: a heading per file, errors first, lines wrapped at spaces to
/// the width, colour codes and escapes counted as the columns they take.
@Suite("terminal layout")
struct TerminalLayoutTests {
    @Test("a line is broken at spaces, continuation lines indented; a line that fits is left as it is")
    func wrapping() {
        let wrapper = TextWrapper(width: 30)
        #expect(wrapper.wrap("    short line", indent: 4) == "    short line")
        #expect(
            wrapper.wrap("    one two three four five six seven eight nine", indent: 6)
                == "    one two three four five\n      six seven eight nine")
        #expect(TextWrapper(width: nil).wrap(String(repeating: "word ", count: 40), indent: 4) == String(repeating: "word ", count: 40))
    }

    @Test("a word wider than the room overflows alone on its line, and is never cut")
    func longWord() {
        let word = String(repeating: "x", count: 50)
        #expect(TextWrapper(width: 30).wrap("  see \(word) then", indent: 4) == "  see\n    \(word)\n    then")
    }

    @Test("colour codes take no column, wide characters two, combining marks none")
    func widths() {
        #expect(DisplayWidth.of("\u{1B}[31merror\u{1B}[0m") == 5)
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("🚀!") == 3)
        let red = TerminalText.paint("error", .red, color: true)
        // 24 visible columns: it fits in 24, though its bytes are many more.
        let line = red + " " + String(repeating: "y", count: 18)
        #expect(TextWrapper(width: 24).wrap(line, indent: 2) == line)
        #expect(TextWrapper(width: 23).wrap(line, indent: 2) == red + "\n  " + String(repeating: "y", count: 18))
    }

    /// The small report with a long message (wrapped at 80, not at 120) and a long word.
    static func wrapReport() -> ScanReport {
        var report = smallReport()
        report.baseline = nil
        report.findings = FindingLog(report.findings.map { finding in
            var finding = finding
            if finding.severity == .warning {
                finding.message = "Alpha created a window before activation: UIKit sends its first scene callbacks to a window that is not yet on screen, which draws nothing"
            }
            if finding.severity == .note {
                finding.message = "Alpha read https://example.com/" + String(repeating: "a", count: 100) + " on the main thread"
            }
            return finding
        })
        return report
    }

    @Test("the report wrapped at 80 and at 120 columns", arguments: [80, 120])
    func wrappedReport(width: Int) {
        let text = ReportFormat.text.render(Self.wrapReport(), options: RenderOptions(width: width))
        expectSnapshot(text, named: "wrap.\(width).txt")
        for line in text.split(separator: "\n") where DisplayWidth.of(line) > width {
            #expect(!line.drop { $0 == " " }.contains(" "), "only a word wider than the width overflows: \(line)")
        }
    }

    @Test("a heading per file, in the order files come; errors, then warnings, then notes under each")
    func headings() {
        func finding(_ path: String, _ severity: Severity, _ line: Int) -> Finding {
            Finding(
                rule: "rule-\(line)", severity: severity, message: "message \(line)",
                location: SourceLocation(path: path, line: line, byteOffset: 0), excerpt: "")
        }
        var report = smallReport()
        report.baseline = nil
        report.launches = []
        report.findings = [finding("b.log", .note, 1), finding("a.log", .warning, 2), finding("b.log", .error, 3), finding("b.log", .warning, 4)]
        let text = ReportFormat.text.render(report)
        let lines = text.split(separator: "\n").filter { $0 == "a.log" || $0 == "b.log" || $0.hasPrefix("note") || $0.hasPrefix("warning") || $0.hasPrefix("error") }
        #expect(lines == ["b.log", "error rule-3  line 3", "warning rule-4  line 4", "note rule-1  line 1", "a.log", "warning rule-2  line 2"])
    }

    @Test("a repeat in two files is listed under each file")
    func repeatsStayInTheirFile() throws {
        let finding = try #require(smallReport().findings.first { $0.severity == .error })
        var other = finding
        other.location.path = "logs/other.log"
        var report = smallReport()
        report.baseline = nil
        report.findings = [finding, finding, other]
        let text = ReportFormat.text.render(report)
        #expect(text.contains("logs/device.log\nerror uncaught-exception  Beta  2× line 12\n"))
        #expect(text.contains("logs/other.log\nerror uncaught-exception  Beta  line 12\n"))
    }

    @Test("the timeline wraps a finding under its text, and leaves its phase columns alone")
    func timelineWrapping() throws {
        let report = smallReport()
        let beta = try #require(report.launches.first { $0.id == "L2" })
        let findings = report.findings.filter { $0.launch == "L2" }
        let text = TimelineRenderer(options: RenderOptions(width: 60)).render(beta, findings: findings)
        #expect(text.contains("              ⚑ error uncaught-exception  Beta crashed with\n                an uncaught exception:\n                NSInvalidArgumentException  line 12\n"))
        #expect(text.contains("\n       +0 ms  requested         SpringBoard       line 10\n"))
        #expect(TimelineRenderer().render(beta, findings: findings).contains("Beta crashed with an uncaught exception: NSInvalidArgumentException  line 12\n"))
    }
}
