/// Built-in patterns never look for the end of a line with a lazy repeat (a step, and a PCRE2 match
/// call, per byte of the line): a capture that runs to the end of its line is read greedily up to
/// a bound, and its closing punctuation is dropped here.
extension String {
    /// The text without trailing blanks, then without one `closing` character and the blanks before it.
    func droppingLineEnd(closing: Character) -> String {
        var text = Substring(droppingTrailingBlanks())
        // A line quoted in a bug report may end with the Markdown that closes its code span or
        // emphasis after the quote (`` …reason: 'x'` ``): dropped with the quote, never alone.
        let unmarked = text.prefix(text.count - text.reversed().prefix { $0 == "`" || $0 == "*" }.count)
        if unmarked.last == closing { text = unmarked }
        if text.last == closing { text.removeLast() }
        return String(text).droppingTrailingBlanks()
    }

    /// The text without its trailing spaces and tabs.
    func droppingTrailingBlanks() -> String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
