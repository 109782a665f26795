/// Recognises a message that is an app's own trace of one of its lifecycle callbacks.
///
/// The whole message is the trace, in one of four spellings:
///
/// - Swift's `#function`: `application(_:didFinishLaunchingWithOptions:)`, `sceneDidBecomeActive(_:)`;
/// - the name alone, as printed before the scene: `sceneWillEnterForeground <UIWindowScene: 0x10270b110; …>`;
/// - Objective-C's `__PRETTY_FUNCTION__`, in a class of the app's: `-[AppDelegate application:didFinishLaunchingWithOptions:]`;
/// - Unity's trampoline printfs: `-> applicationDidBecomeActive()`.
///
/// Tags may stand before the trace, within ``maximumPrefixLength`` bytes: `AppDelegate.`, `SceneDelegate:`,
/// `MyApp.SceneDelegate -`, `[Lifecycle]`, `<MyApp.AppDelegate: 0x…>`, `🟢`, `->`, `DEBUG`. After it may come
/// what the app printed with it: an object description (`<UIWindowScene: 0x…>`, `[<UIOpenURLContext: …>]`),
/// `nil`, `Optional(…)` or the line number of `NSLog(@"%s,%d", __func__, __LINE__)` (`,25`). Anything else
/// around a method's name (a sentence in any script, a stack frame, a list item of a page, a build tool's
/// line, UIKit's own messages) makes the message something other than a trace.
///
/// Bytes only: the one `String` it builds is the scene's address, on a match.
enum LifecycleCallbackRecognizer {
    /// One callback trace.
    struct Callback: Equatable {
        var step: LifecycleStep
        var delegate: LifecycleDelegate
        /// The scene's address (`0x10270b110`) when the trace prints the scene.
        var scene: String?
    }

    /// Every recognised message holds at least one of these, so a message prefilter may look for them first.
    /// Each is 13 bytes or longer: the prefilter skips ahead by the shortest literal it holds.
    static let literals: [String] = [
        "illFinishLaunching",  // willFinishLaunchingWithOptions
        "idFinishLaunching",  // didFinishLaunchingWithOptions, applicationDidFinishLaunching
        "configurationForConnecting",  // Swift and Objective-C (…ConnectingSceneSession)
        "willConnectTo",  // willConnectTo:, willConnectToSession:
        "illEnterForeground",
        "idBecomeActive",
        "illResignActive",
        "idEnterBackground",
        "sceneDidDisconnect",
        "pplicationWillTerminate",
        "openURLContexts",
        "(_:open:options:)",
        ":openURL:options:",
        "sourceApplication:annotation:",
        "scene(_:continue:)",
        "continue:restorationHandler:",
        "continueUserActivity",  // scene:continueUserActivity:, application:continueUserActivity:restorationHandler:
        "DiscardSceneSessions",
    ]

    /// How far into the message the trace may start.
    static let maximumPrefixLength = 40

    /// The callback `message` traces, or `nil` when it is not a trace: tags are passed over one at a time until a
    /// trace starts, within ``maximumPrefixLength`` bytes.
    static func recognize(_ message: Bytes) -> Callback? {
        var start = message.skippingBlanks(from: 0)
        if startsListItem(message, at: start) { return nil }
        while start <= maximumPrefixLength {
            if let callback = trace(in: message, at: start) { return callback }
            guard let end = endOfTag(in: message, at: start) else { return nil }
            start = message.skippingBlanks(from: end)
        }
        return nil
    }

    /// The callback a message tells in words: the method's name, a colon and what the app says of
    /// it (`applicationWillResignActive: cancelling outstanding animations...`). Only a line that
    /// names its process (an `NSLog` line, not a page's text) is read so.
    static func recognizeToldInWords(_ message: Bytes) -> Callback? {
        let start = message.skippingBlanks(from: 0)
        guard !startsListItem(message, at: start), let (method, end) = swiftFunction(in: message, at: start),
            message.matches(": ", at: end), ASCII.isIdentifier(message[end - 1])
        else { return nil }
        return Callback(step: method.step, delegate: method.delegate, scene: nil)
    }

