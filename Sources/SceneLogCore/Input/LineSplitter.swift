/// One physical line handed out by ``LineSplitter``: its bytes without the terminator.
///
/// The bytes are only valid during the callback that receives the line.
struct RawLine {
    /// The line's bytes, without `\n` or `\r\n`.
    let bytes: UnsafeBufferPointer<UInt8>
    /// 1-based line number in the input.
    let number: Int
    /// Offset of the line's first byte from the start of the input.
    let byteOffset: Int
    /// Whether the line was longer than ``LineSplitter/maximumLineLength`` and was cut.
    let wasTruncated: Bool
}

/// A streaming line splitter: feed it chunks of any size, it hands out whole lines.
///
/// Line terminators are `\n` and `\r\n` (one terminator); a last line without a terminator is kept.
/// A line longer than ``maximumLineLength`` is cut to that length, flagged ``RawLine/wasTruncated``,
/// and the rest of it is skipped, so memory never grows with a runaway line.
/// Bytes are scanned once: `memchr` finds each `\n`, and only a line split across chunks is copied.
struct LineSplitter {
    /// The longest line kept whole: 1 MiB.
    static let defaultMaximumLineLength = 1 << 20

    let maximumLineLength: Int
    private var carry: [UInt8] = []
    private var skippingRestOfLongLine = false
    private var nextLineNumber = 1
    private var nextLineOffset = 0
    private var consumed = 0

    init(maximumLineLength: Int = LineSplitter.defaultMaximumLineLength) {
        precondition(maximumLineLength > 0)
        self.maximumLineLength = maximumLineLength
    }

    /// The number of lines handed out so far.
    var lineCount: Int { nextLineNumber - 1 }

    /// Splits `chunk`, calling `body` for each line it completes.
    mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (RawLine) throws -> Void) rethrows {
        var start = 0
        while start < chunk.count {
            guard let newline = chunk.index(of: ASCII.newline, from: start) else {
                try keep(UnsafeBufferPointer(rebasing: chunk[start...]), body)
                consumed += chunk.count - start
                return
            }
            let segment = UnsafeBufferPointer(rebasing: chunk[start..<newline])
            if skippingRestOfLongLine {
                skippingRestOfLongLine = false
            } else if carry.isEmpty {
                if segment.count > maximumLineLength {
                    try emit(UnsafeBufferPointer(rebasing: segment[..<maximumLineLength]), truncated: true, body)
                } else {
                    try emit(segment, truncated: false, body)
                }
            } else {
                try keep(segment, body)
                if !skippingRestOfLongLine {
                    try carry.withUnsafeBufferPointer { try emit($0, truncated: false, body) }
                    carry.removeAll(keepingCapacity: true)
                }
                skippingRestOfLongLine = false
            }
            consumed += newline + 1 - start
            nextLineOffset = consumed
            start = newline + 1
        }
    }

    /// Counts `count` bytes at the start of the input as read without making them part of a line
    /// (a byte order mark), so that byte offsets stay true.
    mutating func skip(_ count: Int) {
        consumed += count
        nextLineOffset = consumed
    }

    /// Hands out the last line if the input did not end with a terminator.
    mutating func finish(_ body: (RawLine) throws -> Void) rethrows {
        defer {
            carry.removeAll(keepingCapacity: false)
            skippingRestOfLongLine = false
            nextLineOffset = consumed
        }
        guard !carry.isEmpty, !skippingRestOfLongLine else { return }
        try carry.withUnsafeBufferPointer { try emit($0, truncated: false, body) }
    }

    /// Appends a piece of an unfinished line to `carry`, cutting it at the maximum length.
    private mutating func keep(_ piece: UnsafeBufferPointer<UInt8>, _ body: (RawLine) throws -> Void) rethrows {
        guard !skippingRestOfLongLine else { return }
        let room = maximumLineLength - carry.count
        if piece.count <= room {
            carry.append(contentsOf: piece)
            return
        }
        carry.append(contentsOf: piece[piece.startIndex..<(piece.startIndex + room)])
        try carry.withUnsafeBufferPointer { try emit($0, truncated: true, body) }
        carry.removeAll(keepingCapacity: true)
        skippingRestOfLongLine = true
    }

    private mutating func emit(
        _ line: UnsafeBufferPointer<UInt8>, truncated: Bool, _ body: (RawLine) throws -> Void
    ) rethrows {
        var content = line
        if !truncated, let last = content.last, last == ASCII.carriageReturn {
            content = UnsafeBufferPointer(rebasing: content.dropLast())
        }
        let raw = RawLine(bytes: content, number: nextLineNumber, byteOffset: nextLineOffset, wasTruncated: truncated)
        nextLineNumber += 1
        try body(raw)
    }
}

@available(*, unavailable)
extension LineSplitter: Sendable {}
