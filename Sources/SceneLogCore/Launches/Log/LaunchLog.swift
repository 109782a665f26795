/// The launches of a run, in the order they started, input by input.
///
/// A scan holds as values only the few launches still open (or closed a moment ago) and spills
/// the others, encoded, with the findings (to an unlinked temporary file past a few megabytes),
/// so that its memory does not grow with the number of launches. Read the log as a sequence, as
/// many times as needed; each pass reads the spilled launches back.
///
/// ```swift
/// let result = Scanner(options: options).scan(["night/"])
/// for launch in result.launches where launch.outcome == .crashed { print(launch.id, launch.bundle ?? "?") }
/// print(result.launches.count)
/// ```
public struct LaunchLog: Sequence, Sendable, ExpressibleByArrayLiteral {
    /// A stream's launches, with their ids shifted past the launches of the inputs before it.
    struct Part: Sendable {
        var run: LaunchRun
        var launchShift = 0
    }

    private(set) var parts: [Part] = []
    /// Findings added to launches after they were read (crash reports joined to them), by launch id.
    private var addedFindings: [String: Int] = [:]

    /// How many launches there are.
    public private(set) var count = 0

    /// A log of `launches`, in the order given.
    public init(_ launches: [Launch] = []) {
        if !launches.isEmpty { append(LaunchRun(held: launches)) }
    }

    /// A log of the launches listed, in the order listed.
    public init(arrayLiteral launches: Launch...) {
        self.init(launches)
    }

    /// Whether there is none.
    public var isEmpty: Bool { count == 0 }

    /// The first launch, if there is one.
    public var first: Launch? {
        var iterator = makeIterator()
        return iterator.next()
    }

    /// Adds `launch` after the others (for building a report by hand; a scan adds its launches in bulk).
    public mutating func append(_ launch: Launch) {
        if let last = parts.indices.last, parts[last].launchShift == 0, parts[last].run.locators.isEmpty {
            parts[last].run.held.append(launch)
            count += 1
        } else {
            append(LaunchRun(held: [launch]))
        }
    }

    /// Reads the launches from the first; each iterator reads the spilled ones back anew.
    public func makeIterator() -> Iterator {
        Iterator(parts: parts, addedFindings: addedFindings)
    }

    /// The launches as reports count them (``LaunchSummary``), in order: a spilled launch's figures
    /// are kept beside it, and only the start of its encoding is read back.
    var summaries: some Sequence<LaunchSummary> {
        parts.lazy.flatMap { part in sequence(state: LaunchRunReader(part.run)) { $0.nextSummary() } }
    }

    /// Adds a stream's launches, their ids shifted by `launchShift`.
    mutating func append(_ run: LaunchRun, launchShift: Int = 0) {
        guard run.count > 0 else { return }
        parts.append(Part(run: run, launchShift: launchShift))
        count += run.count
    }

    /// Adds `other`'s launches, their ids shifted by `launchShift`.
    mutating func append(contentsOf other: LaunchLog, launchShift: Int) {
        let numbering = LaunchNumbering(offset: launchShift)
        for part in other.parts { append(part.run, launchShift: part.launchShift + launchShift) }
        for (id, added) in other.addedFindings { addedFindings[numbering.shifted(id), default: 0] += added }
    }

    /// Counts one more finding for launch `id` (a crash report joined to it).
    mutating func addFinding(toLaunch id: String) {
        addedFindings[id, default: 0] += 1
    }

    /// The launches that `isIncluded` keeps, in the same order, encoded into `spool`.
    func filter(spool: Spool, _ isIncluded: (Launch) -> Bool) -> LaunchLog {
        var writer = LaunchWriter(spool: spool)
        var kept = 0
        for launch in self where isIncluded(launch) {
            kept += 1
            writer.write(launch, sequence: kept)
        }
        var log = LaunchLog()
        log.append(writer.finish())
        return log
    }

    /// Reads a log's launches in order.
    public struct Iterator: IteratorProtocol {
        private let parts: [Part]
        private let addedFindings: [String: Int]
        private var index = 0
        private var reader: LaunchRunReader?

        init(parts: [Part], addedFindings: [String: Int]) {
            self.parts = parts
            self.addedFindings = addedFindings
        }

        public mutating func next() -> Launch? {
            while index < parts.count {
                if reader == nil { reader = LaunchRunReader(parts[index].run) }
                if var launch = reader?.next() {
                    LaunchNumbering(offset: parts[index].launchShift).apply(to: &launch)
                    if !addedFindings.isEmpty, let added = addedFindings[launch.id] { launch.findings += added }
                    return launch
                }
                reader = nil
                index += 1
            }
            return nil
        }
    }
}
