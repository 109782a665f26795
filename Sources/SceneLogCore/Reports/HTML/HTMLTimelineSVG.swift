import Foundation

/// The launches of a report as inline SVG: the time axis, then a row per launch
/// (`<g class="launch-row">`, exactly one each) with its phases as Gantt-like segments along the
/// shared axis, each phase named (with its offset) below the track so that a printed page needs no
/// hover, and its findings as markers above them.
///
/// The axis is linear, from the first phase to the end of the longest launch drawn, with ticks at
/// round steps (1, 2 or 5 × a power of ten); when the longest launch is longer than 1.5 × the 75th
/// percentile of them (a watchdog kill at 20 s, an app left in the background for a minute, among
/// 300 ms launches), the axis stops there and later phases sit on its right edge, their times
/// written in their labels, so that a few long launches do not squeeze the others into their
/// first pixels. A phase is placed by its offset from the
/// launch's start (``Launch/startSeconds``); phases without a time sit between their timed
/// neighbours, and a launch without any time has its phases spread evenly (drawn dashed). Findings
/// carry no time of their own, so they are placed by line number between the phases around them.
struct HTMLTimelineSVG {
    let launches: [Launch]
    /// Each launch's findings (`finding.launch == launch.id`), by launch id.
    let findings: [String: [Finding]]
    /// Whether each launch's label names its device (a report of more than one device).
    var showsDevices = false

    private let width = 1200.0
    private let trackX = 330.0
    private let trackWidth = 760.0
    private let rowHeight = 66.0
    private let axisHeight = 34.0

    /// Two `<svg>` elements of the same width: the time axis (kept in view while the rows scroll),
    /// then the rows.
    func render() -> String {
        let scale = Scale(ends: launches.compactMap(Self.endMilliseconds))
        let height = rowHeight * Double(launches.count) + 6
        var svg = "<svg class=\"timeline timeline-axis\" viewBox=\"0 0 \(n(width)) \(n(axisHeight))\" width=\"\(n(width))\""
            + " height=\"\(n(axisHeight))\" aria-hidden=\"true\" xmlns=\"http://www.w3.org/2000/svg\">\n"
        svg += axisLabels(scale) + "</svg>\n"
        svg += "<svg class=\"timeline\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\""
            + " xmlns=\"http://www.w3.org/2000/svg\">\n"
        svg += "<title>Launch timelines: phases from the first phase seen, findings as markers</title>\n"
        svg += "<g class=\"grid\">" + ticks(scale).map { tick in
            "<line x1=\"\(n(tick.x))\" y1=\"0\" x2=\"\(n(tick.x))\" y2=\"\(n(height))\"/>"
        }.joined() + "</g>\n"
        for (index, launch) in launches.enumerated() {
            svg += row(launch, y: rowHeight * Double(index), scale: scale)
        }
        return svg + "</svg>\n"
    }

    /// The ticks that fit on the axis, at least 44 px apart, with their positions.
    private func ticks(_ scale: Scale) -> [(milliseconds: Int, x: Double)] {
        var result: [(milliseconds: Int, x: Double)] = []
        for tick in scale.ticks {
            let x = trackX + trackWidth * scale.fraction(Double(tick))
            if let last = result.last, x - last.x < 44 { continue }
            result.append((tick, x))
        }
        return result
    }

    /// The axis: its caption, the tick labels, and the heading of the time-to-active column.
    private func axisLabels(_ scale: Scale) -> String {
        var svg = "<text class=\"axis-caption\" x=\"12\" y=\"22\">time since the first phase"
            + (scale.clamped ? " (later: at the right edge →)" : "") + "</text>\n"
        for (milliseconds, x) in ticks(scale) {
            svg += "<line class=\"tick-mark\" x1=\"\(n(x))\" y1=\"28\" x2=\"\(n(x))\" y2=\"\(n(axisHeight))\"/>"
            let label = milliseconds == 0 ? "0" : milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : HTMLText.duration(milliseconds: milliseconds)
            svg += "<text class=\"tick\" x=\"\(n(x))\" y=\"22\">\(label)</text>\n"
        }
        return svg + "<text class=\"axis-caption\" x=\"\(n(trackX + trackWidth + 24))\" y=\"22\">to active</text>\n"
    }