    // MARK: - The trace

    /// The callback when a trace starts at `start` and only a trailer follows it.
    private static func trace(in message: Bytes, at start: Int) -> Callback? {
        guard let (method, end) = objectiveCMethod(in: message, at: start) ?? swiftFunction(in: message, at: start),
            let trailer = trailer(in: message, from: end)
        else { return nil }
        return Callback(step: method.step, delegate: method.delegate, scene: trailer.scene.map(message.string))
    }

    /// `-[Class selector]` (or `-[Class(Category) selector]`) at `start`, in a class that is not the system's:
    /// the method and the index after `]`.
    private static func objectiveCMethod(in message: Bytes, at start: Int) -> (Method, end: Int)? {
        guard message.matches("-[", at: start) else { return nil }
        let className = start + 2..<message.endOfIdentifier(from: start + 2)
        guard !className.isEmpty, !systemClassPrefixes.contains(where: { message.matches($0, at: className.lowerBound) })
        else { return nil }
        var classEnd = className.upperBound
        if message.matches("(", at: classEnd) {
            classEnd = message.endOfIdentifier(from: classEnd + 1)
            guard message.matches(")", at: classEnd) else { return nil }
            classEnd += 1
        }
        guard message.matches(" ", at: classEnd),
            let close = message.index(of: ASCII.closeBracket, from: classEnd + 1, to: min(message.count, classEnd + 80))
        else { return nil }
        let selector = classEnd + 1..<close
        return methods.first { $0.isSelector(selector, in: message) }.map { ($0, close + 1) }
    }

    /// Classes whose methods are the system's, not the app's: `UIApplication`, `_UISceneLifecycleMultiplexer`,
    /// `FBSScene`, `BKSProcess`, `RBSConnection`, `NSNotificationCenter`.
    private static let systemClassPrefixes: [StaticString] = ["UI", "_", "FB", "BKS", "RBS", "NS"]

    /// At `start`, Swift's `name(labels:)`, Unity's `name()` or the name alone: the method and the index after it.
    /// The last two only name methods of one argument (`sceneDidBecomeActive`).
    private static func swiftFunction(in message: Bytes, at start: Int) -> (Method, end: Int)? {
        let name = start..<message.endOfIdentifier(from: start)
        guard !name.isEmpty else { return nil }
        if message.matches("()", at: name.upperBound) {  // Unity's `name()`
            return methods.first { $0.isName(name, in: message) }.map { ($0, name.upperBound + 2) }
        }
        guard message.matches("(", at: name.upperBound) else {  // the name alone
            return methods.first { $0.isName(name, in: message) }.map { ($0, name.upperBound) }
        }
        guard
            let close = message.index(
                of: ASCII.closeParen, from: name.upperBound, to: min(message.count, name.upperBound + 64))
        else { return nil }
        let function = start..<close + 1
        return methods.first { $0.isSwiftFunction(function, in: message) }.map { ($0, close + 1) }
    }

    // MARK: - Around the trace

    /// What the app printed after a trace.
    private struct Trailer {
        /// Where the scene's address is, when the value printed is a scene.
        var scene: Range<Int>?
    }

    /// What follows a trace from `start`: blanks, punctuation and emoji, then at most one printed value (an object
    /// description, `nil`, `Optional(…)`, or one capitalised identifier such as a session role). `nil` when
    /// anything else follows: a sentence's words, a frame's offset, a block's suffix.
    private static func trailer(in message: Bytes, from start: Int) -> Trailer? {
        let index = endOfDecoration(in: message, from: start)
        if index == message.count || message.matches("Optional(", at: index) || message.matches("[<", at: index) {
            return Trailer()
        }
        // A line number after punctuation or a blank (`,25`); a frame's offset (`+ 180`) is not one.
        if index > start, ASCII.isDigit(message[index]), !message[start..<index].contains(UInt8(ascii: "+")) {
            let digits = message.endOfDigits(from: index)
            if digits - index <= 6, message.skippingBlanks(from: digits) == message.count { return Trailer() }
        }
        if message.matches("nil", at: index) {
            return message.skippingBlanks(from: index + 3) == message.count ? Trailer() : nil
        }
        // One printed value such as a session role: a capitalised identifier after a blank, alone.
        if index > start, ASCII.isBlank(message[index - 1]), index < message.count, ASCII.isUpper(message[index]) {
            let word = message.endOfQualifiedIdentifier(from: index)
            return message.skippingBlanks(from: word) == message.count ? Trailer() : nil
        }
        guard message.matches("<", at: index) else { return nil }
        return objectDescription(in: message, at: index + 1)
    }

