/// GitHub Actions workflow commands (`--format github`): one `::error`, `::warning` or `::notice`
/// line per finding, which the runner turns into annotations on the run and on the pull request's
/// files.
///
/// - Findings that repeat one another (``FindingGroup``) share one annotation, at the first one's
///   place, with the count and the last place in the message; the rule's fix follows on a second
///   line. `file` is the input's path (the archive's path for an archive member, whose member and
///   line then go in the message instead of `line`), `title` is the rule id and the process
///   (and its device, when the report holds more than one).
/// - GitHub shows at most 10 annotations of each level per step, so at most
///   ``maximumPerLevel`` lines of each level are written, most severe level first (with a
///   baseline, launch regressions lead the errors and new findings come before unchanged ones);
///   then one `::notice` says how many findings were left out. That notice and the baseline's
///   summary notice count against the notices' 10.
/// - With a baseline: an `::error` per launch regression, and a last `::notice` with the new,
///   fixed, not-seen and unchanged counts and the fixed findings.
///
/// Escaping (``Escaping/workflowData(_:)``, ``Escaping/workflowProperty(_:)``) follows the
/// runner's rules (actions/toolkit `command.ts`): in the message `%`, CR and LF become `%25`, `%0D`
/// and `%0A`; in property values `:` and `,` become `%3A` and `%2C` as well.
/// Every command is therefore exactly one line, and text from a log (a message holding
/// `\n::error::…`, say) can never start a workflow command of its own.
struct GitHubAnnotationsRenderer {
    /// The most annotations of one level that GitHub shows for a step.
    static let maximumPerLevel = 10

    /// One workflow command.
    struct Annotation: Equatable {
        enum Level: String {
            case error, warning, notice

            /// The severity of the findings annotated at this level.
            var severity: Severity {
                switch self {
                case .error: .error
                case .warning: .warning
                case .notice: .note
                }
            }
        }

        var level: Level
        var file: String?
        var line: Int?
        var title: String?
        var message: String

        /// `::level file=…,line=…,title=…::message`, escaped.
        var command: String {
            var properties: [String] = []
            if let file { properties.append("file=" + Escaping.workflowProperty(file)) }
            if let line { properties.append("line=\(line)") }
            if let title { properties.append("title=" + Escaping.workflowProperty(title)) }
            let head = properties.isEmpty ? "::\(level.rawValue)" : "::\(level.rawValue) " + properties.joined(separator: ",")
            return head + "::" + Escaping.workflowData(message)
        }
    }

    func render(_ digest: ReportDigest, options: RenderOptions) -> String {
        annotations(for: digest).map { $0.command + "\n" }.joined()
    }

    /// The annotations in the order they are written, already capped.
    func annotations(for digest: ReportDigest) -> [Annotation] {
        let baseline = digest.baseline
        // With a baseline, new groups come first; each part stays in report order.
        let grouped = FindingGroups(digest.report.findings)
        let stated = grouped.groups.map { (group: $0, isNew: baseline?.state(of: $0.first) == .new) }
        let groups = stated.filter(\.isNew) + stated.filter { !$0.isNew }
        var candidates: [Annotation.Level: [(annotation: Annotation, findings: Int)]] = [:]
        for regression in baseline?.diff.launchRegressions ?? [] {
            let annotation = Annotation(level: .error, title: "launch regression", message: regression.summary)
            candidates[.error, default: []].append((annotation, 0))
        }
        for (group, isNew) in groups {
            let annotation = annotation(
                for: group, isNew: isNew, rule: digest.report.rules[group.first.rule], showsDevice: digest.showsDevices)
            candidates[annotation.level, default: []].append((annotation, group.count))
        }

        // The notices' budget leaves room for the summary and, when anything is left out, for
        // the notice that says so.
        let summary = baseline.map(summaryNotice)
        var noticeBudget = Self.maximumPerLevel - (summary == nil ? 0 : 1)
        let overflows = (candidates[.error]?.count ?? 0) > Self.maximumPerLevel
            || (candidates[.warning]?.count ?? 0) > Self.maximumPerLevel
            || (candidates[.notice]?.count ?? 0) > noticeBudget
        if overflows { noticeBudget -= 1 }

        var written: [Annotation] = []
        var leftOut: [(level: Annotation.Level, findings: Int, regressions: Int)] = []
        for level in [Annotation.Level.error, .warning, .notice] {
            let all = candidates[level] ?? []
            let budget = level == .notice ? noticeBudget : Self.maximumPerLevel
            written += all.prefix(budget).map(\.annotation)
            let dropped = all.dropFirst(budget)
            let unlisted = grouped.unlisted.count(of: level.severity)
            if !dropped.isEmpty || unlisted > 0 {
                leftOut.append((level, dropped.reduce(unlisted) { $0 + $1.findings }, dropped.count { $0.findings == 0 }))
            }
        }
        if !leftOut.isEmpty { written.append(leftOutNotice(leftOut)) }
        if let summary { written.append(summary) }
        return written
    }

