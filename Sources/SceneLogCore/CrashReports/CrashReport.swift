/// What a crash report says: who crashed, how, and where.
///
/// Every field is optional because reports differ by kind and iOS version, and files can be cut
/// short. ``CrashReportParser`` fills it in from an `.ips` file (research §6.2).
struct CrashReport: Sendable, Equatable {
    /// The metadata line's `bug_type`: `"309"` for a crash with a JSON body, `"109"` for a legacy text one.
    var bugType: String?
    /// The app's bundle identifier (`io.waypoint.tripplanner`).
    var bundleID: String?
    /// The process name (`procName`, or the legacy `Process:` line).
    var process: String?
    /// The process identifier.
    var pid: Int?
    /// The OS version as the metadata line spells it (`iPhone OS 17.3.1 (21D61)`).
    var osVersion: String?
    /// When the report was captured, as written in the file.
    var timestamp: String?
    /// The Mach exception type (`EXC_CRASH`).
    var exceptionType: String?
    /// The signal that ended the process (`SIGABRT`).
    var signal: String?
    /// The exception codes, as written (`0x0000000000000000, 0x0000000000000000`).
    var exceptionCodes: String?
    /// The reason of the exception the report names (a legacy report's `Exception Reason:`, as
    /// TestFlight's show it: `+[%s %s]: unrecognized selector sent to class 0x101e52dc8`).
    var exceptionReason: String?
    /// Who ended the process: `FRONTBOARD`, `SIGNAL`, `RUNNINGBOARD`, …
    var terminationNamespace: String?
    /// The termination code: 2343432205 (`0x8badf00d`) for a watchdog kill, the signal number for `SIGNAL`.
    var terminationCode: UInt64?
    /// Why the process was ended: the JSON `reasons` joined by `"; "` (else its `indicator`), or the
    /// legacy text after the code and its `Termination Description:` and continuation lines.
    var terminationExplanation: String?
    /// The line that tells a background task's assertion ran out (`<BKNewProcess: …> has active
    /// assertions beyond permitted time:`, in the Application Specific Information).
    var expiredAssertion: String?
    /// The `Event:` of a legacy diagnostic report (`cpu usage`, `wakeups`, `disk writes`): what it
    /// reports instead of a crash.
    var event: String?
    /// The top frames (at most 5) of the crashed thread, as `"0 libsystem_kernel.dylib __pthread_kill + 8"`.
    var crashedThreadFrames: [String]
    /// Whether the report has a `Last Exception Backtrace` (JSON `lastExceptionBacktrace`): the
    /// process ended on an uncaught exception (Apple, "Addressing language exception crashes").
    var hasExceptionBacktrace = false
    /// The top frames (at most 5) of that backtrace, written as ``crashedThreadFrames`` are.
    var exceptionBacktraceFrames: [String] = []
    /// Whether only part of the report could be read (a file cut mid-JSON): the metadata line was
    /// read, the body was not.
    var isTruncated: Bool
    /// Whether the JSON body was larger than ``CrashReportParser/maximumJSONBodyBytes`` and so not
    /// read: only the metadata line's fields are known.
    var isBodyTooLarge = false
    /// Whether the JSON body is whole but could not be decoded (not JSON, or nested too deep):
    /// only the metadata line's fields are known.
    var isBodyUndecodable = false
    /// The line of the file (1-based) that tells how the process ended: a legacy report's first
    /// `Exception Type:`, `Termination Reason:` or `Termination Description:` line, else its first
    /// line; a JSON report's metadata line (or such a line of a body in legacy text after it).
    /// Prose a bug report puts above a pasted report comes before it.
    var tellingLine = 1

    /// The most characters (Unicode scalars) of a name, a version, a time or a code the report gives.
    static let maximumFieldLength = 512
    /// The most characters of ``terminationExplanation``, ``expiredAssertion`` and ``exceptionReason``, as of a
    /// reason a log line gives.
    static let maximumExplanationLength = 4_096

