/// Text from a log made safe for the syntax it is written into, one escaper per syntax:
/// terminal lines (here), XML and HTML (``markupText(_:)``, ``markupAttribute(_:)``), Markdown
/// (``markdownCell(_:)``, ``markdownCode(_:)``) and GitHub workflow commands
/// (``workflowData(_:)``, ``workflowProperty(_:)``).
///
/// Wherever a control character cannot be written as it is, it is shown in one visible form,
/// `\u{1b}` (lowercase hexadecimal, no padding), the same in every report and diagnostic. A byte
/// of a file name that is not UTF-8 (``PathBytes``) is shown as `\xFF` by every escaper.
enum Escaping {
    /// `text` made safe for one line of a terminal or of standard error: each control character
    /// (C0, DEL and C1, ``isControl(_:)``) and each bidirectional formatting character
    /// (``isLayoutControl(_:)``) is shown as `\u{…}` (`\u{1b}`, `\u{a}`, `\u{202e}`), and text longer
    /// than `limit` Unicode scalars is cut to `limit` of them followed by `…`.
    ///
    /// This is the form the command line's diagnostics quote log text, paths, archive member names
    /// and other names in. Applied twice it changes nothing more.
    static func visible(_ text: String, limit: Int = 300) -> String {
        let visible = replacingScalars(in: text.unicodeScalars.prefix(limit)) { scalar in
            isControl(scalar) || isLayoutControl(scalar) ? visibleForm(of: scalar) : nil
        }
        return text.unicodeScalars.count > limit ? visible + "…" : visible
    }

    /// `text` made safe for a line of the text reports: every control character (C0, DEL and the
    /// C1 controls U+0080–U+009F, which terminals also obey) and every bidirectional formatting
    /// character shown as `\u{…}`, except a newline, which becomes ` ⏎ ` so that a multi-line
    /// message stays on its line. Nothing is cut.
    ///
    /// Names (file paths, archive member names, commits and branches from the environment) are
    /// shown this way too, wherever they are written on a line.
    static func terminalLine(_ text: String) -> String {
        replacingScalars(in: text.unicodeScalars) { scalar in
            scalar == "\n" ? " ⏎ " : isControl(scalar) || isLayoutControl(scalar) ? visibleForm(of: scalar) : nil
        }
    }

    /// `scalars` as a string, each scalar for which `replacement` gives a string replaced by it,
    /// and each byte of a name that is not UTF-8 by `\xFF`: the one loop every escaper runs.
    static func replacingScalars(
        in scalars: some Sequence<Unicode.Scalar>, _ replacement: (Unicode.Scalar) -> String?
    ) -> String {
        var result = ""
        result.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars {
            if let byte = PathBytes.escapedByte(scalar) {
                result += PathBytes.visibleForm(of: byte)
            } else if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is a C0 control, DEL or a C1 control.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
    }

    /// Whether `scalar` changes how text is laid out where it is shown: a bidirectional formatting
    /// character, which can make text show in an order other than the one it is in (the marks
    /// U+061C, U+200E and U+200F, the embeddings and overrides U+202A–U+202E and the isolates
    /// U+2066–U+2069), the line and paragraph separators U+2028 and U+2029, which break a line
    /// in editors and JavaScript, or a character that shows as nothing and would make one name
    /// look like another (`My\u{200b}App`): the soft hyphen U+00AD, the Mongolian vowel separator
    /// U+180E, the zero-width space and non-joiner U+200B and U+200C, the word joiner and invisible
    /// operators U+2060–U+2064, the zero-width no-break space (byte-order mark) U+FEFF and the tags
    /// U+E0000–U+E007F. The zero-width joiner U+200D, which joins emoji, is kept.
    static func isLayoutControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x061C, 0x180E, 0x200B, 0x200C, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF,
            0xE0000...0xE007F:
            true
        default: false
        }
    }

    /// `\u{1b}`: how a character that cannot be written as it is shows.
    static func visibleForm(of scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16))}"
    }
}
