/// Breaks the lines of the text reports at spaces to fit a terminal's width, the way a reader
/// of `rg` or `swiftc` output expects: never in a word (a word wider than the room left is the
/// only thing that overflows, alone on its line), each continuation line indented under the text
/// it continues. Widths are counted in columns (``DisplayWidth``), colours taking none.
struct TextWrapper: Sendable {
    /// The columns a line may take; `nil`: lines are never broken.
    let width: Int?

    /// The fewest columns a continuation line keeps for its text, however deep its indent.
    static let minimumRoom = 20

    /// `line` (one line, without its newline) broken so that no line is wider than ``width``,
    /// continuation lines starting with `indent` spaces. A line that fits is returned as it is;
    /// the spaces at a break are dropped.
    func wrap(_ line: String, indent: Int) -> String {
        guard let width, DisplayWidth.of(line) > width else { return line }
        let indent = max(min(indent, width - Self.minimumRoom), 0)
        let indentation = String(repeating: " ", count: indent)
        var output = ""
        var column = 0
        var spaces = 0
        var lineHasWord = false
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            guard !word.isEmpty else {
                spaces += 1
                continue
            }
            let wordWidth = DisplayWidth.of(word)
            if lineHasWord, column + 1 + spaces + wordWidth > width {
                output += "\n" + indentation
                column = indent
            } else {
                let gap = lineHasWord ? spaces + 1 : spaces
                output += String(repeating: " ", count: gap)
                column += gap
            }
            output += word
            column += wordWidth
            spaces = 0
            lineHasWord = true
        }
        return output
    }
}
