#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An input that could not be opened, read, or is not a text log.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong with the input.
    public enum Kind: Sendable, Equatable {
        /// It could not be opened at all.
        case open
        /// Reading failed part-way.
        case read
        /// It is not a text log (an archive, a crash report, binary data).
        case notText
    }

    /// The path as the user named it.
    public let path: String
    /// What went wrong, in the words of the C library (`No such file or directory`) or of the sniffer.
    public let reason: String
    public let kind: Kind

    public init(path: String, reason: String, kind: Kind) {
        self.path = path
        self.reason = reason
        self.kind = kind
    }

    static func fromErrno(path: String, kind: Kind) -> InputError {
        InputError(path: path, reason: String(cString: strerror(errno)), kind: kind)
    }

    public var description: String {
        switch kind {
        case .open: "cannot open '\(Escaping.visible(path))': \(Escaping.visible(reason))"
        case .read: "cannot read '\(Escaping.visible(path))': \(Escaping.visible(reason))"
        case .notText: "'\(Escaping.visible(path))' \(Escaping.visible(reason))"
        }
    }
}

/// Reads a file descriptor in large chunks (64 KiB by default) into one reused buffer.
final class ChunkedReader {
    /// The default read size.
    static let defaultChunkSize = 64 * 1024

    let path: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// A regular file's size when it was opened: one that ends before it was cut short while it
    /// was read (a log rotated by truncation), which is said rather than taken for its end; one
    /// that grows is read on, up to ``growthAllowed(from:)`` more bytes (a log written as fast as
    /// it is read would never end).
    private var sizeAtOpen: Int64?
    private var bytesRead: Int64 = 0

    /// Opens `path` for reading; `-` means standard input.
    init(path: String, chunkSize: Int = ChunkedReader.defaultChunkSize) throws(InputError) {
        self.path = path
        if path == "-" {
            // `-` names standard input: one the process was started without is not an empty input.
            guard !ReportDestination.wasClosedAtStart(STDIN_FILENO) else {
                throw InputError(path: path, reason: "standard input was closed when scenelog started", kind: .open)
            }
            descriptor = STDIN_FILENO
            ownsDescriptor = false
        } else {
            // A FIFO with no writer yet: a stop is seen while the reader waits for data
            // (``waitForData(unless:)``), not in open().
            let opened = FileSystem.openForReading(path)
            guard opened >= 0 else { throw InputError.fromErrno(path: path, kind: .open) }
            var info = stat()
            if fstat(opened, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                close(opened)
                throw InputError(path: path, reason: "Is a directory", kind: .open)
            }
            if (info.st_mode & S_IFMT) == S_IFREG {
                ScannedFiles.shared.record(path, info)
                sizeAtOpen = Int64(info.st_size)
            }
            descriptor = opened
            ownsDescriptor = true
        }
        buffer = .allocate(capacity: max(chunkSize, 1))
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
        buffer.deallocate()
    }

    /// Asked while a pipe or terminal has nothing to read: true ends the input where it is (a
    /// stop requested while standard input is kept open but silent).
    var isStopRequested: (@Sendable () -> Bool)?
    private lazy var isRegular = isRegularFile

    /// How many bytes a regular file of `size` bytes when opened may grow by while it is read: as
    /// many again, and at least 64 MiB.
    static func growthAllowed(from size: Int64) -> Int64 {
        max(size, 64 << 20)
    }

    /// The next chunk, or an empty buffer at the end of the input. Valid until the next call.
    func nextChunk() throws(InputError) -> UnsafeBufferPointer<UInt8> {
        if let isStopRequested, !waitForData(unless: isStopRequested) { return UnsafeBufferPointer(start: nil, count: 0) }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count > 0 { bytesRead += Int64(count) }
            if let sizeAtOpen, case let allowed = Self.growthAllowed(from: sizeAtOpen), bytesRead > sizeAtOpen + allowed {
                throw InputError(
                    path: path,
                    reason: "it grew by more than \(allowed >> 20) MiB while it was read, and was read no further "
                        + "(\(bytesRead - Int64(count)) bytes); follow a log that is still being written with scenelog watch --follow",
                    kind: .read)
            }
            if count == 0, let sizeAtOpen, bytesRead < sizeAtOpen, currentSize.map({ $0 < sizeAtOpen }) ?? true {
                throw InputError(
                    path: path, reason: "it was cut short while it was read: it ended after \(bytesRead) of the \(sizeAtOpen) bytes it had",
                    kind: .read)
            }
            if count >= 0 { return UnsafeBufferPointer(rebasing: buffer[0..<count]) }
            // A stop's signal interrupts a read that blocks (a file that never ends): the input ends.
            if errno == EINTR { if isStopRequested?() == true { return UnsafeBufferPointer(start: nil, count: 0) } else { continue } }
            throw InputError.fromErrno(path: path, kind: .read)
        }
    }

    /// Waits, a fifth of a second at a time, until a pipe or terminal has something to read (true)
    /// or `stop` answers true (false). A regular file always has.
    private func waitForData(unless stop: () -> Bool) -> Bool {
        guard !isRegular else { return true }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while !stop() {
            let ready = poll(&entry, 1, 200)
            if ready > 0 || (ready < 0 && errno != EINTR) { return true }  // readable, closed, or an error read() reports
        }
        return false
    }

    /// The file's size now. A file that ends before the size it had when opened and is no smaller
    /// now was not cut short: its size says nothing of its content (a file of sysfs says 4096).
    private var currentSize: Int64? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int64(info.st_size) : nil
    }

    /// Whether the input is a regular file (all there, so read for throughput), rather than a
    /// pipe or a terminal whose lines arrive over time.
    var isRegularFile: Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The file's modification time in seconds since 1970, when it is a regular file.
    var modificationTime: Double? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Self.seconds(modified: info)
    }

    /// The modification time of the file at `path` (an archive, read by libarchive), in seconds
    /// since 1970.
    static func modificationTime(of path: String) -> Double? {
        FileSystem.status(path).map(seconds(modified:))
    }

    /// The modification time `info` holds, in seconds since 1970.
    static func seconds(modified info: stat) -> Double {
        #if canImport(Darwin)
        Double(info.st_mtimespec.tv_sec)
        #else
        Double(info.st_mtim.tv_sec)
        #endif
    }
}

@available(*, unavailable)
extension ChunkedReader: Sendable {}
