import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// A report that could not be written, and why (the caller reports it; nothing is left behind).
public struct ReportWriteError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// Whether standard output's reader went away (EPIPE: `scenelog scan … | head`): not a failure
    /// to report, the command ends quietly with the status it would have had.
    public let readerWentAway: Bool

    public init(description: String, readerWentAway: Bool = false) {
        self.description = description
        self.readerWentAway = readerWentAway
    }
}

/// The temporary file of the report being written, for a signal that ends the process to remove
/// (``ReportDestination/removePartialReport()``); `nil` when none is being written.
nonisolated(unsafe) private var partialReport: UnsafeMutablePointer<CChar>? = nil

/// Writes a rendered report to standard output or to `--output`, in the way the target allows:
///
/// - a regular file, or none yet, is replaced atomically: a temporary file in the target's folder,
///   renamed over it at the end, with the replaced file's mode (and owner, as root) kept. A
///   reader sees the old report or the whole new one, never part of one. The file is not flushed
///   to disk first (`fsync`): that would make a run wait on the disk for as long as the report
///   takes to reach it (80 ms for a report of 16 MB here, and more on a busy disk), for a
///   guarantee against power loss that no compiler or search tool gives its output either;
/// - a symbolic link is written through: the file it resolves to is the one replaced;
/// - a regular file with more than one hard link is truncated and written in place, so that every
///   link still names it;
/// - a character or block device, a FIFO or a socket (`/dev/null`) is opened and written
///   straight, never replaced;
/// - `/dev/stdout` and `/dev/stderr` (also as `/dev/fd/N`, `/proc/self/fd/N`) are the process's own
///   descriptors, written as they are (a reader of standard output that went away is then no error).
public enum ReportDestination {
    /// A write that failed, with its `errno`.
    private struct WriteFailure: Error {
        let code: Int32
        /// What to say instead of the system's text for `code`.
        var reason: String?
    }

    /// Renders `report` in `format` to `path` or to standard output, piece by piece as JSON and
    /// NDJSON are rendered (see ``write(to:producing:)``).
    public static func write(
        _ report: ScanReport, as format: ReportFormat, options: RenderOptions, to path: String?
    ) throws(ReportWriteError) {
        try write(to: path) { try format.render(report, options: options, to: $0) }
    }

    /// Removes the temporary file of the report being written, if one is: for a signal handler
    /// that ends the process while a report is written, so that no `.partial` file is left in
    /// the report's folder. Async-signal-safe: it only reads a pointer and calls `unlink(2)`.
    public static func removePartialReport() {
        if let path = partialReport { unlink(path) }
    }

    /// Writes `text` to `path` or to standard output (see ``write(to:producing:)``).
    public static func write(_ text: String, to path: String?) throws(ReportWriteError) {
        try write(to: path) { try $0(Array(text.utf8)) }
    }

    /// Writes `text` to standard output, all of it, retrying after interruptions.
    public static func writeStandardOutput(_ text: String) throws(ReportWriteError) {
        try write(text, to: nil)
    }

    /// Why `output` (given with `option`) cannot be written, when it is also one of `inputs` (see
    /// ``input(among:selection:sameAs:)``): `--output 'x.log' is also an input; …`, the path escaped.
    public static func refusal(
        ofOutput output: String, among inputs: [String], selection: PathSelection = PathSelection(), option: String = "--output"
    ) -> String? {
        guard let input = input(among: inputs, selection: selection, sameAs: output) else { return nil }
        let named = input == output ? "" : " ('\(Escaping.visible(input))')"
        let advice = option == "--output" ? "write the report to another file" : "keep it in another file"
        return "\(option) '\(Escaping.visible(output))' is also an input\(named); \(advice)"
    }

