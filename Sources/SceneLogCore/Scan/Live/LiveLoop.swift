#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a live source into a ``LiveScan`` until it ends, the caller's wake-up descriptor says
/// stop, or the output goes away. A line is handled as soon as it arrives: each read takes whatever
/// is waiting (up to 64 KiB), and when the source goes quiet for ``flushDelay`` the open record is
/// delivered without waiting for the next line.
public struct LiveLoop {
    /// How the loop ended.
    public enum End: Equatable, Sendable {
        case inputEnded
        case interrupted
        case outputClosed
        case outputFailed
        case failed(String)
    }

    /// Quiet time after which what arrived is flushed through (milliseconds).
    static let flushDelay: Int32 = 10
    /// How often a followed file is looked at for new data (milliseconds).
    static let followInterval: Int32 = 50

    let input: LiveSource
    let scanner: LiveScan
    private let wakeUp: WakeUpPipe
    let outputEnd: () -> End?

    /// Makes the pipe that wakes the loop (a stop from a signal handler, a spawned idevicesyslog
    /// that fails): call it before a source is started or a signal routed to ``requestStop()``.
    /// - Throws: ``WatchError`` when the pipe cannot be made.
    public static func prepare() throws(WatchError) {
        if WakeUpPipe.shared == nil { WakeUpPipe.shared = try WakeUpPipe() }
    }

    /// - Parameter outputEnd: asked after each delivery: how to end when the output went away, `nil` to go on.
    /// - Throws: ``WatchError`` when the loop's wake-up pipe cannot be made.
    public init(source: LiveSource, scan: LiveScan, outputEnd: @escaping () -> End?) throws(WatchError) {
        try Self.prepare()
        self.input = source
        self.scanner = scan
        self.wakeUp = WakeUpPipe.shared!
        self.outputEnd = outputEnd
    }

    /// Ends the scan after the loop: its summary and launches (``LiveScan/finish()``).
    public func finish() -> ScanResult {
        scanner.finish()
    }

    /// Asks the running loop to end (`.interrupted`): safe to call from a signal handler.
    public static func requestStop() {
        WakeUpPipe.wake(.interrupted)
    }

    /// What woke the loop: an end, or `nil` to go on.
    private func onWake() -> End? {
        let reasons = wakeUp.drain()
        if reasons.contains(.interrupted) { return .interrupted }
        return reasons.contains(.childFailed) ? .failed(input.failure ?? "the input stopped") : nil
    }

    /// Reads until the end, then stops the source (a spawned idevicesyslog) and, unless interrupted,
    /// delivers what arrived last.
    public func run() -> End {
        let end = loop()
        input.stop()
        if end != .interrupted { try? scanner.flush() }
        return end
    }

    private func loop() -> End {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
        defer { buffer.deallocate() }
        var pending = false
        // A followed file that just gave data is read again at once; it is only waited on when dry.
        var moreMayWait = false
        while true {
            var descriptors = [pollfd(fd: wakeUp.readEnd, events: Int16(POLLIN), revents: 0)]
            if let descriptor = input.pollDescriptor {
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            }
            let waitsOnInput = descriptors.count == 2
            let timeout: Int32 =
                moreMayWait ? 0 : pending ? Self.flushDelay : waitsOnInput ? -1 : Self.followInterval
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0, errno != EINTR { return .failed("poll failed: \(String(cString: strerror(errno)))") }
            if descriptors[0].revents != 0, let end = onWake() { return end }
            let inputReady = waitsOnInput ? descriptors[1].revents != 0 : ready == 0
            if !inputReady {
                if pending {
                    pending = false
                    if let end = flush() { return end }
                }
                continue
            }
            do {
                switch try input.read(into: buffer) {
                case .bytes(let count):
                    try scanner.take(UnsafeBufferPointer(rebasing: buffer.assumingMemoryBound(to: UInt8.self)[..<count]))
                    pending = true
                    moreMayWait = !waitsOnInput
                case .idle:
                    moreMayWait = false
                    if pending {
                        pending = false
                        if let end = flush() { return end }
                    }
                case .end:
                    return .inputEnded
                }
            } catch let error as InputError {
                return .failed(error.description)
            } catch let error as WatchError {
                return .failed(error.description)
            } catch {
                return .failed("\(error)")
            }
            if let end = outputEnd() { return end }
        }
    }

    /// Delivers what arrived; `nil` while the watch goes on.
    private func flush() -> End? {
        do {
            try scanner.flush()
        } catch {
            return .failed(error.description)
        }
        return outputEnd()
    }
}
