import Foundation
import TestSupport
import Testing

@testable import SceneLogCore

/// The HTML report and the history page as headless Chromium lays them out on a desktop (1400 px)
/// and a phone (420 px), light and dark: nothing is wider than the screen (but the timeline's own
/// scrolling panel), the verdict and the findings table are there and in view, and a tap sorts.
@Suite("HTML layout in Chromium", .serialized)
struct HTMLLayoutTests {
    static let screens = [(1400, false), (1400, true), (420, false), (420, true)]

    @Test("the report fits the screen, verdict and findings table in view, sortable by a tap", .timeLimit(.minutes(2)), arguments: screens)
    func report(width: Int, dark: Bool) throws {
        let chromium = URL(fileURLWithPath: try RequiredTool.chromium.locate())
        let folder = try TemporaryFolder()
        let report = try HTMLRendererTests.sampleWithInjectedFinding()
        let layout = try HeadlessChromium.layout(
            of: ReportFormat.html.render(report), width: width, dark: dark, chromium: chromium, folder: folder.url)
        Self.expectFits(layout, width: width, dark: dark)
        #expect(layout.verdict == "regressions since the baseline")
        #expect(layout.scrollPanels == 1, "the timeline's panel scrolls on its own")
        #expect(layout.folded == (width < 720 ? ["apps", "rules"] : []), "a phone starts with the many apps and the rules folded")
        let table = try #require(layout.findingsTable, "the findings table is shown")
        #expect(table.width > 0 && table.height > 0 && table.left >= 0 && table.right <= layout.viewport + 0.5)
        let severities = try #require(layout.severityOrder)
        #expect(severities.count == report.findings.count && severities == severities.sorted(by: >), "errors first")
        let rules = try #require(layout.ruleOrderAfterTap)
        #expect(Set(rules).count > 1 && rules == rules.sorted(), "a tap sorts by rule")
        #expect(layout.ruleOrderAfterSecondTap == rules.reversed(), "a second tap reverses")
    }

    @Test("the history page fits the screen, light and dark", .timeLimit(.minutes(2)), arguments: screens)
    func history(width: Int, dark: Bool) throws {
        let chromium = URL(fileURLWithPath: try RequiredTool.chromium.locate())
        let folder = try TemporaryFolder()
        let layout = try HeadlessChromium.layout(
            of: HistoryRenderer().html(HistoryRendererTests.runs()), width: width, dark: dark, chromium: chromium, folder: folder.url)
        Self.expectFits(layout, width: width, dark: dark)
        #expect(layout.scrollPanels == 0)
    }

    /// Nothing reaches past the screen's width, and the colours are the scheme asked for.
    static func expectFits(_ layout: HeadlessChromium.Layout, width: Int, dark: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(layout.viewport > Double(width) - 20 && layout.viewport <= Double(width), sourceLocation: sourceLocation)
        #expect(layout.dark == dark, sourceLocation: sourceLocation)
        #expect(layout.background == (dark ? "rgb(13, 17, 23)" : "rgb(246, 248, 250)"), sourceLocation: sourceLocation)
        #expect(layout.overflowing == [], "wider than \(layout.viewport) px", sourceLocation: sourceLocation)
    }
}
