import SceneLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a live input until it ends, a stop signal arrives or the output goes away. A line is
/// handled as soon as it arrives: each read takes whatever is waiting (up to 64 KiB), and when the
/// input goes quiet for ``flushDelay`` the open record is delivered without waiting for the next line.
struct WatchLoop {
    /// How the loop ended.
    enum End: Equatable {
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

    let input: LiveInput
    let scanner: InputScanner<WatchSink>
    let wakeUp: WakeUpPipe
    let writer: LiveWriter

    func run() -> End {
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
            if descriptors[0].revents != 0 {
                let reasons = wakeUp.drain()
                if reasons.contains(.interrupted) { return .interrupted }
                if reasons.contains(.childFailed) { return .failed(input.failure ?? "the input stopped") }
            }
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
            if let end = outputEnd { return end }
        }
    }

    /// Delivers what arrived; `nil` while the watch goes on.
    private func flush() -> End? {
        do {
            try scanner.flush()
        } catch {
            return .failed(error.description)
        }
        return outputEnd
    }

    private var outputEnd: End? {
        switch writer.state {
        case .open: nil
        case .closed: .outputClosed
        case .failed: .outputFailed
        }
    }
}
