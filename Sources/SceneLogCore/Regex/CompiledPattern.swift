import CPCRE2
import Foundation

/// A PCRE2 pattern compiled once (with JIT where the platform has it, and where the JIT matches
/// as the interpreter does: ``needsInterpreter(_:)``) and shared between threads.
///
/// PCRE2 documents a compiled pattern as safe to use from several threads at once; each thread
/// brings its own ``MatchScratch``. Matching works on bytes and reports byte ranges. The JIT
/// compilation waits for the first match: most rules never reach PCRE2 in a given log (their
/// literal is not in it), and compiling them all would cost a small scan more than reading it.
final class CompiledPattern: @unchecked Sendable {
    /// Limits that keep a pathological pattern from running away on a long line.
    struct Limits: Sendable, Equatable {
        /// PCRE2's match limit: the number of times the internal match function may be called.
        var matchLimit: UInt32
        /// PCRE2's depth limit: how deep backtracking may nest (heap frames for the interpreter).
        var depthLimit: UInt32
        /// PCRE2's heap limit, in KiB: the most the interpreter's frames may take for one match (a
        /// pattern of thousands of groups makes each frame large, and the depth limit alone would
        /// let one line take a gigabyte).
        var heapLimitKiB: UInt32

        init(matchLimit: UInt32 = 1_000_000, depthLimit: UInt32 = 10_000, heapLimitKiB: UInt32 = 16 << 10) {
            self.matchLimit = matchLimit
            self.depthLimit = depthLimit
            self.heapLimitKiB = heapLimitKiB
        }

        static let `default` = Limits()
    }

    /// The pattern text as given.
    let pattern: String
    /// Whether JIT compilation succeeded (it is done now if it was not yet).
    var isJITCompiled: Bool { compileForJIT() }
    /// Guards the one JIT compilation: `nil` until it is tried, then whether it succeeded.
    private let jitLock = NSLock()
    private var jitCompiled: Bool?
    /// The number of capture groups in the pattern.
    let captureCount: Int
    /// The named capture groups, with their group numbers, in pattern order.
    let groupNames: [(name: String, index: Int)]

    let code: OpaquePointer
    private let matchContext: OpaquePointer

