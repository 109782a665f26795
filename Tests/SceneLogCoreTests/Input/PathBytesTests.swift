import Testing

@testable import SceneLogCore

/// File names kept as their bytes in strings, and shown with `\xFF` for a byte that is not UTF-8.
@Suite struct PathBytesTests {
    @Test("bytes go back to themselves", arguments: [
        Array("plain/é-名前.log".utf8),
        [0x61, 0xFF, 0x62],
        [0xC3],  // a cut sequence
        [0xE0, 0x80, 0xAF],  // overlong
        [0xED, 0xA0, 0x80],  // a surrogate
        [0xF4, 0x8F, 0xBB, 0xBF],  // valid UTF-8 of the escape range itself
        [0xC3, 0xA9, 0xFE, 0x2F, 0x80],
    ] as [[UInt8]])
    func roundTrip(bytes: [UInt8]) {
        #expect(PathBytes.bytes(PathBytes.string(bytes)) == bytes)
    }

    @Test func validUTF8IsTheSameString() {
        #expect(PathBytes.string(Array("logs/é.log".utf8)) == "logs/é.log")
    }

    @Test func everyEscaperShowsTheByte() {
        let name = PathBytes.string([0x61, 0xFF, 0x2E, 0x6C, 0x6F, 0x67])
        #expect(Escaping.visible(name) == "a\\xFF.log")
        #expect(Escaping.terminalLine(name) == "a\\xFF.log")
        #expect(Escaping.markupText(name) == "a\\xFF.log")
        #expect(Escaping.workflowProperty(name) == "a\\xFF.log")
        #expect(!Escaping.isShownSafely(name))
    }
}
