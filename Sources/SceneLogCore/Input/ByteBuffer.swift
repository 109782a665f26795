#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer for the hot path: appends are a `memcpy`, clearing keeps the memory.
///
/// `Array<UInt8>` pays for uniqueness checks and generic copying on every append; the record
/// assembler appends every line it reads, so it uses this instead. Not copyable, so that it owns
/// its memory without being a class (no reference counting on every line).
struct ByteBuffer: ~Copyable {
    private(set) var count = 0
    private var capacity: Int
    private var storage: UnsafeMutablePointer<UInt8>

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// The bytes held, valid until the next change.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    mutating func removeAll() {
        count = 0
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { reserve(count + 1) }
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if count + bytes.count > capacity { reserve(count + bytes.count) }
        count += Self.copy(bytes, to: storage + count)
    }

    /// Copies 1 to 16 bytes with two overlapping loads and stores: the pieces of a report (a key,
    /// an indent, a number) are that short, and a call into `memcpy` costs more than such a copy.
    @inline(__always)
    private static func copyShort(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else {
            target[0] = source[0]
            target[count / 2] = source[count / 2]
            target[count - 1] = source[count - 1]
        }
    }

    /// Makes room for `size` more bytes and points to the first: a piece made of several parts
    /// makes its room once, writes its parts there (``copy(_:to:)``), then counts them
    /// (``grow(by:)``).
    @inline(__always)
    mutating func room(for size: Int) -> UnsafeMutablePointer<UInt8> {
        if count + size > capacity { reserve(count + size) }
        return storage + count
    }

    /// Counts `written` bytes put in the room that ``room(for:)`` made (checked: a piece that wrote
    /// past its room stops the program rather than go on over the memory that follows).
    @inline(__always)
    mutating func grow(by written: Int) {
        precondition(count + written <= capacity, "wrote past the room made")
        count += written
    }

    /// Copies `bytes` to `target` (room made by ``room(for:)``): short ones without a call into
    /// `memcpy`. Returns how many bytes it copied.
    @inline(__always)
    static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> Int {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        if bytes.count <= 16 {
            copyShort(from: source, to: target, count: bytes.count)
        } else {
            memcpy(target, source, bytes.count)
        }
        return bytes.count
    }

    /// Replaces the contents with `bytes`: a whole line, for every line read, so straight through
    /// `memcpy` (through ``append(_:)`` and its short-copy test, a scan took 2% more instructions).
    @inline(__always)
    mutating func set(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = 0
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if bytes.count > capacity { reserve(bytes.count) }
        memcpy(storage, source, bytes.count)
        count = bytes.count
    }

    private mutating func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: storage, count: count)
        storage.deallocate()
        storage = grown
        capacity = newCapacity
    }
}
