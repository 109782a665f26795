#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read like `tail -F`: from its end (or start), on through appends; when it is replaced
/// (rotated) the new file is read from its start, and when it shrinks or is rewritten (truncated,
/// then written again, even past where it was read) reading starts over. A file that does not
/// exist yet is waited for (with a note) and read from its start once it appears.
final class FollowedFile {
    private let path: String
    private let report: (ScanDiagnostic) -> Void
    /// The open file; -1 while it does not exist yet.
    private var descriptor: Int32 = -1
    private var identity: FileIdentity?
    /// How far the file was read, and what it held there.
    private var fingerprint = ReadFingerprint(descriptor: -1, position: 0)

    /// - Throws: ``WatchError`` when the file exists but cannot be opened or is not a regular file.
    init(path: String, fromStart: Bool, report: @escaping (ScanDiagnostic) -> Void) throws(WatchError) {
        self.path = path
        self.report = report
        guard let (descriptor, status) = try Self.open(path) else {
            report(ScanDiagnostic(.note, "'\(Escaping.visible(path))' does not exist yet; waiting for it"))
            return
        }
        adopt(descriptor, status, from: fromStart ? 0 : Int64(status.st_size))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(WatchError) -> LiveSource.ReadResult {
        if descriptor < 0 {
            guard let (descriptor, status) = try Self.open(path) else { return .idle }
            adopt(descriptor, status, from: 0)
            report(ScanDiagnostic(.note, "'\(Escaping.visible(path))' appeared; reading it from its start"))
        }
        startOverIfTruncated()
        let result = try LiveSource.read(descriptor, into: buffer, name: "'\(Escaping.visible(path))'")
        if case .bytes(let count) = result {
            fingerprint.advance(over: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            return result
        }
        try reopenIfReplaced()
        return .idle
    }

    /// Opens `path` for reading: `nil` when it does not exist (yet).
    /// - Throws: ``WatchError`` when it cannot be opened otherwise or is not a regular file.
    private static func open(_ path: String) throws(WatchError) -> (Int32, stat)? {
        let descriptor = FileSystem.openForReading(path)  // a FIFO is refused below, not waited for
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw WatchError("cannot open '\(Escaping.visible(path))': \(String(cString: strerror(errno)))")
        }
        var status = stat()
        fstat(descriptor, &status)
        let pipe = Escaping.isShownSafely(path) ? "cat \(Escaping.shellWord(path, asArgument: true)) | scenelog watch" : "pipe it into scenelog watch"
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            if status.st_mode & S_IFMT == S_IFDIR {
                let scan = Escaping.isShownSafely(path) ? "scenelog scan \(Escaping.shellWord(path, asArgument: true))" : "scenelog scan"
                throw WatchError("'\(Escaping.visible(path))' is a folder: follow a log in it, or scan it (\(scan))")
            }
            throw WatchError("'\(Escaping.visible(path))' is not a regular file; pipe it instead: \(pipe)")
        }
        if isMadeAsRead(descriptor) {
            close(descriptor)
            throw WatchError(
                "'\(Escaping.visible(path))' is made by the kernel as it is read (its size is 0), so its end cannot be followed; pipe it instead: \(pipe)")
        }
        return (descriptor, status)
    }

    /// Whether `descriptor` is a file the kernel makes up as it is read (`/proc`, `/sys`): its size
    /// is 0, yet a read returns bytes, so every look at it would be a truncation.
    private static func isMadeAsRead(_ descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size == 0 else { return false }
        var byte: UInt8 = 0
        guard pread(descriptor, &byte, 1, 0) == 1 else { return false }
        return fstat(descriptor, &status) == 0 && status.st_size == 0
    }

    /// Reads `descriptor` (the file `status` describes) from `offset` on, in place of the file read so far.
    private func adopt(_ descriptor: Int32, _ status: stat, from offset: Int64) {
        if self.descriptor >= 0 { close(self.descriptor) }
        self.descriptor = descriptor
        identity = FileIdentity(status)
        fingerprint = ReadFingerprint(descriptor: descriptor, position: offset)
        lseek(descriptor, off_t(offset), SEEK_SET)
    }

    /// A file shorter than what was read, or whose bytes where it was read changed (truncated and
    /// written again), is read again from its start.
    private func startOverIfTruncated() {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return }
        guard Int64(status.st_size) < fingerprint.position || !fingerprint.matches(descriptor) else { return }
        lseek(descriptor, 0, SEEK_SET)
        fingerprint = ReadFingerprint(descriptor: descriptor, position: 0)
        report(ScanDiagnostic(.note, "'\(Escaping.visible(path))' was truncated; reading it again from its start"))
    }

    /// At the end of the data: a new file under the path (rotation) is opened from its start.
    /// - Throws: ``WatchError`` when what replaced it is not a regular file (a folder, a FIFO, a
    ///   device such as `/dev/zero` behind a link): it cannot be followed.
    private func reopenIfReplaced() throws(WatchError) {
        guard let status = FileSystem.status(path) else { return }  // between rotation steps: wait
        guard FileIdentity(status) != identity else { return }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw WatchError("'\(Escaping.visible(path))' was replaced by \(BoundedFile.typeName(status.st_mode)), which cannot be followed")
        }
        guard let (replacement, status) = try Self.open(path) else { return }
        adopt(replacement, status, from: 0)
        report(ScanDiagnostic(.note, "'\(Escaping.visible(path))' was replaced (rotated); reading the new file from its start"))
    }
}
