/// The line that Xcode's console (15 on) prints below each message when its metadata is shown, as
/// a copy of the console keeps it:
///
/// ```
/// Requesting visual style in an implementation that has disabled it, returning nil. Behavior of caller is undefined.
/// Type: Error | Timestamp: 2026-02-10 12:33:23.307724+11:00 | Process: GestureFlow | Library: UIKitCore | Subsystem: com.apple.UIKit | Category: Assert | TID: 0x16fb73
/// *** Terminating app due to uncaught exception 'com.apple.coreaudio.avfaudio', reason: '…'
/// Type: stdio
/// ```
///
/// `Type:` is the level, or `stdio` for the app's standard output and error, which carry no other
/// field. The fields are set apart by ` | `; each is named, and each but `Type` may be left out.
struct XcodeMetadataLine {
    /// The level (`Error`, `Fault`, `Default`…); `nil` for `stdio`.
    var level: Range<Int>?
    var timestamp: Range<Int>?
    var process: Range<Int>?
    /// The library that logged the message (`UIKitCore`).
    var library: Range<Int>?
    var subsystem: Range<Int>?
    var category: Range<Int>?

    /// The fields of `line`, from `start`, or `nil` when it is no such line: `Type: stdio` alone, or
    /// `Type: <word>` followed by ` | ` and a field the console names.
    init?(_ line: Bytes, from start: Int = 0) {
        // Checked first: the console's every line is asked.
        guard line.matches("Type: ", at: start) else { return nil }
        let end = line.trimmingTrailingBlanks(start..<line.count).upperBound
        let typeStart = start + 6
        if line.matches("stdio", at: typeStart), typeStart + 5 == end { return }
        let separator = line.range(of: " | ", from: typeStart)
        let typeEnd = separator?.lowerBound ?? end
        guard let separator, typeEnd > typeStart, typeEnd - typeStart <= 16,
            (typeStart..<typeEnd).allSatisfy({ ASCII.isUpper(line[$0]) || ASCII.isLower(line[$0]) }),
            Self.names(line, aFieldAt: separator.upperBound)
        else { return nil }
        level = typeStart..<typeEnd
        var fieldStart = separator.upperBound
        while fieldStart < end {
            let fieldEnd = line.range(of: " | ", from: fieldStart).map { min($0.lowerBound, end) } ?? end
            read(line, field: fieldStart..<fieldEnd)
            fieldStart = fieldEnd + 3
        }
    }

    /// Whether a field the console shows starts at `start` (each may be hidden, `Type` aside).
    private static func names(_ line: Bytes, aFieldAt start: Int) -> Bool {
        line.matches("Timestamp: ", at: start) || line.matches("Process: ", at: start) || line.matches("Library: ", at: start)
            || line.matches("Subsystem: ", at: start) || line.matches("Category: ", at: start) || line.matches("TID: ", at: start)
    }

    /// Whether `line` is one.
    static func isOne(_ line: Bytes) -> Bool {
        XcodeMetadataLine(line) != nil
    }

    private mutating func read(_ line: Bytes, field: Range<Int>) {
        guard let colon = line.index(of: ASCII.colon, from: field.lowerBound, to: field.upperBound),
            colon + 2 <= field.upperBound, line[colon + 1] == ASCII.space
        else { return }
        let value = colon + 2..<field.upperBound
        let name = UnsafeBufferPointer(rebasing: line[field.lowerBound..<colon])
        if name.equals("Timestamp") {
            timestamp = value
        } else if name.equals("Process") {
            process = value
        } else if name.equals("Library") {
            library = value
        } else if name.equals("Subsystem") {
            subsystem = value
        } else if name.equals("Category") {
            category = value
        }
    }

    /// A record's fields: `message`, and these, each moved by `offset` bytes (where the bytes they
    /// index were copied to).
    func fields(message: Range<Int>, movedBy offset: Int) -> RecordFields {
        func moved(_ range: Range<Int>?) -> Range<Int>? { range.map { $0.lowerBound + offset..<$0.upperBound + offset } }
        var fields = RecordFields(message: message.lowerBound + offset..<message.upperBound + offset)
        fields.level = moved(level)
        fields.timestamp = moved(timestamp)
        fields.process = moved(process)
        fields.senderImage = moved(library)
        fields.subsystem = moved(subsystem)
        fields.category = moved(category)
        return fields
    }
}
