/// The lines held while an input's format is not known yet, in one reusable byte arena: a free-text
/// input that never fits a format costs no allocation per line, however long it runs.
struct DetectionSample {
    private struct Entry {
        let start: Int
        let count: Int
        let number: Int
        let offset: Int
    }

    private var arena: [UInt8] = []
    private var entries: [Entry] = []
    /// How many of the lines are not blank.
    private(set) var nonBlankLines = 0

    var lineCount: Int { entries.count }
    var byteCount: Int { arena.count }

    /// Holds a copy of `bytes`, line `number` at byte `offset` of the input.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, number: Int, offset: Int) {
        entries.append(Entry(start: arena.count, count: bytes.count, number: number, offset: offset))
        arena.append(contentsOf: bytes)
        if !bytes.isBlankLine { nonBlankLines += 1 }
    }

    /// Calls `body` with each held line, its number and byte offset, in order.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, _ number: Int, _ offset: Int) -> Void) {
        arena.withUnsafeBufferPointer { all in
            for entry in entries {
                body(UnsafeBufferPointer(rebasing: all[entry.start..<entry.start + entry.count]), entry.number, entry.offset)
            }
        }
    }

    /// The held lines as arrays, for a parser that sets itself up from them (once per input).
    var lines: [[UInt8]] {
        var lines: [[UInt8]] = []
        forEach { bytes, _, _ in lines.append(Array(bytes)) }
        return lines
    }

    /// Empties the sample, keeping its memory for the next lines.
    mutating func removeAll() {
        arena.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        nonBlankLines = 0
    }
}
