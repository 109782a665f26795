#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one or more live sources, each into its own ``LiveScan``, until they end, the caller's
/// wake-up descriptor says stop, or the output goes away. A line is handled as soon as it arrives:
/// each read takes whatever is waiting (up to 64 KiB), and when a source goes quiet for
/// ``flushDelay`` its open record is delivered without waiting for the next line. With a
/// ``Tick``, the loop also wakes on a timer, lines or not (a status line redrawn every second).
/// A source that cannot be read any more (a followed file replaced by a folder) is reported and
/// dropped while others go on; the last one's failure ends the loop.
public struct LiveLoop {
    /// How the loop ended.
    public enum End: Equatable, Sendable {
        case inputEnded
        case interrupted
        case outputClosed
        case outputFailed
        case failed(String)
    }

    /// Something the loop does every `interval` milliseconds, whether lines arrive or not, told
    /// how many lines arrived so far.
    public struct Tick {
        let interval: Int64
        let action: (_ linesArrived: Int) -> Void

        public init(everyMilliseconds interval: Int, _ action: @escaping (_ linesArrived: Int) -> Void) {
            self.interval = Int64(interval)
            self.action = action
        }
    }

    /// Quiet time after which what arrived is flushed through (milliseconds).
    static let flushDelay: Int64 = 10
    /// How often a followed file is looked at for new data (milliseconds).
    static let followInterval: Int64 = 50

    let feeds: [LiveFeed]
    private let wakeUp: WakeUpPipe
    let outputEnd: () -> End?
    let tick: Tick?
    /// Runs a write to standard error (a spawned idevicesyslog's messages passed on).
    let aside: (_ write: () -> Void) -> Void
    /// Told of a source dropped while others go on.
    let report: (ScanDiagnostic) -> Void
    /// Whether a source was dropped while others went on.
    private let dropped = DroppedSources()

    /// Makes the pipe that wakes the loop (a stop from a signal handler, a spawned idevicesyslog
    /// that fails): call it before a source is started or a signal routed to ``requestStop()``.
    /// - Throws: ``WatchError`` when the pipe cannot be made.
    public static func prepare() throws(WatchError) {
        if WakeUpPipe.shared == nil { WakeUpPipe.shared = try WakeUpPipe() }
    }

    /// - Parameters:
    ///   - feeds: the sources, read side by side (at least one).
    ///   - outputEnd: asked after each delivery: how to end when the output went away, `nil` to go on.
    ///   - tick: done at once, then on its timer.
    ///   - aside: runs each write of a spawned idevicesyslog's messages to standard error (with
    ///     a status line out of the way).
    ///   - report: told, as an error, of a source that failed and was dropped while others go on.
    /// - Throws: ``WatchError`` when the loop's wake-up pipe cannot be made.
    public init(
        feeds: [LiveFeed], outputEnd: @escaping () -> End?, tick: Tick? = nil,
        aside: @escaping (_ write: () -> Void) -> Void = { $0() }, report: @escaping (ScanDiagnostic) -> Void = { _ in }
    ) throws(WatchError) {
        precondition(!feeds.isEmpty)
        try Self.prepare()
        self.feeds = feeds
        self.wakeUp = WakeUpPipe.shared!
        self.outputEnd = outputEnd
        self.tick = tick
        self.aside = aside
        self.report = report
    }

    /// The lines that arrived so far, from every source.
    public var linesArrived: Int {
        feeds.reduce(0) { $0 + $1.scan.linesArrived }
    }

    /// Ends the scans after the loop: the sources' summaries and launches (``LiveScan/finish()``), together.
    public func finish() -> ScanResult {
        var result = ScanResult()
        for feed in feeds {
            let part = feed.finish()
            result.inputs += part.inputs
            for launch in part.launches { result.launches.append(launch) }
            result.releasedLaunchOutcomes.merge(part.releasedLaunchOutcomes, uniquingKeysWith: +)
        }
        return result
    }

    /// Asks the running loop to end (`.interrupted`): safe to call from a signal handler.
    public static func requestStop() {
        WakeUpPipe.wake(.interrupted)
    }

    /// Why a source ended badly: the first spawned idevicesyslog's failure, once its output closed.
    public var failureAtEnd: String? {
        feeds.lazy.compactMap(\.source.failureAtEnd).first
    }

    /// Whether a source failed and was dropped while others went on (each was reported then).
    public var droppedASource: Bool {
        dropped.any
    }

    /// What woke the loop: an end, or `nil` to go on.
    private func onWake() -> End? {
        let reasons = wakeUp.drain()
        if reasons.contains(.interrupted) { return .interrupted }
        guard reasons.contains(.childFailed) else { return nil }
        return .failed(feeds.lazy.compactMap(\.source.failure).first ?? "the input stopped")
    }

    /// Reads until the end, then stops the sources (spawned idevicesyslogs), passes on what they
    /// said last and, unless interrupted, delivers what arrived last.
    public func run() -> End {
        let end = loop()
        for feed in feeds {
            feed.source.stop()
            passOn(feed.source.errorText(final: true))
        }
        if end != .interrupted {
            for feed in feeds { try? feed.scan.flush() }
        }
        return end
    }

