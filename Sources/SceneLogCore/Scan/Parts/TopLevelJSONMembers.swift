/// The members of a JSON object, found without decoding their values: a merge reads a part's
/// `schemaVersion`, `interrupted` and `part` only, and leaves its findings and launches (most of
/// its bytes) as they are, so that a large part costs little memory.
///
/// The object's structure is checked to its closing brace (strings, escapes, nesting), so a part
/// cut short is told apart; the values skipped are not otherwise validated.
enum TopLevelJSONMembers {
    /// The byte range of each member's value in `bytes`, by key; `nil` when `bytes` is not one
    /// JSON object (cut short, unbalanced, or with something after it). Keys are compared as
    /// written (a key spelt with escapes is not decoded).
    static func ranges(in bytes: UnsafeBufferPointer<UInt8>) -> [String: Range<Int>]? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipSpace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        var members: [String: Range<Int>] = [:]
        scanner.skipSpace()
        if !scanner.take(UInt8(ascii: "}")) {
            while true {
                scanner.skipSpace()
                guard let key = scanner.stringRange(), scanner.skipSpaceAndTake(UInt8(ascii: ":")) else { return nil }
                scanner.skipSpace()
                let start = scanner.position
                guard scanner.skipValue() else { return nil }
                members[String(decoding: UnsafeBufferPointer(rebasing: bytes[key]), as: UTF8.self)] = start..<scanner.position
                scanner.skipSpace()
                if scanner.take(UInt8(ascii: "}")) { break }
                guard scanner.take(UInt8(ascii: ",")) else { return nil }
            }
        }
        scanner.skipSpace()
        return scanner.position == bytes.count ? members : nil
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        mutating func skipSpace() {
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        mutating func skipSpaceAndTake(_ byte: UInt8) -> Bool {
            skipSpace()
            return take(byte)
        }

        /// The range of a string's contents (between its quotes), the scanner moved past it.
        mutating func stringRange() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = position
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\\"): position += 2
                case UInt8(ascii: "\""):
                    position += 1
                    return start..<(position - 1)
                default: position += 1
                }
            }
            return nil
        }

        /// Moves past one value: a string, an object or array (nested to any depth), or a
        /// number or literal.
        mutating func skipValue() -> Bool {
            guard position < bytes.count else { return false }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                return stringRange() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while position < bytes.count {
                    switch bytes[position] {
                    case UInt8(ascii: "\""):
                        guard stringRange() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            position += 1
                            return true
                        }
                    default: break
                    }
                    position += 1
                }
                return false
            default:
                let start = position
                while position < bytes.count, !Self.isSpace(bytes[position]),
                    bytes[position] != UInt8(ascii: ","), bytes[position] != UInt8(ascii: "}"), bytes[position] != UInt8(ascii: "]")
                {
                    position += 1
                }
                return position > start
            }
        }
    }
}
