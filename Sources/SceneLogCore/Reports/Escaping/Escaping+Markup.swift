extension Escaping {
    /// `text` for element content in XML (JUnit) and HTML (the HTML report, SVG `<title>`s, and
    /// HTML attribute values, which keep tab and newline as they are): `&`, `<`, `>`, `"` and `'`
    /// become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`; tab and newline stay; every other
    /// control character (C0, DEL, C1), every bidirectional formatting character (which would
    /// reorder what is shown) and the non-characters U+FFFE and U+FFFF, which XML 1.0 does not
    /// allow, are shown in their visible form `\u{…}`. No text from a log can then make
    /// a document ill-formed or add markup to it.
    static func markupText(_ text: String) -> String {
        markup(text, attribute: false)
    }

    /// A name (a path, an archive member, a process) for XML or HTML element content or an
    /// attribute value: on one line (``terminalLine(_:)``), then as ``markupText(_:)``.
    static func markupLine(_ text: String) -> String {
        markupText(terminalLine(text))
    }

    /// `text` for a double-quoted XML attribute value: as ``markupText(_:)``, and tab and newline
    /// as `&#9;` and `&#10;`, which attribute-value normalisation keeps.
    static func markupAttribute(_ text: String) -> String {
        markup(text, attribute: true)
    }

    private static func markup(_ text: String, attribute: Bool) -> String {
        replacingScalars(in: text.unicodeScalars) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\n": attribute ? "&#10;" : nil
            case "\t": attribute ? "&#9;" : nil
            default: isControl(scalar) || isLayoutControl(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                ? visibleForm(of: scalar) : nil
            }
        }
    }
}
