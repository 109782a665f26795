/// The trend of recorded runs: a text table (`scenelog history`) or a self-contained HTML page
/// with charts (`--format html`, ``HistoryPage``).
public struct HistoryRenderer: Sendable {
    /// The terminal width the text stays within.
    public var width: Int

    /// The widest text it lays out: a wider terminal gets tables this wide.
    public static let maximumWidth = 1_000

    /// `width` is the terminal's (`$COLUMNS`), 80 by default; below 70 it is taken as 70, above
    /// ``maximumWidth`` as that.
    public init(width: Int = 80) {
        self.width = min(max(width, 70), Self.maximumWidth)
    }

    /// Runs as rows, oldest first, each named by its time and commit: one table of the findings
    /// by severity, then findings per rule and time to active per app (p50/p90), as many columns
    /// as fit the width (`R1`, `A1`… named above each table), the rest in further tables.
    ///
    /// - Parameter branch: the branch the runs were chosen by (`--branch`), for what an empty
    ///   history says.
    public func text(_ runs: [HistoryRun], branch: String? = nil) -> String {
        guard !runs.isEmpty else { return Self.noRun(branch: branch.map(Escaping.terminalLine)) + "\n" }
        var output = summary(runs)
        var findingsByRule: [String: Int] = [:]
        for run in runs { findingsByRule.merge(run.findingsByRule, uniquingKeysWith: +) }
        let rules = Self.largest(findingsByRule)
        output += Self.leftOut(rules, of: findingsByRule.count, "rules", by: "findings")
        output += keyedTables(
            title: "Findings per rule", key: "R", names: rules, columnWidth: 7, runs: runs
        ) { index, rule in "\(runs[index].findingsByRule[rule] ?? 0)" }
        var launchesByApp: [String: Int] = [:]
        for run in runs { for app in run.apps { launchesByApp[app.app, default: 0] += app.launches } }
        let apps = Self.largest(launchesByApp)
        output += Self.leftOut(apps, of: launchesByApp.count, "apps", by: "launches")
        // Each run's apps by name: a run may hold thousands of them.
        let figuresByRun = runs.map { run in Dictionary(run.apps.map { ($0.app, $0) }) { first, _ in first } }
        output += keyedTables(
            title: "Time to active per app, p50/p90 ms", key: "A", names: apps, columnWidth: 13, runs: runs
        ) { index, app in
            let figures = figuresByRun[index][app]
            return [figures?.medianTimeToActiveMs, figures?.p90TimeToActiveMs].map { $0.map(String.init) ?? "–" }.joined(separator: "/")
        }
        return output
    }

    /// The most rules, and apps, the tables show: a history from elsewhere (or of many user
    /// rules) may name thousands, each a column of every run.
    static let maximumColumns = 96

    /// The names with the largest totals, at most ``maximumColumns``, in name order.
    private static func largest(_ totals: [String: Int]) -> [String] {
        guard totals.count > maximumColumns else { return totals.keys.sorted() }
        return totals.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(maximumColumns).map(\.key).sorted()
    }

    /// `\n(the 96 rules with the most findings of 2,000: the others are left out)`, when some are.
    private static func leftOut(_ shown: [String], of count: Int, _ what: String, by measure: String) -> String {
        guard count > shown.count else { return "" }
        return "\n(the \(shown.count) \(what) with the most \(measure) of \(HTMLText.grouped(count)) are shown: the others are left out)\n"
    }

    /// A page with charts of findings per rule and time to active per app, and the runs.
    public func html(_ runs: [HistoryRun], branch: String? = nil) -> String {
        HistoryPage(runs: runs, branch: branch).render()
    }

    /// What a history with no run (on `branch`, when given) says: `No run recorded yet: …`.
    static func noRun(branch: String?) -> String {
        guard let branch else { return "No run recorded yet: run scenelog report --record." }
        return "No run recorded on branch '\(branch)': run scenelog report --record on it, or leave out --branch."
    }

    // MARK: - Text

    /// The width of a run's label, `2025-06-03 10:00 3f2a9c1`.
    private static let labelWidth = 24

    /// One row per run: its label, branch, findings by severity and lines read.
    private func summary(_ runs: [HistoryRun]) -> String {
        let numbers = [("errors", 7), ("warnings", 9), ("notes", 6), ("lines", 10)]
        let branchWidth = width - Self.labelWidth - 1 - numbers.map(\.1).reduce(0, +)
        var output = pad("run (UTC, commit)", Self.labelWidth) + " " + pad("branch", branchWidth)
            + numbers.map { pad($0.0, $0.1, left: true) }.joined() + "\n"
        for run in runs {
            let figures = [run.findingsBySeverity[.error] ?? 0, run.findingsBySeverity[.warning] ?? 0, run.findingsBySeverity[.note] ?? 0, run.lines]
            output += pad(line(run.label), Self.labelWidth) + " " + pad(fit(line(run.branch ?? "–"), branchWidth - 1), branchWidth)
                + zip(figures, numbers).map { pad(HTMLText.grouped($0), $1.1, left: true) }.joined() + "\n"
        }
        return output
    }

    /// Tables of runs as rows and `names` as columns keyed `key1`, `key2`…, as many columns to a
    /// table as fit the width, each table after the list of the names it shows.
    /// `value` gives the cell of the run at an index of `runs` and a name.
    private func keyedTables(
        title: String, key: String, names: [String], columnWidth: Int, runs: [HistoryRun], value: (Int, String) -> String
    ) -> String {
        guard !names.isEmpty else { return "" }
        let perTable = max((width - Self.labelWidth) / columnWidth, 1)
        let numbered = Array(names.enumerated())
        var output = ""
        for start in stride(from: 0, to: names.count, by: perTable) {
            let shown = numbered[start..<min(start + perTable, names.count)]
            output += "\n\(title)" + (names.count > perTable ? " (\(start + 1)–\(start + shown.count) of \(names.count))" : "") + "\n"
            let keyWidth = key.count + String(names.count).count
            for (index, name) in shown { output += fit("  " + pad("\(key)\(index + 1)", keyWidth) + "  " + line(name), width) + "\n" }
            output += pad("run (UTC, commit)", Self.labelWidth) + shown.map { pad("\(key)\($0.offset + 1)", columnWidth, left: true) }.joined() + "\n"
            for (index, run) in runs.enumerated() {
                output += pad(line(run.label), Self.labelWidth)
                    + shown.map { pad(fit(value(index, $0.element), columnWidth - 1), columnWidth, left: true) }.joined() + "\n"
            }
        }
        return output
    }

    /// `text` cut to `width` characters, its end shown by `…`.
    private func fit(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(width - 1, 0))) + "…"
    }

    /// Text recorded in the history for the text table: one line, its controls shown.
    private func line(_ text: String) -> String {
        Escaping.terminalLine(text)
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        TerminalText.pad(text, width, left: left)
    }
}
