import Testing

@testable import SceneLogCore

private func firstMatch(_ pattern: CompiledPattern, _ text: String, from start: Int = 0) throws -> PatternMatch? {
    let scratch = MatchScratch()
    return try Array(text.utf8).withUnsafeBytes { try pattern.firstMatch(in: $0, from: start, using: scratch) }
}

@Suite struct CompiledPatternTests {
    @Test func reportsCapturesAsByteRanges() throws {
        let pattern = try CompiledPattern(#"could not load class with name "([^"]+)""#)
        let text = #"café: could not load class with name "App.SceneDelegate"."#
        let match = try #require(try firstMatch(pattern, text))
        let bytes = Array(text.utf8)
        let capture = try #require(match[1])
        #expect(String(decoding: bytes[capture], as: UTF8.self) == "App.SceneDelegate")
        #expect(match.range.lowerBound == 7)  // "café: " is 7 bytes
    }

    @Test func returnsNilWithoutAMatchAndHandlesEmptySubjects() throws {
        let pattern = try CompiledPattern("UIScene")
        #expect(try firstMatch(pattern, "nothing here") == nil)
        #expect(try firstMatch(pattern, "") == nil)
        #expect(try firstMatch(try CompiledPattern("^$"), "") != nil)
    }

    @Test func unsetGroupsAreNil() throws {
        let pattern = try CompiledPattern("(a)|(b)")
        let match = try #require(try firstMatch(pattern, "b"))
        #expect(match[1] == nil)
        #expect(match[2] == 0..<1)
        #expect(match[5] == nil)
    }

    @Test func startsAtTheGivenOffset() throws {
        let pattern = try CompiledPattern("x")
        #expect(try firstMatch(pattern, "x..x", from: 1)?.range == 3..<4)
    }

    @Test func caseInsensitiveOption() throws {
        let pattern = try CompiledPattern("uiscene lifecycle", caseInsensitive: true)
        #expect(try firstMatch(pattern, "`UIScene` lifecycle") == nil)
        #expect(try firstMatch(pattern, "UIScene Lifecycle") != nil)
    }

    @Test func compileErrorsCarryMessageAndOffset() {
        #expect {
            _ = try CompiledPattern("abc(def")
        } throws: { error in
            guard let error = error as? PCRE2Error else { return false }
            return error.offset == 7 && error.message.contains("missing closing parenthesis")
        }
    }

    @Test func matchLimitStopsCatastrophicBacktracking() throws {
        let pattern = try CompiledPattern("(a+)+$", limits: .init(matchLimit: 10_000, depthLimit: 1_000))
        let text = String(repeating: "a", count: 5_000) + "b"
        #expect {
            _ = try firstMatch(pattern, text)
        } throws: { error in
            (error as? PCRE2Error)?.isLimitExceeded == true
        }
    }

    /// A pattern of thousands of groups makes each of the interpreter's frames large: the heap
    /// limit stops it before the depth limit would, as a limit like the others.
    @Test func heapLimitStopsLargeFrames() throws {
        let groups = String(repeating: "(x)?", count: 3_000)
        let pattern = try CompiledPattern("(?:\(groups)\\S)+!", limits: .init(matchLimit: .max))
        #expect(!pattern.isJITCompiled)
        #expect {
            _ = try firstMatch(pattern, String(repeating: "a", count: 2_000) + " !")
        } throws: { error in
            guard let error = error as? PCRE2Error else { return false }
            return error.isLimitExceeded && error.message.contains("heap limit")
        }
    }

    @Test func matchesInvalidUTF8WithoutFailing() throws {
        let pattern = try CompiledPattern("ok")
        let bytes: [UInt8] = [0xFF, 0xFE, 0x6F, 0x6B]
        let scratch = MatchScratch()
        let match = try bytes.withUnsafeBytes { try pattern.firstMatch(in: $0, using: scratch) }
        #expect(match?.range == 2..<4)
    }

    /// `\S`, `\D` and `\W` match characters past ASCII too (PCRE2 10.42's JIT matched none of them).
    @Test func negatedClassEscapesMatchCharactersPastASCII() throws {
        let cases = [(#"v=(\S+) end"#, "v=café中😀 end", "café中😀"), (#"v=(\D+)!"#, "v=été 20!", nil), (#"v=(\D+)2"#, "v=été 2", "été "), (#"v=(\W+)x"#, "v=é中 x", "é中 ")]
        for (pattern, text, expected) in cases {
            let match = try firstMatch(try CompiledPattern(pattern), text)
            let value = match?[1].map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
            #expect(value == expected, "\(pattern) on \(text)")
        }
    }

    /// `[^\s]`, which the built-in rules write for `\S`, keeps the JIT and matches past ASCII as
    /// the interpreter does.
    @Test func negatedWhitespaceClassKeepsTheJIT() throws {
        let pattern = try CompiledPattern(#"v=([^\s]+) end"#)
        #expect(pattern.isJITCompiled)
        let match = try firstMatch(pattern, "v=café中😀 end")
        #expect(match?[1].map { String(decoding: Array("v=café中😀 end".utf8)[$0], as: UTF8.self) } == "café中😀")
    }

    @Test func isJITCompiledWhereAvailable() throws {
        // JIT is available on x86_64 and arm64 Linux and macOS builds of PCRE2.
        #expect(try CompiledPattern("abc").isJITCompiled)
    }
}
