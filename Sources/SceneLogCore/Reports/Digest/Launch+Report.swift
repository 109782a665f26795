extension Launch {
    /// The app as reports name it: the bundle id, else the process name, else `unknown app`.
    var appName: String {
        bundle ?? process ?? "unknown app"
    }

    /// How the process ended, as reports write it after the outcome: ` (signal SIGABRT(6))`;
    /// empty when the termination is not known.
    var terminationSuffix: String {
        guard let termination else { return "" }
        return " (" + termination.kind.rawValue + (termination.detail.map { " \($0)" } ?? "") + ")"
    }

    /// The first line of the input where the launch shows (0 when no phase was seen).
    var firstLine: Int {
        phases.values.map(\.location.line).min() ?? 0
    }
}
