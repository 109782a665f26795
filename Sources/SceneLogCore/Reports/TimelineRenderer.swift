/// Draws a launch as a compact timeline: each phase with its offset from the launch's start, the
/// process and line it came from, the findings under it, then the outcome and time to active;
/// with ``RenderOptions/context``, the line that explains the outcome (``Launch/outcomeExplanation(findings:)``)
/// and the lines around it. The header, findings and outcome are wrapped to ``RenderOptions/width``.
public struct TimelineRenderer: Sendable {
    public let options: RenderOptions

    public init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// The whole timeline of `launch`, with `findings` (those linked to it) under their phases.
    ///
    /// Written into one string as it goes: `timeline` draws thousands of launches.
    public func render(_ launch: Launch, findings: [Finding]) -> String {
        var output = header(launch)
        output.reserveCapacity(
            output.utf8.count + 96 * (LaunchPhase.allCases.count + findings.count + launch.events.count + launch.callbacks.count))
        append(Self.entries(of: launch), findings: findings, of: launch, to: &output)
        for event in launch.events {
            let name = event.name + (event.detail.map { " (\($0))" } ?? "")
            appendLine(to: &output, phase: name, mark: event.mark, launch: launch, dim: true)
        }
        output += wrap(footer(launch), indent: 4)
        output += "\n"
        output += explanation(of: launch, findings: findings)
        return output
    }

    /// With ``RenderOptions/context``, the line that explains the launch's outcome and the lines
    /// around it: `why: uncaught-exception  device.log:52`, then the lines; empty otherwise.
    private func explanation(of launch: Launch, findings: [Finding]) -> String {
        guard let context = options.context, let explanation = launch.outcomeExplanation(findings: findings) else { return "" }
        let line = "    " + paint("why:", .dim) + " " + Escaping.terminalLine(explanation.what) + "  "
            + Escaping.terminalLine(explanation.location.description)
        return wrap(line, indent: 9) + "\n" + ContextRenderer(context: context, options: options).render(around: explanation.location, indent: 6)
    }

    /// One row of a timeline: a phase, a callback the app printed, or the app's first line.
    private struct Entry {
        var label: String
        var mark: LaunchMark
        /// What the third column shows: the process, or the callback's delegate and scene.
        var source: String?
    }

    /// The app's first line, the phases and the app's callbacks, in line order; those of one line
    /// in that order (a crash on the app's first line shows the line before the end).
    private static func entries(of launch: Launch) -> [Entry] {
        var entries = launch.appFirstLine.map { [Entry(label: "first app line", mark: $0, source: $0.process)] } ?? []
        entries += launch.phases.map { Entry(label: $0.key.rawValue, mark: $0.value, source: $0.value.process) }
        for callback in launch.callbacks {
            let owner = callback.delegate == .app ? "app delegate" : "scene " + (callback.scene ?? "")
            entries.append(Entry(label: "↳ " + callback.step.rawValue, mark: callback.mark, source: owner))
        }
        return entries.enumerated().sorted { ($0.element.mark.location.line, $0.offset) < ($1.element.mark.location.line, $1.offset) }
            .map(\.element)
    }

    /// The closing line of a streamed timeline: `3 launches: 2 active, 1 crashed.` (outcomes in
    /// the order `LaunchOutcome` declares them), or `No launch found.`
    public static func summary(of launches: some Sequence<Launch>) -> String {
        OutcomeCounts(launches).summary + "\n"
    }

    /// One line for a launch whose outcome changed after it was printed (`findings`: those linked
    /// to it), then, with ``RenderOptions/context``, the line that explains the new outcome.
    public func renderChange(_ launch: Launch, findings: [Finding] = []) -> String {
        "\(paint(launch.id, .bold)) is now \(outcome(launch))\(launch.terminationSuffix)\n" + explanation(of: launch, findings: findings)
    }

    /// The phases and callbacks of `launch` past line `line` (what it went on to do after it was
    /// printed: a move to the background and back, a scene disconnected), under `L1 went on:`
    /// unless `continuing` (the output's last lines are this launch's); empty when there are none.
    ///
    /// `findings`: those linked to the launch since it was printed, shown among them.
    public func renderLater(_ launch: Launch, after line: Int, findings: [Finding] = [], continuing: Bool = false) -> String {
        let later = Self.entries(of: launch).filter { $0.mark.location.line > line }
        guard !later.isEmpty || !findings.isEmpty else { return "" }
        var output = continuing ? "" : paint(launch.id, .bold) + " went on:\n"
        append(later, findings: findings, of: launch, to: &output)
        return output
    }

    /// The rows of `entries`, each followed by the findings of `findings` on its line or after it
    /// (those before the first row, under it); with no row, the findings alone: a launch seen only
    /// by its end may have none, and its findings are still its evidence.
    private func append(_ entries: [Entry], findings: [Finding], of launch: Launch, to output: inout String) {
        let sortedFindings = findings.sorted { $0.location.line < $1.location.line }
        var next = 0
        for (index, entry) in entries.enumerated() {
            appendLine(to: &output, phase: entry.label, mark: entry.mark, launch: launch, source: entry.source)
            let nextLine = index + 1 < entries.count ? entries[index + 1].mark.location.line : Int.max
            while next < sortedFindings.count, sortedFindings[next].location.line < nextLine {
                output += findingLine(sortedFindings[next])
                next += 1
            }
        }
        for finding in sortedFindings[next...] { output += findingLine(finding) }
    }

