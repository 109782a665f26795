/// What a followed file held where it was read: its first bytes and the last bytes read before
/// the position reached. When either no longer matches the file, it was rewritten under the
/// reader (truncated, then written again past the old position between two polls), even though
/// it kept its inode and did not get shorter.
struct ReadFingerprint {
    /// How many bytes each end holds.
    static let length = 64

    /// The file's first bytes (up to ``length``).
    private var head: [UInt8] = []
    /// The last bytes (up to ``length``) before ``position``.
    private var tail: [UInt8] = []
    /// How far the file was read.
    private(set) var position: Int64 = 0

    /// The fingerprint of `descriptor` read up to `position` (bytes before it read again).
    init(descriptor: Int32, position: Int64) {
        self.position = position
        head = Self.bytes(of: descriptor, at: 0, count: Int(min(position, Int64(Self.length))))
        let tailStart = max(position - Int64(Self.length), 0)
        tail = Self.bytes(of: descriptor, at: tailStart, count: Int(position - tailStart))
    }

    /// Takes `bytes`, read at ``position``.
    mutating func advance(over bytes: UnsafeRawBufferPointer) {
        if head.count < Self.length, position == Int64(head.count) {
            head += bytes.prefix(Self.length - head.count)
        }
        if bytes.count >= Self.length {
            tail = Array(bytes.suffix(Self.length))
        } else {
            tail = Array((tail + bytes).suffix(Self.length))
        }
        position += Int64(bytes.count)
    }

    /// Whether `descriptor` still holds, at the start and just before ``position``, what was read there.
    func matches(_ descriptor: Int32) -> Bool {
        Self.bytes(of: descriptor, at: 0, count: head.count) == head
            && Self.bytes(of: descriptor, at: position - Int64(tail.count), count: tail.count) == tail
    }

    /// Up to `count` bytes of `descriptor` at `offset` (fewer at its end, none when it cannot be
    /// read), without moving its position.
    private static func bytes(of descriptor: Int32, at offset: Int64, count: Int) -> [UInt8] {
        FileSystem.bytes(of: descriptor, at: offset, count: count) ?? []
    }
}
