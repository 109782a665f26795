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
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { reserve(count + bytes.count) }
        memcpy(storage + count, source, bytes.count)
        count += bytes.count
    }

    /// Replaces the contents with `bytes`.
    mutating func set(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = 0
        append(bytes)
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
