/// A line that the debugger (lldb, as Xcode and `flutter run` drive it) or the `flutter` tool
/// prints into a console capture, between the app's own lines. The Xcode console parser reads such
/// a line as a record of kind ``RecordKind/debugger``, so that no rule fires on it.
///
/// Only lines that are clearly the debugger's or the tool's are recognised; an app's message that
/// merely mentions a process or a stop is not one. Recognised, after leading blanks, an optional
/// `flutter run -v` timing prefix (`[        ] `, `[ +167 ms] `), an optional `[lldb]: ` and any
/// number of `(lldb) ` prompts:
///
/// ```
/// Process 1198 stopped                                          processStopped(pid: 1198)
/// (lldb) Process 6152 resuming                                  processResuming(pid: 6152)
/// Process 1198 exited with status = 0 (0x00000000)              processExited(pid: 1198, status: 0)
/// Process 525 exited with status = -1 (0xffffffff) lost connection
/// * thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BREAKPOINT (code=1, subcode=0x1a2b3c)
///   thread #1, stop reason = signal SIGABRT                     stopReason("signal SIGABRT")
/// Message from debugger: killed                                 killed
/// Message from debugger: Terminated due to signal 9             terminatedBySignal(9)
/// Terminated due to signal 15                                   terminatedBySignal(15)
/// Message from debugger: Terminated due to memory issue         terminatedForMemory
/// Failure Reason: Message from debugger: Terminated due to memory issue   (Xcode's error dialog)
/// The app “Loop” on L4z iPhone quit unexpectedly.               appQuitUnexpectedly("Loop")
/// ```
///
/// and, as ``other``: anything after an `(lldb)` prompt or `[lldb]: `, other `Message from
/// debugger: ` lines, lldb's `frame #N: `, `thread #N` without a stop reason, `Process N launched: '…`,
/// `Process N detached`, `Target N: (App) stopped.`, disassembly (`->  0x…`, `libobjc.A.dylib`objc_msgSend:`),
/// breakpoint and stop-hook notices, `warning: … is being read from process memory.`; and the
/// `flutter run` tool's progress lines (`Launching lib/main.dart on iPhone in debug mode...`,
/// `Running Xcode build...`, ` └─Compiling, linking and signing...`, `Xcode build done.`,
/// `Syncing files to device …`, `Flutter run key commands.` and the key list under it,
/// `Lost connection to device.`, `Application finished.`, the VM Service and DevTools addresses,
/// hot reload and restart notices) and its UIScene migration warning (`To ensure your app continues
/// to launch on upcoming iOS versions, UIScene lifecycle support will soon be required. …`,
/// printed by `flutter run` and `flutter build`, not by the device); and the shell's command line
/// a paste keeps above them (`kristykelly@Kristys-MBP artbeat % flutter run`, `$ npx react-native
/// log-ios`).
enum DebuggerLine: Sendable, Equatable {
    /// `Process 1198 stopped`: the debugger stopped the process (a breakpoint, a crash).
    case processStopped(pid: Int)
    /// `Process 1198 resuming`: the debugger let the process run on.
    case processResuming(pid: Int)
    /// `Process 1198 exited with status = 0 (0x00000000)`; the status may be negative (`-1` when
    /// the connection was lost).
    case processExited(pid: Int, status: Int)
    /// The reason after `stop reason = ` on lldb's `thread #N` line (`EXC_BREAKPOINT (code=1, subcode=0x1a2b3c)`,
    /// `signal SIGABRT`).
    case stopReason(String)
    /// `Message from debugger: killed`: Xcode's debugger killed the process (Stop, or a new run).
    case killed
    /// `Message from debugger: Terminated due to signal 9`, or the same without the prefix.
    case terminatedBySignal(Int)
    /// `Message from debugger: Terminated due to memory issue`: the system killed the process for
    /// its memory (jetsam; iam4x/pokemongo-webspoof#178).
    case terminatedForMemory
    /// `The app “Loop” on L4z iPhone quit unexpectedly.`: Xcode's error dialog, copied, names the
    /// app whose end its `Failure Reason:` tells (LoopKit/Loop#1785).
    case appQuitUnexpectedly(String)
    /// Other debugger or tool chatter: it says nothing about the app.
    case other

