import Testing

@testable import SceneLogCore

/// The prefilter against a naive oracle: every literal that occurs is reported, none that does not.
@Suite struct LiteralPrefilterTests {
    static let literals = [
        "does not adopt UIScene lifecycle", "Hang detected: ", "code:0x8BADF00D", "contained UISceneClassName",
        "contained no configuration named", "abcd", "UIScene", "aaaa",
    ]

    static let prefilter = LiteralPrefilter(literals.map { Array($0.utf8) })

    private func found(_ text: String) -> Set<Int> {
        var result = Set<Int>()
        Array(text.utf8).withUnsafeBufferPointer { buffer in Self.prefilter.forEachMatch(in: buffer) { result.insert($0) } }
        return result
    }

    private func oracle(_ text: String) -> Set<Int> {
        let literals = Self.literals
        let bytes = Array(text.utf8)
        return Set(literals.indices.filter { index in
            let literal = Array(literals[index].utf8)
            guard bytes.count >= literal.count else { return false }
            return (0...(bytes.count - literal.count)).contains { Array(bytes[$0..<$0 + literal.count]) == literal }
        })
    }

    @Test func findsLiteralsAtTheStartTheEndAndOverlapping() {
        let texts = [
            "", "ab", "abcd", "xabcdx", "aaaaa", "UIScene", "UISceneUIScene",
            "CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle.",
            "Hang detected: 9.30s (debugger attached, not reporting)",
            "<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:", "code:0x8BADF00",
            "Info.plist configuration \"x\" for y contained UISceneClassName key",
        ]
        for text in texts {
            #expect(found(text) == oracle(text), "\(text)")
        }
    }

    @Test func agreesWithTheOracleOnRandomText() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcUISen :0x8BADF0Hgdt".utf8)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<80, using: &generator)
            var bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
            if Bool.random(using: &generator), let literal = Self.literals.randomElement(using: &generator) {
                bytes.insert(contentsOf: Array(literal.utf8), at: Int.random(in: 0...bytes.count, using: &generator))
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(found(text) == oracle(text), "\(text)")
        }
    }
}
