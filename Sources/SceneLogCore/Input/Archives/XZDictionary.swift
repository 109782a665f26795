#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The LZMA2 dictionaries an `.xz` file's blocks declare in their headers: a block's decoder takes
/// that much memory, whatever the file's size (`xz --lzma2=dict=1GiB` makes a small file that takes
/// a gigabyte to read), and every block, of every stream of the file, declares its own.
///
/// A regular file is surveyed whole, before anything is decoded: each stream's index, at its end,
/// says where its blocks are, and each block's header is read there. A file whose streams cannot be
/// walked that way (cut short, not seekable) shows only its first block's.
enum XZDictionary {
    /// The largest dictionary read: that of `xz -9`, the largest preset.
    static let maximumBytes = 64 << 20
    /// The most blocks a file may hold: `xz -T0` cuts blocks of three times the dictionary, so
    /// that this many make a file of a terabyte and more.
    static let maximumBlocks = 65_536

    /// How many first bytes of a file hold its first block's header.
    static let headLength = 64
    /// The longest block header (its size byte counts four-byte units).
    private static let maximumHeaderLength = 1_024
    /// The longest index read: two bytes a block at least, so more than ``maximumBlocks`` fit.
    private static let maximumIndexLength = 1 << 20
    /// The most stream padding passed over between two streams.
    private static let maximumPadding = 64 << 10
    private static let magic: [UInt8] = [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]
    private static let streamHeaderLength = 12

    /// What a file's survey found.
    enum Survey: Equatable {
        /// The file is no xz stream.
        case notXZ
        /// The largest dictionary its blocks declare (`nil`: none that could be read).
        case largestDictionary(Int?)
        /// It holds more than ``maximumBlocks`` blocks.
        case tooManyBlocks
    }

    /// Why a file or member whose dictionary takes `bytes` is not read.
    static func refusal(ofBytes bytes: Int) -> String {
        "is xz-compressed with a \(bytes >> 20) MiB dictionary, which takes as much memory to read; more than \(maximumBytes >> 20) MiB (xz -9's) is not read"
    }

