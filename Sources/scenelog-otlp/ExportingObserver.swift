import SceneLogCommandLine
import SceneLogCore
import SceneLogTelemetry

/// Passes a watch's live events on to its observer, and sends each launch over OTLP as soon as
/// its outcome is known, and again if it changes (active, then crashed): the same trace id, the
/// later root span with the later outcome. Launches still open when the watch ends are sent by
/// ``finish(_:)``, as `incomplete`.
final class ExportingObserver: LiveExportObserver {
    private let observer: any ScanObserver
    private let export: SceneLogTelemetry.LiveLaunchExport
    private let launchExport: OTLPLaunchExport
    /// The outcome each launch was last sent with, by device and id (launch ids are per source).
    private var sentOutcomes: [String: LaunchOutcome] = [:]
    /// Launches not sent because the queue was full.
    private var dropped = 0
    /// The most launches whose sent outcome is remembered; past it the memory starts again (a
    /// launch that changes outcome after that is sent once more, which costs nothing but a span).
    static let rememberedLaunches = 10_000

    init(observer: any ScanObserver, export launchExport: OTLPLaunchExport) {
        self.observer = observer
        self.launchExport = launchExport
        export = SceneLogTelemetry.LiveLaunchExport(settings: launchExport.settings, environment: launchExport.environment)
    }

    var wantsLiveEvents: Bool { observer.wantsLiveEvents }
    func scanWillRead(_ inputs: [String]) { observer.scanWillRead(inputs) }
    func scanDidRead(bytes: Int) { observer.scanDidRead(bytes: bytes) }
    func scanDidFinishInput() { observer.scanDidFinishInput() }
    func scanDidReport(_ diagnostic: ScanDiagnostic) { observer.scanDidReport(diagnostic) }
    func scanDidFind(_ finding: Finding) { observer.scanDidFind(finding) }
    func scanLaunch(_ launch: Launch, didReach phase: LaunchPhase) { observer.scanLaunch(launch, didReach: phase) }
    func scanDidSeeBanner(_ text: String, line: Int) { observer.scanDidSeeBanner(text, line: line) }

    func scanLaunchDidChange(_ launch: Launch, findings: [Finding]) {
        observer.scanLaunchDidChange(launch, findings: findings)
        guard launch.outcome != .incomplete else { return }
        let key = (launch.device ?? "") + "\u{1F}" + launch.id
        guard sentOutcomes[key] != launch.outcome else { return }
        if sentOutcomes.count >= Self.rememberedLaunches { sentOutcomes = [:] }
        sentOutcomes[key] = launch.outcome
        send(LaunchTrace(launch, findings: findings, sentAt: OTLPLaunchExport.nowNanoseconds()))
    }

    private func send(_ trace: LaunchTrace) {
        if !export.send(trace) { dropped += 1 }
    }

    /// Sends the launches of `result` whose outcome never became known (the watch ended first),
    /// waits for the export to end; how it went.
    func finish(_ result: ScanResult) -> LaunchExportOutcome {
        for trace in result.launchTraces(sentAt: OTLPLaunchExport.nowNanoseconds(), where: { $0.outcome == .incomplete }) {
            send(trace)
        }
        let export = self.export
        var report = OTLPLaunchExport.waitFor { await export.finish() }
        report.launches += dropped
        if dropped > 0 { report.failure = report.failure ?? "the export queue was full" }
        return launchExport.outcome(of: report)
    }
}
