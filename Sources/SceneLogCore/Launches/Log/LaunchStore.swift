/// The latest state of every launch of an input, in the order they started.
///
/// A batch scan holds as values only the ``heldLaunches`` launches that changed last (the open
/// ones, and those that closed a moment ago and may still take a late line) and writes the others
/// to the spool (``LaunchWriter``), so that memory stays flat however many launches there are. A
/// launch that changes after it was written is held again and written again later; the run reads
/// its latest state, in start order.
///
/// With a limit (a live watch), only the latest launches are kept, as values: the earliest are let
/// go, their outcomes counted as they stood then.
struct LaunchStore {
    /// The most launches a batch scan holds as values: as many as may still change (the tracker's
    /// open launches and those that closed a moment ago), so that launches told in turn, more of
    /// them than are held, are not each written again at every change.
    static let heldLaunches = LaunchTracker.Settings().maximumOpenLaunches + OpenLaunches.recentlyClosedLimit

    private let limit: Int?
    /// Where a batch scan writes its launches; `nil` with a limit.
    private var writer: LaunchWriter?
    /// The launches held as values, by sequence number (the order they started).
    private var stored: [Int: Launch] = [:]
    /// Launches up to this sequence number were let go; their later changes are not kept.
    private var releasedThrough = 0
    /// The outcomes of the launches let go, as they stood when they were.
    private(set) var released: [LaunchOutcome: Int] = [:]
    /// A batch scan's changes, oldest first: the launch's sequence number and the change's number
    /// (an entry whose launch changed again since is passed over).
    private(set) var changes: [(sequence: Int, change: Int)] = []
    private var oldestChange = 0
    private var latestChange: [Int: Int] = [:]
    private var changeCount = 0

    /// A live watch's store: the latest `limit` launches.
    init(limit: Int) {
        self.limit = limit
    }

    /// A batch scan's store: every launch, written to `spool` but for the latest changed.
    init(spool: Spool) {
        limit = nil
        writer = LaunchWriter(spool: spool)
    }

    mutating func update(_ launch: Launch) {
        let sequence = LaunchNumbering.sequence(of: launch.id)
        guard sequence > releasedThrough else { return }
        stored[sequence] = launch
        if writer != nil { return noteChange(of: sequence) }
        guard let limit, stored.count > limit, let oldest = stored.keys.min(), let gone = stored.removeValue(forKey: oldest) else {
            return
        }
        releasedThrough = oldest
        released[gone.outcome, default: 0] += 1
    }

    /// The latest state of the launch `id` when it is still held as a value (it changed lately).
    func held(_ id: String) -> Launch? {
        stored[LaunchNumbering.sequence(of: id)]
    }

    /// The launches, in the order they started; called once, when the input is read.
    mutating func finish() -> LaunchRun {
        let latest = stored.sorted { $0.key < $1.key }
        stored = [:]
        guard var writer else { return LaunchRun(held: latest.map(\.value)) }
        for (sequence, launch) in latest { writer.write(launch, sequence: sequence) }
        self.writer = nil
        return writer.finish()
    }

    /// Notes a batch scan's change, and writes the launches that changed longest ago past ``heldLaunches``.
    private mutating func noteChange(of sequence: Int) {
        changeCount += 1
        latestChange[sequence] = changeCount
        changes.append((sequence, changeCount))
        while stored.count > Self.heldLaunches, oldestChange < changes.count {
            let (oldest, change) = changes[oldestChange]
            oldestChange += 1
            guard latestChange[oldest] == change, let launch = stored.removeValue(forKey: oldest) else { continue }
            latestChange[oldest] = nil
            writer?.write(launch, sequence: oldest)
        }
        // The entries passed over, and those of launches that changed again since, go once they
        // outnumber the launches held: a few launches that change at every line keep it short.
        if changes.count >= 2 * Self.heldLaunches + 1024 {
            changes = changes[oldestChange...].filter { latestChange[$0.sequence] == $0.change }
            oldestChange = 0
        }
    }
}
