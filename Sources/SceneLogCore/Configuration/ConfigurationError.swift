/// A problem in a YAML rules or configuration file, located by line and column.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    /// 1-based line, when known.
    public let line: Int?
    /// 1-based column, when known.
    public let column: Int?
    public let message: String

    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var location = Escaping.visible(path)
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        // The path and the file's text are shown with their controls visible; a bad pattern's message
        // keeps its lines (the pattern, then a caret under the offset).
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { Escaping.visible(String($0), limit: 1000) }
        return "\(location): \(lines.joined(separator: "\n"))"
    }
}
