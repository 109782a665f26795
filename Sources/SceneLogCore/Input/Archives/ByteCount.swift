/// A byte count as people write it: `512M`, `16G`, `1.5K`, or a plain number of bytes (binary units).
public struct ByteCount: Sendable, Equatable, CustomStringConvertible {
    public let bytes: Int64

    public init(bytes: Int64) {
        self.bytes = bytes
    }

    /// Reads `512M`, `16GB`, `4096`…; `nil` for anything else, zero or below.
    public init?(parsing text: String) {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var text = text.uppercased()
        if text.hasSuffix("B") { text.removeLast() }
        var multiplier: Int64 = 1
        if let last = text.last, let unit = units[last] {
            multiplier = unit
            text.removeLast()
        }
        guard let value = Double(text), value > 0, value * Double(multiplier) < Double(Int64.max) else { return nil }
        bytes = Int64(value * Double(multiplier))
    }

    public var description: String {
        bytes % (1 << 30) == 0 ? "\(bytes >> 30)G" : bytes % (1 << 20) == 0 ? "\(bytes >> 20)M" : "\(bytes)"
    }
}
