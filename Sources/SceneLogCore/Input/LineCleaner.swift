/// Removes what is not log text from a line: NUL bytes (tidevice and raw syslog_relay streams
/// start records with one) and ANSI SGR colour sequences (`ESC [ … m`, as idevicesyslog and
/// pymobiledevice3 print on a terminal).
///
/// Lines that contain neither are passed through untouched, without a copy; the others are
/// rewritten into a reused buffer. Invalid UTF-8 is left as it is.
struct LineCleaner {
    private var scratch: [UInt8] = []

    /// Calls `body` with the cleaned bytes of `line`.
    mutating func clean<Result>(
        _ line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        guard line.index(of: 0, from: 0) != nil || line.index(of: ASCII.escape, from: 0) != nil else {
            return try body(line)
        }
        scratch.removeAll(keepingCapacity: true)
        var index = 0
        while index < line.count {
            let byte = line[index]
            if byte == 0 {
                index += 1
            } else if byte == ASCII.escape, index + 1 < line.count, line[index + 1] == ASCII.openBracket {
                index = Self.endOfControlSequence(line, from: index + 2)
            } else {
                scratch.append(byte)
                index += 1
            }
        }
        return try scratch.withUnsafeBufferPointer { try body($0) }
    }

    /// The index just past a CSI sequence whose parameters start at `start`: parameter and
    /// intermediate bytes (0x20–0x3F), then one final byte (0x40–0x7E).
    private static func endOfControlSequence(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < line.count, line[index] >= 0x20, line[index] <= 0x3F { index += 1 }
        if index < line.count, line[index] >= 0x40, line[index] <= 0x7E { index += 1 }
        return index
    }
}
