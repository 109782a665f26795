/// What a live watch shows: findings, launch phases and outcomes, device banners, the summary.
protocol WatchPresenter: AnyObject {
    /// Where the text goes, piece by piece.
    var output: LiveOutput { get }
    func finding(_ finding: Finding)
    func phase(_ launch: Launch, _ phase: LaunchPhase)
    func outcome(_ launch: Launch)
    func banner(_ text: String, line: Int)
    /// - Parameter stuck: where the open launches were when the watch was interrupted.
    func summary(of result: ScanResult, tally: FindingTally, stuck: [LaunchWait])
}

/// The terminal view: a finding is printed the first time; its repeats (same rule, process and
/// message, numbers aside) are folded into one counter line, redrawn in place on a terminal and
/// printed at 2, 10, 100… repeats otherwise. The latest ``rememberedGroups`` distinct findings are
/// remembered: a repeat of an older one is printed anew.
final class TextWatchPresenter: WatchPresenter {
    /// How many distinct findings a watch remembers to fold their repeats.
    static let rememberedGroups = 10_000

    let output: LiveOutput
    private let renderer: LiveTextRenderer
    private let rules: [String: RuleDescription]
    private let explain: Bool
    private var explained: Set<String> = []
    private var groups = RecentTable<String, (first: Finding, count: Int)>(capacity: TextWatchPresenter.rememberedGroups)
    /// The group whose counter line is the last line on screen (redrawn in place on a terminal).
    private var counterOnScreen: String?
    /// The first device a finding or launch named, until a second one shows: from then on every
    /// line names its device (``showsDevices``).
    private var firstDevice: String?
    private var showsDevices = false

    /// - Parameter showsDevices: name each line's device from the start (several sources are read).
    init(output: LiveOutput, color: Bool, rules: [RuleDescription], explain: Bool, showsDevices: Bool) {
        self.showsDevices = showsDevices
        self.output = output
        self.renderer = LiveTextRenderer(options: RenderOptions(color: color))
        self.rules = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.explain = explain
    }

    func finding(_ finding: Finding) {
        note(device: finding.device)
        let key = FindingGroup.key(of: finding) + "\u{1F}" + (finding.device ?? "")
        guard let group = groups[key] else {
            groups[key] = (finding, 1)
            let first = explained.insert(finding.rule).inserted
            show(renderer.finding(finding, rule: rules[finding.rule], explain: explain && first, showsDevice: showsDevices))
            return
        }
        let count = group.count + 1
        groups[key] = (group.first, count)
        let line = renderer.repeats(of: group.first, last: finding, count: count)
        if output.isTerminal {
            // Cursor up one line and clear it, so the counter counts in place.
            output.write(counterOnScreen == key ? "\u{1B}[1A\r\u{1B}[2K" + line : line)
            counterOnScreen = key
        } else if Self.isMilestone(count) {
            show(line)
        }
    }

    func phase(_ launch: Launch, _ phase: LaunchPhase) {
        note(device: launch.device)
        show(renderer.phase(launch, phase, showsDevice: showsDevices))
    }

    func outcome(_ launch: Launch) {
        note(device: launch.device)
        show(renderer.outcome(launch, showsDevice: showsDevices))
    }

    /// Learns a device; at the second one, says that lines name their device from now on.
    private func note(device: String?) {
        guard !showsDevices, let device else { return }
        guard let firstDevice else { return firstDevice = device }
        guard device != firstDevice else { return }
        showsDevices = true
        show(renderer.devicesNote(first: firstDevice, second: device))
    }

    func banner(_ text: String, line: Int) {
        show(renderer.banner(text, line: line))
    }

    func summary(of result: ScanResult, tally: FindingTally, stuck: [LaunchWait]) {
        show(renderer.summary(of: result, tally: tally, stuck: stuck, showsDevices: showsDevices))
    }

    private func show(_ text: String) {
        guard !text.isEmpty else { return }
        counterOnScreen = nil
        output.write(text)
    }

    /// 2, 10, 100, 1000…: the repeat counts printed when the output is not a terminal.
    static func isMilestone(_ count: Int) -> Bool {
        if count == 2 { return true }
        var power = 10
        while power < count { power *= 10 }
        return power == count
    }
}

/// The NDJSON view: one object per event (``NDJSONEvents``), every finding, for jq and other tools.
final class NDJSONWatchPresenter: WatchPresenter {
    let output: LiveOutput

    init(output: LiveOutput) {
        self.output = output
    }

    func finding(_ finding: Finding) {
        output.write(NDJSONEvents.finding(finding))
    }

    func phase(_ launch: Launch, _ phase: LaunchPhase) {
        output.write(NDJSONEvents.launch(launch, change: phase.rawValue))
    }

    func outcome(_ launch: Launch) {
        output.write(NDJSONEvents.launch(launch, change: launch.outcome.rawValue))
    }

    func banner(_ text: String, line: Int) {}

    func summary(of result: ScanResult, tally: FindingTally, stuck: [LaunchWait]) {
        output.write(
            NDJSONEvents.summary(inputs: result.inputs, tally: tally, launches: result.launches, released: result.releasedLaunchOutcomes))
    }
}
