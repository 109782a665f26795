import Testing

@testable import SceneLogCore

/// The key that tells repeats of one finding apart from new ones: baselines compare by it and SARIF
/// fingerprints are made from it.
@Suite("finding key")
struct FindingGroupKeyTests {
    static func finding(
        rule: String = "launch-watchdog-termination", process: String? = "TripPlanner", message: String,
        line: Int = 42, timestamp: String? = "10:00:01.000001", pid: Int? = 796
    ) -> Finding {
        Finding(
            rule: rule, severity: .error, message: message,
            location: SourceLocation(path: "device.log", line: line, byteOffset: 0), timestamp: timestamp, process: process, pid: pid, excerpt: message)
    }

    @Test(
        "numbers and hexadecimal addresses are set aside, words kept",
        arguments: [
            ("TripPlanner[796] was killed: 0x8badf00d", "TripPlanner[#] was killed: #"),
            ("Hang detected: 9.30s", "Hang detected: #.#s"),
            ("<UIWindow: 0x7FA3c2d0e100; frame = (0 0; 390 844)>", "<UIWindow: #; frame = (# #; # #)>"),
            ("at 2025-06-03 10:00:01.000001+0500", "at #-#-# #:#:#.#+#"),
            ("a bare 0x prefix", "a bare # prefix"),
            ("no numbers in this one", "no numbers in this one"),
            ("café №7 ready", "café №# ready"),
            ("", ""),
        ])
    func normalized(message: String, expected: String) {
        #expect(FindingGroup.normalized(message) == expected)
    }

    @Test("repeats that differ in addresses, pids, times, lines or timestamps share a key")
    func repeatsShareAKey() {
        let first = Self.finding(message: "TripPlanner[796] scene-create watchdog 0x8badf00d after 19.96 s")
        let again = Self.finding(
            message: "TripPlanner[2210] scene-create watchdog 0x8BADF00D after 20.01 s", line: 913,
            timestamp: "11:42:07.123456", pid: 2210)
        #expect(FindingGroup.key(of: first) == FindingGroup.key(of: again))
    }

    @Test("a different rule, process or wording is a different finding")
    func differencesThatCount() {
        let base = Self.finding(message: "TripPlanner[796] scene-create watchdog 0x8badf00d")
        let otherRule = Self.finding(rule: "main-thread-hang", message: base.message)
        let otherProcess = Self.finding(process: "Shiftboard", message: base.message)
        let otherWording = Self.finding(message: "TripPlanner[796] scene-update watchdog 0x8badf00d")
        let keys = [base, otherRule, otherProcess, otherWording].map(FindingGroup.key(of:))
        #expect(Set(keys).count == keys.count)
    }

    @Test("the fields of the key are kept apart: a rule's end cannot pass for a process's start")
    func fieldsKeptApart() {
        let one = Self.finding(rule: "rule-a", process: "bProcess", message: "m")
        let other = Self.finding(rule: "rule-ab", process: "Process", message: "m")
        #expect(FindingGroup.key(of: one) != FindingGroup.key(of: other))
    }

    @Test("grouping counts repeats by the key, keeping the first and the last of each")
    func grouping() {
        let findings = [
            Self.finding(message: "killed 0x8badf00d at 1.5 s", line: 1),
            Self.finding(rule: "main-thread-hang", message: "blocked 2 s", line: 2),
            Self.finding(message: "killed 0x8badf00d at 2.5 s", line: 3),
            Self.finding(message: "killed 0xdead10cc at 3.5 s", line: 4),
        ]
        let groups = FindingGroups(findings).groups
        #expect(groups.map(\.count) == [3, 1])
        #expect(groups.map(\.first.location.line) == [1, 2])
        #expect(groups.map(\.last.location.line) == [4, 2])
    }
}
