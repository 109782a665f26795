import ArgumentParser

/// `--color auto|always|never` and `--no-color` (`--color never`): shared by every command that
/// writes a report. Only what goes to standard output is ever coloured, never an `--output` file.
struct ColorOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "Colour the text on standard output: auto (on a terminal, unless NO_COLOR is set), always (also in a pipe), never.")
    var color: ColorChoice = .auto

    @Flag(name: .customLong("no-color"), help: "Never colour the output (--color never).")
    var noColor = false

    /// Whether the text written to standard output is coloured.
    var coloursStandardOutput: Bool {
        if noColor { return false }
        return switch color {
        case .always: true
        case .never: false
        case .auto: Terminal.standardOutputIsTerminal && !Terminal.noColorRequested
        }
    }
}

/// The values of `--color`.
enum ColorChoice: String, SpelledByRawValue {
    case auto, always, never
}
