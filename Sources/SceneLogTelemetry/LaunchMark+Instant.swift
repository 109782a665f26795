import SceneLogCore

extension LaunchMark {
    /// The instant of the mark in nanoseconds since 1970 UTC, for a span or event time: its
    /// wall-clock time less the UTC offset its timestamp prints (`-0500`, `+03:00`, `Z`). A stamp
    /// that prints no offset is taken as UTC. `nil` when the line's time could not be read.
    var nanosecondsSinceEpoch: UInt64? {
        guard let seconds, seconds >= 0 else { return nil }
        let instant = seconds - Double(timestamp.flatMap(Self.utcOffsetSeconds(printedIn:)) ?? 0)
        guard instant >= 0, instant < 1.0e10 else { return nil }
        return UInt64((instant * 1_000_000_000).rounded())
    }

    /// The UTC offset at the end of a printed timestamp, in seconds: `±HHMM`, `±HH:MM` or `Z`.
    static func utcOffsetSeconds(printedIn text: String) -> Int? {
        let bytes = Array(text.utf8.suffix(6))
        if bytes.last == UInt8(ascii: "Z") { return 0 }
        let digits: ArraySlice<UInt8>
        let sign: UInt8
        if bytes.count == 6, bytes[3] == UInt8(ascii: ":") {
            sign = bytes[0]
            digits = bytes[1...2] + bytes[4...5]
        } else if bytes.count >= 5 {
            sign = bytes[bytes.count - 5]
            digits = bytes[(bytes.count - 4)...]
        } else {
            return nil
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        let hours = values[0] * 10 + values[1]
        let minutes = values[2] * 10 + values[3]
        guard hours <= 14, minutes < 60 else { return nil }
        let offset = hours * 3600 + minutes * 60
        return sign == UInt8(ascii: "-") ? -offset : offset
    }
}
