/// The report formats of `scan`, `timeline` and `report` (`--format`).
public enum ReportFormat: String, Sendable, CaseIterable {
    case text
    case json
    /// One JSON object per line: the findings, the launches, then a summary (``NDJSONEvents``).
    case ndjson
    /// GitHub-flavoured Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`.
    case markdown
    /// JUnit XML: a test suite per input, a test case per rule and per launch (``JUnitRenderer``).
    case junit
    /// SARIF 2.1.0, for code scanning (``SARIFRenderer``).
    case sarif
    /// GitHub Actions workflow commands that annotate the run (``GitHubAnnotationsRenderer``).
    case github
    /// One self-contained HTML page that reads on a phone: the verdict, summary cards, the apps, a
    /// sortable and filterable findings table, launch timelines, the baseline comparison and the
    /// rules' fixes (``HTMLRenderer``).
    case html
    /// One line per finding as the Swift compiler writes diagnostics, `path:line: error: message
    /// [rule-id]`, for Xcode, editors and CI logs (``XcodeRenderer``).
    case xcode

    /// Renders `report` in this format to `write`: JSON, NDJSON, SARIF, JUnit and Xcode in pieces as they
    /// are rendered, so that a report of many findings is never held whole; the other formats,
    /// whose findings are grouped and capped, in one piece.
    public func render(
        _ report: ScanReport, options: RenderOptions = RenderOptions(), to write: ([UInt8]) throws -> Void
    ) rethrows {
        let digest = ReportDigest(report)
        switch self {
        case .json: try JSONRenderer().render(digest, to: write)
        case .ndjson: try NDJSONEvents.render(digest, to: write)
        case .sarif: try SARIFRenderer().render(digest, to: write)
        case .junit: try JUnitRenderer().render(digest, options: options, to: write)
        case .xcode: try XcodeRenderer().render(digest, to: write)
        default: try write(Array(render(digest, options: options).utf8))
        }
    }

    /// Renders `report` in this format.
    public func render(_ report: ScanReport, options: RenderOptions = RenderOptions()) -> String {
        render(ReportDigest(report), options: options)
    }

    /// Renders the digested report in this format: every renderer reads the one digest.
    func render(_ digest: ReportDigest, options: RenderOptions = RenderOptions()) -> String {
        switch self {
        case .text: TextRenderer(options: options).render(digest)
        case .json: JSONRenderer().render(digest)
        case .ndjson: NDJSONEvents.render(digest)
        case .markdown: MarkdownRenderer().render(digest, options: options)
        case .junit: JUnitRenderer().render(digest, options: options)
        case .sarif: SARIFRenderer().render(digest)
        case .github: GitHubAnnotationsRenderer().render(digest, options: options)
        case .html: HTMLRenderer().render(digest, options: options)
        case .xcode: XcodeRenderer().render(digest)
        }
    }
}

/// How a renderer should draw.
public struct RenderOptions: Sendable {
    /// Whether to use ANSI colours.
    public var color: Bool
    /// The `--fail-on` severity: findings at or above it are failures (JUnit) or errors.
    public var failOn: Severity?
    /// Whether the text report lists every launch (`--verbose`); otherwise a night of
    /// ``TextRenderer/launchListLimit`` launches or more shows the per-app statistics only.
    public var listsEveryLaunch: Bool
    /// The terminal's width in columns, which the text report and the timeline wrap their lines
    /// to (``TextWrapper``); `nil`: lines are never broken.
    public var width: Int?
    /// The lines of the log the text report and the timeline show around each finding and
    /// outcome (`--context N`); `nil`: none. No other format shows them.
    public var context: LogContext?

    public init(
        color: Bool = false, failOn: Severity? = .error, listsEveryLaunch: Bool = false, width: Int? = nil, context: LogContext? = nil
    ) {
        self.color = color
        self.failOn = failOn
        self.listsEveryLaunch = listsEveryLaunch
        self.width = width
        self.context = context
    }
}
