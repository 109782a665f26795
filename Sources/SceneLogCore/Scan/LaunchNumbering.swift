/// The one place launch ids are made: a tracker numbers an input's launches `L1`, `L2`… in the
/// order they start, and a scan shifts each input's numbers past the launches of the inputs before
/// it, so that ids are unique in a report and in input order, whatever the number of threads.
struct LaunchNumbering {
    /// How many launches the inputs before this one had.
    let offset: Int

    /// The id of an input's `sequence`-th launch, before shifting.
    static func localID(_ sequence: Int) -> String { "L\(sequence)" }

    /// The sequence number of a local id (its order among the input's launches).
    static func sequence(of id: String) -> Int { Int(id.dropFirst()) ?? 0 }

    /// Drops the entries of the earliest launches from `values`, keyed by launch id, when they
    /// are more than twice `kept`, down to `kept`: what a live scan remembers of each launch stays
    /// bounded however many launches a stream has (the earliest are long over). Returns whether
    /// it dropped any.
    @discardableResult
    static func dropEarliest<Value>(from values: inout [String: Value], keeping kept: Int) -> Bool {
        guard values.count > 2 * kept else { return false }
        for id in values.keys.sorted(by: { sequence(of: $0) < sequence(of: $1) }).prefix(values.count - kept) {
            values[id] = nil
        }
        return true
    }

    /// `launches` with their report-wide ids.
    func apply(to launches: [Launch]) -> [Launch] {
        offset == 0 ? launches : launches.map(apply)
    }

    /// `findings` pointing at their launches' report-wide ids.
    func apply(to findings: [Finding]) -> [Finding] {
        offset == 0 ? findings : findings.map(apply)
    }

    /// `launch` with its report-wide id.
    func apply(to launch: Launch) -> Launch {
        var launch = launch
        apply(to: &launch)
        return launch
    }

    /// Gives `launch` its report-wide id, in place (no copy of the launch).
    func apply(to launch: inout Launch) {
        guard offset != 0 else { return }
        launch.id = shifted(launch.id)
    }

    /// `finding` pointing at its launch's report-wide id.
    func apply(to finding: Finding) -> Finding {
        guard offset != 0 else { return finding }
        var finding = finding
        finding.launch = finding.launch.map(shifted)
        return finding
    }

    /// `id` (an input's own launch id) as the report numbers it.
    func shifted(_ id: String) -> String {
        Self.localID(offset + Self.sequence(of: id))
    }
}
