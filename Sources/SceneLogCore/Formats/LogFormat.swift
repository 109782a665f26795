/// The console formats scenelog reads. The raw value is the `format` id in reports and in
/// `--input-format`. Cases are listed most specific first: a detection tie goes to the earlier one.
public enum LogFormat: String, Sendable, Codable, CaseIterable {
    case idevicesyslog
    case consoleExport = "console-export"
    case logDefault = "log-default"
    case logSyslog = "log-syslog"
    case logCompact = "log-compact"
    case logJSON = "log-json"
    case logNDJSON = "log-ndjson"
    case pymobiledevice3
    case goIOS = "go-ios"
    case sysdiagnoseLog = "sysdiagnose-log"
    case xcodeConsole = "xcode-console"

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
        case .sysdiagnoseLog: SysdiagnoseLogParser.self
        case .xcodeConsole: XcodeConsoleParser.self
        }
    }

    /// An assembler running this format's parser, set up from the input's first lines (each parser
    /// has its own build of ``RecordAssembler/consume(_:number:byteOffset:)``).
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
        case .sysdiagnoseLog: RecordAssembler(parser: SysdiagnoseLogParser(sample: sample), sink: sink)
        case .xcodeConsole: RecordAssembler(parser: XcodeConsoleParser(sample: sample), sink: sink)
        }
    }
}