    /// The last line that the timeline of `launch` shows a phase or callback at; 0 when none.
    public static func lastLine(of launch: Launch) -> Int {
        var last = launch.appFirstLine?.location.line ?? 0
        for mark in launch.phases.values { last = max(last, mark.location.line) }
        for callback in launch.callbacks { last = max(last, callback.mark.location.line) }
        return last
    }

    /// The line that names a launch shown before its app's name or pid was known (an Xcode console
    /// whose first timestamped line comes after the app went active).
    public func renderNaming(_ launch: Launch) -> String {
        paint(launch.id, .bold) + " is " + paint(Escaping.terminalLine(launch.appName), .cyan) + nameDetails(launch) + "\n"
    }

    /// ` (process, pid 812, device)`, or nothing when none is known.
    private func nameDetails(_ launch: Launch) -> String {
        var details: [String] = []
        if let process = launch.process, process != launch.appName { details.append(process) }
        if let pid = launch.pid { details.append("pid \(pid)") }
        if let device = launch.device { details.append(device) }
        return details.isEmpty ? "" : " (" + Escaping.terminalLine(details.joined(separator: ", ")) + ")"
    }

    private func header(_ launch: Launch) -> String {
        var text = paint(launch.id, .bold) + "  " + paint(Escaping.terminalLine(launch.appName), .cyan) + nameDetails(launch)
        text += "  " + paint(Escaping.terminalLine(launch.path), .dim)
        switch launch.evidence {
        case .system: break
        case .app: text += "  " + paint("from the app's own lines" + (launch.startSeen ? "" : "; its start is not in the capture"), .dim)
        case .endOnly: text += "  " + paint("only its end is in the capture", .dim)
        }
        return wrap(text, indent: 4) + "\n"
    }

    /// `  +338 ms  active  App  line 12`, in columns.
    private func appendLine(
        to output: inout String, phase: String, mark: LaunchMark, launch: Launch, source: String? = nil, dim: Bool = false
    ) {
        var text = ""
        if let offset = launch.offsetText(of: mark) {
            TerminalText.append(offset, paddedTo: 10, left: true, to: &text)
        } else {
            TerminalText.append("", paddedTo: 10, to: &text)
        }
        text += "  "
        let label = Escaping.terminalLine(phase)
        TerminalText.append(label, paddedTo: 16, to: &text)
        text += "  "
        // A label longer than its column (an event's name) takes from the next one's padding, so
        // that the line's number stays where the others' are when it can.
        TerminalText.append(Escaping.terminalLine(source ?? mark.process ?? ""), paddedTo: 16 - max(label.count - 16, 0), to: &text)
        text += "  line "
        text += String(mark.location.line)
        output += "  "
        output += dim ? paint(text, .dim) : text
        output += "\n"
    }

    private func findingLine(_ finding: Finding) -> String {
        let style = TerminalText.style(of: finding.severity)
        let line = "              " + paint("⚑ \(finding.severity.rawValue) \(finding.rule)", style) + "  "
            + Escaping.terminalLine(finding.message) + "  " + paint("line \(finding.location.line)", .dim)
        return wrap(line, indent: 16) + "\n"
    }

    /// One line for the launch list of a report: id, app, outcome and time to active; with
    /// `showsDevice`, the device it ran on when known (`on QA-iPad`).
    public func renderSummaryLine(_ launch: Launch, showsDevice: Bool = false) -> String {
        var text = paint(launch.id, .bold) + "  " + Escaping.terminalLine(launch.appName)
        if let pid = launch.pid { text += " (pid \(pid))" }
        if showsDevice, let device = launch.device { text += " on " + Escaping.terminalLine(device) }
        text += "  " + outcome(launch) + launch.terminationSuffix
        if let time = launch.timeToActiveText { text += ", active after \(time)" }
        if launch.findings > 0 { text += ", \(launch.findings) finding\(launch.findings == 1 ? "" : "s")" }
        return text + "  " + paint(Escaping.terminalLine(launch.placeText), .dim) + "\n"
    }

    private func footer(_ launch: Launch) -> String {
        var text = "  outcome: " + outcome(launch) + launch.terminationSuffix
        if let time = launch.timeToActiveText { text += "; time to active: \(time)" }
        if let budget = launch.watchdogBudget { text += "; watchdog allowance: \(budget) s" }
        return text
    }

    private func outcome(_ launch: Launch) -> String {
        paint(launch.outcome.rawValue, TerminalText.style(of: launch.outcome))
    }


    private typealias Style = TerminalText.Style

    /// `line` wrapped to the terminal's width, continuation lines `indent` columns in.
    private func wrap(_ line: String, indent: Int) -> String {
        TextWrapper(width: options.width).wrap(line, indent: indent)
    }

    private func paint(_ text: String, _ style: Style) -> String {
        TerminalText.paint(text, style, color: options.color)
    }

}
