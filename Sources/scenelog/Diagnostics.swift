#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Messages for the user on standard error, in the `scenelog: error: …` style.
enum Diagnostics {
    static func error(_ message: String) { emit("scenelog: error: \(message)\n") }
    static func warning(_ message: String) { emit("scenelog: warning: \(message)\n") }
    static func note(_ message: String) { emit("scenelog: note: \(message)\n") }

    /// Writes `text` to standard error, unbuffered.
    static func emit(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Whether standard output is a terminal that wants colour (`NO_COLOR` turns it off).
    static var stdoutWantsColor: Bool {
        isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil
    }

    /// `text` made safe for one terminal line: control characters shown as `\u{…}`, cut to `limit`.
    static func printable(_ text: String, limit: Int = 300) -> String {
        var result = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return text.unicodeScalars.count > limit ? result + "…" : result
    }
}
