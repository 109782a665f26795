/// Byte-level readers for each launch marker (see ``LaunchSignalReader``). Each returns `nil` when
/// the message only looks like the marker.
enum LaunchMarkerParsing {
    /// The longest `bundle(uuid)` read between `app<` and `>`.
    static let maximumIdentityLength = 512

    /// `app<bundle(uuid)>` or `application<bundle>` at `index`: the bundle and the index after `>`.
    static func identity(_ message: Bytes, at index: Int) -> (bundle: String, end: Int)? {
        identityRange(message, at: index).map { (message.string($0.bundle), $0.end) }
    }

    /// `app<bundle(uuid)>` or `application<bundle>` at `index`: where the bundle is, and the index after `>`.
    static func identityRange(_ message: Bytes, at index: Int) -> (bundle: Range<Int>, end: Int)? {
        var start = index
        if message.matches("app<", at: index) {
            start = index + 4
        } else if message.matches("application<", at: index) {
            start = index + 12
        } else {
            return nil
        }
        // A bundle id is at most 255 bytes (with its UUID, under 300): the search for `>` stays
        // near, so that a message of many `app<` without one costs no more than its length.
        guard let close = message.index(of: ASCII.greater, from: start, to: min(message.count, start + Self.maximumIdentityLength))
        else { return nil }
        let bundleEnd = message.index(of: ASCII.openParen, from: start, to: close) ?? close
        guard bundleEnd > start else { return nil }
        return (start..<bundleEnd, close + 1)
    }

    /// `[app<bundle>:pid]` at `index`: the bundle, the pid and the index after `]`.
    static func bracketedProcess(_ message: Bytes, at index: Int) -> (bundle: String, pid: Int, end: Int)? {
        guard index < message.count, message[index] == ASCII.openBracket,
            let (bundle, end) = identity(message, at: index + 1), message.matches(":", at: end)
        else { return nil }
        let pidEnd = message.endOfDigits(from: end + 1)
        guard let pid = message.decimalValue(end + 1..<pidEnd), message.matches("]", at: pidEnd) else { return nil }
        return (bundle, pid, pidEnd + 1)
    }

    /// The first `app<bundle…>:pid` or `application<bundle>:pid` a system line names.
    static func namedProcess(in message: Bytes) -> (bundle: String, pid: Int)? {
        var first: (bundle: String, pid: Int)?
        forEachNamedProcess(in: message) { bundle, pid in
            first = (message.string(bundle), pid)
            return false
        }
        return first
    }

    /// Calls `body` with where the bundle is and the pid of each `app<bundle…>:pid` /
    /// `application<bundle>:pid` in `message`, in order, until it returns `false`.
    static func forEachNamedProcess(in message: Bytes, _ body: (Range<Int>, Int) -> Bool) {
        var search = 0
        while let open = message.index(of: ASCII.less, from: search) {
            search = open + 1
            let start = message.matches("application<", at: open - 11) ? open - 11 : open - 3
            guard let (bundle, end) = identityRange(message, at: start), message.matches(":", at: end) else { continue }
            let pidEnd = message.endOfDigits(from: end + 1)
            guard let pid = message.decimalValue(end + 1..<pidEnd) else { continue }
            if !body(bundle, pid) { return }
            search = pidEnd
        }
    }

    /// `[application<bundle>:pid] Ignoring <FBProcessWatchdog: …> for reason: process is being debugged`.
    static func watchdogIgnoredWhileDebugged(_ message: Bytes) -> LaunchSignal? {
        guard message.range(of: "Ignoring <FBProcessWatchdog") != nil, let named = namedProcess(in: message) else { return nil }
        return .watchdogIgnoredWhileDebugged(pid: named.pid)
    }

    static func requested(_ message: Bytes) -> LaunchSignal? {
        guard let prefix = message.range(of: "Bootstrapping "),
            let with = message.range(of: " with intent ", from: prefix.upperBound)
        else { return nil }
        let bundle = identity(message, at: prefix.upperBound)?.bundle ?? message.string(prefix.upperBound..<with.lowerBound)
        // A bundle id holds no space (its bytes are looked at: characters cost far more).
        guard !bundle.isEmpty, !bundle.utf8.contains(ASCII.space) else { return nil }
        let intentEnd = message.index(of: ASCII.space, from: with.upperBound) ?? message.count
        return .requested(bundle: bundle, intent: message.string(with.upperBound..<intentEnd))
    }

