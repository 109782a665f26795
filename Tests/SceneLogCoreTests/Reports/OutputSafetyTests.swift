import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import SceneLogCore

/// Log text is the attacker's: in every renderer it must stay text.
@Suite("output safety")
struct OutputSafetyTests {
    static let hostile = "<script>alert(1)</script> ]]> \u{1B}[31mred\u{1B}[0m \r::error::pwned %0A::warning::x | `code` **bold**"

    /// The sample report with one finding whose every text field is hostile.
    static func report() throws -> ScanReport {
        var report = try sampleReport()
        var finding = try #require(report.findings.first)
        finding.message = Self.hostile
        finding.excerpt = Self.hostile
        finding.process = "evil\n::error::proc"
        finding.data = ["reason": Self.hostile]
        report.findings = [finding]
        return report
    }

    @Test("HTML: no tag, no raw control character")
    func html() throws {
        let text = ReportFormat.html.render(try Self.report())
        #expect(!text.contains("<script>alert"))
        #expect(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!text.contains("\u{1B}") && !text.contains("\r"))
    }

    @Test("JUnit XML: well-formed, no CDATA break, no control character")
    func junit() throws {
        let text = ReportFormat.junit.render(try Self.report())
        #expect(!text.contains("<script>") && !text.contains("\u{1B}"))
        #expect(text.contains("]]&gt;"))
        #expect((try? XMLDocument(xmlString: text)) != nil, "the XML must parse")
    }

    @Test("a newline in log text starts no line in JUnit or in HTML's excerpt; U+2028 and U+2029 are shown, in every format")
    func newlinesAndSeparators() throws {
        var report = try sampleReport()
        var finding = try #require(report.findings.first)
        finding.message = "first\n::error file=x::forged"
        finding.excerpt = "first\n::error file=x::forged \u{2028}line\u{2029}paragraph"
        finding.data = ["reason": "a\n::error::b"]
        report.findings = [finding]
        for format in ReportFormat.allCases {
            let text = format.render(report, options: RenderOptions(color: false))
            #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}"), "\(format)")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if format == .junit || format == .html {
                #expect(!lines.contains { $0.hasPrefix("::error") }, "\(format)")
            }
        }
    }

    @Test("Markdown: one table row, no HTML")
    func markdown() throws {
        let text = ReportFormat.markdown.render(try Self.report())
        #expect(!text.contains("<script>") && !text.contains("\u{1B}") && !text.contains("\r"))
        let row = try #require(text.split(separator: "\n").first { $0.contains("alert(1)") })
        #expect(row.contains("\\| \\`code\\` \\*\\*bold\\*\\*"))
    }

    @Test("text: escapes shown, not executed")
    func terminal() throws {
        let text = ReportFormat.text.render(try Self.report(), options: RenderOptions(color: false))
        #expect(!text.contains("\u{1B}") && !text.contains("\r"))
        #expect(text.contains("\\u{1b}[31mred"))
    }

    @Test("GitHub: one command per annotation, nothing injected")
    func github() throws {
        let text = ReportFormat.github.render(try Self.report())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("::error::pwned") || $0.hasPrefix("::warning::x") || $0.hasPrefix("::error::proc") })
        #expect(text.contains("%0D::error::pwned %250A::warning::x"))
    }

    @Test("SARIF and JSON: valid JSON holding the text as it was")
    func json() throws {
        for format in [ReportFormat.sarif, .json] {
            let text = format.render(try Self.report())
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(format)")
            #expect(!text.contains("\u{1B}") && !text.contains("\r"), "\(format)")
        }
    }
}
