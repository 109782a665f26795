/// Writes a decoded record's field texts (JSON values) one after another into the buffer that
/// ``RecordParser/complete(_:fields:rewritingInto:)`` fills, and keeps where each one went.
struct DecodedRecordWriter {
    /// The fields written so far; their ranges index the output buffer.
    var fields = RecordFields(message: 0..<0)

    /// A text field of a record (an enumeration rather than a key path, whose writes allocate).
    enum Field {
        case timestamp, device, process, senderImage, thread, level, subsystem, category
    }

    private subscript(field: Field) -> Range<Int>? {
        get {
            switch field {
            case .timestamp: fields.timestamp
            case .device: fields.device
            case .process: fields.process
            case .senderImage: fields.senderImage
            case .thread: fields.thread
            case .level: fields.level
            case .subsystem: fields.subsystem
            case .category: fields.category
            }
        }
        set {
            switch field {
            case .timestamp: fields.timestamp = newValue
            case .device: fields.device = newValue
            case .process: fields.process = newValue
            case .senderImage: fields.senderImage = newValue
            case .thread: fields.thread = newValue
            case .level: fields.level = newValue
            case .subsystem: fields.subsystem = newValue
            case .category: fields.category = newValue
            }
        }
    }

    /// The longest field (its JSON text) written: no timestamp, process, path or device is longer,
    /// and a record's fields are copied into every finding of it.
    static let maximumFieldBytes = 4_096

    /// Writes `value`'s text as `field`. Writes nothing, leaving the field absent, when `value` is
    /// `nil`, not a string or number, empty, or longer than ``maximumFieldBytes``.
    ///
    /// - Returns: whether the field was written.
    @discardableResult
    mutating func write(
        _ value: JSONValue?, as field: Field, into output: inout [UInt8]
    ) -> Bool {
        guard let value, value.bytes.count <= Self.maximumFieldBytes, let range = value.writeText(into: &output), !range.isEmpty
        else { return false }
        self[field] = range
        return true
    }

    /// Writes the last component of the path in `value` (`/usr/bin/sudo` → `sudo`) as `field`;
    /// leaves the field absent when that is empty (`/usr/bin/`).
    mutating func writeBasename(_ value: JSONValue?, as field: Field, into output: inout [UInt8]) {
        guard write(value, as: field, into: &output), let range = self[field],
            let slash = output[range].lastIndex(of: ASCII.slash)
        else { return }
        self[field] = slash + 1 < range.upperBound ? slash + 1..<range.upperBound : nil
    }

    /// Writes the message (empty when `value` is `nil`), then the record's raw continuation lines
    /// (if any) after a `\n`.
    mutating func writeMessage(_ value: JSONValue?, continuation: Bytes?, into output: inout [UInt8]) {
        let start = output.count
        _ = value?.writeText(into: &output)
        if let continuation {
            output.append(ASCII.newline)
            output.append(contentsOf: continuation)
        }
        fields.message = start..<output.count
    }

    /// Writes a nested `label` object's `subsystem` and `category`, as pymobiledevice3 and go-ios
    /// print them.
    mutating func writeLabel(_ value: JSONValue?, into output: inout [UInt8]) {
        guard let label = JSONLogObject.nested(value, as: LabelMembers.self) else { return }
        write(label.subsystem, as: .subsystem, into: &output)
        write(label.category, as: .category, into: &output)
    }
}

/// A `label` object's members.
private struct LabelMembers: JSONMembers {
    var subsystem: JSONValue?
    var category: JSONValue?

    mutating func take(_ key: JSONKey, _ value: JSONValue) {
        switch key {
        case "subsystem": subsystem = value
        case "category": category = value
        default: break
        }
    }
}
