#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A record's time as printed, and the instant it stands for when that can be worked out.
public struct Timestamp: Sendable, Equatable, Codable {
    /// The timestamp exactly as the line prints it.
    public var text: String
    /// Seconds since 1970-01-01 of the wall-clock time the line prints, read as if it were UTC.
    /// Present whenever a full date is known (year-less formats take the year from context).
    /// Differences between two records of one input are real durations.
    public var wallClockSeconds: Double?
    /// The UTC offset printed with the time, in seconds; `nil` when the format prints none.
    public var utcOffsetSeconds: Int?
    /// How finely the line prints time, in milliseconds: 1000 for whole seconds (idevicesyslog
    /// 1.3), 100 and 10 for one and two fractional digits, 1 for milliseconds or finer; `nil`
    /// when the text is not a time that could be read.
    public var precisionMs: Int?

    public init(text: String, wallClockSeconds: Double? = nil, utcOffsetSeconds: Int? = nil, precisionMs: Int? = nil) {
        self.text = text
        self.wallClockSeconds = wallClockSeconds
        self.utcOffsetSeconds = utcOffsetSeconds
        self.precisionMs = precisionMs
    }

    /// The precision, in milliseconds, of a time printed with `fractionDigits` digits after the
    /// seconds: 1000, 100, 10, then 1 for three digits or more.
    static func precisionMs(fractionDigits: Int) -> Int {
        switch fractionDigits {
        case ...0: 1000
        case 1: 100
        case 2: 10
        default: 1
        }
    }

    /// The absolute instant (seconds since 1970 UTC), when the line carries both a date and a zone.
    public var instant: Double? {
        guard let wallClockSeconds, let utcOffsetSeconds else { return nil }
        return wallClockSeconds - Double(utcOffsetSeconds)
    }
}

/// Fills in what year-less and date-less timestamps leave out, for one input.
///
/// Year-less syslog times (`Jun  3 10:00:01`) take the year given with `--year`, or else the
/// year of the file's modification time; a month going from December back to January moves to the
/// next year. Date-less Console times (`22:50:45.709813-0500`) take the date of the file's
/// modification time and move to the next day when the clock goes back by more than 12 hours.
struct TimestampContext: Sendable {
    private var year: Int
    private var yearIsFixed: Bool
    private var lastMonth: Int?
    private var anchorDay: Int
    private var lastSecondOfDay: Double?
    private let referenceMonth: Int
    /// The last stamp resolved: lines of one second share it, and resolving it again changes nothing.
    private var lastResolved: Timestamp?
    /// The last stamp's fields: a stamp that differs from it only in its fraction's digits (the
    /// microseconds of Console.app lines) reads only those.
    private var lastParsed: ParsedTime?

    /// - Parameters:
    ///   - year: the year given by the user, if any.
    ///   - referenceTime: seconds since 1970 of the input's modification time (or now).
    init(year: Int?, referenceTime: Double) {
        let reference = CivilDate(secondsSince1970: referenceTime)
        self.year = year ?? reference.year
        self.yearIsFixed = year != nil
        self.referenceMonth = reference.month
        self.anchorDay = CivilDate.daysSince1970(year: reference.year, month: reference.month, day: reference.day)
    }

    /// Works out the wall-clock seconds and offset of `text` (the timestamp field as printed).
    mutating func resolve(_ text: String) -> Timestamp {
        if let lastResolved, lastResolved.text == text { return lastResolved }
        return resolve(text, parsed: ParsedTime(text))
    }

    /// The same for the timestamp field's bytes: the lines of one second (or of one stamp) share
    /// the last stamp's text, with no new `String` made for them.
    mutating func resolve(_ bytes: UnsafeBufferPointer<UInt8>) -> Timestamp {
        if let lastResolved, bytes.equals(lastResolved.text) { return lastResolved }
        let parsed = lastResolved.flatMap { lastParsed?.withFraction(of: bytes, in: $0.text) } ?? ParsedTime(bytes: bytes)
        return resolve(String(decoding: bytes, as: UTF8.self), parsed: parsed)
    }