    /// The end of the blanks, punctuation and symbols (emoji, arrows, check marks) from `start`: a letter of
    /// any script ends them, so that a sentence after a trace (`가 호출`, "is called") is not taken for decoration.
    private static func endOfDecoration(in message: Bytes, from start: Int) -> Int {
        var index = start
        while index < message.count {
            let byte = message[index]
            if ASCII.isBlank(byte) || isTagPunctuation(byte) {
                index += 1
                continue
            }
            guard byte >= 0x80 else { break }
            let (scalar, length) = message.scalar(at: index)
            if scalar?.properties.isAlphabetic == true { break }
            index += length
        }
        return index
    }

    /// Whether a list item of a page starts at `start`: a bullet (`-`, `*`, `+`, `•`, `●`, `◦`, `▪`) and a blank.
    private static func startsListItem(_ message: Bytes, at start: Int) -> Bool {
        let bullets: [StaticString] = ["- ", "* ", "+ ", "• ", "● ", "◦ ", "▪ "]
        return bullets.contains { message.matches($0, at: start) }
    }

    /// The start of `<Class: 0x…; …>` after `<`: the address when the class is a scene (`UIWindowScene`).
    private static func objectDescription(in message: Bytes, at start: Int) -> Trailer? {
        let className = start..<message.endOfQualifiedIdentifier(from: start)
        guard !className.isEmpty else { return nil }
        guard message.hasSuffix("Scene", in: className), message.matches(": 0x", at: className.upperBound) else {
            return message.matches(":", at: className.upperBound) || message.matches(">", at: className.upperBound)
                ? Trailer() : nil
        }
        let address = className.upperBound + 2
        let addressEnd = message.endOfHexDigits(from: address + 2)
        return Trailer(scene: addressEnd > address + 2 ? address..<addressEnd : nil)
    }

    /// The end of the tag at `start` that may stand before a trace, or `nil` when what stands there is not one.
    ///
    /// Tags are emoji and other non-ASCII symbols, punctuation (`->`, `:`, `-`, `|`, `.`), a bracketed tag
    /// closed within the prefix (`[SceneDelegate]`, `(Lifecycle)`, `<MyApp.AppDelegate: 0x…>`) and three kinds
    /// of word: a delegate's type (`AppDelegate`, `MyApp.SceneDelegate`), a capitalised qualifier before `.`
    /// (`MyApp.`) and a word in capitals (`DEBUG`). Anything else — a sentence's word, a frame number — is not.
    private static func endOfTag(in message: Bytes, at start: Int) -> Int? {
        guard start < message.count else { return nil }
        let first = message[start]
        if first >= 0x80 { return message.endOfRun(from: start) { $0 >= 0x80 } }
        if isTagPunctuation(first) { return message.endOfRun(from: start, while: isTagPunctuation) }
        if let closer = closer(of: first) {
            return message.index(of: closer, from: start + 1, to: min(message.count, maximumPrefixLength)).map { $0 + 1 }
        }
        let word = start..<message.endOfIdentifier(from: start)
        guard !word.isEmpty else { return nil }
        let isDelegate = message.hasSuffix("Delegate", in: word)
        let isQualifier = ASCII.isUpper(first) && message.matches(".", at: word.upperBound)
        let isCapitals =
            word.count > 1 && ASCII.isUpper(first) && word.allSatisfy { ASCII.isUpper(message[$0]) || ASCII.isDigit(message[$0]) }
        return isDelegate || isQualifier || isCapitals ? word.upperBound : nil
    }

