/// The lines of a live watch on a terminal: findings as they happen with a one-line fix, folded
/// repeats, launch phases with +ms, outcome changes, device banners, and the summary at the end.
struct LiveTextRenderer: Sendable {
    let options: RenderOptions

    init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// A finding: severity, rule, process (and, with `showsDevice`, its device), where; the
    /// message; the fix's first sentence. With `explain`, the rule's explanation and references follow.
    func finding(_ finding: Finding, rule: RuleDescription?, explain: Bool, showsDevice: Bool = false) -> String {
        var head = paint(TerminalText.pad(finding.severity.rawValue, 7), TerminalText.style(of: finding.severity)) + " "
            + paint(finding.rule, .bold)
        if let process = finding.process { head += "  " + Escaping.terminalLine(process) + (finding.pid.map { "[\($0)]" } ?? "") }
        if showsDevice, let device = finding.device { head += " on " + Escaping.terminalLine(device) }
        if let launch = finding.launch { head += "  " + paint(Escaping.terminalLine(launch), .bold) }
        head += "  " + paint(location(of: finding), .dim)
        var text = head + "\n        " + Escaping.terminalLine(finding.message) + "\n"
        if let fix = rule?.fix, let hint = TextRenderer.firstSentence(of: fix) {
            text += "        " + paint("fix:", .dim) + " " + Escaping.terminalLine(hint) + "\n"
        }
        if explain, let rule {
            text += indented(rule.explanation) + indented("Fix: " + rule.fix)
            if !rule.references.isEmpty { text += indented("See: " + rule.references.joined(separator: "; ")) }
        }
        return text
    }

    /// The counter line of a finding seen `count` times: `↻ ×3 rule  process  (lines 12–40)`.
    func repeats(of first: Finding, last: Finding, count: Int) -> String {
        var text = "        " + paint("↻ ×\(count)", TerminalText.style(of: first.severity)) + " " + first.rule
        if let process = first.process { text += "  " + Escaping.terminalLine(process) }
        return text + "  " + paint("lines \(first.location.line)–\(last.location.line)", .dim) + "\n"
    }

    /// A launch reaching a phase, with its offset from the launch's first marker.
    func phase(_ launch: Launch, _ phase: LaunchPhase, showsDevice: Bool = false) -> String {
        guard let mark = launch.phases[phase] else { return "" }
        let offset = launch.offsetText(of: mark) ?? ""
        var text = prefix(launch, showsDevice: showsDevice) + TerminalText.pad(phase.rawValue, 13) + TerminalText.pad(offset, 10, left: true)
        if let process = mark.process { text += "  " + Escaping.terminalLine(process) }
        if phase == .spawned, let pid = launch.pid { text += " → pid \(pid)" }
        if phase == .sceneCreated, let budget = launch.watchdogBudget { text += "  (watchdog \(budget) s)" }
        return text + "  " + paint("line \(mark.location.line)", .dim) + "\n"
    }

    /// A launch whose outcome is now known or changed.
    func outcome(_ launch: Launch, showsDevice: Bool = false) -> String {
        var text = prefix(launch, showsDevice: showsDevice) + "outcome: " + paint(launch.outcome.rawValue, TerminalText.style(of: launch.outcome))
            + launch.terminationSuffix
        if let time = launch.timeToActiveText { text += ", active after \(time)" }
        return text + "\n"
    }

    /// A device banner of idevicesyslog (`[connected:UDID]`, `[disconnected]`).
    func banner(_ text: String, line: Int) -> String {
        let connected = !text.contains("disconnected")
        let note = connected ? "" : "; open launches end as incomplete"
        return paint("── \(Escaping.terminalLine(text))\(note) ──", .dim) + "\n"
    }

    /// The summary after the stream ends or is interrupted: lines read, launches, where the open
    /// ones were stuck when interrupted, findings by rule.
    func summary(of result: ScanResult, tally: FindingTally, stuck: [LaunchWait] = [], showsDevices: Bool = false) -> String {
        let input = ScanReport(inputs: result.inputs).totals
        let launches = result.launches
        var text = "\n" + paint("── summary ──", .bold) + "\n"
        text += "\(input.lines) line\(input.lines == 1 ? "" : "s") read: \(input.records) record\(input.records == 1 ? "" : "s"), "
            + "\(input.continuationLines) continuation, "
            + "\(input.unparsedLines) unparsed.\n"
        text += OutcomeCounts(launches).summary + "\n"
        let released = OutcomeCounts([Launch](), plus: result.releasedLaunchOutcomes)
        if released.total > 0 {
            text += "\(released.total) earlier launch\(released.total == 1 ? " is" : "es are") not listed (outcomes when last kept: "
                + "\(released.list)).\n"
        }
        let timeline = TimelineRenderer(options: options)
        for launch in launches { text += "  " + timeline.renderSummaryLine(launch, showsDevice: showsDevices) }
        for wait in stuck { text += "  " + self.stuck(wait, showsDevice: showsDevices) }
        if tally.total == 0 {
            text += "No findings.\n"
        } else {
            text += "Findings by rule:\n"
            for (rule, count) in tally.byRule.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
                let severity = tally.ruleSeverities[rule] ?? .note
                text += TerminalText.pad(String(count), 8, left: true) + "  "
                    + paint(TerminalText.pad(severity.rawValue, 7), TerminalText.style(of: severity)) + "  " + rule + "\n"
            }
        }
        return text
    }

    /// Where an open launch was when the watch was interrupted:
    /// `com.example.app: stuck in scene-create for 12.4 s of 19.96 s (line 1234)`.
    func stuck(_ wait: LaunchWait, showsDevice: Bool = false) -> String {
        var text = paint(Escaping.terminalLine(wait.launch.appName), .cyan)
        if showsDevice, let device = wait.launch.device { text += " on " + Escaping.terminalLine(device) }
        text += ": stuck " + (wait.phase == .sceneCreated ? "in " : "after ") + wait.stage + " for " + wait.timeText
        return text + (wait.line.map { " (line \($0))" } ?? "") + "\n"
    }

    /// The note printed when a second device shows in the stream.
    func devicesNote(first: String, second: String) -> String {
        paint(
            "── \(Escaping.terminalLine(second)) joins \(Escaping.terminalLine(first)) in this stream: lines name their device from here on ──",
            .dim) + "\n"
    }

    private func prefix(_ launch: Launch, showsDevice: Bool) -> String {
        var text = paint(launch.id, .bold) + "  " + paint(Escaping.terminalLine(launch.appName), .cyan)
        if showsDevice, let device = launch.device { text += " on " + Escaping.terminalLine(device) }
        return text + "  "
    }

    private func location(of finding: Finding) -> String {
        (finding.timestamp.map { Escaping.terminalLine($0) + " " } ?? "") + "line \(finding.location.line)"
    }

    private func indented(_ paragraph: String) -> String {
        paragraph.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + Escaping.terminalLine(String($0)) }.joined(separator: "\n")
            + "\n"
    }

    private func paint(_ text: String, _ style: TerminalText.Style) -> String {
        TerminalText.paint(text, style, color: options.color)
    }
}
