/// Tells a text log from the binary and structured files people point scenelog at by mistake.
public enum InputKind: Sendable, Equatable {
    case text
    case gzip
    case zip
    case tar
    case crashReport
    case utf16
    case binary

    /// Looks at the first bytes of an input.
    public static func sniff(_ head: UnsafeBufferPointer<UInt8>) -> InputKind {
        if head.count >= 2, head[0] == 0x1F, head[1] == 0x8B { return .gzip }
        if head.count >= 2, (head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF) { return .utf16 }
        if head.matches("PK\u{03}\u{04}", at: 0) { return .zip }
        if head.count >= 262, head.matches("ustar", at: 257) { return .tar }
        let start = head.skippingBlanks(from: 0)
        if head.matches("{\"", at: start) {
            let end = head.index(of: ASCII.newline, from: start) ?? head.count
            let firstLine = UnsafeBufferPointer(rebasing: head[start..<end])
            if firstLine.range(of: "\"bug_type\"") != nil { return .crashReport }
        }
        if head.matches("Incident Identifier:", at: start) { return .crashReport }
        return looksBinary(head) ? .binary : .text
    }

    /// More than 1 in 20 bytes are control characters other than tab, line ends, escape and NUL
    /// (NULs separate records in raw syslog_relay captures).
    private static func looksBinary(_ head: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !head.isEmpty else { return false }
        var control = 0
        var nul = 0
        for byte in head {
            if byte == 0 {
                nul += 1
            } else if byte < 0x20, byte != ASCII.tab, byte != ASCII.newline, byte != ASCII.carriageReturn,
                byte != ASCII.escape, byte != 0x0C
            {
                control += 1
            }
        }
        return control * 20 > head.count || nul * 4 > head.count
    }

    /// What to tell the user about an input of this kind that is not read.
    public var refusal: String? {
        switch self {
        case .text: nil
        case .gzip: "is gzip-compressed, not a text log; compressed inputs are not read yet, so decompress it first (gunzip -k)"
        case .zip: "is a zip archive, not a text log; archives are not read yet, so extract it first (unzip)"
        case .tar: "is a tar archive, not a text log; archives are not read yet, so extract it first (tar -xf)"
        case .crashReport: "is a crash report (.ips), not a console log; crash reports are not read yet"
        case .utf16: "is UTF-16 text (as Windows PowerShell writes it); convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8)"
        case .binary: "is not a text log (it holds binary data)"
        }
    }
}
