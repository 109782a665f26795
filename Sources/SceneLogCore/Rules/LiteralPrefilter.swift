#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds which of a set of literals occur in a byte string, in one pass that skips ahead.
///
/// A Wu–Manber search with two-byte blocks: the window is the shortest literal's length, a shift
/// table says how far the window may jump for the block at its end, and only blocks that end some
/// literal's window are checked against the literals (with `memcmp`). Most log messages are passed
/// over in a fraction of their length.
struct LiteralPrefilter: Sendable {
    private let literals: [[UInt8]]
    private let window: Int
    private let shift: [UInt8]
    /// For each block value, the range of `bucketItems` holding the literals whose window ends in it.
    private let bucketStarts: [Int32]
    private let bucketItems: [Int32]

    /// - Parameter literals: non-empty byte strings of two bytes or more.
    init(_ literals: [[UInt8]]) {
        precondition(literals.allSatisfy { $0.count >= 2 }, "prefilter literals need two bytes or more")
        self.literals = literals
        let window = min(literals.map(\.count).min() ?? 2, 255)
        self.window = window
        var shift = [UInt8](repeating: UInt8(window - 1), count: 1 << 16)
        var buckets = [[Int32]](repeating: [], count: 1 << 16)
        for (index, literal) in literals.enumerated() {
            for end in 1..<window {
                let block = Int(literal[end - 1]) << 8 | Int(literal[end])
                shift[block] = min(shift[block], UInt8(window - 1 - end))
            }
            buckets[Int(literal[window - 2]) << 8 | Int(literal[window - 1])].append(Int32(index))
        }
        self.shift = shift
        var starts = [Int32](repeating: 0, count: (1 << 16) + 1)
        var items: [Int32] = []
        for block in 0..<(1 << 16) {
            starts[block] = Int32(items.count)
            items.append(contentsOf: buckets[block])
        }
        starts[1 << 16] = Int32(items.count)
        self.bucketStarts = starts
        self.bucketItems = items
    }

    var isEmpty: Bool { literals.isEmpty }

    /// Calls `body` with the index of each literal found in `text` (a literal may be reported more
    /// than once when it occurs more than once).
    func forEachMatch(in text: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard !literals.isEmpty, text.count >= window, let base = text.baseAddress else { return }
        shift.withUnsafeBufferPointer { shift in
            var position = window - 1
            while position < text.count {
                let block = Int(base[position - 1]) << 8 | Int(base[position])
                let jump = Int(shift[block])
                if jump > 0 {
                    position += jump
                    continue
                }
                let start = position - window + 1
                for item in Int(bucketStarts[block])..<Int(bucketStarts[block + 1]) {
                    let index = Int(bucketItems[item])
                    let literal = literals[index]
                    if start + literal.count <= text.count,
                        literal.withUnsafeBufferPointer({ $0.baseAddress.map { memcmp(base + start, $0, literal.count) } }) == 0
                    {
                        body(index)
                    }
                }
                position += 1
            }
        }
    }
}
