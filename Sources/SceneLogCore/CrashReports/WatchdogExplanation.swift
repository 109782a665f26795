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
    /// Whether the report says the app was in the background (`ProcessVisibility: Background`).
    var inBackground = false
    /// Whether the allowance was of CPU time rather than wall-clock time.
    var ranOutOfCPU = false

    /// Reads `text`; `nil` when it holds no watchdog transgression.
    init?(_ text: String) {
        var text = text
        guard let explanation = text.withUTF8({ Self.read($0) }) else { return nil }
        self = explanation
    }

    private init() {}

    private static func read(_ text: Bytes) -> WatchdogExplanation? {
        guard let transgression = text.range(of: " watchdog transgression:") else { return nil }
        var explanation = WatchdogExplanation()
        var eventStart = transgression.lowerBound
        while eventStart > 0, isLetter(text[eventStart - 1]) || text[eventStart - 1] == ASCII.minus {
            eventStart -= 1
        }
        if eventStart < transgression.lowerBound { explanation.event = text.string(eventStart..<transgression.lowerBound) }
        var subject = transgression.upperBound
        while subject < text.count, text[subject] == ASCII.space { subject += 1 }
        // The app as SpringBoard names it (`app<bundle(uuid)>:pid`), else a bare bundle id.
        if let (bundle, end) = LaunchMarkerParsing.identityRange(text, at: subject) {
            explanation.bundle = bundleID(text, bundle)
            if text.matches(":", at: end) { explanation.pid = text.decimalValue(end + 1..<text.endOfDigits(from: end + 1)) }
        } else {
            explanation.bundle = bundleID(text, subject..<(text.index(of: ASCII.space, from: subject) ?? text.count))
        }
        explanation.inBackground = text.range(of: "ProcessVisibility: Background") != nil
        explanation.ranOutOfCPU = text.range(of: " exhausted CPU time allowance") != nil
        if let allowance = text.range(of: "allowance of ") {
            var end = allowance.upperBound
            while end < text.count, ASCII.isDigit(text[end]) || text[end] == ASCII.dot { end += 1 }
            if end > allowance.upperBound { explanation.budget = text.string(allowance.upperBound..<end) }
        }
        return explanation
    }

    /// The bytes of `range` when they read as a bundle id (letters, digits, `.`, `-`, `_`, a letter
    /// or digit first, at most 255 bytes).
    private static func bundleID(_ text: Bytes, _ range: Range<Int>) -> String? {
        guard let first = range.first, range.count <= 255, isLetter(text[first]) || ASCII.isDigit(text[first]),
            range.allSatisfy({ index in
                let byte = text[index]
                return isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.dot || byte == ASCII.minus || byte == ASCII.underscore
            })
        else { return nil }
        return text.string(range)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        ASCII.isLower(byte) || ASCII.isUpper(byte)
    }
}
