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
/// allows); `tests` counts testcases and `failures` counts the testcases that failed, on every
/// suite and on the `<testsuites>` root. The output has no timestamps or host names, so it is
/// stable for the same report.
struct JUnitRenderer {
    static let ruleClassName = "scenelog.rules"
    static let launchClassName = "scenelog.launches"
    static let baselineClassName = "scenelog.baseline"

    func render(_ digest: ReportDigest, options: RenderOptions) -> String {
        let report = digest.report
        let suites = self.suites(for: report, failOn: options.failOn)
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.failedCount }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        if report.interrupted { xml += "<!-- \(ScanReport.interruptedNote) -->\n" }
        xml += "<testsuites name=\"\(Self.attribute(report.tool.name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        for suite in suites { write(suite, to: &xml) }
        xml += "</testsuites>\n"
        return xml
    }

    // MARK: - Model

    private struct Suite {
        var name: String
        var cases: [Case] = []

        var failedCount: Int { cases.count { !$0.failures.isEmpty } }
    }

    private struct Case {
        var className: String
        var name: String
        /// Seconds, for a launch's time to active.
        var time: String?
        var failures: [Failure] = []
        var systemOut: [String] = []
    }

    private struct Failure {
        var message: String
        var type: String
        var details: String
    }

    /// The suites of `report`: one per path that has an input, a finding or a launch, then the
    /// baseline's.
    private func suites(for report: ScanReport, failOn: Severity?) -> [Suite] {
        var paths: [String] = []
        var seen: Set<String> = []
        let allPaths = report.inputs.map(\.path) + report.findings.map(\.location.path) + report.launches.map(\.path)
        for path in allPaths where seen.insert(path).inserted { paths.append(path) }
        let findingsByPath = Dictionary(grouping: report.findings, by: \.location.path)
        let launchesByPath = Dictionary(grouping: report.launches, by: \.path)
        let ruleIDs = Set(report.rules.keys).union(report.findings.map(\.rule)).sorted()

        var suites: [Suite] = paths.map { path in
            var suite = Suite(name: Self.line(path))
            let findingsByRule = Dictionary(grouping: findingsByPath[path] ?? [], by: \.rule)
            for rule in ruleIDs {
                var testCase = Case(className: Self.ruleClassName, name: rule)
                for finding in findingsByRule[rule] ?? [] {
                    if let failOn, finding.severity >= failOn {
                        testCase.failures.append(failure(for: finding, rule: report.rules[rule]))
                    } else {
                        testCase.systemOut.append("\(finding.severity.rawValue) \(Self.line(finding.location.description)): \(finding.message)")
                    }
                }
                suite.cases.append(testCase)
            }
            for launch in launchesByPath[path] ?? [] { suite.cases.append(testCase(for: launch)) }
            return suite
        }
        if let diff = report.baseline { suites.append(baselineSuite(diff, rules: report.rules, failOn: failOn)) }
        return suites
    }

    private func failure(for finding: Finding, rule: RuleDescription?) -> Failure {
        var lines = [Self.describe(finding)]
        lines.append("excerpt: \(finding.excerpt)")
        if !finding.data.isEmpty {
            lines.append("data: " + finding.data.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", "))
        }
        if let fix = rule?.fix { lines.append("fix: \(fix)") }
        return Failure(message: finding.message, type: finding.severity.rawValue, details: lines.joined(separator: "\n"))
    }

    /// `path:line  timestamp  process[pid]  launch L1`, leaving out what is not known.
    private static func describe(_ finding: Finding) -> String {
        var parts = [line(finding.location.description)]
        if let timestamp = finding.timestamp { parts.append(line(timestamp)) }
        if let process = finding.process { parts.append(line(process) + (finding.pid.map { "[\($0)]" } ?? "")) }
        if let launch = finding.launch { parts.append("launch \(line(launch))") }
        return parts.joined(separator: "  ")
    }

    private func testCase(for launch: Launch) -> Case {
        var testCase = Case(className: Self.launchClassName, name: "launch \(launch.id) \(Self.line(launch.appName))")
        if let ms = launch.timeToActiveMs, ms >= 0 { testCase.time = Self.seconds(milliseconds: ms) }
        let outcome = launch.outcome
        guard outcome != .active else { return testCase }
        let message = "\(launch.id) \(Self.line(launch.appName)) ended \(outcome.rawValue)" + launch.terminationSuffix
        var lines: [String] = []
        if let process = launch.process { lines.append("process: \(Self.line(process))" + (launch.pid.map { "[\($0)]" } ?? "")) }
        if let device = launch.device { lines.append("device: \(Self.line(device))") }
        for (phase, mark) in launch.phases {
            lines.append("\(phase.rawValue): \(Self.line(mark.location.description))" + (mark.timestamp.map { "  \(Self.line($0))" } ?? ""))
        }
        if let ms = launch.timeToActiveMs { lines.append("time to active: \(ms) ms") }
        if launch.findings > 0 { lines.append("findings: \(launch.findings)") }
        testCase.failures.append(Failure(message: message, type: outcome.rawValue, details: lines.joined(separator: "\n")))
        return testCase
    }

    private func baselineSuite(_ diff: BaselineDiff, rules: [String: RuleDescription], failOn: Severity?) -> Suite {
        var suite = Suite(name: "baseline")
        for finding in diff.newFindings {
            var testCase = Case(className: Self.baselineClassName, name: "new \(finding.rule) \(Self.line(finding.location.description))")
            if let failOn, finding.severity >= failOn {
                var failure = failure(for: finding, rule: rules[finding.rule])
                failure.message = "new since \(Self.line(diff.baselinePath)): \(finding.message)"
                testCase.failures.append(failure)
            } else {
                testCase.systemOut.append("\(finding.severity.rawValue), below --fail-on: \(finding.message)")
            }
            suite.cases.append(testCase)
        }
        for regression in diff.launchRegressions {
            let kind = regression.kind.name
            var testCase = Case(className: Self.baselineClassName, name: "launch regression \(Self.line(regression.app)) \(kind)")
            testCase.failures.append(
                Failure(message: regression.summary, type: kind, details: "compared with \(Self.line(diff.baselinePath))\n\(regression.summary)"))
            suite.cases.append(testCase)
        }
        for finding in diff.fixedFindings {
            var testCase = Case(className: Self.baselineClassName, name: "fixed \(finding.rule) \(Self.line(finding.location.description))")
            testCase.systemOut.append("fixed since \(Self.line(diff.baselinePath)): \(finding.message)")
            suite.cases.append(testCase)
        }
        return suite
    }

    /// `1234` → `1.234`.
    private static func seconds(milliseconds ms: Int) -> String {
        let fraction = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    // MARK: - Writing

    private func write(_ suite: Suite, to xml: inout String) {
        xml += "  <testsuite name=\"\(Self.attribute(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(suite.failedCount)\" errors=\"0\" skipped=\"0\">\n"
        for testCase in suite.cases {
            var open = "    <testcase classname=\"\(Self.attribute(testCase.className))\" name=\"\(Self.attribute(testCase.name))\""
            if let time = testCase.time { open += " time=\"\(time)\"" }
            guard !testCase.failures.isEmpty || !testCase.systemOut.isEmpty else {
                xml += open + "/>\n"
                continue
            }
            xml += open + ">\n"
            for failure in testCase.failures {
                xml += "      <failure message=\"\(Self.attribute(failure.message))\" type=\"\(Self.attribute(failure.type))\">"
                xml += Self.text(failure.details) + "</failure>\n"
            }
            if !testCase.systemOut.isEmpty {
                xml += "      <system-out>" + Self.text(testCase.systemOut.joined(separator: "\n")) + "</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n"
    }

    private static func attribute(_ value: String) -> String { Escaping.markupAttribute(value) }

    private static func text(_ value: String) -> String { Escaping.markupText(value) }

    /// A name (a path, a process, a timestamp) on one line, before it is escaped for XML.
    private static func line(_ value: String) -> String { Escaping.terminalLine(value) }
}
