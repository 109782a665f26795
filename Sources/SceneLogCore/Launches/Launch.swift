/// The steps of an app launch, in the order they normally happen (DESIGN section 5).
public enum LaunchPhase: String, Sendable, CaseIterable, Codable, Comparable {
    /// SpringBoard: `Bootstrapping <bundle> with intent …`.
    case requested
    /// runningboardd: `Now tracking process: [app<bundle>:pid]`, the first line with the pid.
    case spawned
    /// SpringBoard: `[app<bundle>:pid] Bootstrap success!`.
    case bootstrapped
    /// SpringBoard: `Sending scene action [Logical Activate]… (watchdog: 19.96s)`, the scene create.
    case sceneCreated
    /// The app: `Window did become application key` / `Window became key in scene`.
    case windowKey
    /// The app: the deactivation mask reaches 0 for the first time.
    case active
    /// The app: the background reason (15) is added to the mask.
    case background
    /// The app: the mask returns to 0 after a background.
    case foreground
    /// The process ended.
    case terminated

    /// The phase's position in the normal order.
    var index: Int {
        switch self {
        case .requested: 0
        case .spawned: 1
        case .bootstrapped: 2
        case .sceneCreated: 3
        case .windowKey: 4
        case .active: 5
        case .background: 6
        case .foreground: 7
        case .terminated: 8
        }
    }

    public static func < (lhs: LaunchPhase, rhs: LaunchPhase) -> Bool { lhs.index < rhs.index }
}

/// The mark of each phase a launch reached: a fixed slot per phase, cheaper than a dictionary.
public struct PhaseMarks: Sendable, Equatable, Sequence {
    /// The phases in slot order (``LaunchPhase/index``), read without building `allCases` again.
    private static let phasesInOrder = LaunchPhase.allCases
    private var slots = [LaunchMark?](repeating: nil, count: phasesInOrder.count)
    /// The phases reached, one bit each at ``LaunchPhase/index``: whether a phase was reached is
    /// told without copying its mark out of its slot.
    private(set) var reachedBits = 0

    public init() {}

    public subscript(phase: LaunchPhase) -> LaunchMark? {
        get { slots[phase.index] }
        set {
            let bit = 1 << phase.index
            switch newValue {
            case .some: reachedBits |= bit
            case .none: reachedBits &= ~bit
            }
            slots[phase.index] = newValue
        }
    }

    /// Whether `phase` was reached.
    public func contains(_ phase: LaunchPhase) -> Bool {
        reachedBits & 1 << phase.index != 0
    }

    /// The phases reached, in phase order.
    public var keys: [LaunchPhase] { Self.phasesInOrder.filter(contains) }

    /// The marks, in phase order.
    public var values: [LaunchMark] { slots.compactMap { $0 } }

    public func makeIterator() -> Iterator {
        Iterator(marks: self)
    }

    /// The phases reached and their marks, in phase order, without collecting them first.
    public struct Iterator: IteratorProtocol {
        fileprivate let marks: PhaseMarks
        fileprivate var slot = 0

        public mutating func next() -> (key: LaunchPhase, value: LaunchMark)? {
            while slot < marks.slots.count {
                defer { slot += 1 }
                if let mark = marks.slots[slot] {
                    return (PhaseMarks.phasesInOrder[slot], mark)
                }
            }
            return nil
        }
    }
}

/// Where and when a phase (or event) was seen.
public struct LaunchMark: Sendable, Equatable {
    /// The timestamp as printed.
    public var timestamp: String?
    /// Wall-clock seconds (see ``Timestamp/wallClockSeconds``), for durations.
    public var seconds: Double?
    public var location: SourceLocation
    /// The process whose line it was.
    public var process: String?
    /// How finely `seconds` is known, in milliseconds (see ``Timestamp/precisionMs``): 1000 for a
    /// line that prints whole seconds.
    public var precisionMs: Int

    public init(timestamp: String?, seconds: Double?, location: SourceLocation, process: String?, precisionMs: Int = 1) {
        self.timestamp = timestamp
        self.seconds = seconds
        self.location = location
        self.process = process
        self.precisionMs = precisionMs
    }
}