    private mutating func resolve(_ text: String, parsed: ParsedTime?) -> Timestamp {
        var stamp = dated(Timestamp(text: text), parsed: parsed)
        // A year taken from a file's date, or carried past December, may leave the years a clock
        // shows (a file dated 2300): then the stamp has no date, as an impossible one has not.
        if let seconds = stamp.wallClockSeconds, !Timestamp.isPossible(wallClockSeconds: seconds) { stamp.wallClockSeconds = nil }
        lastResolved = stamp
        lastParsed = parsed
        return stamp
    }

    /// `stamp` with the wall-clock seconds, offset and precision `parsed` gives it.
    private mutating func dated(_ stamp: Timestamp, parsed: ParsedTime?) -> Timestamp {
        var stamp = stamp
        guard let parsed else { return stamp }
        stamp.utcOffsetSeconds = parsed.utcOffsetSeconds
        stamp.precisionMs = Timestamp.precisionMs(fractionDigits: parsed.fractionDigits)
        let secondOfDay = Double(parsed.hour * 3600 + parsed.minute * 60 + parsed.second) + parsed.fraction
        if let fullYear = parsed.year, let month = parsed.month, let day = parsed.day {
            let days = CivilDate.daysSince1970(year: fullYear, month: month, day: day)
            stamp.wallClockSeconds = Double(days) * 86_400 + secondOfDay
        } else if let month = parsed.month, let day = parsed.day {
            stamp.wallClockSeconds = Double(CivilDate.daysSince1970(year: yearFor(month: month), month: month, day: day))
                * 86_400 + secondOfDay
        } else {
            if let last = lastSecondOfDay, secondOfDay < last - 43_200 { anchorDay += 1 }
            lastSecondOfDay = secondOfDay
            stamp.wallClockSeconds = Double(anchorDay) * 86_400 + secondOfDay
        }
        return stamp
    }

    private mutating func yearFor(month: Int) -> Int {
        defer { lastMonth = month }
        guard let lastMonth else {
            // The first record: a log that ends in the reference month may have started last year.
            if !yearIsFixed, month > referenceMonth { year -= 1 }
            return year
        }
        if lastMonth == 12, month == 1 { year += 1 }
        return year
    }
}

/// The fields of a timestamp in any of the supported spellings.
struct ParsedTime {
    var year: Int?
    var month: Int?
    var day: Int?
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0.0
    /// How many digits follow the seconds.
    var fractionDigits = 0
    /// Where those digits start in the text.
    var fractionStart = 0
    var utcOffsetSeconds: Int?