    /// Where the app's own text starts on a line that an `(lldb)` prompt, left on the console,
    /// starts (`(lldb) dyld: Library not loaded: …`); `nil` when the line has no prompt, or what
    /// follows it is the debugger's or the `flutter` tool's.
    static func appTextAfterPrompt(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
        let end = line.trimmingTrailingBlanks(0..<line.count).upperBound
        var start = line.skippingBlanks(from: 0, to: end)
        guard line.matches("(lldb)", at: start) else { return nil }
        while line.matches("(lldb)", at: start) { start = line.skippingBlanks(from: start + 6, to: end) }
        guard start < end, debuggerLine(line, start..<end) == nil, !toolLine(line, start..<end) else { return nil }
        return start
    }

    /// Whether a stop for `reason` (``stopReason(_:)``) is a crash that the debugger caught: a Mach
    /// exception that ends the process (`EXC_BAD_ACCESS`, `EXC_CRASH`, `EXC_BREAKPOINT`: a trap…) or
    /// a crash signal. A breakpoint of the developer's (`breakpoint 1.1`), a step, `signal SIGSTOP`
    /// or `EXC_RESOURCE` (a warning) is not.
    static func stopIsACrash(_ reason: String) -> Bool {
        let name = reason.prefix { $0 != " " && $0 != "(" }
        if reason.hasPrefix("signal ") {
            return ["SIGABRT", "SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGTRAP"].contains(reason.dropFirst(7).prefix { $0 != " " })
        }
        return ["EXC_BAD_ACCESS", "EXC_BAD_INSTRUCTION", "EXC_ARITHMETIC", "EXC_CRASH", "EXC_BREAKPOINT", "EXC_GUARD"].contains(name)
    }

