/// Where an input's bytes come from, a chunk at a time: a file (``ChunkedReader``) or an
/// archive member (``ArchiveMemberReader``).
protocol ChunkSource: AnyObject {
    /// The next chunk, or an empty buffer at the end. Valid until the next call.
    func nextChunk() throws(InputError) -> UnsafeBufferPointer<UInt8>
}

extension ChunkedReader: ChunkSource {}
