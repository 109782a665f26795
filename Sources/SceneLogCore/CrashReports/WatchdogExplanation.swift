import Foundation

/// What a watchdog kill's termination explanation tells about the app, when the report around it
/// does not (a legacy report quoted from its `Exception Type` on, without its header):
///
/// ```
/// scene-create watchdog transgression: app<FransiMobile(7C1F…)>:459 exhausted real (wall clock) time allowance of 19.71 seconds
/// SPRINGBOARD, scene-create watchdog transgression: io.robbie.HomeAssistant exhausted real (wall clock) time allowance of 29.73 seconds
/// ```
struct WatchdogExplanation: Equatable {
    /// What the watchdog watched (`scene-create`, `scene-update`, `process-exit`).
    var event: String?
    /// The app's bundle id; `nil` when redacted (`app<***>`) or not given.
    var bundle: String?
    var pid: Int?
    /// The time allowance, as printed (`19.71`).
    var budget: String?

    /// Reads `text`; `nil` when it holds no watchdog transgression.
    init?(_ text: String) {
        guard let transgression = text.range(of: " watchdog transgression:") else { return nil }
        let before = text[..<transgression.lowerBound]
        let eventStart = before.lastIndex { !($0.isLetter || $0 == "-") }.map(before.index(after:)) ?? before.startIndex
        event = eventStart < before.endIndex ? String(before[eventStart...]) : nil
        var rest = text[transgression.upperBound...].drop { $0 == " " }
        if let open = ["app<", "application<"].first(where: { rest.hasPrefix($0) }), let close = rest.firstIndex(of: ">") {
            let inside = rest[rest.index(rest.startIndex, offsetBy: open.count)..<close]
            bundle = Self.bundle(inside.prefix { $0 != "(" })
            rest = rest[rest.index(after: close)...]
            if rest.first == ":" { pid = Int(rest.dropFirst().prefix { $0.isASCII && $0.isNumber }) }
        } else {
            bundle = Self.bundle(rest.prefix { $0 != " " })
        }
        if let allowance = text.range(of: "allowance of ") {
            let number = text[allowance.upperBound...].prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            budget = number.isEmpty ? nil : String(number)
        }
    }

    /// `text` when it reads as a bundle id (letters, digits, `.`, `-`, `_`, a letter or digit first).
    private static func bundle(_ text: Substring) -> String? {
        guard let first = text.first, first.isASCII, first.isLetter || first.isNumber, text.count <= 255,
            text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_") })
        else { return nil }
        return String(text)
    }
}
