/// Sends launches as a live scan (`scenelog watch`) settles them, without holding up the scan: a
/// launch is queued at once and sent in the background; at most ``queueLimit`` of them wait.
public final class LiveLaunchExport: Sendable {
    /// The most launches waiting to be sent.
    public static let queueLimit = 1_000

    private let queue: AsyncStream<LaunchTrace>.Continuation
    private let sending: Task<OTLPExportReport, Never>

    public init(settings: OTLPSettings, environment: [String: String]) {
        let (stream, queue) = AsyncStream.makeStream(of: LaunchTrace.self, bufferingPolicy: .bufferingOldest(Self.queueLimit))
        self.queue = queue
        let session = LaunchExportSession(settings: settings, environment: environment)
        sending = Task {
            for await trace in stream { await session.send(trace) }
            return await session.finish()
        }
    }

    /// Queues `trace` to be sent; `false` when the queue is full (the launch is not sent, and
    /// is the caller's to count as not exported).
    public func send(_ trace: LaunchTrace) -> Bool {
        if case .enqueued = queue.yield(trace) { return true }
        return false
    }

    /// Sends what is queued, flushes, and says how many of the queued launches were sent.
    public func finish() async -> OTLPExportReport {
        queue.finish()
        return await sending.value
    }
}
