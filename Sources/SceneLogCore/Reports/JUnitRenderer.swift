/// The JUnit XML report (`--format junit`), for CI systems that show test results: Jenkins,
/// GitLab, Azure Pipelines and the GitHub test-report actions.
///
/// Layout:
/// - one `<testsuite>` per input, named by its path (an archive member keeps its
///   `archive!/member` path), in input order;
/// - in it, one `<testcase classname="scenelog.rules">` per rule that ran, named by the rule id
///   (sorted), with one `<failure>` per finding of that rule in that input at or above
///   ``RenderOptions/failOn`` (none when it is `nil`); findings below it are listed in the
///   testcase's `<system-out>`;
/// - then one `<testcase classname="scenelog.launches" name="launch L1 com.example.app">` per
///   launch read from that input, failing when its outcome is not `active`, with the time to active
///   as `time` (seconds) where it is known;
/// - with a baseline, a last `<testsuite name="baseline">` (classname `scenelog.baseline`): a
///   testcase per new finding (failing at or above `failOn`), one failing testcase per launch
///   regression, and a passing one per fixed finding.
///
/// A testcase can hold several `<failure>` elements (one per finding, as the Jenkins JUnit schema
/// allows), up to ``maximumListedPerCase``, and the whole report lists up to
/// ``maximumListedFindings`` findings in rule testcases: past either, findings are counted in the
/// testcase's `<system-out>` rather than listed, so that a run of many findings renders in bounded
/// memory (the baseline suite is written as the findings are read). `tests` counts testcases and
/// `failures` counts the testcases that failed, on every suite and on the `<testsuites>` root. The
/// output has no timestamps or host names, so it is stable for the same report.
struct JUnitRenderer {
    static let ruleClassName = "scenelog.rules"
    static let launchClassName = "scenelog.launches"
    static let baselineClassName = "scenelog.baseline"
    /// The most findings one rule testcase lists.
    static let maximumListedPerCase = 100
    /// The most findings the rule testcases of a report list together.
    static let maximumListedFindings = 20_000

