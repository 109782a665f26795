import Testing

@testable import SceneLogCore

/// Binary data among log text, judged by proportion: counted, skipped and unparsed, the text around it read.
@Suite struct BinaryContentTests {
    static let record = "Oct  7 21:14:05 iPhone SpringBoard[52] <Notice>: a record"

    static func verdict(_ bytes: [UInt8]) -> BinaryContent.LineVerdict {
        bytes.withUnsafeBufferPointer { BinaryContent.classify($0) }
    }

    @Test func linesByProportion() {
        #expect(Self.verdict(Array("a\0b\0c".utf8)) == .init(isBinary: false, binaryBytes: 0))
        #expect(Self.verdict(Array(repeating: 0, count: 16)) == .init(isBinary: true, binaryBytes: 16))
        #expect(Self.verdict(Array(repeating: 0, count: 15)) == .init(isBinary: false, binaryBytes: 0))
        #expect(Self.verdict(Array("text".utf8) + Array(repeating: 0, count: 40)) == .init(isBinary: false, binaryBytes: 40))
        #expect(Self.verdict([0x01, 0x02, 0x41, 0x42, 0x43, 0x44, 0xFF, 0x00]) == .init(isBinary: true, binaryBytes: 8))
        #expect(Self.verdict(Array("\u{1B}[31mred\u{1B}[0m\tcafé".utf8)) == .init(isBinary: false, binaryBytes: 0))
    }

    @Test func startsBinary() {
        func starts(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { BinaryContent.startsBinary($0) } }
        #expect(starts([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0, 0x3E, 0]))
        #expect(starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x01]))
        #expect(starts(Array(repeating: 0, count: 512)))
        #expect(!starts(Array((Self.record + "\n").utf8) + Array(repeating: 0, count: 400)))
        #expect(!starts(Array("\0\0\0\0 short\n".utf8) + Array((Self.record + "\n").utf8)))
        #expect(!starts(Array(repeating: 0x0A, count: 512)), "blank lines are text with nothing in it, not binary")
        #expect(starts(Array(repeating: 0x0A, count: 256) + Array(repeating: 0, count: 256)))
    }

    @Test func aNulTailIsUnparsedAndCounted() {
        let result = scan(Self.record + "\n" + Self.record + String(repeating: "\0", count: 100) + "\n" + String(repeating: "\0", count: 1_000))
        #expect(result.records.count == 2)
        #expect(result.summary.binaryBytes == 1_100)
        #expect(counts(result.summary) == Counts(lines: 3, records: 2, continuationLines: 0, unparsedLines: 1))
        #expect(result.summary.note == InputScanner<CollectingSink>.binaryNote(1_100))
    }

    @Test func binaryLinesInAPlainConsoleAreNotRecords() {
        let text = "print one\nprint two\n\0\u{01}\u{02}\u{03}\u{04}\u{05}xyz\u{06}\nprint three"
        let result = scan(text)
        #expect(result.records.map(\.message) == ["print one", "print two", "print three"])
        #expect(result.sink.unparsed.map(\.line) == [3])
        #expect(counts(result.summary) == Counts(lines: 4, records: 3, continuationLines: 0, unparsedLines: 1))
    }

    @Test func garbageAfterABinaryLineIsLookedAtToo() {
        let text = Self.record + "\n\0\u{01}\u{02}\u{03}\u{04}\u{05}\n\u{01}\u{02}\u{03}\u{04}\u{05}abc\n" + Self.record
        let result = scan(text)
        #expect(result.records.count == 2)
        #expect(result.sink.unparsed.map(\.line) == [2, 3])
    }
}
