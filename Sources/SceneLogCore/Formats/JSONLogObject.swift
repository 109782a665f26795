import Foundation

/// One JSON object decoded from a log record, with the lenient readers the JSON formats share: a
/// key's value as text or as an integer, however the producing tool spelled it.
struct JSONLogObject {
    private let values: [String: Any]

    private init(values: [String: Any]) {
        self.values = values
    }

    /// Decodes `data` as one JSON object; `nil` when it is not valid JSON or not an object.
    init?(_ data: Data) {
        guard let decoded = try? JSONSerialization.jsonObject(with: data), let values = decoded as? [String: Any]
        else { return nil }
        self.values = values
    }

    /// Decodes a deferred record whose first line is a one-line JSON object.
    ///
    /// The first line is tried alone; the record's other lines are then raw continuation text.
    /// Failing that, the whole record is tried as one object spread over lines (indented output).
    ///
    /// - Returns: the object, with the continuation text (the lines after the first, joined by `\n`)
    ///   when the first line alone is the object and more lines follow; `nil` when neither decodes.
    static func leadingObject(of record: Bytes) -> (object: JSONLogObject, continuation: Bytes?)? {
        let firstLineEnd = record.index(of: ASCII.newline, from: 0) ?? record.count
        if let object = JSONLogObject(Data(UnsafeBufferPointer(rebasing: record[..<firstLineEnd]))) {
            let continuation = firstLineEnd < record.count ? UnsafeBufferPointer(rebasing: record[(firstLineEnd + 1)...]) : nil
            return (object, continuation)
        }
        guard firstLineEnd < record.count, let object = JSONLogObject(Data(record)) else { return nil }
        return (object, nil)
    }

    /// Whether `record` (a deferred record's bytes) starts, after blanks, with `{`.
    static func startsObject(_ record: Bytes) -> Bool {
        let start = record.skippingBlanks(from: 0)
        return start < record.count && record[start] == ASCII.openBrace
    }

    /// Whether the object has `key`, whatever its value.
    func contains(_ key: String) -> Bool {
        values[key] != nil
    }

    /// A string value, or a number's decimal text; `nil` when missing, `null`, an array or an object.
    func text(_ key: String) -> String? {
        let value = values[key]
        if let string = value as? String { return string }
        return (value as? NSNumber)?.stringValue
    }

    /// An integer value, or the digits of a string value (go-ios prints `"pid":"59"`); `nil` for a
    /// fraction or a number out of range.
    func integer(_ key: String) -> Int? {
        let value = values[key]
        if let string = value as? String { return Int(string) }
        guard let number = value as? NSNumber, let exact = Int(exactly: number.doubleValue) else { return nil }
        return Int64(exact) == number.int64Value ? exact : nil
    }

    /// A nested object (`label`), or `nil` when missing, `null` or not an object.
    func object(_ key: String) -> JSONLogObject? {
        (values[key] as? [String: Any]).map(JSONLogObject.init(values:))
    }
}
