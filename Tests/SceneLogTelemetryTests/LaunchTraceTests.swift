import SceneLogCore
import SceneLogTelemetry
import Testing

/// A launch as the tracker rebuilds it, mapped to the trace scenelog sends: spans, attributes,
/// events and resource, with no network.
@Suite("Launch → trace")
struct LaunchTraceTests {
    /// 2026-11-24 10:00:00 UTC, in seconds since 1970.
    static let base = 1_795_514_400.0

    static func mark(_ offset: Double, line: Int, timestamp: String? = nil, path: String = "device.log") -> LaunchMark {
        LaunchMark(timestamp: timestamp, seconds: base + offset, location: SourceLocation(path: path, line: line, byteOffset: 0), process: nil)
    }

    static func nanoseconds(_ offset: Double) -> UInt64 { UInt64(((base + offset) * 1_000_000_000).rounded()) }

    /// A cold launch stuck in scene create until the watchdog kills it, as in
    /// `Samples/idevicesyslog-1.4-microseconds-watchdog.log`.
    static func watchdogLaunch() -> Launch {
        var launch = Launch(id: "L1", path: "device.log")
        launch.bundle = "com.example.app"
        launch.process = "Example App"
        launch.pid = 412
        launch.device = "QA-iPad"
        launch.intent = "foreground-interactive"
        launch.phases[.requested] = mark(0, line: 10)
        launch.phases[.spawned] = mark(0.05, line: 14)
        launch.phases[.bootstrapped] = mark(0.2, line: 20)
        launch.phases[.sceneCreated] = mark(0.3, line: 31)
        launch.phases[.terminated] = mark(20.26, line: 90)
        launch.watchdogBudget = 19.96
        launch.termination = Termination(kind: .watchdog, detail: "0x8badf00d")
        launch.findings = 1
        return launch
    }

    @Test("the root span app.launch runs from the first line to the last, with the launch's attributes")
    func rootSpan() {
        let trace = LaunchTrace(Self.watchdogLaunch(), findings: [], sentAt: 0)
        #expect(trace.root.name == "app.launch")
        #expect(trace.root.start == Self.nanoseconds(0))
        #expect(trace.root.end == Self.nanoseconds(20.26))
        let attributes = trace.root.attributes
        #expect(attributes["scenelog.launch.type"] == .string("cold"))
        #expect(attributes["scenelog.launch.outcome"] == .string("killed"))
        #expect(attributes["scenelog.launch.evidence"] == .string("system"))
        #expect(attributes["scenelog.termination.kind"] == .string("watchdog"))
        #expect(attributes["scenelog.termination.detail"] == .string("0x8badf00d"))
        #expect(attributes["scenelog.launch.watchdog_budget_s"] == .double(19.96))
        #expect(attributes["process.pid"] == .int(412))
        #expect(attributes["scenelog.launch.time_to_active_ms"] == nil, "never active")
        #expect(trace.root.status == .error("killed"))
    }

    @Test("each phase before active is a child span until the next phase; the last one reached lasts until the kill")
    func phaseSpans() {
        let trace = LaunchTrace(Self.watchdogLaunch(), findings: [], sentAt: 0)
        let spans = trace.children.map { ($0.name, $0.start, $0.end) }
        #expect(spans.map(\.0) == ["app.launch.requested", "app.launch.spawned", "app.launch.bootstrapped", "app.launch.scene_created"])
        #expect(spans[0].1 == Self.nanoseconds(0) && spans[0].2 == Self.nanoseconds(0.05))
        #expect(spans[2].2 == Self.nanoseconds(0.3))
        #expect(spans[3].1 == Self.nanoseconds(0.3) && spans[3].2 == Self.nanoseconds(20.26), "scene create until the watchdog kill")
        #expect(trace.children[3].attributes["scenelog.log.line"] == .int(31))
        #expect(trace.spanCount == 5)
    }