    /// The closing bracket of a bracketed tag that opens with `byte`.
    private static func closer(of byte: UInt8) -> UInt8? {
        switch byte {
        case ASCII.openBracket: ASCII.closeBracket
        case ASCII.openParen: ASCII.closeParen
        case ASCII.less: ASCII.greater
        default: nil
        }
    }

    /// ASCII punctuation that may stand around a trace: not a letter, digit or `_`, not a quote (a quoted name is
    /// mentioned, not traced) and not an opening bracket (those open a tag or a printed value).
    private static func isTagPunctuation(_ byte: UInt8) -> Bool {
        guard byte > ASCII.space, byte < 0x7F, !ASCII.isIdentifier(byte) else { return false }
        switch byte {
        case ASCII.quote, 0x27 /* ' */, 0x60 /* ` */, ASCII.openBracket, ASCII.openParen, ASCII.less, ASCII.openBrace:
            return false
        default:
            return true
        }
    }

    // MARK: - The methods

    /// A lifecycle method: how it is spelled, and the callback it stands for.
    private struct Method {
        let spelling: Spelling
        let step: LifecycleStep
        let delegate: LifecycleDelegate

        init(_ spelling: Spelling, _ step: LifecycleStep, _ delegate: LifecycleDelegate) {
            (self.spelling, self.step, self.delegate) = (spelling, step, delegate)
        }

        /// Whether `range` spells the method as Swift's `#function` does: `sceneDidBecomeActive(_:)`.
        func isSwiftFunction(_ range: Range<Int>, in message: Bytes) -> Bool {
            switch spelling {
            case .named(let name): message.spells(name, "(_:)", in: range)
            case .labelled(let swift, _): message.spells(swift, in: range)
            }
        }

        /// Whether `range` spells the method's Objective-C selector: `sceneDidBecomeActive:`.
        func isSelector(_ range: Range<Int>, in message: Bytes) -> Bool {
            switch spelling {
            case .named(let name): message.spells(name, ":", in: range)
            case .labelled(_, let selector): message.spells(selector, in: range)
            }
        }

        /// Whether `range` spells the method's name alone: `sceneDidBecomeActive`.
        func isName(_ range: Range<Int>, in message: Bytes) -> Bool {
            guard case .named(let name) = spelling else { return false }
            return message.spells(name, in: range)
        }
    }

    /// How a method is spelled.
    private enum Spelling {
        /// A method of one unlabelled argument: `name(_:)` in Swift, `name:` in Objective-C, and also the name
        /// alone (`sceneDidBecomeActive`, Unity's `sceneDidBecomeActive()`).
        case named(StaticString)
        /// A method of labelled arguments, by its Swift and Objective-C spellings.
        case labelled(swift: StaticString, selector: StaticString)
    }

