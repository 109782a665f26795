/// Where a line or record came from.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The input's path as the user named it (`-` for standard input).
    public var path: String
    /// 1-based line number.
    public var line: Int
    /// Offset of the line's first byte in the input; -1 where it is not known (an unparsed line
    /// searched as a bare message).
    public var byteOffset: Int

    public init(path: String, line: Int, byteOffset: Int) {
        self.path = path
        self.line = line
        self.byteOffset = byteOffset
    }

    public var description: String { "\(path):\(line)" }
}