    /// Each text field cut to its bound: a report's fields become a finding's message and data,
    /// which a report of a megabyte's reason would otherwise copy whole, more than once. A process
    /// named with nothing but blanks is no name.
    mutating func cutToBounds() {
        func cut(_ text: inout String?, to length: Int) {
            if let whole = text { text = Self.prefix(of: whole, length) }
        }
        // A report may name its process with nothing (`"app_name":""`, `Process:              [758]`).
        if process?.allSatisfy(\.isWhitespace) == true { process = nil }
        for keyPath in [\CrashReport.bugType, \.bundleID, \.process, \.osVersion, \.timestamp, \.exceptionType, \.signal,
            \.exceptionCodes, \.terminationNamespace, \.event]
        {
            cut(&self[keyPath: keyPath], to: Self.maximumFieldLength)
        }
        cut(&terminationExplanation, to: Self.maximumExplanationLength)
        cut(&expiredAssertion, to: Self.maximumExplanationLength)
        cut(&exceptionReason, to: Self.maximumExplanationLength)
        crashedThreadFrames = crashedThreadFrames.map { Self.prefix(of: $0, Self.maximumFieldLength) }
        exceptionBacktraceFrames = exceptionBacktraceFrames.map { Self.prefix(of: $0, Self.maximumFieldLength) }
    }

    /// The first `length` Unicode scalars of `text`.
    private static func prefix(of text: String, _ length: Int) -> String {
        text.utf8.count <= length ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(length)))
    }

    /// 0x8badf00d from the watchdog of a launch or a scene transition. Not the kill of an app that
    /// was already quitting (`process-exit watchdog transgression`; iOS 14's `[application<…>:pid]
    /// failed to terminate gracefully after 10.0s | … | WatchdogEvent: process-exit`), nor of a
    /// background task whose assertion ran out (``isBackgroundTaskKill``).
    var isLaunchWatchdogKill: Bool {
        guard terminationCode == 0x8BAD_F00D, !isBackgroundTaskKill else { return false }
        guard let explanation = terminationExplanation else { return true }
        return !explanation.contains("process-exit watchdog transgression") && !explanation.contains("failed to terminate gracefully")
            && !explanation.contains("WatchdogEvent: process-exit")
    }

    /// 0x8badf00d for a background task the app held past its allowance: namespace `ASSERTIOND`, or
    /// the line that says so (the exception codes of a report from before iOS 13 hold the code).
    var isBackgroundTaskKill: Bool {
        if terminationCode == 0x8BAD_F00D, terminationNamespace == "ASSERTIOND" { return true }
        guard expiredAssertion != nil else { return false }
        return terminationCode == 0x8BAD_F00D || exceptionCodes?.lowercased().contains("8badf00d") == true
    }

    /// The `bug_type`s of crash reports: 109 (a legacy text report), 309 (a JSON one). Others are
    /// diagnostic reports a device keeps beside them (202 CPU usage, 298 JetsamEvent…), which end
    /// no process of their own.
    static let crashBugTypes: Set<String> = ["109", "309"]

    /// Whether the report tells a crash: its `bug_type` is a crash's, or, without one, it names an
    /// exception, a signal, a termination, the crashed thread or an expired assertion. A report of
    /// CPU usage with `Action taken: none`, a JetsamEvent or a legacy diagnostic report shares the
    /// header of a crash report, not its end.
    var tellsACrash: Bool {
        if let bugType { return Self.crashBugTypes.contains(bugType) }
        return exceptionType != nil || signal != nil || terminationNamespace != nil || terminationCode != nil
            || !crashedThreadFrames.isEmpty || expiredAssertion != nil || hasExceptionBacktrace
    }

    /// Whether the report is a diagnostic report's, not a crash's: its `bug_type` says so, or,
    /// without one, it names the event it reports. A crash report's header cut before its end is
    /// neither: it does not say how the process ended.
    var isDiagnostic: Bool {
        if let bugType { return !Self.crashBugTypes.contains(bugType) }
        return event != nil
    }

    /// An empty report: every field `nil`, no frames, not truncated.
    init() {
        crashedThreadFrames = []
        isTruncated = false
    }
}
