/// Everything that describes a rule: identity, explanation, fix, how it matches, and the examples
/// that double as its tests.
public struct RuleDescription: Sendable {
    /// Stable kebab-case id, the `rule` value in reports.
    public let id: String
    public let severity: Severity
    /// A short title in sentence case.
    public let title: String
    /// One paragraph a migrating developer understands: what the message means and why it matters.
    public let explanation: String
    /// What to change.
    public let fix: String
    /// Apple documents and technotes that cover it.
    public let references: [String]
    /// The message of a finding, with `{key}` replaced by the match's data.
    public let messageTemplate: String
    /// Whether ``messageTemplate`` names `{reportedBy}`: the process whose line it is, filled in
    /// only then.
    let namesReporter: Bool
    /// The ways the rule matches; any one is enough.
    public let patterns: [RulePattern]
    /// Log lines that must produce exactly one finding of this rule (with the given data).
    public let triggeringExamples: [RuleExample]
    /// Near misses that must produce none.
    public let nonTriggeringExamples: [RuleExample]
    /// What a finding of this rule says about the launch it belongs to. Set with
    /// ``failingTheLaunch()``, ``endingTheProcess()``, ``reportingAPrivacyKill()``…
    private(set) var launchEffect = LaunchEffect.none
    /// The `variant` of this rule's findings that is the reason of an exception the runtime raises,
    /// so that the process aborts next (``abortingWhenItsVariantIs(_:)``), if any.
    private(set) var abortingVariant: String?

