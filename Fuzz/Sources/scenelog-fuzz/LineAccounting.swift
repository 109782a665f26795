import SceneLogCore

/// Scans bytes through the one scan pipeline, as `watch` is fed from a pipe, and checks that no
/// line is lost: every physical line is a record, a continuation line or an unparsed line, and
/// every finding points at one of them.
enum LineAccounting {
    private static let ruleSet = try! RuleSet(rules: RuleCatalog.builtIn)

    /// Checks each finding's line.
    private final class FindingLines: ScanObserver {
        var lastLine = 0

        func scanDidFind(_ finding: Finding) {
            lastLine = max(lastLine, finding.location.line)
        }
    }

    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, format: LogFormat?) {
        var options = ScanOptions(ruleSet: ruleSet)
        options.inputFormat = format
        options.maximumLineLength = 4_096
        let findings = FindingLines()
        let scan = Scanner(options: options, observer: findings).live(name: "fuzz")
        // Fed in pieces of varying size, as a pipe delivers them.
        var offset = 0
        var piece = 1
        while offset < bytes.count {
            let end = min(offset + piece, bytes.count)
            do {
                try scan.take(UnsafeBufferPointer(rebasing: bytes[offset..<end]))
            } catch {
                return  // not a text log: refused, nothing to account for
            }
            offset = end
            piece = piece * 3 % 97 + 1
        }
        do {
            try scan.flush()
        } catch {
            return
        }
        let summary = scan.finish().inputs[0]
        let expected = expectedLines(bytes)
        precondition(summary.lines == expected, "lines \(summary.lines), expected \(expected)")
        precondition(
            summary.records + summary.continuationLines + summary.unparsedLines == summary.lines, "line counts do not add up")
        precondition(findings.lastLine <= summary.lines, "a finding at line \(findings.lastLine) of \(summary.lines)")
    }

    /// Physical lines: each line feed ends one (and, when the first 512 bytes hold a carriage return
    /// and no line feed, classic Mac OS line ends, each carriage return not before a line feed), and
    /// bytes after the last one make one more.
    private static func expectedLines(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let head = bytes.prefix(512)
        let carriageReturnsEnd = head.contains(0x0D) && !head.contains(0x0A)
        func endsLine(_ index: Int) -> Bool {
            bytes[index] == 0x0A || (carriageReturnsEnd && bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A))
        }
        var lines = 0
        for index in bytes.indices where endsLine(index) { lines += 1 }
        if !bytes.isEmpty, !endsLine(bytes.count - 1) { lines += 1 }
        return lines
    }
}
