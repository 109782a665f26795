import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a run's findings and launches are kept once encoded (``FindingEncoding``,
/// ``LaunchEncoding``): in memory up to ``memoryBudget`` bytes for the whole run, then in a
/// temporary file that is unlinked as soon as it is made, so that nothing is left behind and
/// memory stays flat however many findings and launches there are.
///
/// If the temporary file cannot be made or written (no temporary folder, a full disk), blocks
/// stay in memory: nothing is ever lost.
final class Spool: @unchecked Sendable {
    /// Bytes of encoded findings and launches a run keeps in memory before it spills to the file.
    static let defaultMemoryBudget = 4 << 20

    private let memoryBudget: Int
    private let lock = NSLock()
    private var heldBytes = 0
    private var file: Int32?
    private var fileFailed = false
    private var fileEnd: Int64 = 0
    /// Blocks that could not be read back whole from the file (an I/O error).
    private var failedReads = 0

    init(memoryBudget: Int = Spool.defaultMemoryBudget) {
        self.memoryBudget = memoryBudget
    }

    deinit {
        if let file { close(file) }
    }

    /// Keeps `bytes` (`count` findings or launches, encoded) and says where.
    func store(_ bytes: [UInt8], count: Int) -> SpoolBlock {
        lock.lock()
        defer { lock.unlock() }
        if heldBytes + bytes.count > memoryBudget, let file = openedFile() {
            let offset = fileEnd
            if writeAll(bytes, to: file, at: offset) {
                fileEnd += Int64(bytes.count)
                return SpoolBlock(storage: .file(spool: self, offset: offset, length: bytes.count), count: count)
            }
            fileFailed = true
        }
        heldBytes += bytes.count
        return SpoolBlock(storage: .memory(bytes), count: count)
    }

    /// The bytes of a block kept in the file.
    func read(offset: Int64, length: Int) -> [UInt8] {
        guard let file = lock.withLock({ self.file }) else {
            lock.withLock { failedReads += 1 }
            return []
        }
        var bytes = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let read = bytes.withUnsafeMutableBytes { buffer in
                pread(file, buffer.baseAddress! + done, length - done, off_t(offset) + off_t(done))
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            done += read
        }
        guard done == length else {
            lock.withLock { failedReads += 1 }
            return Array(bytes.prefix(done))
        }
        return bytes
    }

    /// Whether a block could not be read back whole: the findings and launches after the break in
    /// it were lost, and a report made from them is incomplete.
    var failedToReadBack: Bool { lock.withLock { failedReads > 0 } }

    private func openedFile() -> Int32? {
        if let file { return file }
        guard !fileFailed else { return nil }
        var template = Array("\(Self.temporaryFolder())/scenelog-spool-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            fileFailed = true
            return nil
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        // Not handed to the processes scenelog starts (the idevicesyslog of `watch`).
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        file = descriptor
        return descriptor
    }

    private func writeAll(_ bytes: [UInt8], to file: Int32, at offset: Int64) -> Bool {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                pwrite(file, buffer.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            done += written
        }
        return true
    }

    /// `TMPDIR` when it names an absolute folder, else `/tmp`. The name it gives is only a folder
    /// to make a new file in (`mkstemp` never opens one that exists).
    private static func temporaryFolder() -> String {
        if let folder = ProcessInfo.processInfo.environment["TMPDIR"], folder.hasPrefix("/"), folder.utf8.count < 1024 {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue {
                return folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
            }
        }
        return "/tmp"
    }
}

/// Encoded findings or launches kept together, in memory or in a spool's file.
struct SpoolBlock: Sendable {
    enum Storage: Sendable {
        case memory([UInt8])
        case file(spool: Spool, offset: Int64, length: Int)
    }

    let storage: Storage
    /// How many findings or launches the block holds.
    let count: Int

    /// The block's bytes.
    var bytes: [UInt8] {
        switch storage {
        case .memory(let bytes): bytes
        case .file(let spool, let offset, let length): spool.read(offset: offset, length: length)
        }
    }
}
