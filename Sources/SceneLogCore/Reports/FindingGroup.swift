/// Findings that repeat one another: same rule, same process, same message once addresses and
/// numbers are set aside. Console exports often log one line two or three times within microseconds.
struct FindingGroup: Sendable {
    /// The first finding of the group.
    let first: Finding
    /// The last one (the same as `first` for a group of one).
    let last: Finding
    let count: Int

    /// Groups `findings`, keeping the order in which each group first appears.
    static func grouping(_ findings: [Finding]) -> [FindingGroup] {
        var order: [String] = []
        var groups: [String: (first: Finding, last: Finding, count: Int)] = [:]
        for finding in findings {
            let key = key(of: finding)
            if let group = groups[key] {
                groups[key] = (group.first, finding, group.count + 1)
            } else {
                order.append(key)
                groups[key] = (finding, finding, 1)
            }
        }
        return order.compactMap { key in groups[key].map { FindingGroup(first: $0.first, last: $0.last, count: $0.count) } }
    }

    /// What repeats of one finding share: rule, process, and message with numbers set aside.
    static func key(of finding: Finding) -> String {
        finding.rule + "\u{1F}" + (finding.process ?? "") + "\u{1F}" + normalized(finding.message)
    }

    /// `message` with hexadecimal and decimal numbers replaced by `#`, so that repeats that differ
    /// only in addresses, pids or times compare equal.
    static func normalized(_ message: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(message.utf8.count)
        var bytes = message.utf8[...]
        while let byte = bytes.first {
            if byte == ASCII.zero, bytes.dropFirst().first == 0x78 {  // "0x"
                result.append(0x23)
                bytes = bytes.dropFirst(2).drop { ASCII.isHexDigit($0) }
            } else if ASCII.isDigit(byte) {
                result.append(0x23)
                bytes = bytes.drop { ASCII.isDigit($0) }
            } else {
                result.append(byte)
                bytes = bytes.dropFirst()
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
