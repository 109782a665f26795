import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of earlier results (`--cache DIR`), so that a nightly re-run does not scan again the
/// files and archives it has already scanned.
///
/// An entry is one named input's whole result (``UnitResultEncoding``), found by a SHA-256 key of
/// the input's bytes, its path and modification time (which dates year-less timestamps), and the
/// digests of the rules and options (``ScanFingerprint``), each of which holds scenelog's version.
/// An input is hashed (a read at disk speed, far cheaper than a scan); when an entry has its key,
/// the result comes from it and the input is not scanned.
///
/// Entries are written to a temporary file in the folder, then renamed over their name, so that
/// runs sharing the folder (workers of one night) never read half an entry. Each entry ends with
/// the SHA-256 of what precedes it: a damaged or foreign one is scanned again, with a warning,
/// and replaced. An entry another user wrote (in a folder they can write too) is not read either:
/// the checksum is no signature, and they could have written any result under any key.
final class ContentCache: @unchecked Sendable {
    /// The largest entry read back.
    static let entryLimit = 1 << 30

    private let folder: String
    private let context: [UInt8]
    private let lock = NSLock()
    private var counts = Counts()

    /// How a run used the cache.
    struct Counts: Sendable, Equatable {
        /// Inputs whose result came from the cache.
        var hits = 0
        /// Inputs scanned (and stored).
        var misses = 0
        /// Entries found damaged (then scanned again).
        var damaged = 0
        /// Entries that could not be written.
        var unwritable = 0
    }

    /// What the run's cache did so far.
    var statistics: Counts { lock.withLock { counts } }

    /// The cache in `folder` (made if missing) for scans with `options`.
    /// - Throws: ``InputError`` when the folder cannot be made or is not a folder.
    init(folder: String, options: ScanOptions) throws(InputError) {
        if let link = LinkChain.foreignLink(from: folder.hasSuffix("/") ? String(folder.dropLast()) : folder) {
            throw InputError(
                path: folder,
                reason: "cannot be used as a cache folder: it is reached through '\(Escaping.visible(link))', a link of another user in a shared folder",
                kind: .open)
        }
        if let reason = FileSystem.makeFolders(folder) {
            throw InputError(path: folder, reason: "cannot be used as a cache folder: \(reason)", kind: .open)
        }
        self.folder = folder.hasSuffix("/") ? folder : folder + "/"
        var context: [UInt8] = []
        CompactWriter.string(ScanFingerprint.rules(options.ruleSet), into: &context)
        CompactWriter.string(ScanFingerprint.options(options), into: &context)
        self.context = context
    }

    /// The key of the input at `path`: `nil` when it is not a regular file that can be read whole.
    func key(of path: String) -> Key? {
        let descriptor = FileSystem.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var before = stat()
        guard fstat(descriptor, &before) == 0, before.st_mode & S_IFMT == S_IFREG else { return nil }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
        }
        let modified = ChunkedReader.seconds(modified: before)
        var material = context
        CompactWriter.string(path, into: &material)
        CompactWriter.double(modified, into: &material)
        CompactWriter.integer(Int(before.st_size), into: &material)
        material += Array(hasher.finalize())
        return Key(
            hex: ScanFingerprint.digest(material), size: Int64(before.st_size), modified: modified,
            identity: FileIdentity(before))
    }

    /// An input's key, and what its file looked like when it was hashed.
    struct Key: Sendable {
        var hex: String
        var size: Int64
        var modified: Double
        /// The file hashed, which a result from the cache describes.
        var identity: FileIdentity
    }

    /// The result stored under `key`, decoded into `spool`; `nil` when there is none (counted as a
    /// miss) or it is damaged (counted, and `onDamaged` told).
    func result(for key: Key, spool: Spool, onDamaged: (_ why: String) -> Void) -> UnitResult? {
        let path = entryPath(key)
        guard FileSystem.status(path) != nil else {
            lock.withLock { counts.misses += 1 }
            return nil
        }
        let data: Data
        do throws(BoundedFile.Failure) {
            // Only an entry this user wrote: in a folder others can write, theirs could say anything.
            data = try BoundedFile.read(path: path, limit: Self.entryLimit, what: "cache entries", ownedBy: geteuid())
        } catch {
            return damaged(error.kind == .notOwned ? "was written by another user" : "is damaged", onDamaged)
        }
        guard let unit = Self.unit(in: Array(data), key: key, spool: spool) else { return damaged("is damaged", onDamaged) }
        lock.withLock { counts.hits += 1 }
        return unit
    }

    /// Counts an entry that is not read (`why`), then scanned again.
    private func damaged(_ why: String, _ onDamaged: (String) -> Void) -> UnitResult? {
        lock.withLock {
            counts.damaged += 1
            counts.misses += 1
        }
        onDamaged(why)
        return nil
    }

    /// Stores `unit` under `key`, unless the input at `path` changed while it was scanned.
    func store(_ unit: UnitResult, for key: Key, path: String) {
        guard let now = FileSystem.status(path), Int64(now.st_size) == key.size, ChunkedReader.seconds(modified: now) == key.modified
        else { return }
        var bytes = Self.magic
        CompactWriter.string(key.hex, into: &bytes)
        bytes += UnitResultEncoding.encode(unit)
        bytes += Array(SHA256.hash(data: bytes))
        let entry = entryPath(key)
        let shard = String(entry[..<(entry.lastIndex(of: "/") ?? entry.endIndex)])
        // A shard folder another user put in a shared cache as a link leads where they chose.
        guard !LinkChain.isForeignEntry(String(key.hex.prefix(2)), inSharedFolder: String(folder.dropLast())) else {
            lock.withLock { counts.unwritable += 1 }
            return
        }
        if !FileSystem.isFolder(shard) { _ = PathBytes.withCString(shard) { mkdir($0, 0o755) } }
        let temporary = shard + "/.\(key.hex).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        guard Self.writeNewFile(bytes, at: temporary), PathBytes.withCString(temporary, { from in PathBytes.withCString(entry) { rename(from, $0) } }) == 0
        else {
            _ = PathBytes.withCString(temporary) { unlink($0) }
            lock.withLock { counts.unwritable += 1 }
            return
        }
    }

    /// `folder/ab/abcdef…`: the first two hex digits spread entries over 256 folders.
    private func entryPath(_ key: Key) -> String {
        folder + String(key.hex.prefix(2)) + "/" + key.hex
    }

    /// What every entry starts with.
    private static let magic = Array("scenelog-cache\n".utf8)

    /// The unit an entry's bytes hold, when they are whole and of `key`.
    private static func unit(in bytes: [UInt8], key: Key, spool: Spool) -> UnitResult? {
        guard bytes.count > magic.count + 32, bytes.starts(with: magic) else { return nil }
        let body = bytes[..<(bytes.count - 32)]
        guard Array(SHA256.hash(data: Array(body))) == Array(bytes.suffix(32)) else { return nil }
        var keyBytes: [UInt8] = []
        CompactWriter.string(key.hex, into: &keyBytes)
        let start = magic.count
        guard body.count >= start + keyBytes.count, Array(body[start..<(start + keyBytes.count)]) == keyBytes else { return nil }
        return UnitResultEncoding.decode(Array(body[(start + keyBytes.count)...]), spool: spool)
    }

    /// Writes `bytes` to a new file at `path`.
    private static func writeNewFile(_ bytes: [UInt8], at path: String) -> Bool {
        let descriptor = PathBytes.withCString(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644) }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return ReportDestination.writeAll(bytes, to: descriptor) == nil
    }
}
