/// Log text made safe for one terminal line.
enum TerminalText {
    /// `text` with control characters (ANSI escapes, CR, C1 controls) shown as `\u{…}`; a newline
    /// becomes ` ⏎ `.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                result += scalar == "\n" ? " ⏎ " : "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