    /// Surveys the blocks of the `.xz` file at `path`.
    static func survey(ofFileAt path: String) -> Survey {
        // By the path's own bytes, so that a file whose name is not UTF-8 is surveyed too.
        let descriptor = FileSystem.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .notXZ }
        defer { close(descriptor) }
        let head = bytes(descriptor, at: 0, count: headLength)
        guard head.starts(with: magic) else { return .notXZ }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            let walk = blockOffsets(descriptor, size: Int64(status.st_size))
        else {
            return .largestDictionary(firstBlockBytes(in: head))
        }
        guard case .blocks(let offsets) = walk else { return .tooManyBlocks }
        var largest: Int?
        for offset in offsets {
            let header = bytes(descriptor, at: offset, count: maximumHeaderLength)
            if let dictionary = blockBytes(in: header, at: 0) { largest = max(largest ?? 0, dictionary) }
        }
        return .largestDictionary(largest)
    }

    /// The dictionary size of the first block of the xz stream `head` starts, or `nil` when `head`
    /// is no xz stream, has no block, or its first block holds no LZMA2 filter that `head` shows.
    static func firstBlockBytes(in head: [UInt8]) -> Int? {
        guard head.count > streamHeaderLength + 2, head.starts(with: magic) else { return nil }
        return blockBytes(in: head, at: streamHeaderLength)
    }

    /// The dictionary size the block header at `start` of `bytes` declares, or `nil` when it is no
    /// block header (a first byte of 0 starts the index), is cut short, or holds no LZMA2 filter.
    private static func blockBytes(in bytes: [UInt8], at start: Int) -> Int? {
        guard start + 2 <= bytes.count, bytes[start] != 0 else { return nil }
        let headerLength = (Int(bytes[start]) + 1) * 4
        guard start + headerLength <= bytes.count else { return nil }
        let flags = bytes[start + 1]
        var index = start + 2
        if flags & 0x40 != 0, varint(in: bytes, at: &index) == nil { return nil }  // compressed size
        if flags & 0x80 != 0, varint(in: bytes, at: &index) == nil { return nil }  // uncompressed size
        for _ in 0...Int(flags & 0x03) {
            guard let filter = varint(in: bytes, at: &index), let propertiesLength = varint(in: bytes, at: &index),
                propertiesLength <= UInt64(bytes.count - index)
            else { return nil }
            let lzma2: UInt64 = 0x21
            if filter == lzma2, propertiesLength == 1 {
                let bits = Int(bytes[index] & 0x3F)
                guard bits <= 40 else { return nil }
                return bits == 40 ? Int(UInt32.max) : (2 | (bits & 1)) << (bits / 2 + 11)
            }
            index += Int(propertiesLength)
        }
        return nil
    }

    /// Where a file's blocks are, or that there are too many of them to read.
    private enum Walk {
        case blocks([Int64])
        case tooMany
    }

    /// Where the blocks of every stream of the file are, walked from its end: stream padding, the
    /// stream footer, the index it points back to, the blocks the index lists and the stream header
    /// before them. Stops past ``maximumBlocks`` blocks; `nil` when the file is not such a chain of
    /// streams (cut short, or not xz after all).
    private static func blockOffsets(_ descriptor: Int32, size: Int64) -> Walk? {
        var offsets: [Int64] = []
        var end = size
        while end > 0 {
            var padding = 0
            while end >= 4, padding < maximumPadding, bytes(descriptor, at: end - 4, count: 4) == [0, 0, 0, 0] {
                end -= 4
                padding += 4
            }
            let footer = bytes(descriptor, at: end - 12, count: 12)
            guard end >= 2 * Int64(streamHeaderLength), footer.count == 12, footer[10] == 0x59, footer[11] == 0x5A else {
                return nil
            }
            // The index's size, in four-byte units less one (little-endian).
            let units = Int64(footer[4]) | (Int64(footer[5]) << 8) | (Int64(footer[6]) << 16) | (Int64(footer[7]) << 24)
            let backward = (units + 1) * 4
            let indexStart = end - 12 - backward
            guard backward <= maximumIndexLength, indexStart >= Int64(streamHeaderLength) else { return nil }
            let index = bytes(descriptor, at: indexStart, count: Int(backward))
            var position = 1
            guard index.count == Int(backward), index.first == 0, let count = varint(in: index, at: &position) else { return nil }
            guard count <= UInt64(maximumBlocks - offsets.count) else { return .tooMany }
            var sizes: [Int64] = []
            var total: Int64 = 0
            for _ in 0..<Int(count) {
                guard let unpadded = varint(in: index, at: &position), varint(in: index, at: &position) != nil,
                    unpadded > 0, unpadded <= UInt64(size)
                else { return nil }
                let padded = (Int64(unpadded) + 3) & ~3
                sizes.append(padded)
                total += padded
                guard total <= size else { return nil }
            }
            let streamStart = indexStart - total - Int64(streamHeaderLength)
            guard streamStart >= 0, bytes(descriptor, at: streamStart, count: magic.count) == magic else { return nil }
            var offset = streamStart + Int64(streamHeaderLength)
            for padded in sizes {
                offsets.append(offset)
                offset += padded
            }
            end = streamStart
        }
        return .blocks(offsets)
    }

    /// Up to `count` bytes of the file from `offset` (fewer at its end, none when it cannot be read).
    private static func bytes(_ descriptor: Int32, at offset: Int64, count: Int) -> [UInt8] {
        FileSystem.bytes(of: descriptor, at: offset, count: count) ?? []
    }

    /// The xz format's variable-length integer at `index` (seven bits a byte, low first, at most
    /// nine bytes), `index` moved past it; `nil` when `bytes` end first or it is longer.
    private static func varint(in bytes: [UInt8], at index: inout Int) -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 63, by: 7) {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            value |= UInt64(byte & 0x7F) << UInt64(shift)
            if byte & 0x80 == 0 { return value }
        }
        return nil
    }
}
