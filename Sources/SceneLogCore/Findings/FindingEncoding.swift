/// A finding as compact bytes, for findings spilled out of memory (``FindingSpool``): strings as
/// a length and their UTF-8 bytes, numbers as variable-length integers.
enum FindingEncoding {
    /// Appends `finding` to `bytes`.
    static func encode(_ finding: Finding, into bytes: inout [UInt8]) {
        bytes.append(severityCode(finding.severity))
        string(finding.rule, into: &bytes)
        string(finding.message, into: &bytes)
        string(finding.location.path, into: &bytes)
        integer(finding.location.line, into: &bytes)
        integer(finding.location.byteOffset, into: &bytes)
        optionalString(finding.timestamp, into: &bytes)
        optionalString(finding.process, into: &bytes)
        if let pid = finding.pid {
            bytes.append(1)
            integer(pid, into: &bytes)
        } else {
            bytes.append(0)
        }
        optionalString(finding.device, into: &bytes)
        optionalString(finding.launch, into: &bytes)
        string(finding.excerpt, into: &bytes)
        integer(finding.data.count, into: &bytes)
        for (key, value) in finding.data {
            string(key, into: &bytes)
            string(value, into: &bytes)
        }
        integer(finding.evidence.count, into: &bytes)
        for location in finding.evidence {
            string(location.path, into: &bytes)
            integer(location.line, into: &bytes)
            integer(location.byteOffset, into: &bytes)
        }
    }

    /// The finding that starts at `position` in `bytes`, `position` moved past it; `nil` when the
    /// bytes end first (which a spool that wrote them never does).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Finding? {
        var reader = Reader(bytes: bytes, position: position)
        guard let finding = reader.finding() else { return nil }
        position = reader.position
        return finding
    }

    private static func severityCode(_ severity: Severity) -> UInt8 {
        UInt8(Severity.allCases.firstIndex(of: severity) ?? 0)
    }

    private static func string(_ value: String, into bytes: inout [UInt8]) {
        var value = value
        value.withUTF8 { utf8 in
            integer(utf8.count, into: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    private static func optionalString(_ value: String?, into bytes: inout [UInt8]) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        string(value, into: &bytes)
    }

    /// Zig-zag LEB128: small numbers, negative ones included (a byte offset of -1), take a byte.
    private static func integer(_ value: Int, into bytes: inout [UInt8]) {
        var zigzag = UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
        while zigzag >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(zigzag))
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int

        mutating func finding() -> Finding? {
            guard let code = byte(), Int(code) < Severity.allCases.count, let rule = string(), let message = string(),
                let path = string(), let line = integer(), let byteOffset = integer(), let timestamp = optionalString(),
                let process = optionalString(), let hasPID = byte()
            else { return nil }
            var pid: Int?
            if hasPID == 1 {
                guard let value = integer() else { return nil }
                pid = value
            }
            guard let device = optionalString(), let launch = optionalString(), let excerpt = string(), let pairs = integer(), pairs >= 0 else { return nil }
            var data: [String: String] = [:]
            data.reserveCapacity(pairs)
            for _ in 0..<pairs {
                guard let key = string(), let value = string() else { return nil }
                data[key] = value
            }
            guard let locations = integer(), locations >= 0 else { return nil }
            var evidence: [SourceLocation] = []
            for _ in 0..<locations {
                guard let path = string(), let line = integer(), let byteOffset = integer() else { return nil }
                evidence.append(SourceLocation(path: path, line: line, byteOffset: byteOffset))
            }
            var finding = Finding(
                rule: rule, severity: Severity.allCases[Int(code)], message: message,
                location: SourceLocation(path: path, line: line, byteOffset: byteOffset), timestamp: timestamp,
                process: process, pid: pid, device: device, launch: launch, excerpt: excerpt, data: data)
            finding.evidence = evidence
            return finding
        }

        private mutating func byte() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        private mutating func integer() -> Int? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while let byte = byte() {
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return Int(truncatingIfNeeded: Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))) }
                shift += 7
                if shift > 63 { return nil }
            }
            return nil
        }

        private mutating func string() -> String? {
            guard let count = integer(), count >= 0, count <= bytes.count - position else { return nil }
            defer { position += count }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + count]), as: UTF8.self)
        }

        private mutating func optionalString() -> String?? {
            guard let flag = byte() else { return nil }
            guard flag == 1 else { return .some(nil) }
            guard let value = string() else { return nil }
            return .some(value)
        }
    }
}
