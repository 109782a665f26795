import Testing

@testable import SceneLogCore

/// The one escaper per syntax (``Escaping``).
@Suite("escaping")
struct EscapingTests {
    @Test("visible: C0, DEL and C1 controls shown as \\u{…}, other text as it is")
    func visible() {
        #expect(Escaping.visible("a\u{1B}[31mb\u{7F}c\nd\te\u{0}") == "a\\u{1b}[31mb\\u{7f}c\\u{a}d\\u{9}e\\u{0}")
        #expect(Escaping.visible("é ⏎ \u{85}\u{9B}31m 🙂") == "é ⏎ \\u{85}\\u{9b}31m 🙂", "C1 controls, which terminals obey, are shown")
    }

    @Test("visible: cut to the limit in Unicode scalars, with …")
    func visibleLimit() {
        #expect(Escaping.visible(String(repeating: "x", count: 300)) == String(repeating: "x", count: 300))
        #expect(Escaping.visible(String(repeating: "x", count: 301)) == String(repeating: "x", count: 300) + "…")
        #expect(Escaping.visible("ab\u{1B}cd", limit: 3) == "ab\\u{1b}…", "the limit counts the text's scalars, not the escaped form")
        #expect(Escaping.visible("🙂🙂", limit: 1) == "🙂…")
    }

    @Test("terminal line: a newline is ⏎, C1 controls are shown too")
    func terminalLine() {
        #expect(Escaping.terminalLine("one\ntwo\r\u{9B}31m") == "one ⏎ two\\u{d}\\u{9b}31m")
    }

    @Test("characters that show as nothing are shown, so that one name cannot pass for another; emoji joiners are kept")
    func invisibleCharacters() {
        for scalar in ["\u{AD}", "\u{180E}", "\u{200B}", "\u{200C}", "\u{2060}", "\u{2064}", "\u{FEFF}", "\u{E0041}"] {
            let name = "My" + scalar + "App"
            #expect(Escaping.terminalLine(name) == "My" + Escaping.visibleForm(of: name.unicodeScalars.dropFirst(2).first!) + "App")
            #expect(Escaping.visible(name) != "MyApp" && Escaping.markdownCell(name) != "MyApp")
        }
        #expect(Escaping.terminalLine("👨\u{200D}👩\u{200D}👧") == "👨\u{200D}👩\u{200D}👧")
    }

    @Test("markup: the five characters, controls shown, tab and newline kept in text and referenced in attributes")
    func markup() {
        let text = "<a href='x'>&\"</a>\t\n\r\u{1B}\u{7F}\u{FFFE}"
        #expect(Escaping.markupText(text) == "&lt;a href=&#39;x&#39;&gt;&amp;&quot;&lt;/a&gt;\t\n\\u{d}\\u{1b}\\u{7f}\\u{fffe}")
        #expect(Escaping.markupAttribute("a\tb\nc") == "a&#9;b&#10;c")
    }

    @Test("markdown: a cell is one inert line, a code span cannot be closed early")
    func markdown() {
        #expect(Escaping.markdownCell("a|b <i>*x*</i> [l](u)\nnext") == "a\\|b &lt;i&gt;\\*x\\*&lt;/i&gt; \\[l\\](u) ⏎ next")
        #expect(Escaping.markdownCell(String(repeating: "y", count: 400)).count == Escaping.markdownCellLimit)
        #expect(Escaping.markdownCode("a`b|c") == "a'b\\|c")
    }

    @Test("workflow commands: the message and property escapes of actions/toolkit")
    func workflow() {
        #expect(Escaping.workflowData("50% done\r\n::x") == "50%25 done%0D%0A::x")
        #expect(Escaping.workflowProperty("a,b:c%") == "a%2Cb%3Ac%25")
    }
}
