/// What a record is: a log message, or a line the producing tool (or a debugger) prints about the
/// stream itself.
enum RecordKind: String, Sendable, Codable, Equatable {
    /// A message logged by a process.
    case message
    /// A device connection banner (`[connected:UDID]`, `[disconnected]`): the stream was cut here.
    case connectionBanner = "connection-banner"
    /// A line the capturing tool prints around the log: a column header, `log show`'s preamble and
    /// footer, a `Waiting for device` notice, `flutter run`'s bare echo of a device's line.
    case toolBanner = "tool-banner"
    /// A line the debugger or the `flutter` tool prints into an Xcode or `flutter run` console
    /// (`Process 1198 stopped`, `Running Xcode build...`): not the app's; ``DebuggerLine`` reads it.
    case debugger
}

/// A log message's level, normalised over the formats' spellings (`<Notice>`, `Df`, `default`, `NOTICE`).
enum LogLevel: String, Sendable, Codable, CaseIterable, Comparable {
    case debug, info, notice, `default`, warning, error, fault

    private var rank: Int {
        switch self {
        case .debug: 0
        case .info: 1
        case .notice, .default: 2
        case .warning: 3
        case .error: 4
        case .fault: 5
        }
    }

    static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }

    /// Reads a level as any supported format spells it, ignoring case; `nil` for unknown words.
    init?(spelling: some StringProtocol) {
        switch spelling.lowercased().filter({ $0 != " " }) {
        case "debug", "db": self = .debug
        case "info", "i": self = .info
        case "notice": self = .notice
        case "default", "df", "0": self = .default
        case "warning", "warn": self = .warning
        case "error", "e", "err", "critical", "alert", "emergency": self = .error
        case "fault", "f": self = .fault
        default: return nil
        }
    }
}

/// One log record: a record-start line and the continuation lines that follow it.
struct LogRecord: Sendable, Equatable {
    /// Where the record starts.
    var location: SourceLocation
    /// A message, or a banner printed by the capturing tool.
    var kind: RecordKind
    /// When it was logged, if the line says.
    var timestamp: Timestamp?
    /// The device's host name, where the format prints one.
    var device: String?
    /// The process name (the executable's base name).
    var process: String?
    /// The library or executable that logged it (`FrontBoard` in `SpringBoard(FrontBoard)`).
    var senderImage: String?
    /// The process identifier.
    var pid: Int?
    /// The thread identifier as printed (hex or decimal).
    var thread: String?
    /// The level as printed.
    var level: String?
    /// The level, normalised; `nil` when the format prints none or an unknown word.
    var normalizedLevel: LogLevel?
    /// The os_log subsystem (`com.apple.UIKit`).
    var subsystem: String?
    /// The os_log category (`SceneConfiguration`).
    var category: String?
    /// The message text; continuation lines are joined with `\n`.
    var message: String
    /// How many continuation lines followed the record-start line.
    var continuationLines: Int

    init(
        location: SourceLocation, kind: RecordKind = .message, timestamp: Timestamp? = nil, device: String? = nil,
        process: String? = nil, senderImage: String? = nil, pid: Int? = nil, thread: String? = nil,
        level: String? = nil, normalizedLevel: LogLevel? = nil, subsystem: String? = nil, category: String? = nil,
        message: String, continuationLines: Int = 0
    ) {
        self.location = location
        self.kind = kind
        self.timestamp = timestamp
        self.device = device
        self.process = process
        self.senderImage = senderImage
        self.pid = pid
        self.thread = thread
        self.level = level
        self.normalizedLevel = normalizedLevel
        self.subsystem = subsystem
        self.category = category
        self.message = message
        self.continuationLines = continuationLines
    }
}
