/// The lines of the log around a finding or an outcome (``LogContext``), as `rg -C` shows them:
/// the line's number, then `:` for the finding's own line and `-` for the others, then the line,
/// escaped (``Escaping/terminalLine(_:)``) and wrapped under its text. Where the lines cannot be
/// read again (standard input, an archive member), a short note says so instead; so does one
/// where a line over 1 MiB stops them short.
struct ContextRenderer {
    let context: LogContext
    let options: RenderOptions

    /// The lines around `location`, each starting with `indent` spaces.
    func render(around location: SourceLocation, indent: Int) -> String {
        let indentation = String(repeating: " ", count: indent)
        switch context.lines(around: location) {
        case .failure(let unavailable):
            return indentation + TerminalText.paint(unavailable.note, .dim, color: options.color) + "\n"
        case .success(let window):
            let lines = window.lines
            let numberWidth = String(lines.last?.number ?? 0).count
            let wrapper = TextWrapper(width: options.width)
            let longLine = "a line longer than \(LogContext.longestLineWalked >> 20) MiB"
            var output = window.cutBefore ? indentation + TerminalText.paint("(earlier lines: past \(longLine))", .dim, color: options.color) + "\n" : ""
            for line in lines {
                let number = TerminalText.pad(String(line.number), numberWidth, left: true) + (line.isFinding ? ":" : "-")
                let text = indentation + TerminalText.paint(number, line.isFinding ? .bold : .dim, color: options.color) + " "
                    + Escaping.terminalLine(line.text.replacing("\t", with: " "))
                output += wrapper.wrap(text, indent: indent + numberWidth + 2) + "\n"
            }
            if window.cutAfter { output += indentation + TerminalText.paint("(later lines: past \(longLine))", .dim, color: options.color) + "\n" }
            return output
        }
    }
}
