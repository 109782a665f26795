/// Turns the system's exit descriptions into a ``Termination``.
enum TerminationDecoding {
    /// Darwin's signal names by number.
    static let signalNames = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGEMT", 8: "SIGFPE",
        9: "SIGKILL", 10: "SIGBUS", 11: "SIGSEGV", 12: "SIGSYS", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
    ]

    static func signal(_ number: Int) -> String {
        "\(signalNames[number] ?? "signal")(\(number))"
    }

    /// A process that exited by itself with `code`: `exit(255)`.
    static func exited(_ code: Int) -> Termination {
        Termination(kind: .clean, detail: "exit(\(code))")
    }

    /// runningboardd's `termination reported by launchd (namespace, code, status)`: the os_reason
    /// namespace and code, and the wait4 status.
    static func launchd(namespace: Int, code: Int, status: Int) -> Termination {
        switch namespace {
        case 0:
            if status & 0x7F != 0 { return Termination(kind: .signal, detail: signal(status & 0x7F)) }
            return exited(status >> 8)
        case 1:
            return Termination(kind: .jetsam, detail: "reason \(code)")
        case 2:
            return Termination(kind: .signal, detail: signal(code))
        case 10:
            switch code {
            case 0x8BAD_F00D: return Termination(kind: .watchdog, detail: "0x8badf00d")
            case 0xFBFB_FBFB: return Termination(kind: .user, detail: "force-quit")
            default: return Termination(kind: .unknown, detail: "FRONTBOARD 0x\(String(code, radix: 16))")
            }
        case 11:
            return Termination(kind: .tcc, detail: "code \(code)")
        default:
            return Termination(kind: .unknown, detail: "namespace \(namespace) code 0x\(String(code, radix: 16))")
        }
    }

    /// The context printed after `Process exited: ` (RBS or FrontBoard), read as bytes: a line
    /// that ends a launch is read at every launch of a capture.
    static func exitContext(_ context: Bytes) -> Termination {
        if context.containsIgnoringCase("voluntary") { return Termination(kind: .clean, detail: "voluntary") }
        if context.containsIgnoringCase("0x8badf00d") || context.containsIgnoringCase("fbprocessexitcontext; watchdog") {
            return Termination(kind: .watchdog, detail: "0x8badf00d")
        }
        guard let status = value(after: "domain:", in: context) else { return Termination(kind: .unknown) }
        let code = value(after: "code:", in: context)
        if status.hasPrefix("signal") { return Termination(kind: .signal, detail: code) }
        if status.hasPrefix("dyld") { return Termination(kind: .dyld, detail: code.map(dyldReason)) }
        if status.hasPrefix("tcc") { return Termination(kind: .tcc, detail: code.map { "code \($0)" }) }
        if status.hasPrefix("jetsam") { return Termination(kind: .jetsam, detail: code) }
        if status.hasPrefix("frontboard"), let code, code.hasPrefix("force-quit") {
            return Termination(kind: .user, detail: "force-quit")
        }
        return Termination(kind: .unknown, detail: [status, code].compactMap { $0 }.joined(separator: " "))
    }

    /// dyld's exit reason for `code` (its `DYLD_EXIT_REASON_*`): `DYLIB_MISSING(1)`; the code alone
    /// when it is not one of those.
    private static func dyldReason(_ code: String) -> String {
        let reasons = ["DYLIB_MISSING", "DYLIB_WRONG_ARCH", "DYLIB_WRONG_VERSION", "SYMBOL_MISSING", "CODE_SIGNATURE"]
        guard let number = Int(code), reasons.indices.contains(number - 1) else { return code }
        return "\(reasons[number - 1])(\(number))"
    }

    /// The token after `key` in `text`, up to a space or `>`.
    private static func value(after key: StaticString, in text: Bytes) -> String? {
        guard let range = text.range(of: key) else { return nil }
        var end = range.upperBound
        while end < text.count, text[end] != ASCII.space, text[end] != UInt8(ascii: ">") { end += 1 }
        return end > range.upperBound ? text.string(range.upperBound..<end) : nil
    }
}
