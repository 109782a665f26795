/// What a report comes to, in one line: the headline of the Markdown and HTML reports.
struct ReportVerdict: Sendable, Equatable {
    /// How the run stands.
    enum Kind: String, Sendable {
        /// Nothing at or above `--fail-on` (or no finding at all).
        case pass
        /// Findings, none of which fails the run (`--fail-on never`).
        case info
        /// A new finding at or above `--fail-on`, or a launch regression, since the baseline.
        case regressions
        /// Findings at or above `--fail-on`.
        case failures
        /// No log was read.
        case nothingRead = "nothing-read"
    }

    let kind: Kind
    /// The verdict in words, without a symbol: `regressions since the baseline`.
    let text: String

    /// The verdict on `report` under `options` (its `--fail-on`).
    init(_ report: ScanReport, options: RenderOptions) {
        if report.readNothing {
            (kind, text) = (.nothingRead, "no logs were read")
        } else if let baseline = report.baseline, baseline.hasRegression(atOrAbove: options.failOn) {
            (kind, text) = (.regressions, "regressions since the baseline")
        } else if let threshold = options.failOn {
            (kind, text) =
                report.findings.count(atOrAbove: threshold) > 0
                ? (.failures, "findings at or above \(threshold.rawValue)") : (.pass, "no findings at or above \(threshold.rawValue)")
        } else {
            let count = report.findings.count
            (kind, text) =
                count == 0
                ? (.pass, "no findings") : (.info, "\(count) finding\(count == 1 ? "" : "s") (--fail-on never: none fails the run)")
        }
    }

    /// The symbol Markdown puts before the text.
    var symbol: String {
        switch kind {
        case .pass: "✅"
        case .info: "ℹ️"
        case .regressions, .failures: "❌"
        case .nothingRead: "⚠️"
        }
    }
}
