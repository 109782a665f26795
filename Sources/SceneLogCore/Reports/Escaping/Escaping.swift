/// Text from a log made safe for the syntax it is written into, one escaper per syntax:
/// terminal lines (here), XML and HTML (``markupText(_:)``, ``markupAttribute(_:)``), Markdown
/// (``markdownCell(_:)``, ``markdownCode(_:)``) and GitHub workflow commands
/// (``workflowData(_:)``, ``workflowProperty(_:)``).
///
/// Wherever a control character cannot be written as it is, it is shown in one visible form,
/// `\u{1b}` (lowercase hexadecimal, no padding), the same in every report and diagnostic.
enum Escaping {
    /// `text` made safe for one line of a terminal or of standard error: each control character
    /// below U+0020 and U+007F (DEL) is shown as `\u{…}` (`\u{1b}`, `\u{a}`), and text longer than
    /// `limit` Unicode scalars is cut to `limit` of them followed by `…`.
    ///
    /// This is the form the command line's diagnostics quote log text and paths in.
    static func visible(_ text: String, limit: Int = 300) -> String {
        let visible = replacingScalars(in: text.unicodeScalars.prefix(limit)) { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? visibleForm(of: scalar) : nil
        }
        return text.unicodeScalars.count > limit ? visible + "…" : visible
    }

    /// `text` made safe for a line of the text reports: every control character (C0, DEL and the
    /// C1 controls U+0080–U+009F, which terminals also obey) shown as `\u{…}`, except a newline,
    /// which becomes ` ⏎ ` so that a multi-line message stays on its line. Nothing is cut.
    static func terminalLine(_ text: String) -> String {
        replacingScalars(in: text.unicodeScalars) { scalar in
            scalar == "\n" ? " ⏎ " : isControl(scalar) ? visibleForm(of: scalar) : nil
        }
    }

    /// `scalars` as a string, each scalar for which `replacement` gives a string replaced by it:
    /// the one loop every escaper runs.
    static func replacingScalars(
        in scalars: some Sequence<Unicode.Scalar>, _ replacement: (Unicode.Scalar) -> String?
    ) -> String {
        var result = ""
        result.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars {
            if let replaced = replacement(scalar) {
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

    /// `\u{1b}`: how a character that cannot be written as it is shows.
    static func visibleForm(of scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16))}"
    }
}
