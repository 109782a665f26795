/// Text made safe for the HTML report, and the number formats it prints.
///
/// Every piece of log-derived text (messages, excerpts, process names, paths, data values, bundle
/// ids) goes through ``escape(_:)`` before it is written, in element content, in SVG `<title>`s and
/// in attribute values alike. Attribute values are always double-quoted.
enum HTMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, and control
    /// characters other than tab and newline shown as `\u{…}` (the way the text report shows them),
    /// so that it is inert in element content and in quoted attribute values, in HTML and in SVG.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `text` escaped, with each pair of backticks turned into a `<code>` span: for rule
    /// explanations and fixes, which write `var window: UIWindow?` that way.
    static func prose(_ text: String) -> String {
        let parts = escape(text).split(separator: "`", omittingEmptySubsequences: false)
        var result = String(parts[0])
        for pair in 0..<(parts.count - 1) / 2 {
            result += "<code>" + parts[2 * pair + 1] + "</code>" + parts[2 * pair + 2]
        }
        // An odd number of backticks: the last one has no pair and stays as it is.
        if parts.count % 2 == 0, let last = parts.last { result += "`" + last }
        return result
    }

    /// `1234567` → `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = number < 0 ? "-" : ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }

    /// An SVG coordinate with at most one decimal (`12`, `12.5`), the same on every machine.
    static func coordinate(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let whole = String(tenths / 10)
        let fraction = abs(tenths % 10)
        let sign = tenths < 0 && tenths / 10 == 0 ? "-" : ""
        return fraction == 0 ? sign + whole : sign + whole + "." + String(fraction)
    }

    /// A duration for people: `330 ms`, `8.1 s`, `19.9 s`, `125 s`.
    static func duration(milliseconds: Int) -> String {
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds >= 100_000 { return "\((milliseconds + 500) / 1000) s" }
        let tenths = (milliseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// `1 finding`, `2 findings`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
    }
}
