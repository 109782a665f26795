/// The column order of one Console.app export, and how to read a row with it.
///
/// The cells before the message are counted from the start of the row, the cells after it from
/// the end, and the message takes what is between: messages may hold tabs themselves.
struct ConsoleExportLayout {
    /// What a column holds.
    enum Column {
        case type, time, date, process, message, library, subsystem, category, pid, thread, ignored
        /// The device's name.
        case device
        /// The process with its library in parentheses: `SpringBoard(FrontBoard)`.
        case processAndLibrary
    }

    let columns: [Column]
    let messageIndex: Int
    let timeIndex: Int

    /// How many columns follow the message.
    var trailingCount: Int { columns.count - 1 - messageIndex }

    /// `default⇥22:50:45.709813-0500⇥SpringBoard⇥Bootstrapping app<…>`
    static let typeTimeProcessMessage = ConsoleExportLayout(columns: [.type, .time, .process, .message])
    /// `default⇥08:00:54.680352-0600⇥SpringBoard⇥FrontBoard⇥[sceneID:…] Scene action …`
    static let typeTimeProcessLibraryMessage = ConsoleExportLayout(
        columns: [.type, .time, .process, .library, .message])
    /// `23:11:48.840889+0100⇥Scene⇥Scene activated.⇥com.apple.FrontBoard⇥FrontBoard⇥default⇥SpringBoard`
    static let timeCategoryMessageSubsystemLibraryTypeProcess = ConsoleExportLayout(
        columns: [.time, .category, .message, .subsystem, .library, .type, .process])
    /// `Jul 22 15:22:53⇥iPhone⇥Notice⇥66⇥SpringBoard(FrontBoard)⇥[sceneID:…] Scene invalidated.`: a
    /// device's console with its date, device name, level and pid (dotnet/maui#8928).
    static let dateDeviceTypePidProcessMessage = ConsoleExportLayout(
        columns: [.time, .device, .type, .pid, .processAndLibrary, .message])
    /// `RunningBoardServices⇥default⇥10:31:18.970539 -0700⇥MyApp⇥Identity resolved as …`: the
    /// library first (airsdk/Adobe-Runtime-Support#2476).
    static let libraryTypeTimeProcessMessage = ConsoleExportLayout(columns: [.library, .type, .time, .process, .message])
    /// Rows that start with a time but fit no known layout: everything after the time is the message.
    static let timeMessage = ConsoleExportLayout(columns: [.time, .message])

    private init(columns: [Column]) {
        self.columns = columns
        messageIndex = columns.firstIndex(of: .message) ?? columns.count - 1
        timeIndex = columns.firstIndex(of: .time) ?? 0
    }

    /// The layout a header row names (`Type⇥Time⇥Process⇥Message`, any case), or `nil` when `line`
    /// is not one. A header names at least three known columns, among them a message and a time.
    init?(header line: Bytes) {
        let start = line.skippingBlanks(from: 0)
        let end = line.trimmingTrailingBlanks(start..<line.count).upperBound
        guard let firstTab = line.index(of: ASCII.tab, from: start, to: end), Self.column(named: line, start..<firstTab) != nil
        else { return nil }
        var named: [Column] = []
        var cellStart = start
        while cellStart <= end {
            let cellEnd = line.index(of: ASCII.tab, from: cellStart, to: end) ?? end
            guard let column = Self.column(named: line, cellStart..<cellEnd) else { return nil }
            named.append(column)
            cellStart = cellEnd + 1
        }
        guard named.count >= 3, named.contains(.message),
            let time = named.firstIndex(of: .time) ?? named.firstIndex(of: .date)
        else { return nil }
        // One column is the timestamp; other time or date columns are not read.
        self.init(columns: named.indices.map { index in
            index == time ? .time : (named[index] == .time || named[index] == .date ? .ignored : named[index])
        })
    }

    /// The fields of a record-start row, or `nil` when `line` is not one.
    ///
    /// A row whose cells before the message are all there but whose cells after it are not (the
    /// message goes on over the next lines) is a record start when the time is among the former.
    func fields(_ line: Bytes) -> RecordFields? {
        var cellStart = columns[0] == .time || columns[0] == .type ? line.skippingBlanks(from: 0) : 0
        while cellStart < line.count, line[cellStart] == ASCII.space { cellStart += 1 }
        var fields = RecordFields(message: 0..<0)
        for column in columns[..<messageIndex] {
            guard let tab = line.index(of: ASCII.tab, from: cellStart), assign(column, line, cellStart..<tab, to: &fields)
            else { return nil }
            cellStart = tab + 1
        }
        if let complete = trailingCells(line, message: cellStart..<line.count, into: fields) { return complete }
        guard timeIndex < messageIndex else { return nil }
        fields.message = cellStart..<line.count
        return fields
    }