    /// Of `inputs` (as named on the command line, folders walked as the scan walks them with
    /// `selection`; `-` is standard input), the first that is the same file (device and inode) as
    /// `output`; `nil` when `output` does not exist yet or is no input.
    static func input(among inputs: [String], selection: PathSelection = PathSelection(), sameAs output: String) -> String? {
        var target = stat()
        guard stat(output, &target) == 0, (target.st_mode & S_IFMT) != S_IFCHR else { return nil }
        func isTarget(_ file: stat) -> Bool { file.st_dev == target.st_dev && file.st_ino == target.st_ino }
        var folders: [String] = []
        for input in inputs {
            var file = stat()
            if input == "-" {
                if fstat(STDIN_FILENO, &file) == 0, isTarget(file) { return input }
            } else if stat(input, &file) == 0 {
                if (file.st_mode & S_IFMT) == S_IFDIR { folders.append(input) } else if isTarget(file) { return input }
            }
        }
        guard (target.st_mode & S_IFMT) == S_IFREG, !folders.isEmpty else { return nil }
        return InputDiscovery.expand(folders, selection: selection).first { member in
            var file = stat()
            return stat(member, &file) == 0 && isTarget(file)
        }
    }

    /// Writes what `produce` hands its sink, as it hands it, to `path` in the way its target allows
    /// (see ``ReportDestination``) or to standard output when `path` is nil. A write that fails is
    /// thrown as a ``ReportWriteError`` naming the path; a temporary file is removed.
    private static func write(
        to path: String?, producing produce: (([UInt8]) throws -> Void) throws -> Void
    ) throws(ReportWriteError) {
        if let descriptor = path.map({ standardDescriptors[$0] }) ?? STDOUT_FILENO, wasClosedAtStart(descriptor) {
            let name = descriptor == STDOUT_FILENO ? "standard output" : "standard error"
            throw ReportWriteError(description: "cannot write the report to \(name): it was closed when scenelog started")
        }
        guard let path else {
            do {
                try produce { bytes in
                    if let failure = writeAll(bytes) { throw WriteFailure(code: failure) }
                }
            } catch {
                let code = (error as? WriteFailure)?.code
                let reason = code.map { String(cString: strerror($0)) } ?? "\(error)"
                throw ReportWriteError(
                    description: "cannot write the report to standard output: \(reason)", readerWentAway: code == EPIPE)
            }
            return
        }
        do {
            if let descriptor = standardDescriptors[path] {
                // Standard output or error by name: written to the descriptor this process was
                // given, at its offset and with its flags (a shell's `>>` appends), never reopened.
                try produce { bytes in
                    if let failure = writeAll(bytes, to: descriptor) { throw WriteFailure(code: failure) }
                }
            } else {
                try write(toFile: path, producing: produce)
            }
        } catch {
            let code = (error as? WriteFailure)?.code
            let reason = (error as? WriteFailure)?.reason ?? code.map { String(cString: strerror($0)) } ?? "\(error)"
            throw ReportWriteError(
                description: "cannot write '\(Escaping.visible(path))': \(reason)",
                readerWentAway: code == EPIPE && standardDescriptors[path] == STDOUT_FILENO)
        }
    }