    private static let methods: [Method] = [
        Method(
            .labelled(
                swift: "application(_:willFinishLaunchingWithOptions:)",
                selector: "application:willFinishLaunchingWithOptions:"),
            .willFinishLaunching, .app),
        Method(
            .labelled(
                swift: "application(_:didFinishLaunchingWithOptions:)",
                selector: "application:didFinishLaunchingWithOptions:"),
            .didFinishLaunching, .app),
        Method(.named("applicationDidFinishLaunching"), .didFinishLaunching, .app),
        Method(
            .labelled(
                swift: "application(_:configurationForConnecting:options:)",
                selector: "application:configurationForConnectingSceneSession:options:"),
            .configurationForConnecting, .app),
        Method(
            .labelled(swift: "scene(_:willConnectTo:options:)", selector: "scene:willConnectToSession:options:"),
            .willConnect, .scene),
        Method(.named("sceneWillEnterForeground"), .willEnterForeground, .scene),
        Method(.named("applicationWillEnterForeground"), .willEnterForeground, .app),
        Method(.named("sceneDidBecomeActive"), .didBecomeActive, .scene),
        Method(.named("applicationDidBecomeActive"), .didBecomeActive, .app),
        Method(.named("sceneWillResignActive"), .willResignActive, .scene),
        Method(.named("applicationWillResignActive"), .willResignActive, .app),
        Method(.named("sceneDidEnterBackground"), .didEnterBackground, .scene),
        Method(.named("applicationDidEnterBackground"), .didEnterBackground, .app),
        Method(.named("sceneDidDisconnect"), .didDisconnect, .scene),
        Method(.named("applicationWillTerminate"), .willTerminate, .app),
        Method(.labelled(swift: "scene(_:openURLContexts:)", selector: "scene:openURLContexts:"), .openURLContexts, .scene),
        Method(.labelled(swift: "application(_:open:options:)", selector: "application:openURL:options:"), .openURL, .app),
        Method(
            .labelled(
                swift: "application(_:open:sourceApplication:annotation:)",
                selector: "application:openURL:sourceApplication:annotation:"),
            .openURL, .app),
        Method(
            .labelled(swift: "scene(_:continue:)", selector: "scene:continueUserActivity:"), .continueUserActivity,
            .scene),
        Method(
            .labelled(
                swift: "application(_:continue:restorationHandler:)",
                selector: "application:continueUserActivity:restorationHandler:"),
            .continueUserActivity, .app),
        Method(
            .labelled(
                swift: "application(_:didDiscardSceneSessions:)", selector: "application:didDiscardSceneSessions:"),
            .didDiscardSceneSessions, .app),
    ]
}

extension ASCII {
    /// A letter, a digit or `_`: a byte of a Swift or Objective-C identifier.
    @inline(__always) fileprivate static func isIdentifier(_ byte: UInt8) -> Bool {
        isUpper(byte) || isLower(byte) || isDigit(byte) || byte == 0x5F
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The end of the run of bytes from `start` that satisfy `predicate`.
    fileprivate func endOfRun(from start: Int, while predicate: (UInt8) -> Bool) -> Int {
        var index = start
        while index < count, predicate(self[index]) { index += 1 }
        return index
    }

    /// The end of an identifier (letters, digits, `_`) starting at `start`.
    fileprivate func endOfIdentifier(from start: Int) -> Int {
        endOfRun(from: start, while: ASCII.isIdentifier)
    }

    /// The end of a dotted identifier (`MyApp.SceneDelegate`) starting at `start`.
    fileprivate func endOfQualifiedIdentifier(from start: Int) -> Int {
        endOfRun(from: start) { ASCII.isIdentifier($0) || $0 == ASCII.dot }
    }

    /// Whether `range` holds exactly `literal`.
    fileprivate func spells(_ literal: StaticString, in range: Range<Int>) -> Bool {
        range.count == literal.utf8CodeUnitCount && matches(literal, at: range.lowerBound)
    }

    /// Whether `range` holds exactly `literal` followed by `suffix`.
    fileprivate func spells(_ literal: StaticString, _ suffix: StaticString, in range: Range<Int>) -> Bool {
        let length = literal.utf8CodeUnitCount
        return range.count == length + suffix.utf8CodeUnitCount && matches(literal, at: range.lowerBound)
            && matches(suffix, at: range.lowerBound + length)
    }

    /// The scalar whose UTF-8 starts at `index` and how many bytes it takes; `nil` and 1 for a byte that does
    /// not start a whole scalar.
    fileprivate func scalar(at index: Int) -> (Unicode.Scalar?, length: Int) {
        let lead = self[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= count else { return (nil, 1) }
        var value = UInt32(lead) & (0x7F >> length)
        for offset in 1..<length {
            let byte = self[index + offset]
            guard byte & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (Unicode.Scalar(value), length)
    }

    /// Whether the bytes of `range` end with `suffix`.
    fileprivate func hasSuffix(_ suffix: StaticString, in range: Range<Int>) -> Bool {
        range.count >= suffix.utf8CodeUnitCount && matches(suffix, at: range.upperBound - suffix.utf8CodeUnitCount)
    }
}
