/// Findings made from a crash report (`.ips`) rather than from log lines: a watchdog kill at launch
/// or in a scene transition is a `launch-watchdog-termination`, one of a background task held too
/// long a `background-task-expired`, the iOS 27 SDK's UIScene trap a
/// `scene-lifecycle-required`, dyld's stop at launch a `library-not-loaded` or `symbol-not-found`,
/// any other crash a `crash-report`.
enum CrashReportDiagnosis {
    /// The rules a crash report's finding can be of.
    static let rules: Set<String> = [
        LaunchWatchdogTerminationRule.description.id, BackgroundTaskExpiredRule.description.id, SceneLifecycleRequiredRule.description.id,
        LibraryNotLoadedRule.description.id, SymbolNotFoundRule.description.id, description.id,
    ]

    /// The `crash-report` rule, listed by `scenelog rules` with the line rules.
    static let description = RuleDescription(
        id: "crash-report", severity: .error,
        title: "A crash report shows the app crashed",
        explanation: """
            A crash report (.ips) in the input records a crash: the exception (EXC_CRASH, \
            EXC_BAD_ACCESS…), the signal, the termination namespace and code, and the crashed thread's \
            frames. During a UIScene migration the usual ones are an uncaught exception while UIKit \
            loads a scene configuration or storyboard (SIGABRT under abort()), and a force unwrap of a \
            window or root view controller that is no longer set in the app delegate (SIGTRAP or \
            EXC_BREAKPOINT). The report is linked to the launch with the same bundle and pid.
            """,
        fix: """
            Read the crashed thread's top frames and the exception reason in the same launch's log \
            lines (uncaught-exception findings). For a crash in scene set-up, check the \
            UIApplicationSceneManifest names, and create the window in scene(_:willConnectTo:options:).
            """,
        references: [AppleReference.languageExceptionCrashes, AppleReference.tn3187],
        messageTemplate: "{process} crashed: {exceptionType}",
        patterns: [], triggeringExamples: [], nonTriggeringExamples: [])

    /// The block of UIKit's function that traps an app built with the iOS 27 SDK without scenes:
    /// frame 0 of the crashed thread of such a crash (message-catalog.md, the crash signature).
    static let sceneLifecycleTrap = "___UIApplicationEvaluateRuntimeIssueForNoSceneLifecycleAdoption_block_invoke"