    /// Whether standard output or error (`descriptor`) was closed when the process started: the
    /// command line opens `/dev/null` there and marks it close-on-exec, which no descriptor a
    /// process is started with can be.
    public static func wasClosedAtStart(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFD)
        return flags != -1 && flags & FD_CLOEXEC != 0
    }

    /// The names of standard output and standard error, written to as the descriptors they are.
    private static let standardDescriptors: [String: Int32] = [
        "/dev/stdout": STDOUT_FILENO, "/dev/fd/1": STDOUT_FILENO, "/proc/self/fd/1": STDOUT_FILENO,
        "/dev/stderr": STDERR_FILENO, "/dev/fd/2": STDERR_FILENO, "/proc/self/fd/2": STDERR_FILENO,
    ]

    private static func write(toFile path: String, producing produce: (([UInt8]) throws -> Void) throws -> Void) throws {
        let chainEnd = try endOfLinks(from: path)
        var existing = stat()
        if stat(path, &existing) == 0 {
            switch existing.st_mode & S_IFMT {
            case S_IFREG:
                guard let resolved = realpath(path, nil) else { throw WriteFailure(code: errno) }
                let target = String(cString: resolved)
                free(resolved)
                if existing.st_nlink > 1 {
                    try writeInPlace(target, flags: O_WRONLY | O_TRUNC, producing: produce)
                } else {
                    try replace(target, keeping: existing, producing: produce)
                }
            case S_IFDIR:
                throw WriteFailure(code: EISDIR)
            case S_IFIFO:
                try writeInPlace(path, flags: O_WRONLY, waitingForAReader: true, producing: produce)
            default:
                // A device or a socket: opened through the path as named and written as it is,
                // never replaced.
                try writeInPlace(path, flags: O_WRONLY, producing: produce)
            }
            return
        }
        guard errno == ENOENT else { throw WriteFailure(code: errno) }
        try replace(chainEnd, keeping: nil, producing: produce)
    }

    /// Where the chain of symbolic links from `path` ends (``LinkChain``): `path` itself when it
    /// is no link; where a file that does not exist yet is created. A link that another user put
    /// in a shared folder is refused: they put it there to make the report replace, or create, a
    /// file where they choose.
    private static func endOfLinks(from path: String) throws -> String {
        switch LinkChain.end(from: path) {
        case .path(let end): return end
        case .foreignLink(let link):
            throw WriteFailure(
                code: EACCES, reason: "'\(Escaping.visible(link))' is a link of another user in a shared folder; it is not followed")
        case .failure(let code): throw WriteFailure(code: code)
        }
    }

    /// How long a FIFO given as `--output` may go without a process reading it before the report
    /// is given up (opening it would otherwise wait for one without end, deaf to signals).
    private static let fifoReaderWait = 10.0

    /// Opens `path` with `flags` and writes to it straight. A FIFO (`waitingForAReader`) is opened
    /// once a process reads it, waiting up to ``fifoReaderWait`` seconds for one.
    private static func writeInPlace(
        _ path: String, flags: Int32, waitingForAReader: Bool = false,
        producing produce: (([UInt8]) throws -> Void) throws -> Void
    ) throws {
        let descriptor = waitingForAReader ? try openWhenRead(path, flags: flags) : open(path, flags | O_CLOEXEC)
        guard descriptor >= 0 else { throw WriteFailure(code: errno) }
        var closed = false
        defer { if !closed { close(descriptor) } }
        try produce { bytes in
            if let failure = writeAll(bytes, to: descriptor) { throw WriteFailure(code: failure) }
        }
        closed = true
        guard close(descriptor) == 0 || errno == EINTR else { throw WriteFailure(code: errno) }
    }

    /// The FIFO at `path`, opened without blocking as soon as a process reads it, then made
    /// blocking again for the writes.
    private static func openWhenRead(_ path: String, flags: Int32) throws -> Int32 {
        let deadline = Date().addingTimeInterval(fifoReaderWait)
        while true {
            let descriptor = open(path, flags | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                return descriptor
            }
            guard errno == ENXIO || errno == EINTR else { throw WriteFailure(code: errno) }
            guard Date() < deadline else {
                throw WriteFailure(code: ENXIO, reason: "it is a FIFO that no process read for \(Int(fifoReaderWait)) seconds")
            }
            usleep(50_000)
        }
    }

    /// Writes a temporary file in `target`'s folder and renames it over `target`, with the mode
    /// (and, as root, the owner) of `existing`, the file it replaces.
    private static func replace(
        _ target: String, keeping existing: stat?, producing produce: (([UInt8]) throws -> Void) throws -> Void
    ) throws {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        // The target's name, cut so that the temporary name stays within a name's 255 bytes.
        var name = Substring(url.lastPathComponent)
        while name.utf8.count > 200 { name = name.dropLast() }
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<8 {
            temporary = (folder as NSString).appendingPathComponent(
                ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial")
            partialReport = strdup(temporary)  // before it exists; not freed: a signal handler may be reading it
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        defer { partialReport = nil }
        guard descriptor >= 0 else { throw WriteFailure(code: errno) }
        var closed = false
        do {
            defer { if !closed { close(descriptor) } }
            if let existing {
                if geteuid() == 0 { _ = fchown(descriptor, existing.st_uid, existing.st_gid) }
                guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw WriteFailure(code: errno) }
            }
            try produce { bytes in
                if let failure = writeAll(bytes, to: descriptor) { throw WriteFailure(code: failure) }
            }
            closed = true
            guard close(descriptor) == 0 || errno == EINTR else { throw WriteFailure(code: errno) }
            guard rename(temporary, target) == 0 else { throw WriteFailure(code: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes all of `text` to `descriptor` (standard output unless told), retrying after
    /// interruptions (EINTR); the `errno` of a write that failed, `nil` when everything was written.
    public static func writeAll(_ text: some Collection<UInt8>, to descriptor: Int32 = STDOUT_FILENO) -> Int32? {
        var bytes = Array(text)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return written == 0 ? EIO : errno }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