    /// `fields` with the cells after the message read backwards from `message.upperBound`, and the
    /// message cut before them; `nil` when they are not all there, or not after `lastLineStart`.
    func trailingCells(_ bytes: Bytes, message: Range<Int>, lastLineStart: Int? = nil, into fields: RecordFields)
        -> RecordFields?
    {
        var fields = fields
        var cellEnd = message.upperBound
        let floor = max(message.lowerBound, lastLineStart ?? message.lowerBound)
        for column in columns[(messageIndex + 1)...].reversed() {
            guard let tab = bytes.lastIndex(of: ASCII.tab, in: floor..<cellEnd),
                assign(column, bytes, tab + 1..<cellEnd, to: &fields)
            else { return nil }
            cellEnd = tab
        }
        fields.message = message.lowerBound..<cellEnd
        return fields
    }

    /// Stores one cell (without trailing blanks) in `fields`; `false` when a time or type cell is not one.
    private func assign(_ column: Column, _ line: Bytes, _ cell: Range<Int>, to fields: inout RecordFields) -> Bool {
        let cell = line.trimmingTrailingBlanks(cell)
        let value = cell.isEmpty ? nil : cell
        switch column {
        case .time:
            guard Self.isTime(line, cell) else { return false }
            fields.timestamp = cell
        case .type:
            guard Self.isWord(line, cell) else { return false }
            fields.level = cell
        case .process: fields.process = value
        case .library: fields.senderImage = value
        case .subsystem: fields.subsystem = value
        case .category: fields.category = value
        case .pid: fields.pid = line.decimalValue(cell)
        case .thread: fields.thread = value
        case .device: fields.device = value
        case .processAndLibrary: if !cell.isEmpty { fields.setSender(cell, in: line) }
        case .message, .date, .ignored: break
        }
        return true
    }
}

extension ConsoleExportLayout {
    /// How a row without a header looks: which of the known layouts it suggests.
    enum Shape {
        /// `type⇥time⇥…` with this many cells (counted up to seven).
        case typeFirst(cells: Int)
        /// `time⇥…`; `sevenColumns` when the type stands second to last, as in the 7-column layout.
        case timeFirst(sevenColumns: Bool)
        /// `Mon DD HH:MM:SS⇥device⇥type⇥pid⇥…`.
        case syslogDateFirst
        /// `library⇥type⇥time⇥process⇥…`.
        case libraryFirst

        /// The shape of `line`, or `nil` when it has fewer than four cells or no time in the first
        /// three (in the third, after a library and a type word, with five cells or more).
        init?(_ line: Bytes) {
            let start = line.skippingBlanks(from: 0)
            let end = line.trimmingTrailingBlanks(start..<line.count).upperBound
            guard let firstTab = line.index(of: ASCII.tab, from: start, to: end),
                let secondTab = line.index(of: ASCII.tab, from: firstTab + 1, to: end)
            else { return nil }
            var tabs = 2
            var lastTab = secondTab
            while tabs < 6, let tab = line.index(of: ASCII.tab, from: lastTab + 1, to: end) {
                tabs += 1
                lastTab = tab
            }
            guard tabs >= 3 else { return nil }
            let firstCell = line.trimmingTrailingBlanks(start..<firstTab)
            if isSyslogDate(line, firstCell) {
                // The device's name, then the level and the pid.
                guard let thirdTab = line.index(of: ASCII.tab, from: secondTab + 1, to: end), tabs >= 4,
                    let fourthTab = line.index(of: ASCII.tab, from: thirdTab + 1, to: end),
                    isWord(line, line.trimmingTrailingBlanks(secondTab + 1..<thirdTab)),
                    line.decimalValue(line.trimmingTrailingBlanks(thirdTab + 1..<fourthTab)) != nil
                else { return nil }
                self = .syslogDateFirst
            } else if isTime(line, firstCell) {
                let last = line.lastIndex(of: ASCII.tab, in: start..<end) ?? end
                let secondLast = line.lastIndex(of: ASCII.tab, in: start..<last) ?? last
                self = .timeFirst(sevenColumns: tabs >= 6 && isWord(line, secondLast + 1..<last))
            } else if isWord(line, firstCell), isTime(line, line.trimmingTrailingBlanks(firstTab + 1..<secondTab)) {
                self = .typeFirst(cells: tabs + 1)
            } else if tabs >= 4, !firstCell.isEmpty, isWord(line, line.trimmingTrailingBlanks(firstTab + 1..<secondTab)),
                let thirdTab = line.index(of: ASCII.tab, from: secondTab + 1, to: end),
                isTime(line, line.trimmingTrailingBlanks(secondTab + 1..<thirdTab))
            {
                self = .libraryFirst
            } else {
                return nil
            }
        }
    }

