/// Launches counted by outcome, in the canonical order (the order `LaunchOutcome` declares its cases), leaving
/// out the outcomes no launch had.
struct OutcomeCounts: Sendable, Equatable {
    /// One outcome and how many launches ended that way.
    struct Entry: Sendable, Equatable {
        /// The outcome.
        let outcome: LaunchOutcome
        /// How many launches had it (at least 1).
        let count: Int
    }

    /// The outcomes that occur, in the canonical order.
    let entries: [Entry]

    /// Counts the outcomes of `launches`, and those counted in `plus`.
    init(_ launches: some Sequence<Launch>, plus: [LaunchOutcome: Int] = [:]) {
        var counts = plus
        for launch in launches { counts[launch.outcome, default: 0] += 1 }
        entries = LaunchOutcome.allCases.compactMap { outcome in counts[outcome].map { Entry(outcome: outcome, count: $0) } }
    }

    /// How many launches were counted.
    var total: Int { entries.reduce(0) { $0 + $1.count } }

    /// The counts as a list: `2 active, 1 crashed` (empty when there is no launch).
    var list: String {
        entries.map { "\($0.count) \($0.outcome.rawValue)" }.joined(separator: ", ")
    }

    /// One sentence for a summary line: `3 launches: 2 active, 1 crashed.`, `1 launch: 1 active.`,
    /// `No launch found.`
    var summary: String {
        switch total {
        case 0: "No launch found."
        case 1: "1 launch: \(list)."
        default: "\(total) launches: \(list)."
        }
    }

    /// The counts keyed by outcome name, for a JSON object.
    var byName: [String: Int] {
        Dictionary(uniqueKeysWithValues: entries.map { ($0.outcome.rawValue, $0.count) })
    }
}