/// How a launch ended up (the `outcome` of a launch in reports). The cases are declared in the one
/// order in which reports count and list outcomes.
public enum LaunchOutcome: String, Sendable, Codable, CaseIterable {
    /// The app became active with a key window.
    case active
    /// The process died of a signal (SIGABRT, SIGSEGV, SIGTRAP…) or wrote a crash report.
    case crashed
    /// The system killed it: watchdog, privacy (TCC), memory (jetsam), force quit.
    case killed
    /// The process exited by itself.
    case exited
    /// UIKit refused to launch it (the iOS 27 SDK UIScene trap), dyld could not load it (a library
    /// or symbol missing: the process ended before `main`), or the system could not start it.
    case launchFailed = "launch-failed"
    /// The app went active after its scene connected, but no window ever became key.
    case blackScreenSuspected = "black-screen-suspected"
    /// The log ended (or the device disconnected) before the outcome was known.
    case incomplete
}

/// Why a process ended (the `termination` of a launch in reports).
public struct Termination: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        /// dyld ended the process before `main`: a library or symbol missing, a code signature…
        case dyld
        /// The system could not start the process (SpringBoard's `Bootstrap failed`).
        case bootstrap
        case signal, watchdog, tcc, jetsam, user, clean, unknown

        /// How much a line of this kind says: the most specific one seen wins.
        var specificity: Int {
            switch self {
            case .watchdog: 5
            case .dyld, .bootstrap, .tcc, .jetsam, .user: 4
            case .signal: 3
            case .clean: 2
            case .unknown: 1
            }
        }
    }

    public var kind: Kind
    /// `SIGABRT(6)`, `per-process-limit(7)`, `force-quit`, `exit(255)`…
    public var detail: String?

    public init(kind: Kind, detail: String? = nil) {
        self.kind = kind
        self.detail = detail
    }
}

/// Something that happened during a launch besides its phases: a framework marker or a URL open.
public struct LaunchEvent: Sendable, Equatable {
    /// `unity:applicationDidFinishLaunching`, `react-native:running-main`, `url-open:cold`…
    public var name: String
    public var detail: String?
    public var mark: LaunchMark

    public init(name: String, detail: String? = nil, mark: LaunchMark) {
        self.name = name
        self.detail = detail
        self.mark = mark
    }
}

/// What a launch was rebuilt from (the `evidence` of a launch in reports): real captures are partial.
public enum LaunchEvidence: String, Sendable, Codable {
    /// SpringBoard's and runningboardd's launch markers (a whole device log).
    case system
    /// Only the app's own lines: an Xcode console, a console export filtered to the app.
    case app
    /// Only how it ended: a termination, exit or watchdog line, or the iOS 27 trap alone.
    case endOnly = "end-only"
}

/// One of the app's own life-cycle callbacks, as it printed it (`print(#function)`,
/// `__PRETTY_FUNCTION__`, Unity's trampoline): the `callbacks` of a launch in reports.
public struct LaunchCallback: Sendable, Equatable {
    public var step: LifecycleStep
    /// The app delegate's or a scene delegate's.
    public var delegate: LifecycleDelegate
    /// The scene's address when the line shows it (`0x10270b110`), so that scenes stay apart.
    public var scene: String?
    /// Where and when it was printed.
    public var mark: LaunchMark
    /// The line's text, cut to a readable length.
    public var text: String

    public init(step: LifecycleStep, delegate: LifecycleDelegate, scene: String?, mark: LaunchMark, text: String) {
        self.step = step
        self.delegate = delegate
        self.scene = scene
        self.mark = mark
        self.text = text
    }
}

/// One app launch rebuilt from the log: the `launches` entries of a report.
public struct Launch: Sendable, Equatable {
    /// `L1`, `L2`… in the order launches start, unique within a report.
    public var id: String
    public var bundle: String?
    public var process: String?
    public var pid: Int?
    public var device: String?
    /// The input it was read from.
    public var path: String
    /// The launch intent SpringBoard printed (`foreground-interactive`, `background`).
    public var intent: String?
    /// The first time each phase was seen (background and foreground: the latest).
    public var phases = PhaseMarks()
    /// The watchdog allowance SpringBoard printed with the scene create, in seconds.
    public var watchdogBudget: Double?
    public var events: [LaunchEvent] = []
    public var termination: Termination?
    /// How many findings belong to this launch.
    public var findings = 0
    /// Whether UIKit's iOS 27 launch trap fired in this launch.
    public var hitLaunchTrap = false
    /// What the launch was rebuilt from.
    public var evidence = LaunchEvidence.system
    /// Whether the capture holds the launch's start (rather than starting after it).
    public var startSeen = true
    /// The first line of the app's process, for a launch rebuilt from the app's own lines.
    public var appFirstLine: LaunchMark?
    /// The app's own life-cycle callbacks, in the order printed.
    public var callbacks: [LaunchCallback] = []

