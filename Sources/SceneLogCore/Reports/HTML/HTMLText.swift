/// The HTML report's prose and number formats. Log text itself goes through
/// ``Escaping/markupText(_:)`` before it is written, in element content, in SVG `<title>`s and in
/// attribute values alike; attribute values are always double-quoted.
enum HTMLText {
    /// `text` escaped, with each pair of backticks turned into a `<code>` span: for rule
    /// explanations and fixes, which write `var window: UIWindow?` that way.
    static func prose(_ text: String) -> String {
        let parts = Escaping.markupText(text).split(separator: "`", omittingEmptySubsequences: false)
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

    /// `1 finding`, `2 findings`; `plural` for a noun that does not just take an `s`.
    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(grouped(number)) \(number == 1 ? noun : plural ?? noun + "s")"
    }
}
