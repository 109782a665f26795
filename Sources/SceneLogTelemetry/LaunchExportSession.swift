/// Sends launches' traces over OTLP with swift-otel, and says how many could not be sent.
///
/// Each resource (an app on a device) gets its own swift-otel tracing backend, made without
/// touching the process-global tracing system and run only for the session. Traces are sent in
/// groups of at most ``groupSpans`` spans: a group is handed to swift-otel's batch processor and
/// the next waits until each of its batches is reported exported or failed (``ExportLedger``), so
/// the processor's queue stays bounded and every launch is known to be sent or not. swift-otel's
/// exporter retries a request answered 429, 502, 503 or 504 with exponential backoff (and
/// `Retry-After`), as the OTLP specification says, within the batch's export timeout. Once a group
/// fails, nothing more is sent: the rest of the launches are counted as not exported, so an
/// unreachable endpoint costs one timeout, not one per launch. ``finish()`` flushes and shuts the
/// backends down within ``shutdownAllowance`` past the export timeout.
public actor LaunchExportSession {
    /// The most spans handed to swift-otel before waiting for their export (its batch size).
    public static let groupSpans = 512
    /// How long a batch may take (swift-otel's export timeout, `OTEL_BSP_EXPORT_TIMEOUT`), retries included.
    public static let exportTimeout = Duration.seconds(30)
    /// How long the final shutdown may take beyond that.
    public static let shutdownAllowance = Duration.seconds(2)

    private let settings: OTLPSettings
    private let exportTimeout: Duration
    private var pipelines: [[String: TelemetryValue]: Pipeline] = [:]
    /// The traces handed over since the last wait, by pipeline.
    private var group: [(pipeline: Pipeline, launches: Int)] = []
    private var groupSpanCount = 0
    private var report = OTLPExportReport()
    private var stopped = false

    /// - Parameter environment: the process environment, for the export timeout
    ///   (`OTEL_BSP_EXPORT_TIMEOUT`, milliseconds) the session waits for.
    public init(settings: OTLPSettings, environment: [String: String]) {
        self.settings = settings
        exportTimeout = environment["OTEL_BSP_EXPORT_TIMEOUT"].flatMap(Int.init).map { .milliseconds(max(0, $0)) } ?? Self.exportTimeout
    }

    /// Sends `trace` (waiting for the group before it when the group is full).
    public func send(_ trace: LaunchTrace) async {
        report.launches += 1
        guard !stopped else { return }
        let pipeline: Pipeline
        do {
            pipeline = try self.pipeline(for: trace.resource)
        } catch {
            stop(because: String(describing: error))
            return
        }
        guard pipeline.emit(trace) else {
            report.failure = report.failure ?? "the launch was sampled out (OTEL_TRACES_SAMPLER)"
            return
        }
        group.append((pipeline, 1))
        groupSpanCount += trace.spanCount
        if groupSpanCount >= Self.groupSpans { await settle() }
    }

    /// Waits for the last group, shuts every backend down (flushing what is left) and says how
    /// many launches were sent.
    public func finish() async -> OTLPExportReport {
        await settle()
        let deadline = ContinuousClock.now + exportTimeout + Self.shutdownAllowance
        // Every backend at once: each shutdown waits for its HTTP client to close.
        await withTaskGroup(of: Void.self) { shutdowns in
            for service in pipelines.values.map(\.service) {
                shutdowns.addTask { await Pipeline.shutDown(service, by: deadline) }
            }
        }
        pipelines = [:]
        return report
    }

    /// Waits until every span of the group is reported exported or failed, or the export
    /// timeout passes; then counts the group's launches as exported or not.
    private func settle() async {
        guard !group.isEmpty else { return }
        let deadline = ContinuousClock.now + exportTimeout + Self.shutdownAllowance
        let involved = Set(group.map { ObjectIdentifier($0.pipeline) })
        let pipelinesInGroup = pipelines.values.filter { involved.contains(ObjectIdentifier($0)) }
        while ContinuousClock.now < deadline, !pipelinesInGroup.allSatisfy(\.isSettled) {
            try? await Task.sleep(for: .milliseconds(10))
        }
        for entry in group {
            if entry.pipeline.isSettled, !entry.pipeline.hasFailed {
                report.exported += entry.launches
            }
        }
        if let failed = pipelinesInGroup.first(where: { !$0.isSettled || $0.hasFailed }) {
            stop(because: failed.failure ?? "no answer within \(exportTimeout.formatted)")
        }
        for pipeline in pipelinesInGroup { pipeline.markSettled() }
        group = []
        groupSpanCount = 0
    }

    private func stop(because reason: String) {
        stopped = true
        report.failure = report.failure ?? Self.oneLine(reason)
    }

    /// A reason from the collector or the exporter, as it is quoted on standard error: on one line
    /// (a newline shown as ⏎, so that a collector's message starts no line of a CI log) and cut to
    /// 300 characters. Other control characters are escaped where it is written.
    static func oneLine(_ reason: String) -> String {
        let line = reason.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ⏎ ")
        guard line.unicodeScalars.count > 300 else { return line }
        return String(String.UnicodeScalarView(line.unicodeScalars.prefix(300))) + "…"
    }

    private func pipeline(for resource: [String: TelemetryValue]) throws -> Pipeline {
        if let pipeline = pipelines[resource] { return pipeline }
        let pipeline = try Pipeline(settings: settings, resource: resource, exportTimeout: exportTimeout)
        pipelines[resource] = pipeline
        return pipeline
    }
}

/// What a session sent.
public struct OTLPExportReport: Sendable, Equatable {
    /// The launches given to the session.
    public var launches = 0
    /// The launches every span of which the endpoint accepted.
    public var exported = 0
    /// Why launches were not sent: the first failure (an error of swift-otel's exporter, or a timeout).
    public var failure: String?

    public init() {}

    public var notExported: Int { launches - exported }
}

extension Duration {
    /// `30 s`, `2.5 s`.
    fileprivate var formatted: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
