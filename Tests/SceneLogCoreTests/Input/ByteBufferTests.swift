import Testing

@testable import SceneLogCore

/// The byte buffer copies short pieces itself (overlapping loads and stores) and longer ones with
/// `memcpy`; whatever the lengths, it holds what an array would.
@Suite("byte buffer")
struct ByteBufferTests {
    @Test("pieces of every length from 0 to 40, appended and set, hold what an array holds")
    func appendsLikeAnArray() {
        let source = (0..<40).map { UInt8(0x41 + $0) }
        var buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        for length in 0...40 {
            let piece = Array(source.prefix(length))
            piece.withUnsafeBufferPointer { buffer.append($0) }
            buffer.append(0x2C)
            expected += piece + [0x2C]
            #expect(Array(buffer.bytes) == expected, "after a piece of \(length) bytes")
        }
        for length in [0, 3, 17, 40, 1] {
            let piece = Array(source.suffix(length))
            piece.withUnsafeBufferPointer { buffer.set($0) }
            #expect(Array(buffer.bytes) == piece, "set to \(length) bytes")
        }
    }
}
