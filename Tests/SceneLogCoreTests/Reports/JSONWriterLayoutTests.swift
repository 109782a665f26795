import Foundation
import Testing

@testable import SceneLogCore

/// The JSON writer writes a key with its separator, line break and indent in one piece up to 32
/// levels deep, and a piece at a time deeper: at every depth, what it writes is what Foundation's
/// pretty printer writes for the same objects. Control characters never reach the output raw.
@Suite("JSON writer layout")
struct JSONWriterLayoutTests {
    @Test("objects nested 1 to 130 deep, with keys of 0 to 20 bytes and one after each nested object, are laid out as Foundation lays them out")
    func nestedKeysAreLaidOutAtEveryDepth() throws {
        for depth in [1, 2, 31, 32, 33, 40, 63, 64, 65, 70, 129, 130] {
            var json = JSONWriter(reservingCapacity: 16)
            var expected: Any = 0
            for level in (0..<depth).reversed() {
                expected = ["": level, "n" + String(repeating: "k", count: level % 20): expected, "z": level]
            }
            write(expected, to: &json)
            let text = String(decoding: json.bytes, as: UTF8.self)
            let foundation = try JSONSerialization.data(withJSONObject: expected, options: [.prettyPrinted, .sortedKeys])
            #expect(text == String(decoding: foundation, as: UTF8.self), "nested \(depth) deep")
        }
    }

    @Test("control characters are escaped: C0 and DEL, and C1 (U+009B, CSI, starts a terminal sequence as ESC [ does)")
    func controlCharactersAreEscaped() throws {
        var json = JSONWriter(reservingCapacity: 16)
        json.string("\u{1B}[31m \u{7F} \u{9B}31m \u{85} \u{A0}é")
        let text = String(decoding: json.bytes, as: UTF8.self)
        #expect(text == #""\u001b[31m \u007f \u009b31m \u0085 \#u{A0}é""#)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String
            == "\u{1B}[31m \u{7F} \u{9B}31m \u{85} \u{A0}é")
    }

    @Test("bidirectional formatting characters are escaped; other non-ASCII characters, near them in UTF-8, are not")
    func bidiControlsAreEscaped() throws {
        let value = "a\u{202E}b \u{2066}c\u{2069} \u{200F} \u{61C} \u{2014} \u{2070} \u{D8}"
        var json = JSONWriter(reservingCapacity: 16)
        json.string(value)
        let text = String(decoding: json.bytes, as: UTF8.self)
        #expect(text == #""a\u202eb \u2066c\u2069 \u200f \u061c \#u{2014} \#u{2070} \#u{D8}""#)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String == value)
    }

    /// Writes `value` (a dictionary of such values, or an integer) keys sorted, like Foundation.
    private func write(_ value: Any, to json: inout JSONWriter) {
        guard let object = value as? [String: Any] else { return json.int(value as? Int) }
        json.beginObject()
        for (key, member) in object.sorted(by: { $0.key < $1.key }) {
            json.key(schema: key)
            write(member, to: &json)
        }
        json.endObject()
    }
}
