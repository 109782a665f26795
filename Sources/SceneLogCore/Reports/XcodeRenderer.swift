/// Diagnostics as the Swift compiler writes them (`--format xcode`): one line per finding,
/// `path:line: error: message [rule-id]`, which Xcode, VS Code and CI logs turn into a link to the
/// line. Severities map as the compiler's do (`error`, `warning`, `note`); a launch's finding is
/// at the line it was told at. Every finding is listed, in report order, none grouped.
///
/// The path and the message are escaped (``Escaping/terminalLine(_:)``: control characters, ANSI
/// escapes and newlines of a log never reach the output), and a `:` in the path is shown as
/// `\u{3a}`, so that each finding is exactly one line that a tool splits at its first `:` right.
struct XcodeRenderer {
    func render(_ digest: ReportDigest) -> String {
        var output = ""
        render(digest) { output += String(decoding: $0, as: UTF8.self) }
        return output
    }

    /// Writes the lines to `write` in pieces of about 64 KiB: a report of many findings is never
    /// held whole.
    func render(_ digest: ReportDigest, to write: ([UInt8]) throws -> Void) rethrows {
        var piece: [UInt8] = []
        for finding in digest.report.findings {
            piece += (line(for: finding) + "\n").utf8
            if piece.count >= 64 << 10 {
                try write(piece)
                piece.removeAll(keepingCapacity: true)
            }
        }
        if !piece.isEmpty { try write(piece) }
    }

    /// `path:line: severity: message [rule-id]`.
    func line(for finding: Finding) -> String {
        let path = Escaping.terminalLine(finding.location.path).replacing(":", with: "\\u{3a}")
        let message = Escaping.terminalLine(finding.message)
        return "\(path):\(max(finding.location.line, 0)): \(finding.severity.rawValue): "
            + (message.isEmpty ? "(no message)" : message) + " [\(Escaping.terminalLine(finding.rule))]"
    }
}