    /// The finding `report` (read from `path`) gives, located at its ``CrashReport/tellingLine``,
    /// which starts at `byteOffset` in the file.
    static func finding(for report: CrashReport, path: String, byteOffset: Int = 0, severityOverrides: [String: Severity] = [:])
        -> Finding
    {
        var data: [String: String] = [:]
        data["bugType"] = report.bugType
        data["osVersion"] = report.osVersion
        data["exceptionType"] = report.exceptionType
        data["signal"] = report.signal
        data["exceptionCodes"] = report.exceptionCodes
        data["exceptionReason"] = report.exceptionReason
        data["terminationNamespace"] = report.terminationNamespace
        // Signal numbers read best in decimal (6), exception codes in hex (0x8badf00d).
        data["terminationCode"] = report.terminationCode.map {
            report.terminationNamespace == "SIGNAL" ? String($0) : "0x" + String($0, radix: 16)
        }
        data["explanation"] = report.terminationExplanation
        if !report.crashedThreadFrames.isEmpty { data["frames"] = report.crashedThreadFrames.joined(separator: "\n") }
        if report.hasExceptionBacktrace { data["uncaughtException"] = "true" }
        if !report.exceptionBacktraceFrames.isEmpty { data["exceptionFrames"] = report.exceptionBacktraceFrames.joined(separator: "\n") }
        if report.isTruncated { data["truncated"] = "true" }
        if report.isBodyTooLarge { data["body"] = "not read: larger than \(CrashReportParser.maximumJSONBodyBytes >> 20) MiB" }
        if report.isBodyUndecodable { data["body"] = "not read: not JSON that can be decoded" }
        // A watchdog kill's explanation names the app, its pid and its allowance: all that a report
        // quoted without its header tells of them.
        let watchdog = report.terminationExplanation.flatMap(WatchdogExplanation.init)
        data["bundle"] = report.bundleID ?? watchdog?.bundle
        data["watchdogEvent"] = watchdog?.event
        data["watchdogBudget"] = watchdog?.budget
        let expired = report.expiredAssertion.flatMap(BackgroundTaskExpiredRule.expiredApp)
        data["app"] = expired?.app
        let pid = report.pid ?? watchdog?.pid ?? expired?.pid
        let process = report.process ?? data["bundle"] ?? expired?.app ?? "the app"
        let termination = [report.terminationNamespace, data["terminationCode"]].compactMap { $0 }.joined(separator: " ")
        let rule: String
        var message: String
        if report.isLaunchWatchdogKill {
            rule = LaunchWatchdogTerminationRule.description.id
            message = "crash report: \(process) was killed by the watchdog (\(termination))"
            if let watchdog, let phase = LaunchWatchdogTerminationRule.phase(
                event: watchdog.event, inBackground: watchdog.inBackground, ranOutOfCPU: watchdog.ranOutOfCPU)
            {
                message += " while trying to \(phase)"
                data["phase"] = phase
            }
        } else if report.isBackgroundTaskKill {
            rule = BackgroundTaskExpiredRule.description.id
            message = "crash report: \(process) was killed for keeping a background task past its allowance"
            message += " (" + (termination.isEmpty ? report.exceptionCodes ?? "0x8badf00d" : termination) + ")"
        } else if report.terminationNamespace == "DYLD", let failure = report.terminationExplanation.flatMap(DyldFailure.init) {
            rule = failure.rule
            data[failure.key] = failure.name
            message = "crash report: \(process) stopped at launch: dyld could not \(failure.what)"
        } else if report.crashedThreadFrames.first?.contains(Self.sceneLifecycleTrap) == true {
            // UIKit's trap for an app built with the iOS 27 SDK that does not adopt scenes.
            rule = SceneLifecycleRequiredRule.description.id
            data["variant"] = "ios27"
            message = "crash report: \(process) failed to launch: built with the iOS 27 SDK, it must adopt the UIScene life cycle"
        } else {
            rule = description.id
            let exception = [report.exceptionType, report.signal.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
            // SIGKILL is sent, not raised: the system ended the process (a report cut before its
            // termination reason says no more).
            // A report cut before its exception and termination does not say which: a crash report
            // (bug_type 309) is also written for a watchdog's kill.
            let toldNothing = report.isTruncated && exception.isEmpty && termination.isEmpty && !report.hasExceptionBacktrace
            let verb = toldNothing ? "ended: the report is cut before it says how" : report.signal == "SIGKILL" ? "was killed" : "crashed"
            message = "crash report: \(process) \(verb)" + (exception.isEmpty ? "" : ": \(exception)")
            // The report's Last Exception Backtrace: an exception nothing caught ended the process.
            if report.hasExceptionBacktrace { message += ", on an uncaught exception" }
            if !termination.isEmpty { message += ", termination \(termination)" }
        }
        if rule == LaunchWatchdogTerminationRule.description.id, let event = watchdog?.event {
            // The explanation's gist; the whole of it is in the data.
            message += ": \(event) watchdog transgression" + (watchdog?.budget.map { ", allowance of \($0) seconds" } ?? "")
        } else if let explanation = report.terminationExplanation {
            message += ": \(explanation)"
        }
        let severity = severityOverrides[rule] ?? RuleCatalog.builtInRule(id: rule)?.description.severity ?? description.severity
        return Finding(
            rule: rule, severity: severity, message: message, location: SourceLocation(path: path, line: report.tellingLine, byteOffset: byteOffset),
            timestamp: report.timestamp, process: report.process, pid: pid,
            excerpt: report.crashedThreadFrames.first ?? message, data: data)
    }
}

/// What dyld could not do, as a crash report's termination in its namespace tells it: `Library not
/// loaded: @rpath/Flutter.framework/Flutter` or `Symbol not found: _NSUserActivityTypeBrowsingWeb`.
private struct DyldFailure {
    let rule: String
    /// The finding's data key (`library`, `symbol`) and its value.
    let key: String
    let name: String
    var what: String { key == "library" ? "load \(name)" : "find the symbol \(name)" }

    init?(_ explanation: String) {
        for (rule, key) in [(LibraryNotLoadedRule.description, "library"), (SymbolNotFoundRule.description, "symbol")] {
            let marker = rule.patterns[0].literal
            guard let start = explanation.firstRange(of: marker)?.upperBound else { continue }
            // The explanation's lines are joined by "; ", or (before iOS 14) its parts by " | ".
            let rest = explanation[start...]
            let end = [rest.firstRange(of: "; "), rest.firstRange(of: " | ")].compactMap { $0?.lowerBound }.min() ?? rest.endIndex
            var name = rest[..<end]
            while name.last == " " { name = name.dropLast() }
            guard !name.isEmpty else { continue }
            (self.rule, self.key, self.name) = (rule.id, key, String(name.prefix(1024)))
            return
        }
        // Older dyld: `dependent dylib '@rpath/Flutter.framework/Flutter' not found for '…'`
        // (flutter/flutter#57225).
        guard let start = explanation.firstRange(of: LibraryNotLoadedRule.description.patterns[1].literal)?.upperBound,
            let end = explanation[start...].firstRange(of: "' not found")?.lowerBound, start < end
        else { return nil }
        (rule, key, name) = (LibraryNotLoadedRule.description.id, "library", String(explanation[start..<end].prefix(1024)))
    }
}
