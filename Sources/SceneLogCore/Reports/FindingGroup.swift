/// Findings that repeat one another: same rule, same process, same message once addresses and
/// numbers are set aside. Console exports often log one line two or three times within microseconds.
struct FindingGroup: Sendable {
    /// The first finding of the group.
    let first: Finding
    /// The last one (the same as `first` for a group of one).
    let last: Finding
    let count: Int

    /// What repeats of one finding share: rule, process, bundle, and message with numbers set
    /// aside (so that the kills of two apps are never one group).
    static func key(of finding: Finding) -> String {
        finding.rule + "\u{1F}" + (finding.process ?? "") + "\u{1F}" + (finding.data["bundle"] ?? "") + "\u{1F}"
            + normalized(finding.message)
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

/// Findings grouped where they repeat (``FindingGroup``), in the order each group first appears,
/// up to a number of groups: the findings of groups past it are counted, not listed, so that
/// memory stays bounded however many distinct findings a run has.
struct FindingGroups: Sendable {
    /// The most groups a report lists.
    static let defaultLimit = 5_000

    private(set) var groups: [FindingGroup] = []
    /// The findings of groups past the limit, counted.
    private(set) var unlisted = FindingTally()

    /// Groups `findings`, listing at most `limit` groups; with `byFile`, repeats in two files are
    /// two groups (the text report lists each file's findings under its name).
    init(_ findings: some Sequence<Finding>, limit: Int = FindingGroups.defaultLimit, byFile: Bool = false) {
        var positions: [String: Int] = [:]
        var counts: [Int] = []
        var lasts: [Finding] = []
        var firsts: [Finding] = []
        for finding in findings {
            // Repeats on two devices are two problems: a list never folds them together.
            var key = FindingGroup.key(of: finding) + "\u{1F}" + (finding.device ?? "")
            if byFile { key += "\u{1F}" + finding.location.path }
            if let position = positions[key] {
                counts[position] += 1
                lasts[position] = finding
            } else if firsts.count < limit {
                positions[key] = firsts.count
                firsts.append(finding)
                lasts.append(finding)
                counts.append(1)
            } else {
                unlisted.add(finding)
            }
        }
        groups = firsts.indices.map { FindingGroup(first: firsts[$0], last: lasts[$0], count: counts[$0]) }
    }

    /// A sentence for the findings not listed, or `nil` when every finding is.
    var unlistedNote: String? {
        let count = unlisted.total
        guard count > 0 else { return nil }
        return "\(count) more finding\(count == 1 ? " is" : "s are") not listed here (only the first "
            + "\(groups.count) groups are); the JSON report lists every finding."
    }
}

/// The groups of one file, for the text report's heading per file.
struct FileFindingGroups {
    /// The file's path as the report names it (an archive member's `archive!/member`).
    let path: String
    /// Its groups, errors first, then warnings, then notes, each severity in report order.
    let groups: [FindingGroup]

    /// `groups` by the file of their first finding, the files in the order their first group comes.
    static func byFile(_ groups: [FindingGroup]) -> [FileFindingGroups] {
        var positions: [String: Int] = [:]
        var files: [(path: String, groups: [FindingGroup])] = []
        for group in groups {
            let path = group.first.location.path
            if let position = positions[path] {
                files[position].groups.append(group)
            } else {
                positions[path] = files.count
                files.append((path, [group]))
            }
        }
        return files.map { file in
            let bySeverity = Dictionary(grouping: file.groups) { $0.first.severity }
            return FileFindingGroups(path: file.path, groups: Severity.allCases.reversed().flatMap { bySeverity[$0] ?? [] })
        }
    }
}