    private func annotation(for group: FindingGroup, isNew: Bool, rule: RuleDescription?, showsDevice: Bool) -> Annotation {
        let finding = group.first
        let level: Annotation.Level = switch finding.severity {
        case .error: .error
        case .warning: .warning
        case .note: .notice
        }
        let path = ArchiveMemberPath(finding.location.path)
        var title = finding.rule
        if let process = finding.process { title += " in \(process)" }
        if showsDevice, let device = finding.device { title += " on \(device)" }
        if isNew { title += " (new)" }
        var message = finding.message
        if let member = path.member { message += " (in \(member):\(finding.location.line))" }
        if group.count > 1 { message += " (\(group.count) times, the last at \(group.last.location))" }
        if let fix = rule.flatMap({ TextRenderer.firstSentence(of: $0.fix) }) { message += "\nFix: " + fix }
        let line = path.member == nil && finding.location.line >= 1 ? finding.location.line : nil
        return Annotation(level: level, file: path.file, line: line, title: title, message: message)
    }

    /// `N more findings were not annotated …`, by level.
    private func leftOutNotice(_ leftOut: [(level: Annotation.Level, findings: Int, regressions: Int)]) -> Annotation {
        let findings = leftOut.reduce(0) { $0 + $1.findings }
        let regressions = leftOut.reduce(0) { $0 + $1.regressions }
        var parts: [String] = []
        for entry in leftOut where entry.findings > 0 {
            let name = entry.level == .notice ? "note" : entry.level.rawValue
            parts.append("\(entry.findings) \(name)\(entry.findings == 1 ? "" : "s")")
        }
        var message = "\(findings) more finding\(findings == 1 ? " was" : "s were") not annotated"
        if !parts.isEmpty { message += " (" + parts.joined(separator: ", ") + ")" }
        if regressions > 0 { message += ", nor \(regressions) launch regression\(regressions == 1 ? "" : "s")" }
        message += ": GitHub shows at most \(Self.maximumPerLevel) annotations of each level per step."
        message += " The text, JSON and SARIF reports list them all."
        return Annotation(level: .notice, title: "scenelog", message: message)
    }

    /// The baseline comparison in one notice: counts, then the fixed findings (which have no
    /// annotation of their own).
    private func summaryNotice(_ baseline: BaselineDigest) -> Annotation {
        var message = "Compared with \(baseline.diff.baselinePath): \(baseline.counts)."
        let fixed = baseline.fixedGroups
        for group in fixed.groups.prefix(Self.maximumPerLevel) {
            message += "\nFixed: \(group.first.rule): \(group.first.message)"
        }
        let more = fixed.groups.count - Self.maximumPerLevel
        if more > 0 { message += "\n… and \(more) more fixed" }
        return Annotation(level: .notice, title: "scenelog baseline", message: message)
    }
}
