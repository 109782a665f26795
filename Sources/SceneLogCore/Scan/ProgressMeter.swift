import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress bar on standard error while inputs are scanned: files done of all, bytes read
/// (compressed bytes for archives), throughput and time left, redrawn ten times a second.
///
/// `@unchecked Sendable`: the counters are guarded by `lock`; workers add to them, a timer thread
/// draws them.
public final class ProgressMeter: @unchecked Sendable {
    private let lock = NSLock()
    private let totalFiles: Int
    private let totalBytes: Int64
    private var filesDone = 0
    private var bytesDone: Int64 = 0
    private let start = Date()
    private var timer: (any DispatchSourceTimer)?
    private var drawn = false

    /// A meter for `files` (their sizes on disk), or `nil` when standard error is not a terminal.
    public static func start(files: [String]) -> ProgressMeter? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        let sizes = files.map { path -> Int64 in
            var status = stat()
            let systemPath = PathBytes.bytes(path).map { CChar(bitPattern: $0) } + [0]  // a name that is not UTF-8 too
            return stat(systemPath, &status) == 0 ? Int64(status.st_size) : 0
        }
        let meter = ProgressMeter(files: files.count, bytes: sizes.reduce(0, +))
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(300), repeating: .milliseconds(100))
        timer.setEventHandler { [meter] in meter.draw() }
        meter.timer = timer
        timer.resume()
        return meter
    }

    private init(files: Int, bytes: Int64) {
        totalFiles = files
        totalBytes = max(bytes, 1)
    }

    /// Counts `bytes` more read.
    public func add(bytes: Int) {
        lock.withLock { bytesDone += Int64(bytes) }
    }

    /// Counts one more input read to its end.
    public func fileDone() {
        lock.withLock { filesDone += 1 }
    }

    /// Stops drawing and clears the bar.
    public func finish() {
        timer?.cancel()
        lock.withLock {
            if drawn { Self.emit("\r\u{1B}[2K") }
            drawn = false
            filesDone = totalFiles
        }
    }

    private func draw() {
        lock.withLock {
            guard filesDone < totalFiles else { return }
            let elapsed = max(Date().timeIntervalSince(start), 0.001)
            let fraction = min(Double(bytesDone) / Double(totalBytes), 1)
            let width = 24
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "=", count: filled) + (filled < width ? ">" : "")
                + String(repeating: " ", count: max(width - filled - 1, 0))
            let rate = Double(bytesDone) / elapsed
            let left = rate > 0 ? Double(totalBytes - min(bytesDone, totalBytes)) / rate : 0
            let line = "[\(bar)] \(filesDone)/\(totalFiles) files  \(Self.megabytes(bytesDone)) / \(Self.megabytes(totalBytes))"
                + "  \(Self.megabytes(Int64(rate)))/s  ETA \(Int(left.rounded())) s"
            Self.emit("\r\u{1B}[2K" + line)
            drawn = true
        }
    }

    /// Writes `text` to standard error, unbuffered.
    private static func emit(_ text: String) {
        _ = ReportDestination.writeAll(text.utf8, to: STDERR_FILENO)
    }

    private static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
