import Foundation
import Testing

@testable import SceneLogCore

/// The dictionaries an `.xz` file's blocks ask for: the first block's, read from its first bytes
/// (those `xz` 5.4 writes for `printf 'hello\n'`), every block's of every stream, found through the
/// streams' indexes, and the refusal of one past the largest preset's.
@Suite("xz dictionary")
struct XZDictionaryTests {
    static let streamHeader: [UInt8] = [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04, 0xE6, 0xD6, 0xB4, 0x46]

    @Test("xz -6, xz -T2 -6 (block sizes in the header) and --lzma2=dict=1GiB")
    func dictionarySizes() {
        #expect(XZDictionary.firstBlockBytes(in: Self.streamHeader + [0x02, 0x00, 0x21, 0x01, 0x16, 0x00, 0x00, 0x00, 0x74, 0x2F, 0xE5, 0xA3]) == 8 << 20)
        #expect(
            XZDictionary.firstBlockBytes(in: Self.streamHeader + [0x04, 0xC0, 0x0A, 0x06, 0x21, 0x01, 0x16, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xAA, 0x30, 0x8E, 0xA6])
                == 8 << 20)
        #expect(XZDictionary.firstBlockBytes(in: Self.streamHeader + [0x02, 0x00, 0x21, 0x01, 0x24, 0x00, 0x00, 0x00, 0x5E, 0x1F, 0xC7, 0xF9]) == 1 << 30)
    }

    @Test("not xz, no block, a cut header: no size")
    func noSize() {
        #expect(XZDictionary.firstBlockBytes(in: Array("Jun 20 13:42:52 iPhone locationd[59] <Notice>: msg".utf8)) == nil)
        #expect(XZDictionary.firstBlockBytes(in: Self.streamHeader + [0x00, 0x00, 0x00, 0x00]) == nil)
        #expect(XZDictionary.firstBlockBytes(in: Self.streamHeader + [0x02, 0x00, 0x21]) == nil)
    }

    /// A block header as xz writes it (no sizes, one LZMA2 filter) declaring `dictionaryBits`
    /// (0x16: 8 MiB, 0x24: 1 GiB), then four bytes standing for its data: 16 bytes in all.
    static func block(dictionaryBits: UInt8) -> [UInt8] {
        [0x02, 0x00, 0x21, 0x01, dictionaryBits, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00] + [0x5D, 0x00, 0x00, 0x00]
    }

    /// An xz stream of `blocks` (each 16 bytes, as ``block(dictionaryBits:)`` makes them): its
    /// header, the blocks, the index listing them and the footer pointing back to it. Checksums
    /// are left at zero: the survey reads the layout, not the data.
    static func stream(_ blocks: [[UInt8]]) -> [UInt8] {
        var index: [UInt8] = [0x00] + varint(blocks.count)
        for block in blocks { index += varint(block.count) + varint(100) }
        while (index.count + 4) % 4 != 0 { index.append(0) }
        index += [0, 0, 0, 0]
        let units = UInt32(index.count / 4 - 1)
        let footer: [UInt8] = [0, 0, 0, 0] + withUnsafeBytes(of: units.littleEndian, Array.init) + [0x00, 0x04, 0x59, 0x5A]
        return streamHeader + blocks.flatMap(\.self) + index + footer
    }

    private static func varint(_ value: Int) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return bytes + [UInt8(value)]
    }

    private func survey(_ bytes: [UInt8]) throws -> XZDictionary.Survey {
        let folder = try TemporaryFolder()
        let path = folder.path("log.xz")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return XZDictionary.survey(ofFileAt: path)
    }

    @Test("every block of every stream is read: a large dictionary in a later block or stream is found")
    func laterBlocksAndStreams() throws {
        let small = Self.block(dictionaryBits: 0x16)
        let large = Self.block(dictionaryBits: 0x24)
        #expect(try survey(Self.stream([small, small])) == .largestDictionary(8 << 20))
        #expect(try survey(Self.stream([small, large, small])) == .largestDictionary(1 << 30))
        // A second stream, after stream padding (`xz` of two files, concatenated).
        #expect(try survey(Self.stream([small]) + [0, 0, 0, 0] + Self.stream([large])) == .largestDictionary(1 << 30))
        #expect(try survey(Array("plain text, no xz".utf8)) == .notXZ)
    }

    @Test("a file cut short shows only its first block's dictionary; one of too many blocks is refused")
    func cutShortAndTooManyBlocks() throws {
        let small = Self.block(dictionaryBits: 0x16)
        let whole = Self.stream([small, Self.block(dictionaryBits: 0x24)])
        #expect(try survey(Array(whole.dropLast(20))) == .largestDictionary(8 << 20))
        let many = Self.stream(Array(repeating: small, count: XZDictionary.maximumBlocks + 1))
        #expect(try survey(many) == .tooManyBlocks)
        #expect(try survey(Self.stream(Array(repeating: small, count: 1_000))) == .largestDictionary(8 << 20))
    }

    @Test("a file asking for more than xz -9's dictionary is refused by name, before it is decoded")
    func largeDictionaryRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("big.log.xz")
        try Data(Self.streamHeader + [0x02, 0x00, 0x21, 0x01, 0x24, 0x00, 0x00, 0x00, 0x5E, 0x1F, 0xC7, 0xF9]).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try ArchiveReader(path: path)
        } throws: { error in
            "\(error)".contains("1024 MiB dictionary")
        }
    }
}