    /// Counts the shapes of an input's first lines to pick its layout; a header row decides alone.
    struct Votes {
        private var header: ConsoleExportLayout?
        private var fourColumns = 0
        private var moreColumns = 0
        private var sevenColumns = 0
        private var otherTimeFirst = 0
        private var syslogDateFirst = 0
        private var libraryFirst = 0

        mutating func add(_ line: Bytes) {
            guard header == nil else { return }
            if let header = ConsoleExportLayout(header: line) {
                self.header = header
                return
            }
            switch Shape(line) {
            case .typeFirst(let cells)?: if cells == 4 { fourColumns += 1 } else { moreColumns += 1 }
            case .timeFirst(let seven)?: if seven { sevenColumns += 1 } else { otherTimeFirst += 1 }
            case .syslogDateFirst?: syslogDateFirst += 1
            case .libraryFirst?: libraryFirst += 1
            case nil: break
            }
        }

        /// The header's layout, else the commonest shape's; `nil` when no line had a shape.
        /// Type-first rows are 4 columns when any row has exactly four cells (a message may hold tabs).
        var layout: ConsoleExportLayout? {
            if let header { return header }
            let typeFirst = fourColumns + moreColumns
            let timeFirst = sevenColumns + otherTimeFirst
            if syslogDateFirst > 0, syslogDateFirst >= max(typeFirst, timeFirst) { return .dateDeviceTypePidProcessMessage }
            if libraryFirst > max(typeFirst, timeFirst) { return .libraryTypeTimeProcessMessage }
            if typeFirst > 0, typeFirst >= timeFirst {
                return fourColumns > 0 ? .typeTimeProcessMessage : .typeTimeProcessLibraryMessage
            }
            guard timeFirst > 0 else { return nil }
            return sevenColumns >= otherTimeFirst ? .timeCategoryMessageSubsystemLibraryTypeProcess : .timeMessage
        }
    }
}

extension ConsoleExportLayout {
    private static let names: [(name: StaticString, column: Column)] = [
        ("type", .type), ("time", .time), ("timestamp", .time), ("date", .date), ("process", .process),
        ("message", .message), ("library", .library), ("image", .library), ("sender", .library),
        ("subsystem", .subsystem), ("category", .category), ("pid", .pid), ("tid", .thread), ("thread", .thread),
        ("activity", .ignored),
    ]

    /// The column a header cell names, ignoring case and trailing blanks.
    static func column(named line: Bytes, _ cell: Range<Int>) -> Column? {
        let cell = line.trimmingTrailingBlanks(cell)
        for entry in names
        where entry.name.utf8CodeUnitCount == cell.count && line.matchesIgnoringCase(entry.name, at: cell.lowerBound) {
            return entry.column
        }
        return nil
    }

    /// Whether `cell` is exactly a time: `HH:MM:SS[.f][±zzzz]`, the same after `YYYY-MM-DD `, or a
    /// syslog date (``isSyslogDate(_:_:)``).
    static func isTime(_ line: Bytes, _ cell: Range<Int>) -> Bool {
        guard !cell.isEmpty else { return false }
        if isSyslogDate(line, cell) { return true }
        let end = FieldScanning.endOfISOTimestamp(
            line, from: cell.lowerBound, fractionDigits: 1...9, fractionRequired: false, zone: .optional)
            ?? endOfClockTime(line, from: cell.lowerBound)
        return end == cell.upperBound
    }

    /// Whether `cell` is exactly `Mon DD HH:MM:SS`, with an optional fraction.
    static func isSyslogDate(_ line: Bytes, _ cell: Range<Int>) -> Bool {
        IdevicesyslogParser.endOfSyslogStamp(line, from: cell.lowerBound) == cell.upperBound
    }

    /// Whether `cell` is a type word (`default`, `Error`, `activity`): 1 to 16 ASCII letters.
    static func isWord(_ line: Bytes, _ cell: Range<Int>) -> Bool {
        guard (1...16).contains(cell.count) else { return false }
        for index in cell where !ASCII.isUpper(line[index]) && !ASCII.isLower(line[index]) { return false }
        return true
    }

