@testable import SceneLogCore

/// A report small enough to read whole in a snapshot, built by hand so that rule and parser
/// changes leave it alone: one input; two launches (Alpha active after 338 ms, Beta crashed);
/// an uncaught exception logged twice (one group), a warning and a note; compared with a
/// yesterday in which the exception was not there, a finding since fixed was, a finding of an input
/// not read today was (not seen), Alpha became active 300 ms sooner and Beta's launch did not crash.
func smallReport() -> ScanReport {
    let path = "logs/device.log"
    /// A launch of `app` (bundle `com.example.<app, lowercased>`) that reached `phases`: each at
    /// a line, a time in seconds after 10:00:00, and from a process.
    func launch(_ id: String, _ app: String, pid: Int, _ phases: [(LaunchPhase, Int, String, String)]) -> Launch {
        var launch = Launch(id: id, path: path)
        launch.bundle = "com.example." + app.lowercased()
        launch.process = app
        launch.pid = pid
        launch.findings = 2
        for (phase, line, time, process) in phases {
            launch.phases[phase] = LaunchMark(
                timestamp: "10:00:0" + time, seconds: Double(time), location: SourceLocation(path: path, line: line, byteOffset: 0),
                process: process)
        }
        return launch
    }
    let alpha = launch(
        "L1", "Alpha", pid: 101,
        [
            (.requested, 1, "1.000", "SpringBoard"), (.spawned, 2, "1.050", "runningboardd"), (.sceneCreated, 4, "1.200", "SpringBoard"),
            (.windowKey, 6, "1.300", "Alpha"), (.active, 7, "1.338", "Alpha"),
        ])
    var beta = launch(
        "L2", "Beta", pid: 202,
        [(.requested, 10, "5.000", "SpringBoard"), (.spawned, 11, "5.040", "runningboardd"), (.terminated, 14, "5.500", "runningboardd")])
    beta.termination = Termination(kind: .signal, detail: "SIGABRT(6)")

    func finding(_ rule: String, _ severity: Severity, _ line: Int, _ message: String, launch: Launch) -> Finding {
        Finding(
            rule: rule, severity: severity, message: message, location: SourceLocation(path: path, line: line, byteOffset: 0),
            timestamp: launch.phases.values.last?.timestamp, process: launch.process, pid: launch.pid, launch: launch.id,
            excerpt: "log line \(line)", data: rule == "uncaught-exception" ? ["name": "NSInvalidArgumentException"] : [:])
    }
    let exception = "Beta crashed with an uncaught exception: NSInvalidArgumentException"
    let findings = [
        finding("main-thread-io-at-launch", .note, 3, "Alpha did I/O on the main thread during launch", launch: alpha),
        finding("window-created-before-activation", .warning, 5, "Alpha created a window before activation", launch: alpha),
        finding("uncaught-exception", .error, 12, exception, launch: beta),
        finding("uncaught-exception", .error, 13, exception, launch: beta),
    ]
    func rule(_ id: String, _ severity: Severity, _ title: String) -> RuleDescription {
        RuleDescription(
            id: id, severity: severity, title: title, explanation: "What \(id) means.", fix: "Fix `\(id)`. Then rerun.",
            references: ["Apple — https://developer.apple.com/documentation/uikit"], messageTemplate: "", patterns: [],
            triggeringExamples: [], nonTriggeringExamples: [])
    }
    let input = InputSummary(
        path: path, format: .idevicesyslog, bytes: 1_234, counts: LineCounts(records: 14, continuationLines: 2, unparsedLines: 1),
        truncatedLines: 0)
    var report = ScanReport(
        tool: .current, inputs: [input], findings: FindingLog(findings), launches: [alpha, beta],
        rules: [
            rule("main-thread-io-at-launch", .note, "Main-thread I/O at launch"),
            rule("window-created-before-activation", .warning, "Window created before activation"),
            rule("uncaught-exception", .error, "Uncaught exception"),
        ])
    var fixed = finding("root-view-controller-missing", .error, 8, "Alpha has a window without a root view controller", launch: alpha)
    fixed.location = SourceLocation(path: path, line: 8, byteOffset: -1)
    let notSeen = Finding(
        rule: "main-thread-io-at-launch", severity: .note, message: "Gamma did I/O on the main thread during launch",
        location: SourceLocation(path: "logs/other-device.log", line: 3, byteOffset: -1), process: "Gamma", excerpt: "log line 3")
    let yesterday = BaselineReport(
        path: "yesterday.json", findings: [findings[0], findings[1], fixed, notSeen],
        launches: [
            BaselineReport.LaunchRecord(id: "L1", bundle: alpha.bundle, process: alpha.process, outcome: .active, timeToActiveMs: 38),
            BaselineReport.LaunchRecord(id: "L2", bundle: beta.bundle, process: beta.process, outcome: .active, timeToActiveMs: 400),
        ])
    report.baseline = BaselineDiff(baseline: yesterday, inputs: [path], findings: FindingLog(findings), launches: report.launches)
    return report
}
