import Foundation
import Testing

@testable import SceneLogCore

/// Every member of an object, by name (the last of a repeated name).
private struct AllMembers: JSONMembers {
    var values: [String: JSONValue] = [:]

    mutating func take(_ key: JSONKey, _ value: JSONValue) {
        values[String(decoding: key.bytes, as: UTF8.self)] = value
    }
}

@Suite("JSON objects read in place")
struct JSONLogObjectTests {
    /// Reads `text` as an object (`nil` when it is not one); the values are valid only in `body`.
    private func read(_ text: String, closeImplied: Bool = false, _ body: (AllMembers?) -> Void) {
        Array(text.utf8).withUnsafeBufferPointer {
            body(JSONLogObject.read($0, as: AllMembers.self, closeImplied: closeImplied))
        }
    }

    /// The decoded text of `key`'s value, or `nil`.
    private func text(_ text: String, _ key: String) -> String? {
        var result: String?
        read(text) { object in
            var output: [UInt8] = []
            if let range = object?.values[key]?.writeText(into: &output) {
                result = String(decoding: output[range], as: UTF8.self)
            }
        }
        return result
    }

    @Test(
        "accepts exactly what Foundation's JSON reader takes as an object",
        arguments: [
            #"{}"#, #" { } "#, #"{"a":1}"#, #"{"a":[1,2,{"b":null}],"c":true,"d":false}"#,
            #"{"n":-0.5e+10,"m":0,"k":12.25E-3}"#, #"{"s":"\"\\\/\b\f\n\r\t\u00e9"}"#,
            #"{"a":1,}"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":-}"#, #"{"a":1e}"#,
            #"{"a":"\x"}"#, #"{"a":"\u12"}"#, "{\"a\":\"tab\there\"}", #"{"a" 1}"#, #"{a:1}"#,
            #"{"a":tru}"#, #"{"a":nul}"#, #"{"a":[1,]}"#, #"{"a":[1 2]}"#, #"{"a":1}}"#, #"[1]"#,
            #"{"a":1} x"#, #"{"a":"open"#, #"{"a":{"b":1}"#, #"{"a":+1}"#, "", " ", #"{,}"#, #"[,]"#, #"{"a":[,]}"#,
        ])
    func grammar(text: String) {
        let data = Data(text.utf8)
        let foundation = (try? JSONSerialization.jsonObject(with: data)) is [String: Any]
        read(text) { object in
            #expect((object != nil) == foundation, "\(text)")
        }
    }

    @Test("string values are decoded: escapes, surrogate pairs, a lone surrogate as U+FFFD")
    func decoding() {
        #expect(text(#"{"m":"a\"b\\c\/d\ne\tf"}"#, "m") == "a\"b\\c/d\ne\tf")
        #expect(text(#"{"m":"caf\u00e9 \ud83d\ude00"}"#, "m") == "café 😀")
        #expect(text(#"{"m":"x\ud83dy"}"#, "m") == "x\u{FFFD}y")
        #expect(text(#"{"m":"plain UTF-8: é"}"#, "m") == "plain UTF-8: é")
        #expect(text(#"{"n":2250}"#, "n") == "2250")
        #expect(text(#"{"o":{"a":1}}"#, "o") == nil)
        #expect(text(#"{"z":null}"#, "z") == nil)
        #expect(text(#"{"a":1}"#, "missing") == nil)
        #expect(text(#"{"k":"first","k":"last"}"#, "k") == "last")
    }

    @Test("integers: numbers without a fraction, and strings of digits")
    func integers() {
        func integer(_ json: String) -> Int? {
            var result: Int?
            read(#"{"pid":"# + json + "}") { result = $0?.values["pid"]?.integer }
            return result
        }
        #expect(integer("2876") == 2876)
        #expect(integer("-3") == -3)
        #expect(integer(#""59""#) == 59)
        #expect(integer("2876.0") == 2876)
        #expect(integer("2.876e3") == 2876)
        #expect(integer("1.5") == nil)
        #expect(integer(#""5a""#) == nil)
        #expect(integer("99999999999999999999999") == nil)
        #expect(integer("true") == nil)
    }

    @Test("an unclosed object is read when its close is implied, and refused otherwise")
    func impliedClose() {
        let unclosed = "{\n  \"eventMessage\" : \"hi\",\n  \"processID\" : 7\n"
        read(unclosed) { #expect($0 == nil) }
        read(unclosed, closeImplied: true) { object in
            #expect(object?.values["processID"]?.integer == 7)
        }
        read(#"{"a":1,"#, closeImplied: true) { #expect($0 == nil) }
    }

    @Test("deep nesting is refused, not recursed into without end")
    func depth() {
        let deep = #"{"a":"# + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        read(deep) { #expect($0 == nil) }
        let fine = #"{"a":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}"
        read(fine) { #expect($0 != nil) }
    }
}
