/// Console.app "Copy" / export text: one record per row, cells separated by tabs, in one of
/// several column layouts (see ``ConsoleExportLayout``):
///
/// ```
/// default	22:50:45.709813-0500	SpringBoard	Bootstrapping app<com.hightowerai.MobileJarvisNative> with intent …
/// default	08:00:54.680352-0600	SpringBoard	FrontBoard	[sceneID:com.AppCo.MyApp-default] Scene action …
/// 23:11:48.840889+0100	Scene	[sceneID:net.yvant.domination-default][1] Scene activated.	com.apple.FrontBoard	FrontBoard	default	SpringBoard
/// ```
///
/// The layout is decided once per input: from a header row (`Type⇥Time⇥Process⇥Message`) in the
/// first lines, else from the shape of the first lines, else from the first line that fits a
/// shape. A copy whose tabs were turned into spaces (a paste into a bug report) is read by its
/// type, time and process words (``ConsoleExportLayout/spacedRow(_:)``). A message spread over
/// several lines continues on lines without the layout's cells; when the message is not the last
/// column, the cells after it stand at the end of its last line.
struct ConsoleExportParser: RecordParser {
    static let format = LogFormat.consoleExport

    /// The input's columns; `nil` until a line shows them.
    private var layout: ConsoleExportLayout?

    init(sample: [[UInt8]]) {
        var votes = ConsoleExportLayout.Votes()
        for line in sample {
            line.withUnsafeBufferPointer { votes.add($0) }
        }
        layout = votes.layout
    }

    static func detectionScore(of line: Bytes) -> Int {
        if ConsoleExportLayout(header: line) != nil { return 3 }
        return ConsoleExportLayout.Shape(line) == nil && ConsoleExportLayout.spacedRow(line) == nil ? 0 : 1
    }

    mutating func classify(_ line: Bytes) -> LineRole {
        if layout == nil {
            var votes = ConsoleExportLayout.Votes()
            votes.add(line)
            layout = votes.layout
        }
        if let fields = layout?.fields(line) ?? ConsoleExportLayout.spacedRow(line) { return .recordStart(fields) }
        if ConsoleExportLayout(header: line) != nil {
            let start = line.skippingBlanks(from: 0)
            return .recordStart(.banner(.toolBanner, length: line.trimmingTrailingBlanks(start..<line.count).upperBound, from: start))
        }
        return .continuation
    }

    /// When the message is not the last column and the record has continuation lines: takes the
    /// cells after the message from the record's last line when the start line lacks them, or, when
    /// the start line has them, keeps them out of the message, which goes on with the continuation lines.
    func complete(_ record: Bytes, fields: RecordFields, rewritingInto output: inout [UInt8]) -> RecordCompletion {
        guard fields.kind == .message, let layout, layout.trailingCount > 0,
            let firstNewline = record.index(of: ASCII.newline, from: fields.message.lowerBound)
        else { return .unchanged }
        if let firstLine = layout.trailingCells(record, message: fields.message.lowerBound..<firstNewline, into: fields) {
            output.append(contentsOf: record[..<firstNewline])
            output.append(ASCII.newline)
            let messageStart = output.count
            output.append(contentsOf: record[firstLine.message])
            output.append(contentsOf: record[firstNewline...])
            var completed = firstLine
            completed.message = messageStart..<output.count
            return .rewritten(completed)
        }
        guard let lastNewline = record.lastIndex(of: ASCII.newline, in: firstNewline..<record.count),
            let completed = layout.trailingCells(
                record, message: fields.message.lowerBound..<record.count, lastLineStart: lastNewline + 1, into: fields)
        else { return .unchanged }
        output.append(contentsOf: record)
        return .rewritten(completed)
    }
}