    /// One launch: its label, its phases, its events and its findings.
    private func row(_ launch: Launch, y: Double, scale: Scale) -> String {
        let id = Escaping.markupLine(launch.id)
        let outcome = launch.outcome.rawValue
        let middle = 26.0
        let anchors = anchors(of: launch, scale: scale)
        var svg = "<g class=\"launch-row outcome-\(outcome)\" id=\"launch-\(id)\" data-launch=\"\(id)\""
            + " data-outcome=\"\(outcome)\" transform=\"translate(0,\(n(y)))\">\n"
        svg += "<rect class=\"row-bg\" x=\"0\" y=\"0\" width=\"\(n(width))\" height=\"\(n(rowHeight))\"/>\n"
        svg += label(launch)
        svg += "<line class=\"track\" x1=\"\(n(trackX))\" y1=\"\(n(middle))\" x2=\"\(n(trackX + trackWidth))\" y2=\"\(n(middle))\"/>\n"
        let untimed = launch.startSeconds == nil ? " untimed" : ""
        for (index, anchor) in anchors.enumerated().dropLast() {
            let next = anchors[index + 1]
            var title = "\(anchor.phase.rawValue) → \(next.phase.rawValue)"
            if let from = anchor.milliseconds, let to = next.milliseconds, to >= from {
                let toTheSecond = max(anchor.mark.precisionMs, next.mark.precisionMs) >= 1000
                title += ": " + Escaping.markupLine(
                    toTheSecond ? Launch.toTheSecond(milliseconds: to - from) : HTMLText.duration(milliseconds: to - from))
            }
            svg += "<rect class=\"segment\(index % 2 == 1 ? " alternate" : "")\(untimed)\" x=\"\(n(anchor.x))\" y=\"\(n(middle - 6))\""
                + " width=\"\(n(max(next.x - anchor.x, 1)))\" height=\"12\" rx=\"2\"><title>\(title)</title></rect>\n"
        }
        for anchor in anchors {
            svg += "<circle class=\"phase phase-\(anchor.phase.rawValue)\" cx=\"\(n(anchor.x))\" cy=\"\(n(middle))\" r=\"4.5\">"
                + "<title>\(Escaping.markupLine(title(of: anchor, launch: launch)))</title></circle>\n"
        }
        svg += phaseLabels(anchors, launch: launch, y: middle + 24)
        for event in launch.events {
            let x = position(of: event.mark, launch: launch, anchors: anchors, scale: scale)
            let text = event.name + (event.detail.map { " (\($0))" } ?? "") + " — line \(event.mark.location.line)"
            svg += "<rect class=\"event\" x=\"\(n(x - 1))\" y=\"\(n(middle + 8))\" width=\"2\" height=\"6\">"
                + "<title>\(Escaping.markupLine(text))</title></rect>\n"
        }
        for callback in launch.callbacks {
            let x = position(of: callback.mark, launch: launch, anchors: anchors, scale: scale)
            let owner = callback.delegate == .app ? "app delegate" : "scene " + (callback.scene ?? "")
            let text = "\(callback.step.rawValue) (\(owner)) — line \(callback.mark.location.line): \(callback.text)"
            svg += "<rect class=\"callback callback-\(callback.delegate.rawValue)\" x=\"\(n(x - 1.5))\" y=\"\(n(middle - 14))\""
                + " width=\"3\" height=\"7\" data-step=\"\(callback.step.rawValue)\"><title>\(Escaping.markupLine(text))</title></rect>\n"
        }
        svg += markers(launch, anchors: anchors, middle: middle)
        let toActive =
            launch.timeToActiveMs.map { milliseconds in
                (launch.timeToActivePrecisionMs ?? 1) > 1
                    ? Escaping.markupLine(launch.timeToActiveText ?? "") : HTMLText.duration(milliseconds: milliseconds)
            } ?? (untimed.isEmpty ? "—" : "no times")
        svg += "<text class=\"to-active\" x=\"\(n(trackX + trackWidth + 24))\" y=\"\(n(middle + 4))\">\(toActive)</text>\n"
        return svg + "</g>\n"
    }

    /// Each phase's name and offset below the track, in two lanes: a label goes in the first lane
    /// where it does not run into the one before it, else after the end of the lane that ends first
    /// (never past the picture's right edge).
    private func phaseLabels(_ anchors: [Anchor], launch: Launch, y: Double) -> String {
        var laneEnds = [-Double.infinity, -Double.infinity]
        var svg = ""
        for (index, anchor) in anchors.enumerated() {
            var text = anchor.phase.rawValue
            if let milliseconds = anchor.milliseconds, index > 0 {
                text += " " + (launch.isTimedToTheSecond || anchor.mark.precisionMs >= 1000
                    ? launch.offsetText(of: anchor.mark) ?? "" : HTMLText.duration(milliseconds: milliseconds))
            }
            let width = Double(text.count) * 5.6 + 8
            let start = max(min(anchor.x - 3, trackX + trackWidth + 90 - width), 12)
            let lane = laneEnds.firstIndex { $0 <= start } ?? (laneEnds[0] <= laneEnds[1] ? 0 : 1)
            let x = min(max(start, laneEnds[lane]), self.width - width)
            laneEnds[lane] = x + width
            svg += "<text class=\"phase-label\" x=\"\(n(x))\" y=\"\(n(y + 11 * Double(lane)))\">\(Escaping.markupLine(text))</text>\n"
        }
        return svg
    }

