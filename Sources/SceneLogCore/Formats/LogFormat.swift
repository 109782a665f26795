/// The console formats scenelog reads. The raw value is the `format` id in reports and in
/// `--input-format`.
public enum LogFormat: String, Sendable, Codable, CaseIterable, Comparable {
    case idevicesyslog
    case consoleExport = "console-export"
    case logDefault = "log-default"
    case logSyslog = "log-syslog"
    case logCompact = "log-compact"
    case logJSON = "log-json"
    case logNDJSON = "log-ndjson"
    case pymobiledevice3
    case goIOS = "go-ios"
    case xcodeConsole = "xcode-console"

    /// A one-line description of where such text comes from.
    public var summary: String {
        switch self {
        case .idevicesyslog: "libimobiledevice `idevicesyslog` (all eras), tidevice, `pymobiledevice3 syslog live-old`"
        case .consoleExport: "Console.app copy or export, tab-separated, with or without a header row"
        case .logDefault: "`log show` / `log stream` default style"
        case .logSyslog: "`log show` / `log stream --style syslog`"
        case .logCompact: "`log show` / `log stream --style compact`"
        case .logJSON: "`log show --style json` (one pretty-printed array)"
        case .logNDJSON: "`log show` / `log stream --style ndjson`"
        case .pymobiledevice3: "`pymobiledevice3 syslog live` text (with or without `--label`) and `--format json`"
        case .goIOS: "go-ios `ios syslog` JSON (`--parse` too) and `ios ostrace` JSON or `--nojson`"
        case .xcodeConsole: "Xcode debug console and `NSLog` on stderr, with plain `print` lines"
        }
    }

    /// Ordering used when two formats score the same during detection: more specific first.
    private var priority: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: LogFormat, rhs: LogFormat) -> Bool { lhs.priority < rhs.priority }

    var parserType: any RecordParser.Type {
        switch self {
        case .idevicesyslog: IdevicesyslogParser.self
        case .consoleExport: ConsoleExportParser.self
        case .logDefault: LogDefaultParser.self
        case .logSyslog: LogSyslogParser.self
        case .logCompact: LogCompactParser.self
        case .logJSON: LogJSONParser.self
        case .logNDJSON: LogNDJSONParser.self
        case .pymobiledevice3: Pymobiledevice3Parser.self
        case .goIOS: GoIOSParser.self
        case .xcodeConsole: XcodeConsoleParser.self
        }
    }

    /// An assembler running this format's parser, set up from the input's first lines. Each case
    /// names its parser type so that the assembler is compiled for it (no protocol dispatch per line).
    func makeAssembler(sample: [[UInt8]], sink: any RecordSink) -> any LineConsumer {
        switch self {
        case .idevicesyslog: RecordAssembler(parser: IdevicesyslogParser(sample: sample), sink: sink)
        case .consoleExport: RecordAssembler(parser: ConsoleExportParser(sample: sample), sink: sink)
        case .logDefault: RecordAssembler(parser: LogDefaultParser(sample: sample), sink: sink)
        case .logSyslog: RecordAssembler(parser: LogSyslogParser(sample: sample), sink: sink)
        case .logCompact: RecordAssembler(parser: LogCompactParser(sample: sample), sink: sink)
        case .logJSON: RecordAssembler(parser: LogJSONParser(sample: sample), sink: sink)
        case .logNDJSON: RecordAssembler(parser: LogNDJSONParser(sample: sample), sink: sink)
        case .pymobiledevice3: RecordAssembler(parser: Pymobiledevice3Parser(sample: sample), sink: sink)
        case .goIOS: RecordAssembler(parser: GoIOSParser(sample: sample), sink: sink)
        case .xcodeConsole: RecordAssembler(parser: XcodeConsoleParser(sample: sample), sink: sink)
        }
    }
}
