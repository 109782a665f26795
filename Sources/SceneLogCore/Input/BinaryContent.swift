/// Tells binary data from log text by proportion, not by presence: a few NULs or stray control
/// bytes in a log are text to clean, while a region of them (the NUL padding or the garbage a crash
/// leaves at the end of a file being written) is binary data to count and skip.
enum BinaryContent {
    /// A run of this many NULs, or more, is padding (binary data), not a record separator.
    static let paddingRunLength = 16

    /// What one line holds.
    struct LineVerdict: Equatable {
        /// Whether the whole line is binary data: more than 1 in 10 of its bytes other than NUL
        /// are binary, or it holds nothing but a NUL run of ``paddingRunLength`` bytes or more.
        var isBinary: Bool
        /// The line's bytes that are binary data: all of them for a binary line, else the NULs
        /// that stand in runs of ``paddingRunLength`` or more (a text line before NUL padding).
        var binaryBytes: Int
    }

    /// Whether `byte` never appears in UTF-8 text: a C0 control other than tab, line feed, form
    /// feed, carriage return and escape (ANSI colour), DEL, and the bytes no UTF-8 sequence holds
    /// (0xC0, 0xC1, 0xF5–0xFF). NUL is counted apart.
    @inline(__always) static func isBinary(_ byte: UInt8) -> Bool {
        if byte < 0x20 {
            let textControls: UInt32 = 1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x0D | 1 << 0x1B | 1
            return textControls & (1 << UInt32(byte)) == 0
        }
        return byte == 0x7F || byte == 0xC0 || byte == 0xC1 || byte >= 0xF5
    }

    /// Classifies `line` (without its line end) in one pass over its bytes.
    static func classify(_ line: UnsafeBufferPointer<UInt8>) -> LineVerdict {
        var nuls = 0
        var binary = 0
        var padding = 0
        var run = 0
        for byte in line {
            if byte == 0 {
                nuls += 1
                run += 1
                continue
            }
            if run >= paddingRunLength { padding += run }
            run = 0
            if isBinary(byte) { binary += 1 }
        }
        if run >= paddingRunLength { padding += run }
        let others = line.count - nuls
        let isBinaryLine = others == 0 ? nuls >= paddingRunLength : binary * 10 > others
        return LineVerdict(isBinary: isBinaryLine, binaryBytes: isBinaryLine ? line.count : padding)
    }

    /// Whether the first bytes of an input are binary through and through (an image, an
    /// executable, a database), to be refused whole rather than scanned: its first line that is
    /// not all NULs is binary (invalid UTF-8 counted as binary), and so are more than 1 in 20 of
    /// its bytes other than NUL; or it is nothing but NULs (and line ends). Blank lines alone are
    /// text, with nothing in it.
    ///
    /// A log with NULs here and there, or a binary tail, passes: it starts with text.
    static func startsBinary(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !head.isEmpty else { return false }
        var firstLine: (binary: Int, others: Int)?
        var line = (binary: 0, others: 0)
        var total = (binary: 0, others: 0)
        var sawNul = false
        var bytes = head.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar):
                if scalar.value == 0 {
                    sawNul = true
                    continue
                }
                if scalar == "\n" {
                    if firstLine == nil, line.others > 0 { firstLine = line }
                    line = (0, 0)
                    continue
                }
                let binary = scalar.value < 0x80 && isBinary(UInt8(scalar.value)) ? 1 : 0
                line.binary += binary
                line.others += 1
                total.binary += binary
                total.others += 1
            case .error:
                line.binary += 1
                line.others += 1
                total.binary += 1
                total.others += 1
            case .emptyInput:
                break decoding
            }
        }
        guard total.others > 0 else { return sawNul }
        let first = firstLine ?? line
        return first.binary * 10 > first.others && total.binary * 20 > total.others
    }
}