    /// Whether `id` may be a rule's id: letters, digits, `-`, `_` and `.` only (so that it needs
    /// no escaping anywhere it is shown). Checked on user rules and on the rules a baseline names.
    static func isWellFormedID(_ id: String) -> Bool {
        !id.isEmpty && id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }
    }

    public init(
        id: String, severity: Severity, title: String, explanation: String, fix: String, references: [String] = [],
        messageTemplate: String, patterns: [RulePattern], triggeringExamples: [RuleExample],
        nonTriggeringExamples: [RuleExample]
    ) {
        self.id = id
        self.severity = severity
        self.title = title
        self.explanation = explanation
        self.fix = fix
        self.references = references
        self.messageTemplate = messageTemplate
        namesReporter = messageTemplate.utf8.firstRange(of: "{reportedBy".utf8) != nil
        self.patterns = patterns
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

extension RuleDescription {
    /// This description, for a rule whose findings of `variant` are an exception's reason (UIKit
    /// raises `NSInternalInconsistencyException` with it): the process aborts after them, as after
    /// an uncaught exception, also when the capture lacks the runtime's `Terminating app` line.
    func abortingWhenItsVariantIs(_ variant: String) -> RuleDescription {
        var description = self
        description.abortingVariant = variant
        return description
    }

    /// This description, for a rule whose finding means dyld stopped the process before `main`.
    func stoppingTheProcessInDyld() -> RuleDescription {
        with(.stoppedByDyld)
    }

    /// This description, for a rule whose finding means the launch failed (UIKit's iOS 27 trap).
    func failingTheLaunch() -> RuleDescription {
        with(.failsLaunch)
    }

    /// This description, for a rule whose finding means the process is ending (an uncaught exception).
    func endingTheProcess() -> RuleDescription {
        with(.endsProcess)
    }

    /// This description, for a rule whose finding means the process traps next (a Swift runtime error).
    func trappingTheProcess() -> RuleDescription {
        with(.trapsProcess)
    }

    /// This description, for a rule whose finding means the privacy system (TCC) kills the app that
    /// logs it (a protected resource used without its usage description).
    func reportingAPrivacyKill() -> RuleDescription {
        with(.privacyKill)
    }

    /// This description, for a rule whose finding says the app does not adopt scenes.
    func sayingScenesAreNotAdopted() -> RuleDescription {
        with(.notAdoptingScenes)
    }

    /// This description, for a rule whose finding shows the app's scene configuration was read.
    func showingTheAppClaimsScenes() -> RuleDescription {
        with(.claimingScenes)
    }

    /// This description, for a rule whose finding reports a watchdog kill of the app the line names.
    func reportingAWatchdogKill() -> RuleDescription {
        with(.watchdogKill)
    }

    /// This description, for a rule whose finding reports the kill of the app the line names for a
    /// background task it held too long.
    func reportingABackgroundTaskKill() -> RuleDescription {
        with(.backgroundTaskKill)
    }

    /// This description, for a rule whose line a tool prints about the app, not the app itself.
    func toldByATool() -> RuleDescription {
        with(.toldByATool)
    }

    private func with(_ effect: LaunchEffect) -> RuleDescription {
        var description = self
        description.launchEffect = effect
        return description
    }

    /// The most bytes of a finding's message: a longer one (a user rule's template that repeats a
    /// long capture) is cut there, with `…`.
    static let maximumMessageBytes = 8 << 10

    /// ``messageTemplate`` with each `{key}` replaced by `data[key]` (or left as it is when there is
    /// none), and each `{key|text}` by `data[key]` or, when there is none, by `text`; at most
    /// ``maximumMessageBytes``. Read as UTF-8 bytes, in one pass: the braces are ASCII, and every
    /// finding's message is made here.
    func message(with data: [String: String]) -> String {
        var template = messageTemplate
        return template.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(min(bytes.count + 64, Self.maximumMessageBytes + 4))
            var index = 0
            while index < bytes.count, result.count <= Self.maximumMessageBytes {
                guard bytes[index] == UInt8(ascii: "{") else {
                    result.append(bytes[index])
                    index += 1
                    continue
                }
                guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "}")) else {
                    result.append(contentsOf: bytes[index...].prefix(Self.maximumMessageBytes + 1 - result.count))  // no `}` after it: no placeholder
                    break
                }
                let inside = bytes[(index + 1)..<close]
                let bar = inside.firstIndex(of: UInt8(ascii: "|"))
                if let value = data[String(decoding: inside[..<(bar ?? close)], as: UTF8.self)] {
                    result.append(contentsOf: value.utf8.prefix(Self.maximumMessageBytes + 1 - result.count))
                } else if let bar {
                    result.append(contentsOf: bytes[(bar + 1)..<close])
                } else {
                    result.append(contentsOf: bytes[index...close])
                }
                index = close + 1
            }
            guard result.count > Self.maximumMessageBytes else { return String(decoding: result, as: UTF8.self) }
            var end = Self.maximumMessageBytes
            while end > 0, result[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
            return String(decoding: result[..<end], as: UTF8.self) + "…"
        }
    }
}

/// What a rule's finding says about the launch it belongs to.
enum LaunchEffect: String, Sendable {
    /// Nothing beyond the finding itself.
    case none
    /// The launch failed: its outcome is `launch-failed`. Alone in a capture, the line is a launch
    /// seen only by its end.
    case failsLaunch = "fails-launch"
    /// dyld stops the process before `main`: a library it links is not there (or not usable). The
    /// launch fails (`dyld`, the library as the detail) unless the capture shows the system's own
    /// end of it. Alone in a capture, the line is a launch seen only by its end.
    case stoppedByDyld = "stopped-by-dyld"
    /// The process is ending (it aborts next). Alone in a capture, the line is a launch seen only by its end.
    case endsProcess = "ends-process"
    /// The process is ending with a trap (SIGTRAP: a Swift runtime error). Alone in a capture, the
    /// line is a launch seen only by its end.
    case trapsProcess = "traps-process"
    /// The privacy system (TCC) kills the app that logs the line, which used a protected resource
    /// without its usage description: the launch ends killed (`tcc`, the finding's
    /// `usageDescriptionKey` as the detail) unless the capture shows the system's own end of it.
    /// Alone in a capture, the line is a launch seen only by its end.
    case privacyKill = "privacy-kill"
    /// UIKit says the app does not adopt the UIScene life cycle.
    case notAdoptingScenes = "not-adopting-scenes"
    /// UIKit read the app's scene configuration: the app means to use scenes.
    case claimingScenes = "claiming-scenes"
    /// The system kills the app named on the line for its watchdog. One kill is told over several
    /// lines (the violation, the termination request, the exit, a pasted crash report's codes): they
    /// make one finding.
    case watchdogKill = "watchdog-kill"
    /// The system kills the app named on the line for a background task it held too long: a
    /// watchdog kill whose line is also its end (the launch ends killed, `watchdog`).
    case backgroundTaskKill = "background-task-kill"