    /// Month abbreviations as three bytes packed into an integer.
    private static let months: [UInt32] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        .map { name in name.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
    /// Weekday abbreviations, packed the same way.
    private static let weekdays: [UInt32] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        .map { name in name.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    /// Reads `Mon DD HH:MM:SS[.f]`, `YYYY-MM-DD[ T]HH:MM:SS[.f][zone]` (also `… +0100`, as crash
    /// reports write it) or `HH:MM:SS[.f][zone]`, and
    /// the sysdiagnose spellings `Wed May 24 13:58:04 2023` (ctime: weekday first, year last) and
    /// `05/24/23 12:55:38.410307` (lockdownd: `MM/DD/YY`, years 2000–2099).
    init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ ParsedTime(bytes: $0) }) else { return nil }
        self = parsed
    }

    /// The same, on bytes; `nil` as well for a time no clock shows (`0000-00-00`, February 30th,
    /// 25:00, an offset past ±14 hours), which the line's text keeps but no date is made from.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard let parsed = ParsedTime(unchecked: bytes), parsed.isPossible else { return nil }
        self = parsed
    }

    /// Whether every field is in its range: the years of device clocks (1900–2199), the days of
    /// the month (29 in a February of no known year), hours, minutes, a leap second, and offsets
    /// of ±14 hours at most.
    private var isPossible: Bool {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return false }
        if let year, !Timestamp.possibleYears.contains(year) { return false }
        if let month {
            guard (1...12).contains(month) else { return false }
            // A year-less February may be a leap year's: 2000 is one.
            if let day, !(1...CivilDate.length(ofMonth: month, in: year ?? 2000)).contains(day) { return false }
        }
        return utcOffsetSeconds.map(Timestamp.possibleOffsets.contains) ?? true
    }

    /// Reads the fields of the supported spellings, whatever their values.
    private init?(unchecked bytes: UnsafeBufferPointer<UInt8>) {
        var cursor = ByteCursor(bytes: bytes)
        func name(at offset: Int) -> UInt32? {
            guard offset + 3 <= bytes.count else { return nil }
            return UInt32(bytes[offset]) << 16 | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2])
        }
        guard let first = bytes.first else { return nil }
        // ctime's weekday and year (`Wed May 24 13:58:04 2023`).
        var yearFollows = false
        if ASCII.isUpper(first) {
            if let weekday = name(at: 0), Self.weekdays.contains(weekday), bytes.count > 4, bytes[3] == ASCII.space {
                cursor.index = 4
                yearFollows = true
            }
            guard let monthName = name(at: cursor.index), let monthIndex = Self.months.firstIndex(of: monthName) else {
                return nil
            }
            month = monthIndex + 1
            cursor.index += 3
            while cursor.index < bytes.count, bytes[cursor.index] == ASCII.space { cursor.index += 1 }
            let digits = bytes.endOfDigits(from: cursor.index) - cursor.index
            guard digits == 1 || digits == 2, let value = cursor.number(digits) else { return nil }
            day = value
            guard cursor.expect(ASCII.space) else { return nil }
        } else if bytes.count >= 9, bytes[2] == ASCII.slash, bytes[5] == ASCII.slash {
            // lockdownd's `MM/DD/YY `.
            guard let m = cursor.number(2), cursor.expect(ASCII.slash), let d = cursor.number(2),
                cursor.expect(ASCII.slash), let y = cursor.number(2),
                cursor.expect(ASCII.space)
            else { return nil }
            year = 2000 + y
            month = m
            day = d
        } else if bytes.count >= 10, bytes[4] == ASCII.minus {
            guard let y = cursor.number(4), cursor.expect(ASCII.minus), let m = cursor.number(2),
                cursor.expect(ASCII.minus), let d = cursor.number(2),
                cursor.expect(ASCII.space) || cursor.expect(ASCII.upperT)
            else { return nil }
            year = y
            month = m
            day = d
        }
        guard let h = cursor.number(2), cursor.expect(ASCII.colon), let mi = cursor.number(2),
            cursor.expect(ASCII.colon), let s = cursor.number(2)
        else { return nil }
        hour = h
        minute = mi
        second = s
        if cursor.expect(ASCII.dot) {
            fractionStart = cursor.index
            fractionDigits = bytes.endOfDigits(from: cursor.index) - cursor.index
            fraction = Self.fraction(of: bytes[cursor.index..<cursor.index + fractionDigits])
            cursor.index += fractionDigits
        }
        if yearFollows {
            guard cursor.expect(ASCII.space), let y = cursor.number(4) else { return nil }
            year = y
            return
        }
        // A crash report's `2024-03-02 17:41:09.00 +0100`: the offset after a space.
        if cursor.index + 6 == bytes.count, bytes[cursor.index] == ASCII.space,
            bytes[cursor.index + 1] == ASCII.plus || bytes[cursor.index + 1] == ASCII.minus
        {
            cursor.index += 1
        }
        if cursor.expect(ASCII.upperZ) {
            utcOffsetSeconds = 0
        } else if cursor.index < bytes.count, bytes[cursor.index] == ASCII.plus || bytes[cursor.index] == ASCII.minus {
            let sign = bytes[cursor.index]
            cursor.index += 1
            guard let hours = cursor.number(2) else { return nil }
            _ = cursor.expect(ASCII.colon)
            let minutes = cursor.number(2) ?? 0
            guard minutes < 60 else { return nil }
            utcOffsetSeconds = (sign == ASCII.minus ? -1 : 1) * (hours * 3600 + minutes * 60)
        }
    }
}

extension ParsedTime {
    /// The value of the digits after the seconds' dot.
    private static func fraction(of digits: Slice<UnsafeBufferPointer<UInt8>>) -> Double {
        var fraction = 0.0
        var scale = 0.1
        for digit in digits {
            fraction += Double(digit - ASCII.zero) * scale
            scale /= 10
        }
        return fraction
    }