    private func loop() -> End {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        var states = [FeedState](repeating: FeedState(), count: feeds.count)
        var nextTick = tick.map { _ in Self.milliseconds() }
        while true {
            var descriptors = [pollfd(fd: wakeUp.readEnd, events: Int16(POLLIN), revents: 0)]
            var polled: [Int] = []
            for index in feeds.indices where !states[index].ended {
                guard let descriptor = feeds[index].source.pollDescriptor else { continue }
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
                polled.append(index)
            }
            var errorsPolled: [Int] = []
            for index in feeds.indices {
                guard let descriptor = feeds[index].source.errorDescriptor else { continue }
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
                errorsPolled.append(index)
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout(states, nextTick: nextTick))
            if ready < 0, errno != EINTR { return .failed("poll failed: \(String(cString: strerror(errno)))") }
            if descriptors[0].revents != 0, let end = onWake() { return end }
            var readable = [Bool](repeating: false, count: feeds.count)
            for (slot, index) in polled.enumerated() where descriptors[slot + 1].revents != 0 { readable[index] = true }
            for (slot, index) in errorsPolled.enumerated() where descriptors[1 + polled.count + slot].revents != 0 {
                passOn(feeds[index].source.errorText(final: false))
            }
            // A followed file is read when the wait timed out, or at once when it just gave data.
            for index in feeds.indices where !states[index].ended && feeds[index].source.pollDescriptor == nil {
                readable[index] = ready == 0 || states[index].moreMayWait
            }
            let now = Self.milliseconds()
            for index in feeds.indices {
                if readable[index], let end = read(index, into: buffer, state: &states[index], now: now) {
                    guard case .failed(let failure) = end, states.indices.contains(where: { $0 != index && !states[$0].ended }) else {
                        return end
                    }
                    // Others go on: this source is dropped, what it gave so far kept.
                    dropped.any = true
                    report(ScanDiagnostic(.error, "\(failure); no longer read, the other inputs go on"))
                    states[index].ended = true
                    states[index].pendingSince = nil
                    try? feeds[index].scan.flush()
                    if let end = outputEnd() { return end }
                    continue
                }
                if let since = states[index].pendingSince, now - since >= Self.flushDelay || states[index].ended {
                    states[index].pendingSince = nil
                    if let end = flush(index) { return end }
                }
            }
            if !states.contains(where: { !$0.ended }) { return .inputEnded }
            if let tick, let due = nextTick, now >= due {
                tick.action(linesArrived)
                nextTick = now + tick.interval
                if let end = outputEnd() { return end }
            }
        }
    }

    /// How long to wait (milliseconds, -1 for ever): until a pending delivery, a followed file's
    /// next look, or the next tick, whichever comes first.
    private func timeout(_ states: [FeedState], nextTick: Int64?) -> Int32 {
        let now = Self.milliseconds()
        var deadlines = states.compactMap { $0.pendingSince.map { $0 + Self.flushDelay } }
        if let nextTick { deadlines.append(nextTick) }
        for index in feeds.indices where !states[index].ended && feeds[index].source.pollDescriptor == nil {
            if states[index].moreMayWait { return 0 }
            deadlines.append(now + Self.followInterval)
        }
        guard let first = deadlines.min() else { return -1 }
        return Int32(clamping: max(first - now, 0))
    }

    /// Reads feed `index` once and scans what came; `nil` while the watch goes on.
    private func read(_ index: Int, into buffer: UnsafeMutableRawBufferPointer, state: inout FeedState, now: Int64) -> End? {
        let feed = feeds[index]
        do {
            switch try feed.source.read(into: buffer) {
            case .bytes(let count):
                try feed.scan.take(UnsafeBufferPointer(rebasing: buffer.assumingMemoryBound(to: UInt8.self)[..<count]))
                state.pendingSince = now
                state.moreMayWait = feed.source.pollDescriptor == nil
            case .idle:
                state.moreMayWait = false
                state.pendingSince = state.pendingSince.map { _ in now - Self.flushDelay }
            case .end:
                state.ended = true
                state.pendingSince = state.pendingSince.map { _ in now - Self.flushDelay }
            }
        } catch let error as InputError {
            return .failed(error.description)
        } catch let error as WatchError {
            return .failed(error.description)
        } catch {
            return .failed("\(error)")
        }
        return outputEnd()
    }

    /// Passes idevicesyslog's error lines on to standard error, each escaped for one line
    /// (``Escaping/terminalLine(_:)``): they may relay a device's text, escapes included.
    private func passOn(_ text: [UInt8]) {
        guard !text.isEmpty else { return }
        var lines = text.split(separator: ASCII.newline, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let escaped = lines.map { line in
            var line = line
            if line.last == ASCII.carriageReturn { line.removeLast() }
            return Escaping.terminalLine(String(decoding: line, as: UTF8.self)) + "\n"
        }.joined()
        aside { _ = Array(escaped.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) } }
    }

    /// Delivers what arrived from feed `index`; `nil` while the watch goes on.
    private func flush(_ index: Int) -> End? {
        do {
            try feeds[index].scan.flush()
        } catch {
            return .failed(error.description)
        }
        return outputEnd()
    }

    /// Whether a loop dropped a source (a reference: the loop's reading is not mutating).
    private final class DroppedSources {
        var any = false
    }

    /// The monotonic clock, in milliseconds.
    static func milliseconds() -> Int64 {
        Int64(RuleTiming.now() / 1_000_000)
    }
}