    /// A tool's line about the app (a launcher's error), not one of the app's own: the finding joins
    /// the app's launch when one is open, and starts none.
    case toldByATool = "told-by-a-tool"

    /// Whether the line tells the end of its launch (the process stops, or the launch fails):
    /// alone in a capture, it is a launch seen only by its end.
    var endsTheLaunch: Bool {
        self == .failsLaunch || self == .endsProcess || self == .trapsProcess || self == .privacyKill || self == .stoppedByDyld
    }

    /// Whether the system kills the app named on the line for its watchdog.
    var isWatchdogKill: Bool { self == .watchdogKill || self == .backgroundTaskKill }
}

/// One way a rule matches a record's message.
public struct RulePattern: Sendable {
    /// Text that must occur in the message before the regular expression is tried at all.
    public let literal: String
    /// A PCRE2 pattern over the message; named groups (`(?<configuration>…)`) become finding data.
    /// A system process's line about an app names it in the groups `app` and `appPid`: the finding
    /// is then the app's (its process and pid), the system process kept in `data["reportedBy"]`.
    public let regex: String
    /// Data every match of this pattern carries (`["variant": "ios26"]`).
    public let data: [String: String]

    public init(literal: String, regex: String, data: [String: String] = [:]) {
        self.literal = literal
        self.regex = regex
        self.data = data
    }

    /// What dyld's `Referenced from:` line, next in the record, tells of the binary that needs what
    /// it could not find, when that binary is an app's executable (`…/MyApp.app/MyApp`, or another
    /// name right in the bundle; after iOS 15's `<UUID>`, in quotes in newer dyld): its name in the
    /// group `executable`, which names the finding's process when the line names none (an Xcode
    /// console's bare standard error). A framework's binary inside the bundle names none.
    static let referencingExecutable = referencing(group: "executable")

    /// ``referencingExecutable`` with the executable in a group `app`: for a line a system process
    /// relays (ReportCrash's `Dyld Error Message:`), the finding is the app's.
    static let referencingApp = referencing(group: "app")

    /// dyld's `Referenced from:` line after the one matched, on a line of its own (a paste may
    /// quote it with `>`, or put two spaces in it), its app's executable in `group`.
    private static func referencing(group: String) -> String {
        #"(?:\n[ \t>]{0,16}Referenced {1,2}from: (?:<[0-9A-Fa-f-]{36}> )?'?[^\n]{0,1024}?\.app/(?<"#
            + group + #">[^/'\n]{1,255}?)'?[ \t]*(?:\n|$))?"#
    }
}

/// A log line (in any supported format) used as a rule's test, with the data it must yield.
public struct RuleExample: Sendable {
    public let text: String
    /// Data the finding must carry (a subset of its data).
    public let data: [String: String]
    /// Where the example is written (`#fileID`, `#filePath`, `#line`, `#column` at the call), so that a
    /// failing example is reported at its place in the rule's file.
    public let fileID: String
    public let filePath: String
    public let line: Int
    public let column: Int

    public init(
        _ text: String, data: [String: String] = [:], fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        self.text = text
        self.data = data
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }
}