    /// The id, the app, and the outcome with the time to active, left of the track.
    private func label(_ launch: Launch) -> String {
        let app = launch.bundle ?? launch.process ?? "unknown app"
        let shown = app.count > 34 ? String(app.prefix(33)) + "…" : app
        var meta = "<tspan class=\"outcome-text\">\(launch.outcome.rawValue)</tspan>"
        if let termination = launch.termination {
            meta += " " + Escaping.markupLine("(" + termination.kind.rawValue + (termination.detail.map { " \($0)" } ?? "") + ")")
        }
        if let pid = launch.pid { meta += " · pid \(pid)" }
        if showsDevices, let device = launch.device {
            meta += " · " + Escaping.markupLine(device.count > 20 ? String(device.prefix(19)) + "…" : device)
        }
        switch launch.evidence {
        case .system: break
        case .app: meta += launch.startSeen ? " · app lines" : " · app lines, start not seen"
        case .endOnly: meta += " · end only"
        }
        var full = app
        if let process = launch.process, process != app { full += " (\(process))" }
        full += " — \(launch.path)"
        return "<text class=\"launch-id\" x=\"12\" y=\"18\">\(Escaping.markupLine(launch.id))</text>"
            + "<text class=\"launch-app\" x=\"52\" y=\"18\">\(Escaping.markupLine(shown))<title>\(Escaping.markupLine(full))</title></text>\n"
            + "<text class=\"launch-meta\" x=\"52\" y=\"33\">\(meta)</text>\n"
    }

    /// The findings of `launch` as diamonds above the track, coloured by severity, nudged apart
    /// where they would overlap.
    private func markers(_ launch: Launch, anchors: [Anchor], middle: Double) -> String {
        let placed = (findings[launch.id] ?? []).map { finding in
            (finding: finding, x: position(ofLine: finding.location.line, path: finding.location.path, launch: launch, anchors: anchors))
        }.sorted { $0.x < $1.x }
        var svg = ""
        var lastX = -Double.infinity
        for entry in placed {
            let x = min(max(entry.x, lastX + 9), trackX + trackWidth)
            lastX = x
            let finding = entry.finding
            let text = "\(finding.severity.rawValue) \(finding.rule): \(finding.message) (\(finding.location))"
            svg += "<path class=\"marker severity-\(finding.severity.rawValue)\" d=\"M\(n(x)) \(n(middle - 19))l4.5 4.5-4.5 4.5-4.5-4.5z\">"
                + "<title>\(Escaping.markupLine(text))</title></path>\n"
        }
        return svg
    }

    /// A phase's place on the track.
    private struct Anchor {
        var phase: LaunchPhase
        var mark: LaunchMark
        var x: Double
        /// The offset from the launch's start, when the phase has a time.
        var milliseconds: Int?
    }

    /// The phases of `launch` in line order, placed on the track.
    private func anchors(of launch: Launch, scale: Scale) -> [Anchor] {
        let entries = launch.phases.sorted { $0.value.location.line < $1.value.location.line }
        let start = launch.startSeconds
        var anchors = entries.map { entry -> Anchor in
            // A phase stamped before the start (a clock set back) is placed by its order, untimed.
            let milliseconds = start.flatMap { start in entry.value.seconds.map { Int((($0 - start) * 1000).rounded()) } }
                .flatMap { $0 >= 0 ? $0 : nil }
            let x = milliseconds.map { trackX + trackWidth * scale.fraction(Double(max($0, 0))) } ?? .nan
            return Anchor(phase: entry.key, mark: entry.value, x: x, milliseconds: milliseconds)
        }
        guard anchors.contains(where: { !$0.x.isNaN }) else {
            // No times at all: spread the phases evenly, in order.
            for index in anchors.indices {
                anchors[index].x = trackX + trackWidth * Double(index) / Double(max(anchors.count - 1, 1))
            }
            return anchors
        }
        // Untimed phases go between their timed neighbours, by order.
        for index in anchors.indices where anchors[index].x.isNaN {
            let before = anchors[..<index].lastIndex { !$0.x.isNaN }
            let after = anchors[(index + 1)...].firstIndex { !$0.x.isNaN }
            switch (before, after) {
            case let (before?, after?):
                let step = (anchors[after].x - anchors[before].x) / Double(after - before)
                anchors[index].x = anchors[before].x + step * Double(index - before)
            case let (before?, nil): anchors[index].x = min(anchors[before].x + 12 * Double(index - before), trackX + trackWidth)
            case let (nil, after?): anchors[index].x = max(anchors[after].x - 12 * Double(after - index), trackX)
            case (nil, nil): anchors[index].x = trackX
            }
        }
        return anchors
    }

