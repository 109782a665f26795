/// Sends launches as a live scan (`scenelog watch`) settles them, without holding up the scan: a
/// launch is queued at once, at most ``queueLimit`` of them wait, and a launch that finds the
/// queue full is counted as not exported.
///
/// Used from the one thread that reads the live stream; ``finish(within:)`` waits for the queue
/// to be sent.
public final class LiveLaunchExport {
    /// The most launches waiting to be sent.
    public static let queueLimit = 1_000

    private let queue: AsyncStream<LaunchTrace>.Continuation
    private let sending: Task<OTLPExportReport, Never>
    private var dropped = 0

    public init(settings: OTLPSettings, environment: [String: String]) {
        let (stream, queue) = AsyncStream.makeStream(of: LaunchTrace.self, bufferingPolicy: .bufferingOldest(Self.queueLimit))
        self.queue = queue
        let session = LaunchExportSession(settings: settings, environment: environment)
        sending = Task {
            for await trace in stream { await session.send(trace) }
            return await session.finish()
        }
    }

    /// Queues `trace` to be sent.
    public func send(_ trace: LaunchTrace) {
        if case .dropped = queue.yield(trace) { dropped += 1 }
    }

    /// Sends what is queued, flushes, and says how many launches were sent (those dropped from
    /// a full queue count as not exported).
    public func finish() async -> OTLPExportReport {
        queue.finish()
        var report = await sending.value
        report.launches += dropped
        if dropped > 0, report.failure == nil { report.failure = "the export queue was full" }
        return report
    }
}
