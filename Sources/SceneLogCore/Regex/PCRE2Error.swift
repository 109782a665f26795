import CPCRE2

/// An error reported by PCRE2: a pattern that does not compile, or a match that gave up.
struct PCRE2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// PCRE2's error code (negative for match errors, positive for compile errors).
    let code: Int32
    /// PCRE2's own text for `code`.
    let message: String
    /// For compile errors, the byte offset in the pattern where PCRE2 stopped.
    let offset: Int?

    init(code: Int32, offset: Int? = nil) {
        self.code = code
        self.message = PCRE2Error.text(for: code)
        self.offset = offset
    }

    /// Whether this is a resource limit (match or depth limit) rather than a real error.
    var isLimitExceeded: Bool {
        code == PCRE2_ERROR_MATCHLIMIT || code == PCRE2_ERROR_DEPTHLIMIT || code == PCRE2_ERROR_HEAPLIMIT
            || code == PCRE2_ERROR_JIT_STACKLIMIT
    }

    var description: String {
        if let offset { return "\(message) at offset \(offset)" }
        return message
    }

    private static func text(for code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer {
            pcre2_get_error_message_8(code, $0.baseAddress, $0.count)
        }
        guard length > 0 else { return "PCRE2 error \(code)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}
