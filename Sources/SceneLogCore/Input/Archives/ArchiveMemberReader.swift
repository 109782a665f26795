/// The bytes of an archive's current member, a chunk at a time, within ``ExpansionLimits``.
final class ArchiveMemberReader: ChunkSource {
    private let archive: ArchiveReader
    private let member: String
    private let limits: ExpansionLimits
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ChunkedReader.defaultChunkSize, alignment: 1)
    private let compressedAtStart: Int64
    /// The member's bytes read so far.
    private(set) var bytesRead: Int64 = 0
    /// Called with the size of each chunk (for progress).
    private let onRead: (Int) -> Void

    init(archive: ArchiveReader, member: String, limits: ExpansionLimits, onRead: @escaping (Int) -> Void = { _ in }) {
        self.archive = archive
        self.member = member
        self.limits = limits
        self.compressedAtStart = archive.compressedBytes
        self.onRead = onRead
    }

    deinit {
        buffer.deallocate()
    }

    /// The member's name in locations (``ArchiveReader/displayPath(of:)``).
    var displayPath: String { archive.displayPath(of: member) }

    func nextChunk() throws(InputError) -> UnsafeBufferPointer<UInt8> {
        let count = try archive.read(into: buffer, member: member)
        bytesRead += Int64(count)
        onRead(count)
        if bytesRead > limits.maximumMemberBytes {
            throw InputError(
                path: displayPath,
                reason: "expands to more than \(limits.maximumMemberBytes) bytes; stopped there as a possible decompression bomb (raise --max-expanded-size to read it)",
                kind: .read)
        }
        let compressed = max(archive.compressedBytes - compressedAtStart, 1)
        if bytesRead > limits.ratioFloorBytes, Double(bytesRead) / Double(compressed) > limits.maximumRatio {
            throw InputError(
                path: displayPath,
                reason: "expands more than \(Int(limits.maximumRatio)) times its compressed size; stopped as a possible decompression bomb (raise --max-expansion-ratio to read it)",
                kind: .read)
        }
        return UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count)
    }
}