    /// Where a mark other than a phase goes: by its time when it has one, else by its line.
    private func position(of mark: LaunchMark, launch: Launch, anchors: [Anchor], scale: Scale) -> Double {
        if let start = launch.startSeconds, let seconds = mark.seconds {
            return trackX + trackWidth * scale.fraction(max((seconds - start) * 1000, 0))
        }
        return position(ofLine: mark.location.line, path: mark.location.path, launch: launch, anchors: anchors)
    }

    /// Where line `line` of `path` falls between the phases around it; past the last phase when it
    /// is in another input (a crash report) or after every phase.
    private func position(ofLine line: Int, path: String, launch: Launch, anchors: [Anchor]) -> Double {
        guard let first = anchors.first, let last = anchors.last else { return trackX }
        guard path == launch.path else { return last.x + 10 }
        if line <= first.mark.location.line { return first.x }
        for (index, anchor) in anchors.enumerated().dropFirst() where line <= anchor.mark.location.line {
            let previous = anchors[index - 1]
            let span = Double(anchor.mark.location.line - previous.mark.location.line)
            return previous.x + (anchor.x - previous.x) * Double(line - previous.mark.location.line) / max(span, 1)
        }
        return last.x + 10
    }

    /// A phase's hover text: name, offset, timestamp, process and line.
    private func title(of anchor: Anchor, launch: Launch) -> String {
        var text = anchor.phase.rawValue
        if let milliseconds = anchor.milliseconds {
            text += launch.isTimedToTheSecond || anchor.mark.precisionMs >= 1000
                ? " " + (launch.offsetText(of: anchor.mark) ?? "") : " +\(HTMLText.grouped(milliseconds)) ms"
        }
        if let timestamp = anchor.mark.timestamp { text += " at \(timestamp)" }
        if let process = anchor.mark.process { text += " — \(process)" }
        return text + ", \(anchor.mark.location)"
    }

    /// The offset of a launch's last timed phase from its start.
    private static func endMilliseconds(_ launch: Launch) -> Int? {
        guard let start = launch.startSeconds, let end = launch.phases.values.compactMap(\.seconds).max() else { return nil }
        return Int(((end - start) * 1000).rounded())
    }

    /// The shared linear axis, from 0 to a whole number of ticks past the longest launch, or past
    /// 1.5 × the 75th percentile of them when the longest is longer.
    private struct Scale {
        /// The distance between ticks: 1, 2 or 5 × a power of ten, about a sixth of the axis.
        let step: Int
        let maxMilliseconds: Double

        /// Whether some launches are longer than the axis.
        let clamped: Bool

        /// The axis for launches that end at `ends` milliseconds.
        init(ends: [Int]) {
            let sorted = ends.sorted()
            let typical = max((AppLaunchStatistics.percentile(75, ofSorted: sorted) ?? 0) * 3 / 2, 100)
            clamped = (sorted.last ?? 0) > typical
            let longest = max(clamped ? typical : sorted.last ?? 0, 100)
            let rough = Double(longest) / 6
            let power = Int(pow(10, floor(log10(rough))))
            step = [1, 2, 5, 10].map { $0 * power }.first { Double($0) >= rough } ?? 10 * power
            self.maxMilliseconds = Double((longest + step - 1) / step * step)
        }

        /// Where `milliseconds` falls on the axis, from 0 to 1.
        func fraction(_ milliseconds: Double) -> Double {
            min(max(milliseconds / maxMilliseconds, 0), 1)
        }

        /// The tick values, one step apart.
        var ticks: [Int] {
            Array(stride(from: 0, through: Int(maxMilliseconds), by: step))
        }
    }

    private func n(_ value: Double) -> String { HTMLText.coordinate(value) }
}