    @Test("an active launch: time to active, a window_key span, and device.app.lifecycle events with ios.app.state")
    func activeLaunch() {
        var launch = Launch(id: "L2", path: "device.log")
        launch.bundle = "com.example.app"
        launch.phases[.requested] = Self.mark(0, line: 1)
        launch.phases[.sceneCreated] = Self.mark(0.1, line: 5)
        launch.phases[.windowKey] = Self.mark(0.3, line: 8)
        launch.phases[.active] = Self.mark(0.338, line: 9)
        launch.phases[.background] = Self.mark(5, line: 40)
        launch.phases[.foreground] = Self.mark(9, line: 60)
        let trace = LaunchTrace(launch, findings: [], sentAt: 0)
        #expect(trace.root.attributes["scenelog.launch.time_to_active_ms"] == .int(338))
        #expect(trace.root.status == .unset)
        #expect(trace.children.map(\.name) == ["app.launch.requested", "app.launch.scene_created", "app.launch.window_key"])
        #expect(trace.children[2].end == Self.nanoseconds(0.338))
        let states = trace.root.events.filter { $0.name == "device.app.lifecycle" }.map { ($0.attributes["ios.app.state"], $0.time) }
        #expect(states.map(\.0) == [.string("active"), .string("background"), .string("foreground")])
        #expect(states.map(\.1) == [Self.nanoseconds(0.338), Self.nanoseconds(5), Self.nanoseconds(9)])
    }

    @Test("the app's callbacks are child spans and, for state changes, lifecycle events")
    func callbacks() {
        var launch = Launch(id: "L3", path: "xcode.log")
        launch.process = "MyApp"
        launch.evidence = .app
        let steps: [(LifecycleStep, LifecycleDelegate, Double)] = [
            (.willFinishLaunching, .app, 0), (.didFinishLaunching, .app, 0.1), (.willConnect, .scene, 0.2),
            (.willEnterForeground, .scene, 0.25), (.didBecomeActive, .scene, 0.3),
        ]
        launch.callbacks = steps.enumerated().map { index, step in
            LaunchCallback(step: step.0, delegate: step.1, scene: nil, mark: Self.mark(step.2, line: index + 1, path: "xcode.log"), text: "")
        }
        let trace = LaunchTrace(launch, findings: [], sentAt: 0)
        #expect(trace.children.map(\.name) == steps.map { "app.callback.\($0.0.rawValue)" })
        #expect(trace.children[0].end == Self.nanoseconds(0.1), "until the next callback")
        #expect(trace.children[4].start == trace.children[4].end, "the last callback has no length")
        #expect(trace.children[2].attributes["scenelog.callback.delegate"] == .string("scene"))
        let states = trace.root.events.filter { $0.name == "device.app.lifecycle" }.compactMap { $0.attributes["ios.app.state"] }
        #expect(states == [.string("foreground"), .string("active")])
        #expect(trace.resource["service.name"] == .string("MyApp"), "no bundle id: the process name")
        #expect(trace.root.attributes["scenelog.launch.type"] == .string("cold"))
    }

