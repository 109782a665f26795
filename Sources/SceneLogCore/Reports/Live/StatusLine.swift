/// The status line of a live watch on a terminal: the source, lines read, their rate, the devices
/// seen, and each open launch with where it waits (`com.example.app scene-create 8.1 s of 19.96 s`).
/// Log text is escaped, and the line is cut to the terminal's width so that it never wraps.
struct StatusLine {
    var source: String
    var lines: Int
    /// Lines per second, lately.
    var rate: Double
    var devices: Int
    var waits: [LaunchWait]

    /// The line, in at most `width` columns.
    func text(width: Int) -> String {
        var parts = [Escaping.terminalLine(source), lines == 1 ? "1 line" : "\(lines) lines", "\(Int(rate.rounded())) lines/s"]
        if devices > 0 { parts.append(devices == 1 ? "1 device" : "\(devices) devices") }
        if waits.isEmpty { parts.append("no launch open") }
        for wait in waits {
            let device = devices > 1 ? wait.launch.device.map { " on " + Escaping.terminalLine($0) } ?? "" : ""
            parts.append(Escaping.terminalLine(wait.launch.appName) + device + " " + wait.stage + " " + wait.timeText)
        }
        return Self.cut(parts.joined(separator: " · "), to: width)
    }

    /// `text` in at most `width` columns, `…` ending it when cut.
    static func cut(_ text: String, to width: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let columns = Self.columns(of: text[index])
            // Room is kept for the ellipsis unless the rest fits.
            if used + columns > width - 1 {
                let rest = text[index...].reduce(0) { $0 + Self.columns(of: $1) }
                return used + rest <= width ? text : String(text[..<end]) + "…"
            }
            used += columns
            end = text.index(after: index)
        }
        return text
    }

    /// How many columns a terminal gives `character`: two for wide (East Asian, emoji) ones, else one.
    static func columns(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first?.value else { return 0 }
        let wide: [ClosedRange<UInt32>] = [
            0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
        ]
        return wide.contains { $0.contains(scalar) } ? 2 : 1
    }
}
