import Foundation
import Testing

@testable import SceneLogCore

/// The dictionary an `.xz` file's first block asks for, read from its first bytes (those `xz`
/// 5.4 writes for `printf 'hello\n'`), and the refusal of one past the largest preset's.
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