    /// What `line` is, or `nil` when it is not a debugger's or the `flutter` tool's line.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> DebuggerLine? {
        let end = line.trimmingTrailingBlanks(0..<line.count).upperBound
        var start = line.skippingBlanks(from: 0, to: end)
        start = endOfToolTimingPrefix(line, from: start, to: end)
        var afterPrompt = false
        if line.matches("The app \u{201C}", at: start) { return appQuit(line, start..<end) }
        // Xcode's error dialog, copied, puts the debugger's message after its label.
        if line.matches("Failure Reason: Message from debugger: ", at: start) { start += 16 }
        if line.matches("[lldb]: ", at: start) {
            start = line.skippingBlanks(from: start + 8, to: end)
            afterPrompt = true
        }
        while line.matches("(lldb)", at: start) {
            start = line.skippingBlanks(from: start + 6, to: end)
            afterPrompt = true
        }
        guard start < end else { return afterPrompt ? .other : nil }
        if let known = debuggerLine(line, start..<end) ?? (toolLine(line, start..<end) ? .other : nil) {
            return known
        }
        return afterPrompt ? .other : nil
    }

    // MARK: - lldb and Xcode's debugger

    /// `The app “Loop” on L4z iPhone quit unexpectedly.`; `nil` when the line only starts so.
    private static func appQuit(_ line: Bytes, _ range: Range<Int>) -> DebuggerLine? {
        let nameStart = range.lowerBound + "The app \u{201C}".utf8.count
        guard range.upperBound - nameStart > 19, line.matches(" quit unexpectedly.", at: range.upperBound - 19),
            let close = line.range(of: "\u{201D} on ", from: nameStart)?.lowerBound, close > nameStart, close < range.upperBound - 19,
            close - nameStart <= LaunchMarkerParsing.maximumIdentityLength
        else { return nil }
        return .appQuitUnexpectedly(line.string(nameStart..<close))
    }

    private static func debuggerLine(_ line: Bytes, _ range: Range<Int>) -> DebuggerLine? {
        let start = range.lowerBound
        let end = range.upperBound
        switch line[start] {
        case 0x50:  // "P"
            return process(line, range)
        case 0x2A, 0x74:  // "*", "t"
            let thread = line[start] == 0x2A ? line.skippingBlanks(from: start + 1, to: end) : start
            if line.matches("thread #", at: thread) { return self.thread(line, thread + 8..<end) }
            if line.matches("frame #", at: thread) { return frame(line, thread + 7..<end) }
            return nil
        case 0x66:  // "f"
            return line.matches("frame #", at: start) ? frame(line, start + 7..<end) : nil
        case 0x4D:  // "M"
            guard line.matches("Message from debugger: ", at: start) else { return nil }
            let text = start + 23
            if line.matches("killed", at: text), text + 6 == end { return .killed }
            if line.matches("Terminated due to memory issue", at: text), text + 30 == end { return .terminatedForMemory }
            return terminated(line, text..<end) ?? .other
        case 0x54:  // "T"
            if let signal = terminated(line, range) { return signal }
            if let banner = threadBanner(line, range) { return banner }
            return target(line, range) ? .other : nil
        case 0x2D:  // "-"
            // Disassembly at the pc ("->  0x1a2868ec0 <+0>: ret"); a stop hook run ("- Hook 1 (thread backtrace all)").
            if line.matches("->  0x", at: start) { return .other }
            if line.matches("- Hook ", at: start) {
                let digits = line.endOfDigits(from: start + 7, to: end)
                return digits > start + 7 && line.matches(" (", at: digits) ? .other : nil
            }
            return nil
        case 0x42:  // "B": "Breakpoint 1: no locations (pending)."
            guard line.matches("Breakpoint ", at: start) else { return nil }
            let digits = line.endOfDigits(from: start + 11, to: end)
            return digits > start + 11 && line.matches(": ", at: digits) ? .other : nil
        case 0x53:  // "S": "Stop hook #1 added."
            guard line.matches("Stop hook #", at: start) else { return nil }
            let digits = line.endOfDigits(from: start + 11, to: end)
            return digits > start + 11 && line.matches(" added.", at: digits) && digits + 7 == end ? .other : nil
        case 0x77:  // "w": "warning: libobjc.A.dylib is being read from process memory. This indicates that LLDB …"
            guard line.matches("warning: ", at: start),
                line.range(of: " is being read from process memory.", from: start + 9) != nil
            else { return nil }
            return .other
        case ASCII.zero...ASCII.nine:
            // "1 location added to breakpoint 1"
            let digits = line.endOfDigits(from: start, to: end)
            guard line.matches(" location added to breakpoint ", at: digits) || line.matches(" locations added to breakpoint ", at: digits)
            else { return nil }
            return .other
        default:
            return symbolHeader(line, range) ? .other : nil
        }
    }

    /// `Process <pid> stopped|resuming|exited with status = <n> (0x…)|launched: '…|detached`.
    private static func process(_ line: Bytes, _ range: Range<Int>) -> DebuggerLine? {
        let end = range.upperBound
        guard line.matches("Process ", at: range.lowerBound) else { return nil }
        let pidStart = range.lowerBound + 8
        let pidEnd = line.endOfDigits(from: pidStart, to: end)
        guard pidEnd < end, line[pidEnd] == ASCII.space, let pid = line.decimalValue(pidStart..<pidEnd) else { return nil }
        let word = pidEnd + 1
        if line.matches("stopped", at: word) {
            if word + 7 == end { return .processStopped(pid: pid) }
            return line.matches(" and restarted: ", at: word + 7) ? .other : nil
        }
        if line.matches("resuming", at: word), word + 8 == end { return .processResuming(pid: pid) }
        if line.matches("detached", at: word), word + 8 == end { return .other }
        if line.matches("launched: '", at: word) { return .other }
        guard line.matches("exited with status = ", at: word) else { return nil }
        var statusStart = word + 21
        let negative = statusStart < end && line[statusStart] == ASCII.minus
        if negative { statusStart += 1 }
        let statusEnd = line.endOfDigits(from: statusStart, to: end)
        guard let status = line.decimalValue(statusStart..<statusEnd) else { return nil }
        // Nothing after the status but lldb's "(0x…)" and its description ("lost connection").
        guard statusEnd == end || line.matches(" (0x", at: statusEnd) else { return nil }
        return .processExited(pid: pid, status: negative ? -status : status)
    }

    /// What follows `thread #`: the number, then `, …stop reason = <reason>` or other thread details.
    private static func thread(_ line: Bytes, _ range: Range<Int>) -> DebuggerLine? {
        let digits = line.endOfDigits(from: range.lowerBound, to: range.upperBound)
        guard digits > range.lowerBound else { return nil }
        guard digits == range.upperBound || line[digits] == ASCII.comma || line[digits] == ASCII.colon else { return nil }
        guard let marker = line.range(of: "stop reason = ", from: digits) else { return .other }
        let reason = line.trimmingTrailingBlanks(marker.upperBound..<range.upperBound)
        return reason.isEmpty ? .other : .stopReason(stopReasonText(line, reason))
    }

    /// What follows `frame #`: the number and a colon (`frame #0: 0x00000001a2868ec0 libswiftCore.dylib`…`).
    private static func frame(_ line: Bytes, _ range: Range<Int>) -> DebuggerLine? {
        let digits = line.endOfDigits(from: range.lowerBound, to: range.upperBound)
        return digits > range.lowerBound && line.matches(": ", at: digits) ? .other : nil
    }

    /// `Terminated due to signal <n>` filling `range`.
    private static func terminated(_ line: Bytes, _ range: Range<Int>) -> DebuggerLine? {
        guard line.matches("Terminated due to signal ", at: range.lowerBound) else { return nil }
        let digits = range.lowerBound + 25
        guard line.endOfDigits(from: digits, to: range.upperBound) == range.upperBound,
            let signal = line.decimalValue(digits..<range.upperBound)
        else { return nil }
        return .terminatedBySignal(signal)
    }

    /// Xcode's banner on the line where the debugger stopped the app, copied from the editor:
    /// `Thread 1: EXC_BAD_ACCESS (code=1, address=0x109)` (ampxagency/ios-unity5#55), `Thread 1:
    /// signal SIGABRT`: a Mach exception or a signal, which is the stop's reason. Other text after
    /// `Thread N: ` (a Swift runtime error, which its own line tells) is not the debugger's.
    private static func threadBanner(_ line: Bytes, _ range: Range<Int>) -> DebuggerLine? {
        // At the start of the line, as copied: indented, it is a line of an app's own message.
        guard range.lowerBound == 0, line.matches("Thread ", at: range.lowerBound) else { return nil }
        let digits = line.endOfDigits(from: range.lowerBound + 7, to: range.upperBound)
        guard digits > range.lowerBound + 7, line.matches(": ", at: digits) else { return nil }
        let reason = digits + 2
        var end = reason
        while end < range.upperBound, ASCII.isUpper(line[end]) || line[end] == ASCII.underscore || ASCII.isDigit(line[end]) { end += 1 }
        if line.matches("EXC_", at: reason), end > reason + 4 {
            // The exception's codes, in parentheses, when they follow.
            if line.matches(" (", at: end), let close = line.index(of: ASCII.closeParen, from: end + 2, to: range.upperBound) {
                end = close + 1
            }
        } else if line.matches("signal SIG", at: reason) {
            end = reason + 10
            while end < range.upperBound, ASCII.isUpper(line[end]) { end += 1 }
            guard end > reason + 10 else { return nil }
        } else {
            return nil
        }
        return .stopReason(stopReasonText(line, reason..<end))
    }

    /// The most bytes of a stop's reason kept (lldb's reasons are a line's worth).
    static let stopReasonKept = 256

    /// The reason in `range`, up to ``stopReasonKept`` bytes, not cut inside a character.
    private static func stopReasonText(_ line: Bytes, _ range: Range<Int>) -> String {
        line.string(line.prefix(of: range, bytes: stopReasonKept))
    }

    /// `Target 0: (Runner) stopped.`
    private static func target(_ line: Bytes, _ range: Range<Int>) -> Bool {
        guard line.matches("Target ", at: range.lowerBound) else { return false }
        let digits = line.endOfDigits(from: range.lowerBound + 7, to: range.upperBound)
        guard digits > range.lowerBound + 7, line.matches(": (", at: digits) else { return false }
        return range.count > 10 && line.matches(") stopped.", at: range.upperBound - 10)
    }

    /// A disassembly header, `image`symbol:`: one word with a backtick inside, ending in a colon.
    private static func symbolHeader(_ line: Bytes, _ range: Range<Int>) -> Bool {
        guard range.count > 3, line[range.upperBound - 1] == ASCII.colon,
            line.index(of: 0x60, from: range.lowerBound + 1, to: range.upperBound - 2) != nil
        else { return false }
        for index in range where ASCII.isBlank(line[index]) { return false }
        return true
    }

    // MARK: - The flutter tool

    /// Lines `flutter run` prints itself (flutter_tools), as they start (after blanks).
    private static let toolLinePrefixes: [StaticString] = [
        "Running Xcode build...",
        "Xcode build done.",
        "\u{251C}\u{2500}Assembling Flutter resources...",
        "\u{2514}\u{2500}Compiling, linking and signing...",
        "Syncing files to device ",
        "Installing and launching...",
        "Automatically signing iOS for device deployment using specified development team in Xcode project: ",
        "Flutter run key commands.",
        "r Hot reload.",
        "R Hot restart.",
        "h List all available interactive commands.",
        "d Detach (terminate \"flutter run\" but leave application running).",
        "c Clear the screen",
        "q Quit (terminate the application on the device).",
        "A Dart VM Service on ",
        "An Observatory debugger and profiler on ",
        "The Flutter DevTools debugger and profiler on ",
        "Performing hot reload...",
        "Performing hot restart...",
        "Restarted application in ",
        "Lost connection to device.",
        "Application finished.",
        "To ensure your app continues to launch on upcoming iOS versions, UIScene lifecycle support will soon be required.",
        "See https://flutter.dev/to/uiscene-migration",
    ]

    private static func toolLine(_ line: Bytes, _ range: Range<Int>) -> Bool {
        if shellCommand(line, range) { return true }
        let start = range.lowerBound
        if line.matches("Launching ", at: start) {
            // "Launching lib/main.dart on iPhone 15 in debug mode..."
            return range.count > 18 && line.matches(" mode...", at: range.upperBound - 8)
                && line.range(of: " on ", from: start + 10) != nil
        }
        if line.matches("Reloaded ", at: start) {
            // "Reloaded 1 of 734 libraries in 300ms."
            return line.range(of: " libraries in ", from: start + 9) != nil
        }
        for prefix in toolLinePrefixes where line.matches(prefix, at: start) { return true }
        return false
    }

    /// The tools whose command line a paste keeps above their output (`% flutter run`,
    /// `$ npx react-native log-ios`): the first word of the command after a shell prompt.
    private static let commandWords: [StaticString] = [
        "flutter ", "fvm ", "npx ", "yarn ", "react-native ", "expo ", "ionic ", "cap ", "dotnet ", "xcrun ",
        "idevicesyslog", "pymobiledevice3 ", "ios ", "log ", "xcodebuild ", "tuist ",
    ]

    /// The longest `user@host folder` a shell prompt is taken to hold before its `%`, `$`, `#` or `❯`.
    private static let promptLimit = 160

    /// Whether `range` is a shell's command line running one of ``commandWords``: after a prompt
    /// that ends in `% `, `$ `, `# `, `❯ ` or `➜ `, alone or after a `user@host folder` without
    /// brackets (zsh's `kristykelly@Kristys-MBP artbeat % flutter run`, bash's `root@mac:~# …`).
    private static func shellCommand(_ line: Bytes, _ range: Range<Int>) -> Bool {
        let limit = min(range.upperBound, range.lowerBound + promptLimit)
        var index = range.lowerBound
        while index < limit {
            let byte = line[index]
            if byte == ASCII.openBracket || byte == ASCII.colon && index + 1 < limit && line[index + 1] == ASCII.space {
                return false  // `[sceneID:…]`, `flutter: …`: a message, not a prompt
            }
            let promptEnd: Int? =
                switch byte {
                case UInt8(ascii: "%"), UInt8(ascii: "$"), UInt8(ascii: "#"): index + 1
                case 0xE2 where line.matches("\u{276F}", at: index) || line.matches("\u{279C}", at: index): index + 3
                default: nil
                }
            if let promptEnd, promptEnd < range.upperBound, line[promptEnd] == ASCII.space {
                let command = line.skippingBlanks(from: promptEnd, to: range.upperBound)
                return commandWords.contains { line.matches($0, at: command) }
            }
            index += 1
        }
        return false
    }

    /// The end of `flutter run -v`'s timing column (`[        ] `, `[   +7 ms] `, `[+1008 ms] `) at
    /// `start`, or `start` when there is none.
    private static func endOfToolTimingPrefix(_ line: Bytes, from start: Int, to end: Int) -> Int {
        guard start < end, line[start] == ASCII.openBracket else { return start }
        var index = line.skippingBlanks(from: start + 1, to: end)
        if index < end, line[index] == ASCII.plus {
            let digits = line.endOfDigits(from: index + 1, to: end)
            let unit = line.matches(" ms", at: digits) ? 3 : line.matches(" s", at: digits) ? 2 : 0
            guard digits > index + 1, unit > 0 else { return start }
            index = line.skippingBlanks(from: digits + unit, to: end)
        } else if index == start + 1 {
            return start  // "[x…": not a timing column
        }
        guard index < end, line[index] == ASCII.closeBracket else { return start }
        return line.skippingBlanks(from: index + 1, to: end)
    }
}
