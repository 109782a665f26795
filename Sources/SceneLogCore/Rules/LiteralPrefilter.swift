#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds which of a set of literals occur in a byte string, in one pass that skips ahead.
///
/// A Wu–Manber search with four-byte blocks hashed to ``hashBits`` bits (a table that stays in
/// the L1 cache). The window is the shortest
/// literal's length; each literal is represented by its *anchor*, the window-long piece of it least
/// like ordinary English (upper case, digits, punctuation), so that the blocks of plain log text
/// rarely look like the end of an anchor. A shift table says how far the window may jump for the
/// block at its end; only blocks that end some anchor are checked against the literals (`memcmp`).
/// Most log messages are passed over in a fraction of their length.
///
/// `@unchecked Sendable`: the shift table is written once in `init` and only read afterwards.
final class LiteralPrefilter: @unchecked Sendable {
    /// The shortest literal it takes.
    static let minimumLiteralLength = 4

    private let literals: [[UInt8]]
    /// Where each literal's anchor starts inside it.
    private let anchorOffsets: [Int]
    private let window: Int
    /// Bits of the block hash: 2^14 one-byte shift entries, 16 KiB (half the L1 cache).
    static let hashBits = 14
    private static let tableSize = 1 << hashBits

    /// How far the window may move for each block hash (read in the hot loop).
    private let shift: UnsafeMutablePointer<UInt8>
    /// For each block value, the range of `bucketItems` holding the literals whose anchor ends in it.
    private let bucketStarts: [Int32]
    private let bucketItems: [Int32]

    /// - Parameter literals: byte strings of ``minimumLiteralLength`` bytes or more.
    init(_ literals: [[UInt8]]) {
        precondition(literals.allSatisfy { $0.count >= Self.minimumLiteralLength }, "prefilter literals are too short")
        self.literals = literals
        let window = min(literals.map(\.count).min() ?? Self.minimumLiteralLength, 255)
        self.window = window
        let offsets = literals.map { Self.anchorOffset(of: $0, window: window) }
        self.anchorOffsets = offsets
        let shift = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.tableSize)
        shift.initialize(repeating: UInt8(window - 3), count: Self.tableSize)
        var anchorEnds: [Int] = []
        anchorEnds.reserveCapacity(literals.count)
        for (index, literal) in literals.enumerated() {
            let anchor = Array(literal[offsets[index]..<offsets[index] + window])
            for end in 3..<window {
                let block = Self.block(anchor[end - 3], anchor[end - 2], anchor[end - 1], anchor[end])
                shift[block] = min(shift[block], UInt8(window - 1 - end))
            }
            anchorEnds.append(Self.block(anchor[window - 4], anchor[window - 3], anchor[window - 2], anchor[window - 1]))
        }
        self.shift = shift
        // The literals grouped by the block their anchor ends in, in index order within a group:
        // a count per block, the counts summed into starts, then each literal put in its place.
        var starts = [Int32](repeating: 0, count: Self.tableSize + 1)
        for block in anchorEnds { starts[block + 1] += 1 }
        for block in 0..<Self.tableSize { starts[block + 1] += starts[block] }
        var items = [Int32](repeating: 0, count: literals.count)
        var nextSlot = starts
        for (index, block) in anchorEnds.enumerated() {
            items[Int(nextSlot[block])] = Int32(index)
            nextSlot[block] += 1
        }
        self.bucketStarts = starts
        self.bucketItems = items
    }

    deinit {
        shift.deallocate()
    }

    /// A hash of four bytes into the table (Fibonacci hashing: the top bits of a multiplication,
    /// which spread ASCII text evenly).
    @inline(__always)
    private static func block(_ first: UInt8, _ second: UInt8, _ third: UInt8, _ fourth: UInt8) -> Int {
        hash(UInt32(first) | UInt32(second) << 8 | UInt32(third) << 16 | UInt32(fourth) << 24)
    }

    @inline(__always)
    private static func hash(_ word: UInt32) -> Int {
        Int((word &* 0x9E37_79B1) >> (32 - UInt32(hashBits)))
    }

    /// The hash of the four bytes ending at `position`.
    @inline(__always)
    private static func block(endingAt position: Int, in base: UnsafePointer<UInt8>) -> Int {
        hash(UInt32(littleEndian: UnsafeRawPointer(base + position - 3).loadUnaligned(as: UInt32.self)))
    }

    /// The start of the `window`-long piece of `literal` with the fewest blocks made only of lower-case
    /// letters and spaces (the blocks ordinary text is full of).
    private static func anchorOffset(of literal: [UInt8], window: Int) -> Int {
        func plain(_ byte: UInt8) -> Bool { ASCII.isLower(byte) || byte == ASCII.space }
        var best = (offset: 0, score: Int.max)
        for offset in 0...(literal.count - window) {
            var score = 0
            for end in (offset + 3)..<(offset + window)
            where plain(literal[end - 3]) && plain(literal[end - 2]) && plain(literal[end - 1]) && plain(literal[end]) {
                score += 1
            }
            if score < best.score { best = (offset, score) }
        }
        return best.offset
    }

    /// Calls `body` with the index of each literal found in `text`, in no set order (a literal may
    /// be reported more than once when it occurs more than once).
    ///
    /// Two windows move at once, one over each half of the text: each step of one waits for its
    /// table lookup, and the other's step fills that wait.
    func forEachMatch(in text: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard text.count >= window, !literals.isEmpty, let base = text.baseAddress else { return }
        let count = text.count
        // Anchors ending before `middle` are the first window's, the others the second's.
        let middle = max(count / 2, window - 1)
        var first = window - 1
        var second = middle
        while first < middle, second < count {
            // Both lookups before either window moves: a check may call `body`, past which the
            // compiler would not move the second lookup (3 % of a scan with few findings).
            let firstJump = jump(at: first, base: base)
            let secondJump = jump(at: second, base: base)
            move(&first, by: firstJump, in: text, base: base, body)
            move(&second, by: secondJump, in: text, base: base, body)
        }
        while first < middle { move(&first, by: jump(at: first, base: base), in: text, base: base, body) }
        while second < count { move(&second, by: jump(at: second, base: base), in: text, base: base, body) }
    }

    /// How far a window whose end is at `position` may move.
    @inline(__always)
    private func jump(at position: Int, base: UnsafePointer<UInt8>) -> Int {
        Int(shift[Self.block(endingAt: position, in: base)])
    }

    /// Moves a window by `jump`, or, when it may not move, checks the literals whose anchor ends
    /// there and moves it by one.
    @inline(__always)
    private func move(
        _ position: inout Int, by jump: Int, in text: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>,
        _ body: (Int) -> Void
    ) {
        if jump > 0 {
            position += jump
        } else {
            check(at: position, in: text, base: base, body)
            position += 1
        }
    }

    /// Verifies the literals whose anchor may end at `position`.
    private func check(
        at position: Int, in text: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, _ body: (Int) -> Void
    ) {
        let block = Self.block(endingAt: position, in: base)
        for item in Int(bucketStarts[block])..<Int(bucketStarts[block + 1]) {
            let index = Int(bucketItems[item])
            let literal = literals[index]
            let start = position - window + 1 - anchorOffsets[index]
            guard start >= 0, start + literal.count <= text.count else { continue }
            let equal = literal.withUnsafeBufferPointer { $0.baseAddress.map { memcmp(base + start, $0, literal.count) } }
            if equal == 0 { body(index) }
        }
    }
}