    /// FrontBoard's `Creating process (sync=true) with identity: app<bundle(uuid)>`, logged once it
    /// decided to start a new process (unlike `Asked to bootstrap a new process with identity:`
    /// before it, which is logged too when a process of the app exists or is pending already).
    static func creatingProcess(_ message: Bytes) -> LaunchSignal? {
        guard let prefix = message.range(of: "Creating process (sync="),
            let with = message.range(of: ") with identity: ", from: prefix.upperBound),
            with.lowerBound - prefix.upperBound <= 5,
            let (bundle, _) = identity(message, at: with.upperBound), !bundle.utf8.contains(ASCII.space)
        else { return nil }
        return .requested(bundle: bundle, intent: nil)
    }

    /// runningboardd's `Creating and launching job for: app<bundle(uuid)>` (iOS 14:
    /// `application<bundle>`, firebase/flutterfire#5702).
    static func jobLaunching(_ message: Bytes) -> LaunchSignal? {
        guard let prefix = message.range(of: "Creating and launching job for: "),
            let (bundle, _) = identity(message, at: prefix.upperBound), !bundle.utf8.contains(ASCII.space)
        else { return nil }
        return .jobLaunching(bundle: bundle)
    }

    /// `[app<bundle(uuid)>:pid] Dropping launch assertion.`
    static func launchAssertionDropped(_ message: Bytes) -> LaunchSignal? {
        let start = message.skippingBlanks(from: 0)
        guard let process = bracketedProcess(message, at: start), message.matches(" Dropping launch assertion", at: process.end)
        else { return nil }
        return .launchAssertionDropped(bundle: process.bundle, pid: process.pid)
    }

    static func spawned(_ message: Bytes) -> LaunchSignal? {
        guard let prefix = message.range(of: "Now tracking process: "),
            let process = bracketedProcess(message, at: prefix.upperBound)
        else { return nil }
        return .spawned(bundle: process.bundle, pid: process.pid)
    }