    func render(_ digest: ReportDigest, options: RenderOptions) -> String {
        var text: [UInt8] = []
        render(digest, options: options) { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// Renders the report to `write` in pieces of about 64 KiB.
    func render(_ digest: ReportDigest, options: RenderOptions, to emit: ([UInt8]) throws -> Void) rethrows {
        let report = digest.report
        let listed = ListedFindings(report, failOn: options.failOn, baseline: report.baseline)
        let launches = LaunchesByPath(report.launches)
        let suites = self.suites(for: report, listed: listed, launches: launches)
        var tests = suites.reduce(0) { $0 + $1.testCount }
        var failures = suites.reduce(0) { $0 + $1.failedCount }
        if let diff = report.baseline {
            tests += diff.newFindingCount + diff.launchRegressions.count + diff.fixedFindings.count + diff.notSeenFindings.count
            failures += listed.newFailing + diff.launchRegressions.count
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        if report.readNothing { xml += "<!-- \(ScanReport.nothingReadNote) -->\n" }
        if report.interrupted { xml += "<!-- \(ScanReport.interruptedNote) -->\n" }
        // A comment holds no `--`, nor can it end in `-`.
        if let note = report.unreadableNote { xml += "<!-- \(Escaping.markupText(note).replacing("-", with: "\u{2010}")) -->\n" }
        xml += "<testsuites name=\"\(Self.attribute(report.tool.name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        // Launches come input by input: when their paths come in the suites' order, they are read
        // once, along the suites; else each suite reads its own.
        let readsAlong = launches.runs == suites.filter { $0.launches > 0 }.map(\.path)
        var along = report.launches.makeIterator()
        for suite in suites {
            writeOpening(suite, to: &xml)
            for _ in 0..<(readsAlong ? suite.launches : 0) {
                guard let launch = along.next() else { break }
                write(testCase(for: launch), to: &xml)
                try drain(&xml, to: emit)
            }
            for launch in report.launches where !readsAlong && launch.path == suite.path {
                write(testCase(for: launch), to: &xml)
                try drain(&xml, to: emit)
            }
            xml += "  </testsuite>\n"
            try drain(&xml, to: emit)
        }
        if let diff = report.baseline {
            try writeBaselineSuite(diff, rules: report.rules, failOn: options.failOn, failing: listed.newFailing, to: &xml, draining: emit)
        }
        xml += "</testsuites>\n"
        try emit(Array(xml.utf8))
    }

    // MARK: - Model

    private struct Suite {
        /// The input's path.
        var path: String
        var name: String
        /// The rule testcases.
        var cases: [Case] = []
        /// How many launch testcases follow them (written as the launches are read), and how many fail.
        var launches = 0
        var failedLaunches = 0

        var testCount: Int { cases.count + launches }
        var failedCount: Int { cases.count { !$0.failures.isEmpty } + failedLaunches }
    }

    /// The paths of the launches, counted in one pass: how many launches each has, how many fail
    /// (those that did not end active), and the paths in the order the launches come in.
    private struct LaunchesByPath {
        var paths: [String] = []
        var counts: [String: (launches: Int, failing: Int)] = [:]
        /// The path of each run of consecutive launches of one path, in order.
        var runs: [String] = []

        init(_ launches: LaunchLog) {
            for launch in launches {
                if counts[launch.path] == nil { paths.append(launch.path) }
                counts[launch.path, default: (0, 0)].launches += 1
                if launch.outcome != .active { counts[launch.path, default: (0, 0)].failing += 1 }
                if runs.last != launch.path { runs.append(launch.path) }
            }
        }
    }

    private struct Case {
        var className: String
        var name: String
        /// Seconds, for a launch's time to active.
        var time: String?
        var failures: [Failure] = []
        /// Why the case was skipped (a finding not seen against the baseline).
        var skipped: String?
        var systemOut: [String] = []
    }

    private struct Failure {
        var message: String
        var type: String
        var details: String
    }

    /// What the rule testcases list, gathered in one pass over the findings: per input path and
    /// rule, the first findings (failures at or above `--fail-on`, the others as output lines),
    /// and how many more there were.
    private struct ListedFindings {
        struct Entry {
            var failures: [Finding] = []
            var others: [Finding] = []
            var failing = 0
            var unlisted = 0
        }

        /// The paths of the findings, in the order they first appear.
        private(set) var paths: [String] = []
        private(set) var entries: [String: [String: Entry]] = [:]
        /// How many new findings (against the baseline) are at or above `--fail-on`.
        private(set) var newFailing = 0

        init(_ report: ScanReport, failOn: Severity?, baseline: BaselineDiff?) {
            var listed = 0
            for finding in report.findings {
                let fails = failOn.map { finding.severity >= $0 } ?? false
                if fails, let baseline, !baseline.isInBaseline(finding) { newFailing += 1 }
                let path = finding.location.path
                if entries[path] == nil {
                    paths.append(path)
                    entries[path] = [:]
                }
                var entry = entries[path]?[finding.rule] ?? Entry()
                if fails { entry.failing += 1 }
                let kept = entry.failures.count + entry.others.count
                if kept < JUnitRenderer.maximumListedPerCase, listed < JUnitRenderer.maximumListedFindings {
                    if fails { entry.failures.append(finding) } else { entry.others.append(finding) }
                    listed += 1
                } else {
                    entry.unlisted += 1
                }
                entries[path]?[finding.rule] = entry
            }
        }
    }

    /// The suites of the inputs: one per path that has an input, a finding or a launch.
    private func suites(for report: ScanReport, listed: ListedFindings, launches: LaunchesByPath) -> [Suite] {
        var paths: [String] = []
        var seen: Set<String> = []
        let allPaths = report.inputs.map(\.path) + listed.paths + launches.paths
        for path in allPaths where seen.insert(path).inserted { paths.append(path) }
        let ruleIDs = Set(report.rules.keys).union(report.findings.tally.byRule.keys).sorted()

        return paths.map { path in
            var suite = Suite(path: path, name: Self.line(path))
            let entries = listed.entries[path] ?? [:]
            for rule in ruleIDs {
                var testCase = Case(className: Self.ruleClassName, name: rule)
                if let entry = entries[rule] {
                    testCase.failures = entry.failures.map { failure(for: $0, rule: report.rules[rule]) }
                    testCase.systemOut = entry.others.map { finding in
                        "\(finding.severity.rawValue) \(Self.line(finding.location.description)): \(Self.line(finding.message))"
                            + (finding.device.map { " (device \(Self.line($0)))" } ?? "")
                    }
                    if entry.unlisted > 0 {
                        testCase.systemOut.append(
                            "\(entry.unlisted) more finding\(entry.unlisted == 1 ? "" : "s") of this rule in this input "
                                + "(\(entry.failing - entry.failures.count) at or above --fail-on) are not listed; the JSON report lists every finding.")
                        if entry.failures.isEmpty, entry.failing > 0 {
                            // Failing findings past the caps still fail the testcase.
                            testCase.failures.append(
                                Failure(message: "\(entry.failing) findings at or above --fail-on", type: rule, details: testCase.systemOut.last ?? ""))
                        }
                    }
                }
                suite.cases.append(testCase)
            }
            suite.launches = launches.counts[path]?.launches ?? 0
            suite.failedLaunches = launches.counts[path]?.failing ?? 0
            return suite
        }
    }

    private func failure(for finding: Finding, rule: RuleDescription?) -> Failure {
        var lines = [Self.describe(finding)]
        // Log text on one line each (a newline shown as ⏎): no line of a log starts a line here.
        lines.append("excerpt: \(Self.line(finding.excerpt))")
        if !finding.data.isEmpty {
            lines.append("data: " + finding.data.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.line($0.value))" }.joined(separator: ", "))
        }
        if let fix = rule?.fix { lines.append("fix: \(fix)") }
        return Failure(message: finding.message, type: finding.severity.rawValue, details: lines.joined(separator: "\n"))
    }

    /// `path:line  timestamp  process[pid]  device QA-iPad  launch L1`, leaving out what is not known.
    private static func describe(_ finding: Finding) -> String {
        var parts = [line(finding.location.description)]
        if let timestamp = finding.timestamp { parts.append(line(timestamp)) }
        if let process = finding.process { parts.append(line(process) + (finding.pid.map { "[\($0)]" } ?? "")) }
        if let device = finding.device { parts.append("device \(line(device))") }
        if let launch = finding.launch { parts.append("launch \(line(launch))") }
        return parts.joined(separator: "  ")
    }

    private func testCase(for launch: Launch) -> Case {
        var testCase = Case(className: Self.launchClassName, name: "launch \(launch.id) \(Self.line(launch.appName))")
        // A time known only to the second is not written as one: `time` would claim milliseconds.
        if let ms = launch.timeToActiveMs, ms >= 0, !launch.isTimedToTheSecond { testCase.time = Self.seconds(milliseconds: ms) }
        let outcome = launch.outcome
        guard outcome != .active else { return testCase }
        let message = "\(launch.id) \(Self.line(launch.appName)) ended \(outcome.rawValue)" + launch.terminationSuffix
        var lines: [String] = []
        if let process = launch.process { lines.append("process: \(Self.line(process))" + (launch.pid.map { "[\($0)]" } ?? "")) }
        if let device = launch.device { lines.append("device: \(Self.line(device))") }
        for (phase, mark) in launch.phases {
            lines.append("\(phase.rawValue): \(Self.line(mark.location.description))" + (mark.timestamp.map { "  \(Self.line($0))" } ?? ""))
        }
        if let time = launch.timeToActiveText { lines.append("time to active: \(time)") }
        if launch.findings > 0 { lines.append("findings: \(launch.findings)") }
        testCase.failures.append(Failure(message: message, type: outcome.rawValue, details: lines.joined(separator: "\n")))
        return testCase
    }

    /// The baseline's suite, written as the new findings are read: a testcase per new finding
    /// (failing at or above `failOn`), a failing one per launch regression, a passing one per fixed
    /// finding, and a skipped one per finding not seen (its input or app absent from this run).
    private func writeBaselineSuite(
        _ diff: BaselineDiff, rules: [String: RuleDescription], failOn: Severity?, failing: Int, to xml: inout String,
        draining emit: ([UInt8]) throws -> Void
    ) rethrows {
        let skipped = diff.notSeenFindings.count
        let tests = diff.newFindingCount + diff.launchRegressions.count + diff.fixedFindings.count + skipped
        xml += "  <testsuite name=\"baseline\" tests=\"\(tests)\" failures=\"\(failing + diff.launchRegressions.count)\" "
            + "errors=\"0\" skipped=\"\(skipped)\">\n"
        for finding in diff.newFindings {
            var testCase = Case(className: Self.baselineClassName, name: "new \(finding.rule) \(Self.line(finding.location.description))")
            if let failOn, finding.severity >= failOn {
                var failure = failure(for: finding, rule: rules[finding.rule])
                failure.message = "new since \(Self.line(diff.baselinePath)): \(finding.message)"
                testCase.failures.append(failure)
            } else {
                testCase.systemOut.append("\(finding.severity.rawValue), below --fail-on: \(Self.line(finding.message))")
            }
            write(testCase, to: &xml)
            try drain(&xml, to: emit)
        }
        for regression in diff.launchRegressions {
            let kind = regression.kind.name
            var testCase = Case(className: Self.baselineClassName, name: "launch regression \(Self.line(regression.app)) \(kind)")
            testCase.failures.append(
                Failure(message: regression.summary, type: kind, details: "compared with \(Self.line(diff.baselinePath))\n\(regression.summary)"))
            write(testCase, to: &xml)
        }
        for finding in diff.fixedFindings {
            var testCase = Case(className: Self.baselineClassName, name: "fixed \(finding.rule) \(Self.line(finding.location.description))")
            testCase.systemOut.append("fixed since \(Self.line(diff.baselinePath)): \(Self.line(finding.message))")
            write(testCase, to: &xml)
            try drain(&xml, to: emit)
        }
        for finding in diff.notSeenFindings {
            var testCase = Case(className: Self.baselineClassName, name: "not seen \(finding.rule) \(Self.line(finding.location.description))")
            testCase.skipped = "not seen: its input was not read or its app did not appear, so it may not be fixed"
            testCase.systemOut.append("in \(Self.line(diff.baselinePath)): \(Self.line(finding.message))")
            write(testCase, to: &xml)
            try drain(&xml, to: emit)
        }
        xml += "  </testsuite>\n"
    }

    /// `1234` → `1.234`.
    private static func seconds(milliseconds ms: Int) -> String {
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    // MARK: - Writing

    /// Opens `suite` and writes its rule testcases (its launch testcases follow).
    private func writeOpening(_ suite: Suite, to xml: inout String) {
        xml += "  <testsuite name=\"\(Self.attribute(suite.name))\" tests=\"\(suite.testCount)\" failures=\"\(suite.failedCount)\" errors=\"0\" skipped=\"0\">\n"
        for testCase in suite.cases { write(testCase, to: &xml) }
    }

    private func write(_ testCase: Case, to xml: inout String) {
        var open = "    <testcase classname=\"\(Self.attribute(testCase.className))\" name=\"\(Self.attribute(testCase.name))\""
        if let time = testCase.time { open += " time=\"\(time)\"" }
        guard !testCase.failures.isEmpty || testCase.skipped != nil || !testCase.systemOut.isEmpty else {
            xml += open + "/>\n"
            return
        }
        xml += open + ">\n"
        for failure in testCase.failures {
            xml += "      <failure message=\"\(Self.attribute(failure.message))\" type=\"\(Self.attribute(failure.type))\">"
            xml += Self.text(failure.details) + "</failure>\n"
        }
        if let skipped = testCase.skipped { xml += "      <skipped message=\"\(Self.attribute(skipped))\"/>\n" }
        if !testCase.systemOut.isEmpty {
            xml += "      <system-out>" + Self.text(testCase.systemOut.joined(separator: "\n")) + "</system-out>\n"
        }
        xml += "    </testcase>\n"
    }

    /// Hands `xml` to `write` once it holds 64 KiB or more.
    private func drain(_ xml: inout String, to emit: ([UInt8]) throws -> Void) rethrows {
        guard xml.utf8.count >= 1 << 16 else { return }
        try emit(Array(xml.utf8))
        xml = ""
    }

    private static func attribute(_ value: String) -> String { Escaping.markupAttribute(value) }

    private static func text(_ value: String) -> String { Escaping.markupText(value) }

    /// A name (a path, a process, a timestamp) on one line, before it is escaped for XML.
    private static func line(_ value: String) -> String { Escaping.terminalLine(value) }
}