    /// These fields with the fraction of `bytes`, when `bytes` spell `text` (what these fields
    /// were read from) with other digits in the fraction and only there; `nil` otherwise.
    func withFraction(of bytes: UnsafeBufferPointer<UInt8>, in text: String) -> ParsedTime? {
        let end = fractionStart + fractionDigits
        guard fractionDigits > 0, let base = bytes.baseAddress else { return nil }
        let othersSame = text.utf8.withContiguousStorageIfAvailable { previous in
            previous.count == bytes.count && memcmp(previous.baseAddress!, base, fractionStart) == 0
                && memcmp(previous.baseAddress! + end, base + end, bytes.count - end) == 0
        }
        guard othersSame == true, bytes[fractionStart..<end].allSatisfy(ASCII.isDigit) else { return nil }
        var fields = self
        fields.fraction = Self.fraction(of: bytes[fractionStart..<end])
        return fields
    }
}

/// A position in bytes being read field by field (a value, not captured state: no exclusivity
/// checks on every step).
private struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// The number in the next `length` bytes, all digits, stepping over them.
    mutating func number(_ length: Int) -> Int? {
        guard index + length <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + length] {
            guard ASCII.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - ASCII.zero)
        }
        index += length
        return value
    }

    /// Steps over `byte` when it is next.
    mutating func expect(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}

/// Proleptic Gregorian calendar arithmetic, without Foundation's calendars.
struct CivilDate {
    var year: Int
    var month: Int
    var day: Int

    /// Days from 1970-01-01 to the given date (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// How many days `month` (1–12) of `year` has.
    static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The UTC calendar date of `secondsSince1970` (`civil_from_days`).
    init(secondsSince1970: Double) {
        let days = Int((secondsSince1970 / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}

extension Timestamp {
    /// Whether the time is one a device's clock shows (the years 1900–2199, an offset of ±14 hours
    /// at most, a precision of a day at most), as a parsed one is: a time decoded from outside (a
    /// part, a cache entry) is checked with it.
    var isPossible: Bool {
        wallClockSeconds.map(Self.isPossible(wallClockSeconds:)) ?? true
            && utcOffsetSeconds.map(Self.possibleOffsets.contains) ?? true && precisionMs.map(Self.possiblePrecisions.contains) ?? true
    }

    /// The years of device clocks.
    public static let possibleYears = 1900...2199

    /// The UTC offsets clocks show, in seconds: ±14 hours.
    static let possibleOffsets = -14 * 3600...14 * 3600

    /// The seconds since 1970 of ``possibleYears``.
    private static let possibleSeconds =
        Double(CivilDate.daysSince1970(year: possibleYears.lowerBound, month: 1, day: 1) * 86_400)
        ... Double(CivilDate.daysSince1970(year: possibleYears.upperBound + 1, month: 1, day: 1) * 86_400)

    /// Whether `seconds` since 1970 fall in ``possibleYears``.
    static func isPossible(wallClockSeconds seconds: Double) -> Bool {
        possibleSeconds.contains(seconds)
    }

    /// The precisions a time may have, in milliseconds: a microsecond's to a day's.
    static let possiblePrecisions = 0...86_400_000

    /// The wall-clock time as ISO 8601 (`2025-06-03T10:00:01.123456`, with `+02:00` when the
    /// offset is known), or `nil` when no date could be worked out.
    public var iso8601: String? {
        guard let wallClockSeconds else { return nil }
        let whole = wallClockSeconds.rounded(.down)
        let date = CivilDate(secondsSince1970: whole)
        let secondOfDay = Int(whole) - CivilDate.daysSince1970(year: date.year, month: date.month, day: date.day) * 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(date.year)-\(two(date.month))-\(two(date.day))T"
        text += "\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        let micros = Int(((wallClockSeconds - whole) * 1_000_000).rounded())
        if micros > 0 && micros < 1_000_000 {
            let digits = String(micros)
            text += "." + String(repeating: "0", count: 6 - digits.count) + digits
        }
        if let offset = utcOffsetSeconds {
            let sign = offset < 0 ? "-" : "+"
            text += "\(sign)\(two(abs(offset) / 3600)):\(two(abs(offset) / 60 % 60))"
        }
        return text
    }
}