    /// `Now tracking process <BKProcess: 0x…; com.example.app; pid: 867; …>`, and from iOS 11
    /// `<BKProcess: 0x…; myappda; com.example.app; pid: 867; …>`: the bundle is the field before
    /// the pid when it looks like one, and the process the field before that, when there is one.
    static func spawnedByAssertiond(_ message: Bytes) -> LaunchSignal? {
        guard let prefix = message.range(of: "Now tracking process <BKProcess: "),
            let pidLabel = message.range(of: "; pid: ", from: prefix.upperBound)
        else { return nil }
        let pidEnd = message.endOfDigits(from: pidLabel.upperBound)
        guard let pid = message.decimalValue(pidLabel.upperBound..<pidEnd) else { return nil }
        // The fields after the address, up to the pid: [bundle] or [process, bundle].
        let fields = message.string(prefix.upperBound..<pidLabel.lowerBound)
            .split(separator: ";", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }) }.dropFirst()
        guard fields.count <= 2, let last = fields.last, last.utf8.contains(UInt8(ascii: ".")), !last.utf8.contains(ASCII.space) else {
            return .spawnedByAssertiond(bundle: nil, process: nil, pid: pid)
        }
        let process = fields.count == 2 ? fields.first.flatMap { $0.isEmpty || $0.utf8.contains(ASCII.space) ? nil : $0 } : nil
        return .spawnedByAssertiond(bundle: last, process: process, pid: pid)
    }

    /// `[myappda:867] Setting jetsam priority to 10 [0x10000]` (assertiond).
    static func assertiondProcess(_ message: Bytes) -> LaunchSignal? {
        let start = message.skippingBlanks(from: 0)
        guard start < message.count, message[start] == ASCII.openBracket,
            let marker = message.range(of: "] Setting jetsam priority to ", from: start)
        else { return nil }
        var colon = marker.lowerBound
        while colon > start, message[colon] != ASCII.colon { colon -= 1 }
        guard colon > start + 1, let pid = message.decimalValue(colon + 1..<marker.lowerBound) else { return nil }
        return .assertiondProcess(process: message.string(start + 1..<colon), pid: pid)
    }

    static func bootstrapped(_ message: Bytes) -> LaunchSignal? {
        let start = message.skippingBlanks(from: 0)
        guard let process = bracketedProcess(message, at: start), message.matches(" Bootstrap success!", at: process.end)
        else { return nil }
        return .bootstrapped(bundle: process.bundle, pid: process.pid)
    }

    /// iOS ≤ 12 SpringBoard: `[bundle] Bootstrap complete with label: UIKitApplication:bundle[0x…][n]`.
    static func bootstrapCompleted(_ message: Bytes) -> LaunchSignal? {
        guard let (bundle, _) = bracketedBundle(message, followedBy: " Bootstrap complete with label: ") else { return nil }
        return .bootstrapped(bundle: bundle, pid: nil)
    }

    /// `[bundle] Bootstrap failed with error: <NSError: …; reason: "Failed to start job">`.
    static func bootstrapFailed(_ message: Bytes) -> LaunchSignal? {
        guard let (bundle, end) = bracketedBundle(message, followedBy: " Bootstrap failed with error: ") else { return nil }
        var reason: String?
        if let said = message.range(of: "reason: \"", from: end),
            let close = message.index(of: ASCII.quote, from: said.upperBound, to: min(message.count, said.upperBound + 200))
        {
            reason = message.string(said.upperBound..<close)
        }
        return .bootstrapFailed(bundle: bundle, reason: reason, processObject: nil)
    }

    /// iOS ≤ 11 SpringBoard: `Bootstrapping failed for <FBApplicationProcess: 0x…; bundle; pid: -1>
    /// with error: …` (the line after `[bundle] Bootstrap failed with error`, or alone).
    static func bootstrappingFailed(_ message: Bytes) -> LaunchSignal? {
        guard let prefix = message.range(of: "Bootstrapping failed for <FBApplicationProcess: "),
            let first = message.index(of: ASCII.semicolon, from: prefix.upperBound, to: min(message.count, prefix.upperBound + 40))
        else { return nil }
        let processObject = message.string(prefix.upperBound..<first)
        let start = message.skippingBlanks(from: first + 1)
        // iOS 13 on: `application<bundle>:-1>`; before: `bundle; pid: -1>`.
        if let (bundle, _) = identity(message, at: start) {
            return .bootstrapFailed(bundle: bundle, reason: nil, processObject: processObject)
        }
        guard let end = message.index(of: ASCII.semicolon, from: start, to: min(message.count, start + 256)) else { return nil }
        let bundle = message.string(start..<end)
        guard !bundle.isEmpty, !bundle.utf8.contains(ASCII.space) else { return nil }
        return .bootstrapFailed(bundle: bundle, reason: nil, processObject: processObject)
    }

    /// Where the `)` that closes launchd's job label is, when it comes right before `wordsStart`:
    /// `(UIKitApplication:…[pid]): Service exited …`, or with the level between them, as a Mac's
    /// syslog writes it (`(UIKitApplication:…[pid]) <Notice>: Service exited …`).
    private static func endOfJobLabel(_ message: Bytes, before wordsStart: Int) -> Int? {
        guard wordsStart >= 3, message[wordsStart - 1] == ASCII.space, message[wordsStart - 2] == ASCII.colon else { return nil }
        if message[wordsStart - 3] == ASCII.closeParen { return wordsStart - 3 }
        guard message[wordsStart - 3] == ASCII.greater,
            let less = message.lastIndex(of: ASCII.less, in: max(0, wordsStart - 16)..<(wordsStart - 3)),
            less >= 2, message[less - 1] == ASCII.space, message[less - 2] == ASCII.closeParen
        else { return nil }
        return less - 2
    }

    /// The bundle of a message that starts `[bundle]` then `words` (SpringBoard before iOS 14 names
    /// an app so), and where `words` end; `nil` for any other message.
    private static func bracketedBundle(_ message: Bytes, followedBy words: StaticString) -> (bundle: String, end: Int)? {
        let start = message.skippingBlanks(from: 0)
        guard start < message.count, message[start] == ASCII.openBracket,
            let close = message.index(of: ASCII.closeBracket, from: start + 1), message.matches(words, at: close + 1)
        else { return nil }
        let bundle = identity(message, at: start + 1)?.bundle ?? message.string(start + 1..<close)
        guard !bundle.isEmpty, !bundle.utf8.contains(ASCII.space) else { return nil }
        return (bundle, close + 1 + words.utf8CodeUnitCount)
    }

    static func sceneCreate(_ message: Bytes) -> LaunchSignal? {
        guard let scene = message.range(of: "sceneID:"),
            let close = message.index(of: ASCII.closeBracket, from: scene.upperBound)
        else { return nil }
        let sceneID = self.sceneID(message, scene.upperBound..<close)
        guard !sceneID.isEmpty else { return nil }
        var budget: Double?
        if let watchdog = message.range(of: "(watchdog: ", from: close) {
            let end = message.index(of: 0x73, from: watchdog.upperBound) ?? message.count  // "s"
            budget = Double(message.string(watchdog.upperBound..<end))
        }
        return .sceneCreate(bundle: sceneID, watchdogBudget: budget)
    }

    /// The scene id at `range` up to its last `-` (`com.example.app-default` is `com.example.app`'s
    /// scene): cut on the bytes when they are ASCII, else on the characters.
    private static func sceneID(_ message: Bytes, _ range: Range<Int>) -> String {
        guard range.allSatisfy({ message[$0] < 0x80 }) else {
            let sceneID = message.string(range)
            guard let dash = sceneID.lastIndex(of: "-") else { return sceneID }
            return String(sceneID[..<dash])
        }
        return message.string(range.lowerBound..<(message.lastIndex(of: ASCII.minus, in: range) ?? range.upperBound))
    }

    static func container(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "] ==> container") else { return nil }
        var open = marker.lowerBound
        while open > 0, ASCII.isDigit(message[open - 1]) { open -= 1 }
        guard open > 0, message[open - 1] == ASCII.openBracket,
            let pid = message.decimalValue(open..<marker.lowerBound)
        else { return nil }
        var nameStart = open - 1
        while nameStart > 0, message[nameStart - 1] != 0x2F { nameStart -= 1 }  // "/"
        guard nameStart < open - 1 else { return nil }
        return .container(process: message.string(nameStart..<open - 1), pid: pid)
    }

    static func identity(_ message: Bytes) -> LaunchSignal? {
        guard let prefix = message.range(of: "Identity resolved as "),
            let (bundle, _) = identity(message, at: prefix.upperBound)
        else { return nil }
        return .identity(bundle: bundle)
    }

    /// `Deactivation reason added: 5; deactivation reasons: 1024 -> 1056; …`.
    static func deactivationMask(_ message: Bytes) -> LaunchSignal? {
        guard let prefix = message.range(of: "Deactivation reason ") else { return nil }
        var index = prefix.upperBound
        if message.matches("added: ", at: index) {
            index += 7
        } else if message.matches("removed: ", at: index) {
            index += 9
        } else {
            return nil
        }
        let reasonEnd = message.endOfDigits(from: index)
        guard let reason = message.decimalValue(index..<reasonEnd),
            message.matches("; deactivation reasons: ", at: reasonEnd)
        else { return nil }
        let fromStart = reasonEnd + 24
        let fromEnd = message.endOfDigits(from: fromStart)
        guard let from = message.decimalValue(fromStart..<fromEnd), message.matches(" -> ", at: fromEnd) else { return nil }
        let toEnd = message.endOfDigits(from: fromEnd + 4)
        guard let to = message.decimalValue(fromEnd + 4..<toEnd) else { return nil }
        return .deactivationMask(reason: reason, from: from, to: to)
    }

    /// `[app<bundle(uuid)>:pid] termination reported by launchd (2, 6, 6)`.
    static func launchdTermination(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "termination reported by launchd (") else { return nil }
        let start = message.skippingBlanks(from: 0)
        guard let process = bracketedProcess(message, at: start) else { return nil }
        var numbers: [Int] = []
        var index = marker.upperBound
        while numbers.count < 3 {
            let end = message.endOfDigits(from: index)
            guard let value = message.decimalValue(end > index ? index..<end : index..<index) else { return nil }
            numbers.append(value)
            index = message.skippingBlanks(from: end + 1)
        }
        let termination = TerminationDecoding.launchd(namespace: numbers[0], code: numbers[1], status: numbers[2])
        return .launchdTermination(bundle: process.bundle, pid: process.pid, termination: termination)
    }

    /// The simulator's launchd_sim on the app's job: `(UIKitApplication:bundle[0x…][pid]): Service
    /// exited due to Abort trap: 6`, or `… due to signal: Terminated: 15` (the process died of the
    /// signal numbered after the description), or `… with abnormal code: 1` (it exited with that
    /// code). Older simulators print two numbers after the job's tag (`[0xc7][5331][5483]`): the
    /// pid is the last. `nil` for another service, or an exit whose number is no signal of
    /// ``TerminationDecoding/signalNames``.
    static func serviceExited(_ message: Bytes) -> LaunchSignal? {
        guard let words = message.range(of: "Service exited "), let labelEnd = endOfJobLabel(message, before: words.lowerBound),
            let label = message.range(of: "(UIKitApplication:"), label.upperBound < labelEnd,
            let (bundle, job, tagEnd) = uikitApplicationJob(message, at: label.upperBound, before: labelEnd),
            message[labelEnd - 1] == ASCII.closeBracket
        else { return nil }
        let marker = labelEnd..<words.upperBound
        // The label ends with the pid in brackets, right after the tag's: `[0x4be3][9869]`, or
        // `[0xc7][5331][5483]` (the pid last).
        let pidEnd = marker.lowerBound - 1
        var pidStart = pidEnd
        while pidStart > tagEnd, ASCII.isDigit(message[pidStart - 1]) { pidStart -= 1 }
        guard message[pidStart - 1] == ASCII.openBracket, isBracketedNumbers(message, tagEnd..<pidStart - 1),
            let pid = message.decimalValue(pidStart..<pidEnd), pid > 0
        else { return nil }
        let lineEnd = message.index(of: ASCII.newline, from: marker.upperBound) ?? message.count
        if message.matches("with abnormal code: ", at: marker.upperBound) {
            let codeStart = marker.upperBound + 20
            guard let code = message.decimalValue(codeStart..<message.endOfDigits(from: codeStart, to: lineEnd)) else { return nil }
            return .jobExited(bundle: bundle, job: job, pid: pid, termination: TerminationDecoding.exited(code))
        }
        guard message.matches("due to ", at: marker.upperBound) else { return nil }
        // The signal's description, then its number, on the same line: `Abort trap: 6`.
        let description = marker.upperBound + 7 + (message.matches("signal: ", at: marker.upperBound + 7) ? 8 : 0)
        guard let colon = message.range(of: ": ", from: description), colon.upperBound < lineEnd,
            let number = message.decimalValue(colon.upperBound..<message.endOfDigits(from: colon.upperBound, to: lineEnd)),
            TerminationDecoding.signalNames[number] != nil
        else { return nil }
        let termination = Termination(kind: .signal, detail: TerminationDecoding.signal(number))
        return .jobExited(bundle: bundle, job: job, pid: pid, termination: termination)
    }

    /// Whether `range` of `message` is empty or numbers in brackets only (`[5331]`).
    private static func isBracketedNumbers(_ message: Bytes, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            guard message[index] == ASCII.openBracket else { return false }
            let end = message.endOfDigits(from: index + 1, to: range.upperBound)
            guard end > index + 1, end < range.upperBound, message[end] == ASCII.closeBracket else { return false }
            index = end + 1
        }
        return true
    }

    /// Older SpringBoard (iOS 9, on devices and simulators): `Application 'UIKitApplication:bundle[0x…]'
    /// exited voluntarily.` The app's job, named by its bundle and launchd's tag, ended by itself;
    /// the line names no pid.
    static func exitedVoluntarily(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "' exited voluntarily"),
            let label = message.range(of: "Application 'UIKitApplication:"), label.upperBound < marker.lowerBound,
            let (bundle, job, tagEnd) = uikitApplicationJob(message, at: label.upperBound, before: marker.lowerBound),
            tagEnd == marker.lowerBound
        else { return nil }
        return .jobExited(bundle: bundle, job: job, pid: nil, termination: Termination(kind: .clean, detail: "voluntary"))
    }

    /// launchd's label of an app's job after `UIKitApplication:`, at `start`: `bundle[0x…]`, the
    /// bundle, the job's tag (`0x4be3`) and the index after its `]`, before `limit`.
    private static func uikitApplicationJob(_ message: Bytes, at start: Int, before limit: Int) -> (bundle: String, job: String, end: Int)? {
        guard let bracket = message.index(of: ASCII.openBracket, from: start, to: limit), bracket > start,
            message.matches("0x", at: bracket + 1)
        else { return nil }
        let tagEnd = message.endOfHexDigits(from: bracket + 3, to: limit)
        guard tagEnd > bracket + 3, tagEnd < limit, message[tagEnd] == ASCII.closeBracket else { return nil }
        let bundle = message.string(start..<bracket)
        guard !bundle.utf8.contains(ASCII.space), !bundle.utf8.contains(UInt8(ascii: "'")) else { return nil }
        return (bundle, message.string(bracket + 1..<tagEnd), tagEnd + 1)
    }

    /// `[application<bundle>:pid] Workspace afterlife assertion failed: Error Domain=RBSAssertionErrorDomain
    /// Code=2 "Specified target process does not exist"` (SpringBoard's FrontBoard): the process was
    /// gone before its scene's update was done, an app that died while it launched
    /// (mastodon/mastodon-ios#1163). The line does not say how it ended.
    static func afterlifeAssertionFailed(_ message: Bytes) -> LaunchSignal? {
        guard message.range(of: "Specified target process does not exist") != nil,
            let process = bracketedProcess(message, at: message.skippingBlanks(from: 0))
        else { return nil }
        return .processExited(
            bundle: process.bundle, pid: process.pid,
            termination: Termination(kind: .unknown, detail: "gone while its scene was updated"))
    }

    /// `[app<bundle>:pid] Process exited: <…>.` or `Process exited: <FBApplicationProcess: …; app<bundle>:pid(v…)> -> <…>`.
    static func processExited(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "Process exited: <") else { return nil }
        let start = message.skippingBlanks(from: 0)
        if let process = bracketedProcess(message, at: start) {
            let context = exitContext(message, from: marker.upperBound - 1)
            return .processExited(bundle: process.bundle, pid: process.pid, termination: TerminationDecoding.exitContext(context))
        }
        if let pid = redactedProcess(message, at: start) {
            let context = exitContext(message, from: marker.upperBound - 1)
            return .processExited(bundle: nil, pid: pid, termination: TerminationDecoding.exitContext(context))
        }
        guard let app = message.range(of: "; app", from: marker.upperBound) else { return nil }
        let bundle: String?
        let end: Int
        if let (named, identityEnd) = identity(message, at: app.lowerBound + 2), message.matches(":", at: identityEnd) {
            (bundle, end) = (named, identityEnd)
        } else if message.matches("; app:", at: app.lowerBound) {
            // iOS 26 may print the process without its bundle: `<FBApplicationProcess: 0x…; app:810(v8AE)>`.
            (bundle, end) = (nil, app.lowerBound + 5)
        } else {
            return nil
        }
        let pidEnd = message.endOfDigits(from: end + 1)
        guard let pid = message.decimalValue(end + 1..<pidEnd), let arrow = message.range(of: "> -> <", from: pidEnd) else {
            return nil
        }
        let context = exitContext(message, from: arrow.upperBound - 1)
        return .processExited(bundle: bundle, pid: pid, termination: TerminationDecoding.exitContext(context))
    }

    /// The kernel's jetsam kill: `memorystatus: killing_specific_process pid 2776 [Pythonista3]
    /// (per-process-limit 10) - memorystatus_available_pages: 42511` (omz/Pythonista-Issues#405).
    static func memoryKill(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "memorystatus: killing_"),
            let pidWord = message.range(of: "_process pid ", from: marker.upperBound), pidWord.lowerBound - marker.upperBound <= 16
        else { return nil }
        let pidEnd = message.endOfDigits(from: pidWord.upperBound)
        guard let pid = message.decimalValue(pidWord.upperBound..<pidEnd), message.matches(" [", at: pidEnd),
            let close = message.index(of: ASCII.closeBracket, from: pidEnd + 2, to: min(message.count, pidEnd + 2 + 256)),
            close > pidEnd + 2
        else { return nil }
        let process = message.string(pidEnd + 2..<close)
        var reason: String?
        if message.matches(" (", at: close + 1) {
            let start = close + 3
            var end = start
            while end < min(message.count, start + 64), message[end] != ASCII.space, message[end] != ASCII.closeParen { end += 1 }
            if end > start { reason = message.string(start..<end) }
        }
        return .memoryKill(process: process, pid: pid, reason: reason)
    }

    /// `[app:pid]` at `index`, a process FrontBoard names without its bundle (dotnet/maui#38281,
    /// iOS 26): the pid.
    private static func redactedProcess(_ message: Bytes, at index: Int) -> Int? {
        guard message.matches("[app:", at: index) else { return nil }
        let pidEnd = message.endOfDigits(from: index + 5)
        guard message.matches("]", at: pidEnd) else { return nil }
        return message.decimalValue(index + 5..<pidEnd)
    }

    /// The exit context `<…>` at `start`, read up to 4 KiB (they are a few hundred bytes).
    private static func exitContext(_ message: Bytes, from start: Int) -> Bytes {
        Bytes(rebasing: message[start..<min(message.count, start + 4_096)])
    }

    /// `Formulating report for corpse[pid] name`, or its variants `Formulating fatal report for
    /// corpse[pid] name` and `Formulating fatal 309 report for corpse[pid] name` (with the report's
    /// bug type; airsdk/Adobe-Runtime-Support#2993) (ReportCrash); before iOS 11, `Formulating crash
    /// report for process name[pid]`.
    static func corpseReport(_ message: Bytes) -> LaunchSignal? {
        // Between `Formulating ` and the marker (whose space it shares when nothing is between: -1),
        // at most `fatal 309`.
        if let marker = message.range(of: " report for corpse["), let formulating = message.range(of: "Formulating "),
            (-1..."fatal 309".utf8.count).contains(marker.lowerBound - formulating.upperBound)
        {
            let end = message.endOfDigits(from: marker.upperBound)
            return message.decimalValue(marker.upperBound..<end).map { .corpseReport(pid: $0) }
        }
        // The process's name may hold brackets: its pid is in the last pair, at the end.
        guard let marker = message.range(of: "Formulating crash report for process "),
            let open = message.lastIndex(of: ASCII.openBracket, in: marker.upperBound..<message.count)
        else { return nil }
        let end = message.endOfDigits(from: open + 1)
        guard end < message.count, message[end] == ASCII.closeBracket, let pid = message.decimalValue(open + 1..<end) else { return nil }
        return .corpseReport(pid: pid)
    }

    static func userTerminated(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "SBWorkspaceTerminateApplication: "),
            let colon = message.index(of: ASCII.colon, from: marker.upperBound)
        else { return nil }
        return .userTerminated(bundle: message.string(marker.upperBound..<colon))
    }

    static func openRequest(_ message: Bytes) -> LaunchSignal? {
        guard let marker = message.range(of: "Received request to open \""),
            let quote = message.index(of: ASCII.quote, from: marker.upperBound),
            let from = message.range(of: "\" from ", from: quote)
        else { return nil }
        let requesterEnd = message.index(of: ASCII.colon, from: from.upperBound) ?? message.count
        return .openRequest(
            bundle: message.string(marker.upperBound..<quote), requester: message.string(from.upperBound..<requesterEnd))
    }
}
