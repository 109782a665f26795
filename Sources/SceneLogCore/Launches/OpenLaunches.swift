import DequeModule

/// Which launch a line belongs to: the launches still open, keyed by device and pid (else bundle
/// or process name), and the few that ended lately, whose last lines may still name them.
struct OpenLaunches {
    /// The open launches, oldest first, after ``closedAtFront`` slots of launches closed already:
    /// closing the oldest (as a capture with as many launches open as the tracker follows does at
    /// every new one) moves no launch until those slots are dropped together.
    private var open: [OpenLaunch] = []
    /// How many slots at the front of ``open`` hold launches closed already.
    private var closedAtFront = 0
    /// How many closed slots at the front are dropped at once.
    private static let closedSlotsDropped = 32
    /// Launches that ended lately: a finding on the line that ended a launch still belongs to it.
    private var recentlyClosed: Deque<Launch> = []
    /// How many launches went active without a key window and wait for the grace period.
    private(set) var awaitingWindowKey = 0
    /// How many open launches name each bundle: a search by bundle that no open launch names ends
    /// at once, however many launches are open.
    private var openBundles: [String: Int] = [:]
    static let recentlyClosedLimit = 32

    var count: Int { open.count - closedAtFront }
    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }

    subscript(index: Int) -> OpenLaunch {
        get { open[closedAtFront + index] }
        // In place: a copy of the launch would copy its phases and events on every change.
        _modify { yield &open[closedAtFront + index] }
    }

    /// Names the bundle of the open launch at `index`, which named none (set it only so: the
    /// count of open launches by bundle follows it).
    mutating func nameBundle(_ bundle: String, at index: Int) {
        guard self[index].launch.bundle == nil else { return }
        self[index].launch.bundle = bundle
        noteBundle(leaving: nil, entering: bundle)
    }

    mutating func append(_ launch: Launch) -> Int {
        open.append(OpenLaunch(launch: launch))
        noteBundle(leaving: nil, entering: launch.bundle)
        return count - 1
    }

    /// Counts one open launch less of `leaving` and one more of `entering`.
    private mutating func noteBundle(leaving: String?, entering: String?) {
        if let leaving, let open = openBundles[leaving] { openBundles[leaving] = open > 1 ? open - 1 : nil }
        if let entering { openBundles[entering, default: 0] += 1 }
    }

    /// Whether an open launch names `bundle`.
    private func isOpen(bundle: String) -> Bool {
        openBundles[bundle] != nil
    }

    /// Drops an open launch, keeping it a while for findings on the lines that ended it.
    mutating func remove(_ index: Int) {
        setAwaitingWindowKey(false, index)
        noteBundle(leaving: self[index].launch.bundle, entering: nil)
        if index == 0 {
            recentlyClosed.append(open[closedAtFront].launch)
            closedAtFront += 1
            if closedAtFront == Self.closedSlotsDropped || closedAtFront == open.count {
                open.removeFirst(closedAtFront)
                closedAtFront = 0
            }
        } else {
            recentlyClosed.append(open.remove(at: closedAtFront + index).launch)
        }
        if recentlyClosed.count > Self.recentlyClosedLimit { recentlyClosed.removeFirst() }
    }

    /// The launch at `index` of those that ended lately (an index their searches gave).
    func recentlyClosedLaunch(_ index: Int) -> Launch {
        recentlyClosed[index]
    }

    mutating func updateRecentlyClosed(_ index: Int, _ change: (inout Launch) -> Void) -> Launch {
        change(&recentlyClosed[index])
        return recentlyClosed[index]
    }

    mutating func setAwaitingWindowKey(_ awaiting: Bool, _ index: Int) {
        guard self[index].awaitingWindowKey != awaiting else { return }
        self[index].awaitingWindowKey = awaiting
        awaitingWindowKey += awaiting ? 1 : -1
    }

    /// The latest open launch of `pid` on `device`.
    func index(pid: Int, device: String?) -> Int? {
        lastIndex { $0.pointee.launch.pid == pid && $0.pointee.launch.device == device }
    }

    /// The open launch of `bundle` (with `pid` when given), most recent first.
    func index(bundle: String, pid: Int?, device: String?) -> Int? {
        if let pid, let index = index(pid: pid, device: device) { return index }
        guard isOpen(bundle: bundle) else { return nil }
        return lastIndex { state in
            state.pointee.launch.bundle == bundle && state.pointee.launch.device == device
                && (pid == nil || state.pointee.launch.pid == nil)
        }
    }

    /// The launch of `bundle` requested but not spawned yet.
    func requestedIndex(bundle: String, device: String?) -> Int? {
        guard isOpen(bundle: bundle) else { return nil }
        return lastIndex { $0.pointee.launch.bundle == bundle && $0.pointee.launch.pid == nil && $0.pointee.launch.device == device }
    }

    /// The latest open launch on `device` with no pid yet.
    func pidlessIndex(device: String?) -> Int? {
        lastIndex { $0.pointee.launch.pid == nil && $0.pointee.launch.device == device }
    }

    /// The open launch an app-process line belongs to: by pid, else by process name (console
    /// exports print none), else by the bundle id's last component.
    func appIndex(pid: Int?, process: String?, device: String?) -> Int? {
        if let pid { return index(pid: pid, device: device) }
        // A plain Xcode console, and print() lines in a timestamped one, name neither: the line is
        // the app's whose launch was rebuilt from its lines last.
        guard let process else { return latestFromTheAppsLines() }
        if let index = lastIndex(where: { $0.pointee.launch.process == process && $0.pointee.launch.device == device }) {
            return index
        }
        return lastIndex { state in
            state.pointee.launch.process == nil && state.pointee.launch.device == device
                && state.pointee.launch.bundle?.split(separator: ".").last.map(String.init) == process
        }
    }

    /// For lines only an app logs (its deactivation mask, its key window): when exactly one open
    /// launch has no process name yet, and no pid other than the line's, the line's process is that app.
    mutating func bindUnnamed(process: String?, pid: Int?, device: String?) -> Int? {
        guard let process else { return nil }
        func isUnnamed(_ state: UnsafePointer<OpenLaunch>) -> Bool {
            state.pointee.launch.process == nil && state.pointee.launch.device == device
                && (state.pointee.launch.pid == nil || pid == nil || state.pointee.launch.pid == pid)
        }
        guard let index = lastIndex(where: isUnnamed), firstIndex(where: isUnnamed) == index else { return nil }
        self[index].launch.process = process
        return index
    }

    /// An earlier open launch of `bundle` with a pid, other than `id`: an app runs in one process
    /// at a time, so it is over.
    func supersededIndex(by id: String, bundle: String, device: String?) -> Int? {
        guard isOpen(bundle: bundle) else { return nil }
        return firstIndex { state in
            state.pointee.launch.id != id && state.pointee.launch.bundle == bundle && state.pointee.launch.device == device
                && state.pointee.launch.pid != nil
        }
    }

    /// The launch that ended lately with one of `pids` (or with `process`) on `device`; for a line
    /// naming neither, the launch rebuilt from the app's lines that ended just before `line`.
    func recentlyClosedIndex(pids: [Int], process: String?, device: String?, line: Int) -> Int? {
        guard !pids.isEmpty || process != nil else { return recentlyEndedFromTheAppsLines(before: line, device: device) }
        return recentlyClosed.lastIndex { launch in
            launch.device == device
                && (launch.pid.map(pids.contains) ?? false || (launch.process != nil && launch.process == process))
        }
    }

    /// How many lines after a launch rebuilt from the app's lines ended a line that names no
    /// process may still be of it: the rest of a crash's messages (`*** Terminating app…` after
    /// `libc++abi: terminating…`, the exception's reason), not a later run of the app.
    static let crashTailLines = 10

    /// For a line that names neither pid nor process (a plain console's): the launch rebuilt from
    /// the app's lines that ended at most ``crashTailLines`` lines before `line`.
    private func recentlyEndedFromTheAppsLines(before line: Int, device: String?) -> Int? {
        guard let index = recentlyClosed.lastIndex(where: { $0.evidence != .system && $0.device == device }),
            let end = recentlyClosed[index].phases[.terminated]?.location.line, line - end <= Self.crashTailLines
        else { return nil }
        return index
    }

    /// A launch rebuilt from lines that named no pid (a plain console's `print()` lines), which a
    /// line of the same process naming `pid` now names: it learns the pid and the process.
    mutating func adoptUnnamed(pid: Int?, process: String?) -> Int? {
        guard let pid,
            let index = lastIndex(where: { state in
                state.pointee.launch.evidence != .system && state.pointee.launch.pid == nil
                    && (state.pointee.launch.process == nil || state.pointee.launch.process == process)
            })
        else { return nil }
        self[index].launch.pid = pid
        if let process { self[index].launch.process = process }
        return index
    }

    /// Whether a launch rebuilt from the app's lines still waits for its pid.
    var hasLaunchWithoutPid: Bool {
        lastIndex { $0.pointee.launch.evidence != .system && $0.pointee.launch.pid == nil } != nil
    }

    /// The latest open launch rebuilt without the system's markers (from the app's lines, or its end).
    func latestFromTheAppsLines() -> Int? {
        lastIndex { $0.pointee.launch.evidence != .system }
    }

    /// The latest open launch whose fields `matches`, each looked at where it is: a collection's
    /// search, or a closure given the element, copies every launch it passes (a launch and its last
    /// reported state: dozens of references to retain and release), which made a capture with many
    /// launches open slow.
    private func lastIndex(where matches: (UnsafePointer<OpenLaunch>) -> Bool) -> Int? {
        open.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress.map({ $0 + closedAtFront }) else { return nil }
            var index = count
            while index > 0 {
                index -= 1
                if matches(base + index) { return index }
            }
            return nil
        }
    }

    /// The earliest open launch whose fields `matches` (see ``lastIndex(where:)``).
    private func firstIndex(where matches: (UnsafePointer<OpenLaunch>) -> Bool) -> Int? {
        open.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress.map({ $0 + closedAtFront }) else { return nil }
            return indices.first { matches(base + $0) }
        }
    }

    /// Whether a launch of `bundle` on `device` that the system could not start closed lately.
    func recentlyFailedToStart(bundle: String, device: String?) -> Bool {
        recentlyClosed.contains { $0.bundle == bundle && $0.device == device && $0.termination?.kind == .bootstrap }
    }

    /// Whether a launch of `pid` on `device` ended lately (its process's late lines start no launch).
    func recentlyClosed(pid: Int, device: String?) -> Bool {
        recentlyClosed.contains { $0.pid == pid && $0.device == device }
    }

    /// The terminated launch that ended lately with `pid` on `device`.
    func recentlyTerminatedIndex(pid: Int, device: String?) -> Int? {
        guard let index = recentlyClosed.lastIndex(where: { $0.pid == pid && $0.device == device }),
            recentlyClosed[index].phases.contains(.terminated)
        else { return nil }
        return index
    }
}
