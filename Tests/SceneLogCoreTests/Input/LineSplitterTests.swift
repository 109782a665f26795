import Testing

@testable import SceneLogCore

/// Splits `text` with the streaming splitter fed in `chunkSize`-byte pieces.
private func split(_ text: [UInt8], chunkSize: Int, maximumLineLength: Int = 1 << 20) -> [(String, Int, Int, Bool)] {
    var splitter = LineSplitter(maximumLineLength: maximumLineLength)
    var lines: [(String, Int, Int, Bool)] = []
    let collect = { (line: RawLine) in
        lines.append((String(decoding: line.bytes, as: UTF8.self), line.number, line.byteOffset, line.wasTruncated))
    }
    text.withUnsafeBufferPointer { buffer in
        var start = 0
        while start < buffer.count {
            let end = min(start + chunkSize, buffer.count)
            splitter.feed(UnsafeBufferPointer(rebasing: buffer[start..<end]), collect)
            start = end
        }
    }
    splitter.finish(collect)
    return lines
}

/// The oracle: split the whole text on "\n", drop one "\r" before it, drop a final empty piece.
private func oracle(_ text: String) -> [String] {
    // Split the UTF-8 bytes: Swift's String treats "\r\n" as one Character.
    var pieces = Array(text.utf8).split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
    if pieces.last == [] { pieces.removeLast() }
    return pieces.map { String(decoding: $0.last == 13 ? $0.dropLast() : $0[...], as: UTF8.self) }
}

@Suite struct LineSplitterTests {
    static let texts = [
        "",
        "one line without newline",
        "a\nb\nc\n",
        "a\r\nb\r\n\r\nlast",
        "\n\n\n",
        "Jun 20 13:42:52 iPhone locationd[59] <Notice>: message\n  continuation\nJun 20 13:42:53 iPhone SpringBoard[63] <Notice>: next\n",
        "café\nnaïve — ünïcödé\r\n日本語\n",
        "mixed\rcarriage\r\nreturns\n",
    ]

    @Test(arguments: [1, 2, 3, 5, 8, 64, 4096])
    func matchesTheWholeTextOracle(chunkSize: Int) {
        for text in Self.texts {
            let lines = split(Array(text.utf8), chunkSize: chunkSize)
            #expect(lines.map(\.0) == oracle(text), "chunk size \(chunkSize), text \(text.debugDescription)")
            #expect(lines.map(\.1) == Array(0..<lines.count).map { $0 + 1 })
        }
    }

    @Test(arguments: [1, 2, 3, 5, 8, 64, 4096])
    func reportsByteOffsetsOfLineStarts(chunkSize: Int) {
        let text = "ab\r\ncde\n\nf"
        let lines = split(Array(text.utf8), chunkSize: chunkSize)
        #expect(lines.map(\.2) == [0, 4, 8, 9])
    }

    @Test(arguments: [1, 3, 7, 64, 4096])
    func cutsLinesLongerThanTheMaximum(chunkSize: Int) {
        let long = String(repeating: "x", count: 25)
        let text = "short\n\(long)\nafter\n\(long)"
        let lines = split(Array(text.utf8), chunkSize: chunkSize, maximumLineLength: 10)
        #expect(lines.map(\.0) == ["short", String(repeating: "x", count: 10), "after", String(repeating: "x", count: 10)])
        #expect(lines.map(\.3) == [false, true, false, true])
        #expect(lines.map(\.1) == [1, 2, 3, 4])
        #expect(lines.map(\.2) == [0, 6, 32, 38])
    }

    @Test func keepsALineOfExactlyTheMaximumLength() {
        let lines = split(Array("0123456789\nx".utf8), chunkSize: 4, maximumLineLength: 10)
        #expect(lines.map(\.0) == ["0123456789", "x"])
        #expect(lines.map(\.3) == [false, false])
    }

    @Test func keepsInvalidUTF8AsBytes() {
        var splitter = LineSplitter()
        var kept: [[UInt8]] = []
        let bytes: [UInt8] = [0x61, 0xFF, 0xC3, 0x0A, 0x62]
        bytes.withUnsafeBufferPointer { splitter.feed($0) { kept.append(Array($0.bytes)) } }
        splitter.finish { kept.append(Array($0.bytes)) }
        #expect(kept == [[0x61, 0xFF, 0xC3], [0x62]])
    }
}