    public init(id: String, path: String) {
        self.id = id
        self.path = path
    }

    /// Milliseconds from the first phase seen (or, with no system marker, the app's first line)
    /// to `active`, when both have a time. `nil` when the log's clock went backwards between them
    /// (no duration can be supported then).
    public var timeToActiveMs: Int? {
        timeToActive?.milliseconds
    }

    /// How finely ``timeToActiveMs`` is known, in milliseconds: the coarser of its two stamps'
    /// precisions (1000 when either prints whole seconds). `nil` when there is no time to active.
    public var timeToActivePrecisionMs: Int? {
        timeToActive?.precisionMs
    }

    /// The times to active a report read back may hold (up to 10^12 ms, some 31 years): a baseline
    /// or a history with more (or less than 0) is damaged or edited, and is refused.
    static let timeToActiveRange = 0...1_000_000_000_000

    /// ``timeToActiveMs`` and ``timeToActivePrecisionMs`` at once, each launch mark read once.
    var timeToActive: (milliseconds: Int, precisionMs: Int)? {
        timing.map { ($0.milliseconds, $0.precisionMs) }
    }

    /// Whether the time to active is known only to the second (or coarser): such a time is shown
    /// as `< 1 s` or `≈ 2 s` and stays out of medians and percentiles.
    public var isTimedToTheSecond: Bool {
        (timeToActivePrecisionMs ?? 0) >= 1000
    }

    /// The time to active as reports write it: `338 ms`; `≈ 2 s` or `< 1 s` when the stamps print
    /// whole seconds; `≈ 300 ms` or `< 100 ms` for tenths. `nil` when there is no time to active.
    public var timeToActiveText: String? {
        guard let milliseconds = timeToActiveMs, let precision = timeToActivePrecisionMs else { return nil }
        guard precision > 1 else { return "\(milliseconds) ms" }
        if precision >= 1000 { return Self.toTheSecond(milliseconds: milliseconds) }
        return milliseconds == 0 ? "< \(precision) ms" : "≈ \(milliseconds) ms"
    }

    /// What the time to active is measured from: the first system phase with a time (`requested`,
    /// `spawned`…), else `appFirstLine` for a launch rebuilt from the app's lines.
    public var timeToActiveFrom: String? {
        timing?.from
    }

    /// The time the launch started: its first system phase with a time, else the app's first
    /// line, else its first phase with a time.
    public var startSeconds: Double? {
        start?.mark.seconds
    }

    /// The time to active, how finely it is known and what it is measured from, each mark read
    /// once (a report writes all three).
    var timing: (milliseconds: Int, precisionMs: Int, from: String)? {
        guard let active = phases[.active], let activeSeconds = active.seconds, let start,
            let startSeconds = start.mark.seconds, activeSeconds >= startSeconds
        else { return nil }
        return (
            Int(((activeSeconds - startSeconds) * 1000).rounded()), max(active.precisionMs, start.mark.precisionMs), start.name
        )
    }

    /// The mark ``startSeconds`` is read from, and its name (a phase, or `appFirstLine`).
    var start: (mark: LaunchMark, name: String)? {
        for phase in Self.startPhases {
            if let mark = phases[phase], mark.seconds != nil { return (mark, phase.rawValue) }
        }
        if let first = appFirstLine, first.seconds != nil { return (first, "appFirstLine") }
        return phases.first { $0.value.seconds != nil }.map { ($0.value, $0.key.rawValue) }
    }

    /// The phases the system logs before the app runs.
    private static let startPhases: [LaunchPhase] = [.requested, .spawned, .bootstrapped, .sceneCreated]

    /// Whether the launch is of `app`: its bundle id or its process name.
    func isOf(app: String) -> Bool {
        bundle == app || process == app
    }

    /// The outcome the evidence so far supports.
    public var outcome: LaunchOutcome {
        if hitLaunchTrap { return .launchFailed }
        if let termination {
            switch termination.kind {
            case .dyld, .bootstrap: return .launchFailed
            case .watchdog, .tcc, .jetsam, .user: return .killed
            case .clean: return .exited
            case .unknown: return .crashed
            case .signal:
                let detail = termination.detail ?? ""
                return detail.hasPrefix("SIGKILL") || detail.hasPrefix("SIGTERM") ? .killed : .crashed
            }
        }
        if phases.contains(.active) {
            return phases.contains(.sceneCreated) && !phases.contains(.windowKey) ? .blackScreenSuspected : .active
        }
        return .incomplete
    }
}
