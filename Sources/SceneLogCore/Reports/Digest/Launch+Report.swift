extension Launch {
    /// The app as reports name it: the bundle id, else the process name, else `unknown app`.
    var appName: String {
        bundle ?? process ?? "unknown app"
    }

    /// How the process ended, as reports write it after the outcome: ` (signal SIGABRT(6))`;
    /// empty when the termination is not known.
    /// The detail comes from a log line (dyld's library or symbol): it is escaped for one line
    /// (``Escaping/terminalLine(_:)``), as every renderer that writes it writes it on one.
    var terminationSuffix: String {
        guard let termination else { return "" }
        return " (" + termination.kind.rawValue + (termination.detail.map { " " + Escaping.terminalLine($0) } ?? "") + ")"
    }

    /// The first line of the input where the launch shows: a phase, the app's first line, an
    /// event or a callback; `nil` when none was kept (a launch seen only by its failure).
    var firstLine: Int? {
        (phases.values.map(\.location.line) + [appFirstLine?.location.line].compactMap { $0 }
            + events.map(\.mark.location.line) + callbacks.map(\.mark.location.line)).min()
    }

    /// `path:line` of ``firstLine``, or the path alone when no line is known.
    var placeText: String {
        firstLine.map { "\(path):\($0)" } ?? path
    }

    /// How long after the launch's start `mark` came, as reports write it: `+338 ms`; `+< 1 s`
    /// or `+≈ 2 s` when either stamp prints whole seconds. `nil` when either has no time, or the
    /// mark's is before the start's.
    func offsetText(of mark: LaunchMark) -> String? {
        // A mark stamped before the start (a clock set back, a leap second read as the next day's
        // first) has no offset to show.
        guard let start = start?.mark, let from = start.seconds, let seconds = mark.seconds, seconds >= from else { return nil }
        let milliseconds = Int(((seconds - from) * 1000).rounded())
        guard max(start.precisionMs, mark.precisionMs) >= 1000 else { return "+\(milliseconds) ms" }
        return "+" + Self.toTheSecond(milliseconds: milliseconds)
    }

    /// A duration measured between whole-second stamps: `< 1 s` when they are equal, else `≈ 2 s`.
    static func toTheSecond(milliseconds: Int) -> String {
        let whole = Int((Double(milliseconds) / 1000).rounded())
        return whole == 0 ? "< 1 s" : "≈ \(whole) s"
    }
}
