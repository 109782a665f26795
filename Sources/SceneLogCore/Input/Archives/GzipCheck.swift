import CArchiveLoader

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The check of a lone gzip file (`capture.log.gz`) that libarchive does not make: what it
/// decompressed to against the CRC-32 and length in the file's trailer. Damaged compressed bytes
/// can decompress to wrong text without an error; this tells them.
///
/// The bytes are summed as they are read (zlib's `crc32`, loaded with libarchive). When they do
/// not match the trailer, the file may still be sound, of several gzip members (`cat a.gz b.gz`,
/// bgzip) whose last trailer covers its own member only: zlib then decompresses the file again,
/// member by member, each checked against its own trailer, and only a failure there is an error.
struct GzipCheck {
    private let path: String
    /// The CRC-32 of the bytes so far (zlib's: 0 for none).
    private var crc: uLong = 0
    private var length: UInt32 = 0

    /// A check of the file at `path`, or `nil` when it does not start as gzip does.
    init?(path: String) {
        guard FileSystem.head(of: path, count: 3) == [0x1F, 0x8B, 0x08] else { return nil }
        self.path = path
    }

    /// Adds the next decompressed bytes.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        crc = czlib_crc32(crc, base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
        length &+= UInt32(truncatingIfNeeded: bytes.count)
    }

    /// Checks the bytes added, all the file decompressed to; what is wrong with the file (`is
    /// corrupt (…): …`, or bytes after its last member that are not gzip), or `nil`.
    func failure() -> String? {
        let descriptor = FileSystem.openForReading(path)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 18,
            let trailer = FileSystem.bytes(of: descriptor, at: Int64(status.st_size) - 8, count: 8), trailer.count == 8
        else { return nil }
        if Self.littleEndian(trailer[0..<4]) == UInt32(truncatingIfNeeded: crc), Self.littleEndian(trailer[4..<8]) == length {
            return nil
        }
        switch Self.memberFailure(descriptor, size: Int64(status.st_size)) {
        case .none: return nil
        case .corrupt(let reason): return "is corrupt (\(reason)): what was read of it may be wrong"
        case .trailing(let count):
            return "has \(count) byte\(count == 1 ? "" : "s") after its last gzip member that are not gzip "
                + "(text appended to the compressed file?): they are not read"
        }
    }

    /// What decompressing the file member by member found.
    private enum MemberCheck {
        case none
        /// zlib's reason a member is corrupt.
        case corrupt(String)
        /// This many bytes, not all zeros, follow the last member (gzip ignores them, and says so).
        case trailing(Int64)
    }

    /// Whether the bytes of `descriptor` from `start` to `end` are all zeros (the first MiB of
    /// them, past which padding is no longer a tape's).
    private static func allZeros(_ descriptor: Int32, from start: Int64, to end: Int64) -> Bool {
        guard end - start <= 1 << 20, let bytes = FileSystem.bytes(of: descriptor, at: start, count: Int(end - start)) else {
            return false
        }
        return bytes.allSatisfy { $0 == 0 }
    }

    private static func littleEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Decompresses the file at `descriptor` (of `size` bytes) from its start, member by member,
    /// each checked by zlib against its trailer: zlib's reason for the first that fails, or the
    /// bytes after the last one when they are not zeros (a tape's padding).
    private static func memberFailure(_ descriptor: Int32, size: Int64) -> MemberCheck {
        let chunk = 64 << 10
        let input = UnsafeMutablePointer<Bytef>.allocate(capacity: chunk)
        let output = UnsafeMutablePointer<Bytef>.allocate(capacity: chunk)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var stream = z_stream()
        guard czlib_inflate_init_gzip(&stream) == Z_OK else { return .none }
        defer { czlib_inflateEnd(&stream) }
        var offset: Int64 = 0
        while true {
            if stream.avail_in == 0 {
                let got = pread(descriptor, input, chunk, off_t(offset))
                // The end, or a read error: a cut stream is libarchive's to tell (truncated gzip input).
                guard got > 0 else { return .none }
                offset += Int64(got)
                stream.next_in = input
                stream.avail_in = uInt(got)
            }
            stream.next_out = output
            stream.avail_out = uInt(chunk)
            switch czlib_inflate(&stream, Z_NO_FLUSH) {
            case Z_OK, Z_BUF_ERROR:
                continue
            case Z_STREAM_END:
                // The next member, when the bytes after this one start as gzip does; anything else
                // after a sound member is no member (gzip ignores it too).
                if stream.avail_in == 0 {
                    guard pread(descriptor, input, 1, off_t(offset)) == 1 else { return .none }
                    stream.next_in = input
                    stream.avail_in = 1
                    offset += 1
                }
                guard stream.next_in.pointee == 0x1F else {
                    let rest = offset - Int64(stream.avail_in)
                    return allZeros(descriptor, from: rest, to: size) ? .none : .trailing(size - rest)
                }
                czlib_inflateReset(&stream)
            default:
                return .corrupt(stream.msg.map { String(cString: $0) } ?? "its compressed data is corrupt")
            }
        }
    }
}