    /// The end of `HH:MM:SS` with an optional fraction and `±zzzz` offset, which older Console.app
    /// copies (macOS 10.13) print after a space: `16:13:44.801395 +0100`.
    private static func endOfClockTime(_ line: Bytes, from s: Int) -> Int? {
        guard s + 8 <= line.count, line.isDigits(s..<s + 2), line[s + 2] == ASCII.colon, line.isDigits(s + 3..<s + 5),
            line[s + 5] == ASCII.colon, line.isDigits(s + 6..<s + 8)
        else { return nil }
        var index = s + 8
        if index < line.count, line[index] == ASCII.dot {
            let end = line.endOfDigits(from: index + 1)
            guard (1...9).contains(end - index - 1) else { return nil }
            index = end
        }
        if index + 6 <= line.count, line[index] == ASCII.space, line[index + 1] == ASCII.plus || line[index + 1] == ASCII.minus,
            line.isDigits(index + 2..<index + 6)
        {
            index += 1
        }
        if index + 5 <= line.count, line[index] == ASCII.plus || line[index] == ASCII.minus,
            line.isDigits(index + 1..<index + 5)
        {
            index += 5
        }
        return index
    }
}

extension ConsoleExportLayout {
    /// The type words Console.app prints in its first column.
    private static let typeWords: [StaticString] = ["default", "info", "debug", "error", "fault", "notice"]

    /// The fields of a row whose tabs a paste turned into spaces (`error 16:28:22.668812+0530
    /// SpringBoard Scene …`): a Console type word, the time, and a one-word process, each followed
    /// by spaces, then the message (with any subsystem or category cells the tabs told apart);
    /// `nil` when `line` is not one.
    static func spacedRow(_ line: Bytes) -> RecordFields? {
        let typeStart = line.skippingBlanks(from: 0)
        if let dateEnd = IdevicesyslogParser.endOfSyslogStamp(line, from: typeStart) { return spacedDeviceRow(line, date: typeStart..<dateEnd) }
        guard let typeEnd = line.index(of: ASCII.space, from: typeStart, to: min(line.count, typeStart + 8)),
            typeWords.contains(where: { $0.utf8CodeUnitCount == typeEnd - typeStart && line.matches($0, at: typeStart) })
        else { return nil }
        let timeStart = line.skippingBlanks(from: typeEnd)
        guard let timeEnd = line.index(of: ASCII.space, from: timeStart), isTime(line, timeStart..<timeEnd) else { return nil }
        let processStart = line.skippingBlanks(from: timeEnd)
        guard let processEnd = line.index(of: ASCII.space, from: processStart), processEnd > processStart else { return nil }
        let messageStart = line.skippingBlanks(from: processEnd)
        guard messageStart < line.count else { return nil }
        var fields = RecordFields(message: messageStart..<line.count)
        fields.level = typeStart..<typeEnd
        fields.timestamp = timeStart..<timeEnd
        fields.process = processStart..<processEnd
        return fields
    }

    /// The type words of a device's console (Visual Studio's device log): Console's and syslog's `warning`.
    private static let deviceTypeWords: [StaticString] = typeWords + ["warning"]

    /// The fields of a device console's row whose tabs a paste turned into spaces (dotnet/maui#38281:
    /// `Aug 12 09:27:46 Roks-iPhone Notice 35 SpringBoard(FrontBoard) [app:810] Process exited: …`):
    /// the date, the device's name (up to 64 bytes, spaces allowed), a type word, the pid and a
    /// one-word process with its library, then the message; `nil` when `line` is not one.
    private static func spacedDeviceRow(_ line: Bytes, date: Range<Int>) -> RecordFields? {
        guard date.upperBound < line.count, line[date.upperBound] == ASCII.space else { return nil }
        let deviceStart = date.upperBound + 1
        // The device's name ends at the first space before a type word and a pid.
        var search = deviceStart
        while let space = line.index(of: ASCII.space, from: search, to: min(line.count, deviceStart + 65)) {
            search = space + 1
            guard space > deviceStart, let typeEnd = line.index(of: ASCII.space, from: space + 1),
                deviceTypeWords.contains(where: { $0.utf8CodeUnitCount == typeEnd - space - 1 && line.matchesIgnoringCase($0, at: space + 1) }),
                let pidEnd = line.index(of: ASCII.space, from: typeEnd + 1), let pid = line.decimalValue(typeEnd + 1..<pidEnd),
                let processEnd = line.index(of: ASCII.space, from: pidEnd + 1), processEnd > pidEnd + 1
            else { continue }
            var fields = RecordFields(message: processEnd + 1..<line.count)
            fields.timestamp = date
            fields.device = deviceStart..<space
            fields.level = space + 1..<typeEnd
            fields.pid = pid
            fields.setSender(pidEnd + 1..<processEnd, in: line)
            return fields
        }
        return nil
    }
}