    @Test("findings are events with their rule, severity and location; a crash is app.crash with exception.type")
    func findingsAndCrash() {
        var launch = Launch(id: "L4", path: "console.txt")
        launch.bundle = "com.example.app"
        launch.phases[.requested] = Self.mark(0, line: 7, path: "console.txt")
        launch.phases[.sceneCreated] = Self.mark(0.06, line: 39, path: "console.txt")
        launch.phases[.terminated] = Self.mark(0.11, line: 47, path: "console.txt")
        launch.termination = Termination(kind: .signal, detail: "SIGABRT(6)")
        let exception = Finding(
            rule: "uncaught-exception", severity: .error, message: "crashed with an uncaught exception",
            location: SourceLocation(path: "console.txt", line: 45, byteOffset: 0), timestamp: "16:08:13.823456-0700", excerpt: "",
            data: ["exception": "NSInvalidArgumentException", "reason": "Could not find a storyboard named 'Main'"])
        let report = Finding(
            rule: "crash-report", severity: .error, message: "crash report", location: SourceLocation(path: "x.ips", line: 1, byteOffset: 0),
            excerpt: "", data: ["exceptionType": "EXC_CRASH", "signal": "SIGABRT", "osVersion": "iPhone OS 17.3.1 (21D61)"])
        let trace = LaunchTrace(launch, findings: [exception, report], sentAt: 0)
        let findingEvents = trace.root.events.filter { $0.name == "scenelog.finding" }
        #expect(findingEvents.count == 2)
        let first = findingEvents.first { $0.attributes["scenelog.finding.rule"] == .string("uncaught-exception") }
        #expect(first?.attributes["scenelog.finding.severity"] == .string("error"))
        #expect(first?.attributes["scenelog.log.path"] == .string("console.txt"))
        #expect(first?.attributes["scenelog.log.line"] == .int(45))
        #expect(first?.attributes["scenelog.finding.timestamp"] == .string("16:08:13.823456-0700"))
        #expect(first?.time == Self.nanoseconds(0.06), "at the launch's latest line before the finding")
        let crash = trace.root.events.first { $0.name == "app.crash" }
        #expect(crash?.attributes["exception.type"] == .string("EXC_CRASH"), "the crash report's exception first")
        #expect(crash?.attributes["exception.message"] == .string("Could not find a storyboard named 'Main'"))
        #expect(crash?.time == Self.nanoseconds(0.11))
        #expect(trace.resource["os.version"] == .string("17.3.1"))
        #expect(trace.root.status == .error("crashed"))
    }

    @Test("resource: service.name, os.name, the device as device.id (UDID) or scenelog.device.name, scenelog as distro")
    func resource() {
        var launch = Self.watchdogLaunch()
        let named = LaunchTrace(launch, findings: [], sentAt: 0).resource
        #expect(named["service.name"] == .string("com.example.app"))
        #expect(named["os.name"] == .string("ios"))
        #expect(named["scenelog.device.name"] == .string("QA-iPad"))
        #expect(named["device.id"] == nil)
        #expect(named["telemetry.distro.name"] == .string("scenelog"))
        #expect(named["os.version"] == nil, "no crash report: the log does not show the version")
        launch.device = "00008110-001A2B3C4D5E801E"
        #expect(LaunchTrace(launch, findings: [], sentAt: 0).resource["device.id"] == .string("00008110-001A2B3C4D5E801E"))
    }

    @Test("a launch whose lines carry no time is sent at the given time, untimed, with no child span")
    func untimed() {
        var launch = Launch(id: "L5", path: "plain.txt")
        launch.process = "MyApp"
        launch.evidence = .endOnly
        launch.phases[.terminated] = LaunchMark(
            timestamp: nil, seconds: nil, location: SourceLocation(path: "plain.txt", line: 3, byteOffset: 0), process: nil)
        let trace = LaunchTrace(launch, findings: [], sentAt: 42)
        #expect(trace.root.start == 42 && trace.root.end == 42)
        #expect(trace.root.attributes["scenelog.launch.timed"] == .bool(false))
        #expect(trace.children.isEmpty)
    }

    @Test("times printed with a UTC offset are sent in UTC", arguments: [
        ("10:00:00.000000-0500", 5 * 3600), ("2026-11-24 10:00:00.000000+03:00", -3 * 3600), ("2026-11-24T10:00:00.000Z", 0),
        ("Nov 24 10:00:00", 0),
    ])
    func offsets(timestamp: String, offsetSeconds: Int) {
        var launch = Launch(id: "L6", path: "log.txt")
        launch.phases[.requested] = Self.mark(0, line: 1, timestamp: timestamp)
        launch.phases[.active] = Self.mark(1, line: 2, timestamp: timestamp)
        let trace = LaunchTrace(launch, findings: [], sentAt: 0)
        #expect(trace.root.start == Self.nanoseconds(Double(offsetSeconds)))
        #expect(trace.root.end == Self.nanoseconds(Double(offsetSeconds) + 1))
    }
}
