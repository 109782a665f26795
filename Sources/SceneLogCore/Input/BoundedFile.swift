import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole small file (settings, rules, a baseline, a crash report) with a size cap: only a
/// regular file is read, never a FIFO, a device or a folder (which could block or never end), and
/// never more than the cap (a file growing while read is stopped too).
enum BoundedFile {
    /// Settings (`.scenelog.yml`, `--config`) and user rules (`--rules`).
    static let configurationLimit = 1 << 20
    /// A crash report (`.ips`) read as a file or an archive member.
    static let crashReportLimit = ArchiveWalker.maximumCrashReportBytes
    /// An earlier JSON report (`--baseline`).
    static let baselineLimit = 256 << 20

    /// Why a file was not read.
    struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        enum Kind: Sendable, Equatable {
            /// It could not be opened or read (the C library's reason).
            case unreadable
            /// A FIFO, a device, a folder or a socket.
            case notRegularFile
            /// Over the cap, or grew past it while read.
            case tooLarge
            /// Not the file of the user it had to be (``read(path:limit:what:ownedBy:)``).
            case notOwned
        }

        /// The path as given.
        var path: String
        /// What is wrong, without the path: `is not a regular file (a FIFO)`.
        var reason: String
        var kind: Kind

        /// `'path' reason`, the path made printable.
        var description: String { "'\(Escaping.visible(path))' \(reason)" }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    ///
    /// - Parameters:
    ///   - what: what such files are, in the plural, for the message (`crash reports`).
    ///   - owner: the user the file must belong to; any when `nil`.
    /// - Throws: a ``Failure`` when the file cannot be opened, is not a regular file, belongs to
    ///   another user than `owner`, or is (or grows) larger than `limit`.
    static func read(path: String, limit: Int, what: String, ownedBy owner: uid_t? = nil) throws(Failure) -> Data {
        // Non-blocking, so that opening a FIFO with no writer returns at once; it is refused below.
        let descriptor = FileSystem.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Failure(path: path, reason: "cannot be opened: \(String(cString: strerror(errno)))", kind: .unreadable)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw Failure(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))", kind: .unreadable)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(path: path, reason: "is not a regular file (\(typeName(info.st_mode)))", kind: .notRegularFile)
        }
        if let owner, info.st_uid != owner {
            throw Failure(path: path, reason: "belongs to another user", kind: .notOwned)
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            throw Failure(path: path, reason: "is \(describe(size, limit: limit)); \(what) are read up to \(describe(limit))", kind: .tooLarge)
        }
        // One byte more than the cap tells a file that grew past it. The buffer is allocated with a
        // check, so that a file too large for the memory left is an error naming it, not a crash.
        var capacity = min(size, limit) + 1
        guard var buffer = malloc(capacity) else { throw Self.outOfMemory(path, size: size) }
        var count = 0
        while count <= limit {
            if count == capacity {
                capacity = min(capacity * 2, limit + 1)
                guard let grown = realloc(buffer, capacity) else {
                    free(buffer)
                    throw Self.outOfMemory(path, size: capacity)
                }
                buffer = grown
            }
            let read = readDescriptor(descriptor, buffer + count, capacity - count)
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                free(buffer)
                throw Failure(path: path, reason: "cannot be read: \(reason)", kind: .unreadable)
            }
            count += read
        }
        guard count <= limit else {
            free(buffer)
            throw Failure(path: path, reason: "grew past \(describe(limit)) while being read; \(what) are read up to \(describe(limit))", kind: .tooLarge)
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }

    private static func outOfMemory(_ path: String, size: Int) -> Failure {
        Failure(path: path, reason: "cannot be read: not enough memory for its \(describe(size))", kind: .unreadable)
    }

    /// What kind of file `mode` is, for a message: `a FIFO`, `a device`, `a folder`.
    static func typeName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFDIR: "a folder"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }

    /// A size in MiB, KiB or bytes, rounded; a size over `limit` that would round to it is
    /// "more than" it.
    static func describe(_ bytes: Int, limit: Int? = nil) -> String {
        let (unit, name) = bytes >= 1 << 20 ? (1 << 20, "MiB") : bytes >= 1 << 10 ? (1 << 10, "KiB") : (1, "bytes")
        let rounded = (bytes + unit / 2) / unit
        if let limit, bytes > limit, rounded * unit <= limit { return "more than " + describe(limit) }
        return "\(rounded) \(name)"
    }
}

/// `read(2)`, out of the way of ``BoundedFile/read(path:limit:what:)``.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension Data {
    /// The bytes without the UTF-8 byte-order mark an editor may put first (Notepad, PowerShell's
    /// `-Encoding utf8`): a JSON reader takes it for a byte that is no JSON.
    func droppingByteOrderMark() -> Data {
        starts(with: [0xEF, 0xBB, 0xBF]) ? Data(dropFirst(3)) : self
    }
}
