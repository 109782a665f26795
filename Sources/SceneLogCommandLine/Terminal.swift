#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the command line knows of the terminal it writes to: whether standard output is one, its
/// width, and whether the user asked for no colour.
enum Terminal {
    /// Whether standard output is a terminal.
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether `NO_COLOR` is set to something (no-color.org): `--color auto` then colours nothing.
    static var noColorRequested: Bool {
        guard let value = getenv("NO_COLOR") else { return false }
        return value.pointee != 0
    }

    /// `COLUMNS`, when it is a whole number, at most ``widest``.
    static var columnsVariable: Int? {
        getenv("COLUMNS").flatMap { Int(String(cString: $0)) }.map { min($0, widest) }
    }

    /// The widest terminal believed: a larger `COLUMNS` is taken as this.
    static let widest = 10_000

    /// The width the text report and the timeline wrap to on standard output: `COLUMNS` when it
    /// is a whole number above 0 (also in a pipe: the user asked for it), else the width of the
    /// terminal standard output is (`TIOCGWINSZ`), else `nil` (piped or redirected: lines are
    /// never broken, as `rg` and `swiftc` write them, one line for `grep`).
    static var width: Int? {
        if let columns = columnsVariable, columns > 0 { return columns }
        guard standardOutputIsTerminal else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