    /// Compiles `pattern` as UTF-8.
    ///
    /// - Parameters:
    ///   - caseInsensitive: match without regard to case.
    ///   - limits: match and depth limits applied to every match.
    /// - Throws: ``PCRE2Error`` with PCRE2's message and the offset in the pattern.
    init(_ pattern: String, caseInsensitive: Bool = false, limits: Limits = .default) throws(PCRE2Error) {
        self.pattern = pattern
        var options = UInt32(PCRE2_UTF | PCRE2_MATCH_INVALID_UTF)
        if caseInsensitive { options |= UInt32(PCRE2_CASELESS) }
        var errorCode: Int32 = 0
        var errorOffset = 0
        let utf8 = Array(pattern.utf8)
        let compiled = utf8.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, nil)
        }
        guard let compiled else { throw PCRE2Error(code: errorCode, offset: errorOffset) }
        self.code = compiled
        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        self.captureCount = Int(count)
        self.groupNames = Self.namedGroups(of: compiled)
        guard let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw PCRE2Error(code: PCRE2_ERROR_NOMEMORY)
        }
        pcre2_set_match_limit_8(context, limits.matchLimit)
        pcre2_set_depth_limit_8(context, limits.depthLimit)
        pcre2_set_heap_limit_8(context, limits.heapLimitKiB)
        self.matchContext = context
    }

    deinit {
        pcre2_match_context_free_8(matchContext)
        pcre2_code_free_8(code)
    }

    /// Finds the first match in `bytes` at or after `start`.
    ///
    /// - Returns: the match with its capture groups as byte ranges, or `nil` when there is none.
    /// - Throws: ``PCRE2Error`` when a limit is hit or PCRE2 fails; the caller decides whether to go on.
    func firstMatch(
        in bytes: UnsafeRawBufferPointer, from start: Int = 0, using scratch: MatchScratch
    ) throws(PCRE2Error) -> PatternMatch? {
        _ = compileForJIT()
        let data = try scratch.data(for: self)
        let result: Int32
        if let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) {
            result = pcre2_match_8(code, base, bytes.count, start, 0, data, matchContext)
        } else {
            // PCRE2 wants a valid pointer even for an empty subject.
            var empty: UInt8 = 0
            result = pcre2_match_8(code, &empty, 0, start, 0, data, matchContext)
        }
        if result == PCRE2_ERROR_NOMATCH { return nil }
        if result < 0 { throw PCRE2Error(code: result) }
        guard let ovector = pcre2_get_ovector_pointer_8(data) else { return nil }
        let pairs = Int(pcre2_get_ovector_count_8(data))
        var groups: [Range<Int>?] = []
        groups.reserveCapacity(min(Int(result), pairs))
        for index in 0..<min(Int(result), pairs) {
            let lower = ovector[2 * index]
            let upper = ovector[2 * index + 1]
            groups.append(lower == cpcre2_unset() ? nil : Int(lower)..<Int(upper))
        }
        return PatternMatch(groups: groups)
    }

    /// Compiles the pattern for PCRE2's JIT the first time it is called (from any thread), and
    /// says whether that worked; matching falls back to the interpreter when it did not.
    private func compileForJIT() -> Bool {
        jitLock.withLock {
            if let jitCompiled { return jitCompiled }
            let compiled = !Self.needsInterpreter(pattern) && pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0
            jitCompiled = compiled
            return compiled
        }
    }

    /// Whether `pattern` may use `\S`, `\D` or `\W`: PCRE2's JIT (10.42) with
    /// `PCRE2_MATCH_INVALID_UTF` matches them with no character past ASCII (`\S+` stops before
    /// `é`), where the interpreter matches every one. Any backslash before one of those letters
    /// counts (an escaped backslash too): the interpreter is never wrong, only slower. The built-in
    /// rules write `[^\s]` for `\S`, which the JIT matches as the interpreter does.
    private static func needsInterpreter(_ pattern: String) -> Bool {
        let utf8 = Array(pattern.utf8)
        return utf8.indices.dropLast().contains { index in
            utf8[index] == UInt8(ascii: "\\") && [UInt8(ascii: "S"), UInt8(ascii: "D"), UInt8(ascii: "W")].contains(utf8[index + 1])
        }
    }

    /// Reads PCRE2's name table: entries of `entrySize` bytes, a big-endian group number, then the
    /// NUL-terminated name.
    private static func namedGroups(of code: OpaquePointer) -> [(name: String, index: Int)] {
        var count: UInt32 = 0
        var entrySize: UInt32 = 0
        var table: UnsafePointer<UInt8>?
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMECOUNT), &count)
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMEENTRYSIZE), &entrySize)
        pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMETABLE), &table)
        guard let table, count > 0 else { return [] }
        return (0..<Int(count)).map { entry in
            let base = table + entry * Int(entrySize)
            let index = Int(base[0]) << 8 | Int(base[1])
            return (String(cString: base + 2), index)
        }.sorted { $0.index < $1.index }
    }

    /// Whether the pattern matches anywhere in `bytes`.
    func matches(_ bytes: UnsafeRawBufferPointer, using scratch: MatchScratch) throws(PCRE2Error) -> Bool {
        try firstMatch(in: bytes, using: scratch) != nil
    }

    /// Adds the text of each named group that took part in `match` of `bytes` to `captures`, under
    /// the group's name.
    func addCaptures(of match: PatternMatch, in bytes: UnsafeBufferPointer<UInt8>, to captures: inout [String: String]) {
        for (name, index) in groupNames {
            if let range = match[index] { captures[name] = bytes.string(range) }
        }
    }
}

/// One match: group 0 is the whole match, groups 1… the captures (`nil` when a group did not take part).
struct PatternMatch: Sendable, Equatable {
    let groups: [Range<Int>?]

    /// The byte range of the whole match.
    var range: Range<Int> { groups[0] ?? 0..<0 }

    /// The byte range of capture group `index`, if it took part in the match.
    subscript(index: Int) -> Range<Int>? {
        index < groups.count ? groups[index] : nil
    }
}
