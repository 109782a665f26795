import Logging
import OTel
import ServiceLifecycle
import Tracing

/// One swift-otel tracing backend (one resource: an app on a device) and its running service,
/// with the count of spans handed to it and of those its ledger has accounted for.
///
/// Used only inside a ``LaunchExportSession``, which serialises every call.
final class Pipeline {
    private let tracer: any Tracer
    private let group: ServiceGroup
    private let running: Task<Void, Never>
    private let ledger = ExportLedger()
    private var submitted = 0
    private var failedBefore = 0

    init(settings: OTLPSettings, resource: [String: TelemetryValue], exportTimeout: Duration) throws {
        var configuration = OTel.Configuration.default
        var attributes = resource.mapValues(\.description)
        configuration.serviceName = attributes.removeValue(forKey: TelemetryNames.serviceName) ?? configuration.serviceName
        configuration.resourceAttributes = attributes
        configuration.diagnosticLogger = .custom(ledger.logger())
        configuration.diagnosticLogLevel = .debug
        // scenelog carries each launch's trace id in a W3C traceparent (see LaunchTraceID).
        configuration.propagators = [.traceContext]
        configuration.metrics.enabled = false
        configuration.logs.enabled = false
        configuration.traces.sampler = .parentBasedAlwaysOn
        configuration.traces.batchSpanProcessor.scheduleDelay = .milliseconds(50)
        configuration.traces.batchSpanProcessor.maxExportBatchSize = LaunchExportSession.groupSpans
        configuration.traces.batchSpanProcessor.maxQueueSize = LaunchExportSession.groupSpans * 4
        configuration.traces.batchSpanProcessor.exportTimeout = exportTimeout
        configuration.traces.otlpExporter.endpoint = settings.endpoint
        configuration.traces.otlpExporter.headers = settings.headers.map { ($0.name, $0.value) }
        configuration.traces.otlpExporter.protocol = try Self.transport(settings.transport)
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        tracer = backend.factory
        let quiet = Logger(label: "scenelog.otlp") { _ in SwiftLogNoOpLogHandler() }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [.init(service: backend.service)], logger: quiet))
        self.group = group
        running = Task { try? await group.run() }
    }

    private static func transport(_ transport: OTLPSettings.Transport) throws -> OTel.Configuration.OTLPExporterConfiguration.`Protocol` {
        switch transport {
        case .httpProtobuf: return .httpProtobuf
        case .httpJSON: return .httpJSON
        case .grpc:
            guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { throw GRPCUnavailable() }
            return .grpc
        }
    }

    /// swift-otel's gRPC exporter needs macOS 15 (or the matching OS), as grpc-swift 2 does.
    private struct GRPCUnavailable: Error, CustomStringConvertible {
        var description: String { "OTLP over gRPC needs macOS 15 or later here; use http/protobuf" }
    }

    /// Whether every span handed over has been reported exported or failed.
    var isSettled: Bool {
        let counts = ledger.counts
        return counts.exported + counts.failed >= submitted
    }

    /// Whether a batch failed since the last ``markSettled()``.
    var hasFailed: Bool { ledger.counts.failed > failedBefore }

    var failure: String? { ledger.counts.failure }

    func markSettled() { failedBefore = ledger.counts.failed }

    /// Starts and ends the spans of `trace` at its times; `false` when the sampler dropped it.
    func emit(_ trace: LaunchTrace) -> Bool {
        emit(trace, on: tracer)
    }

    private func emit<T: Tracer>(_ trace: LaunchTrace, on tracer: T) -> Bool {
        var parent = InstrumentationContext.topLevel
        tracer.extract(
            ["traceparent": "00-\(trace.traceID)-\(trace.captureSpanID)-01"], into: &parent, using: TraceParentExtractor())
        let root = tracer.startSpan(trace.root.name, context: parent, ofKind: .internal, at: LogInstant(trace.root.start))
        guard root.context.otelIsSampled else {
            root.end(at: LogInstant(trace.root.end))
            return false
        }
        for child in trace.children {
            let span = tracer.startSpan(child.name, context: root.context, ofKind: .internal, at: LogInstant(child.start))
            span.attributes = SpanAttributes(child.attributes)
            for event in child.events { span.addEvent(SpanEvent(event)) }
            span.end(at: LogInstant(child.end))
        }
        root.attributes = SpanAttributes(trace.root.attributes)
        for event in trace.root.events { root.addEvent(SpanEvent(event)) }
        if case .error(let message) = trace.root.status { root.setStatus(SpanStatus(code: .error, message: message)) }
        root.end(at: LogInstant(trace.root.end))
        submitted += trace.spanCount
        return true
    }

    /// What ``shutDown(_:by:)`` takes: the service group and the task running it.
    var service: Service { Service(group: group, running: running) }

    struct Service: Sendable {
        var group: ServiceGroup
        var running: Task<Void, Never>
    }

    /// Shuts a backend down gracefully (its batch processor flushes what it holds), giving up at
    /// `deadline`.
    static func shutDown(_ service: Service, by deadline: ContinuousClock.Instant) async {
        let running = service.running
        await service.group.triggerGracefulShutdown()
        let finished = await withTaskGroup(of: Bool.self) { tasks in
            tasks.addTask {
                await running.value
                return true
            }
            tasks.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return false
            }
            let first = await tasks.next() ?? false
            tasks.cancelAll()
            return first
        }
        if !finished { running.cancel() }
    }
}

/// A time read from the log, for swift-distributed-tracing.
struct LogInstant: TracerInstant {
    var nanosecondsSinceEpoch: UInt64

    init(_ nanoseconds: UInt64) { nanosecondsSinceEpoch = nanoseconds }

    static func < (lhs: LogInstant, rhs: LogInstant) -> Bool { lhs.nanosecondsSinceEpoch < rhs.nanosecondsSinceEpoch }
}

/// Reads the `traceparent` scenelog builds for a launch.
private struct TraceParentExtractor: Extractor {
    func extract(key: String, from carrier: [String: String]) -> String? { carrier[key] }
}

extension SpanAttributes {
    fileprivate init(_ values: [String: TelemetryValue]) {
        self.init()
        for (name, value) in values { set(name, value: SpanAttribute(value)) }
    }
}

extension SpanAttribute {
    fileprivate init(_ value: TelemetryValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .int(let number): self = .int64(Int64(number))
        case .double(let number): self = .double(number)
        case .bool(let flag): self = .bool(flag)
        }
    }
}

extension SpanEvent {
    fileprivate init(_ event: PlannedEvent) {
        self.init(name: event.name, at: LogInstant(event.time), attributes: SpanAttributes(event.attributes))
    }
}
