import SceneLogCore

/// What a run over all inputs found, in input order.
struct ScanResults {
    var summaries: [InputSummary] = []
    var findings: [Finding] = []
    var launches: [Launch] = []
    /// Whether an input could not be read (exit code 3 once everything is reported).
    var failed = false

    /// Joins the inputs' results in order: launches are numbered L1, L2… across all of them (the
    /// findings follow), crash reports are linked to their launches, and `--app` keeps its launches.
    init(merging outcomes: [(result: UnitResult, launches: [Launch])], options: RuleOptions) {
        var number = 1
        for (result, launches) in outcomes {
            var renamed: [String: String] = [:]
            for var launch in launches {
                let id = "L\(number)"
                number += 1
                renamed[launch.id] = id
                launch.id = id
                self.launches.append(launch)
            }
            summaries += result.summaries
            findings += result.findings.map { finding in
                var finding = finding
                finding.launch = finding.launch.flatMap { renamed[$0] }
                return finding
            }
            failed = failed || !result.errors.isEmpty
        }
        linkCrashReports()
        launches = options.filter(launches)
    }

    /// A crash report's finding joins the latest launch of the same bundle and pid.
    private mutating func linkCrashReports() {
        for index in findings.indices where findings[index].launch == nil && findings[index].location.line == 1 {
            let finding = findings[index]
            guard finding.rule == CrashReportDiagnosis.description.id || finding.data["terminationCode"] != nil,
                let bundle = finding.data["bundle"], let pid = finding.pid,
                let launch = launches.lastIndex(where: { $0.bundle == bundle && $0.pid == pid })
            else { continue }
            findings[index].launch = launches[launch].id
            launches[launch].findings += 1
        }
    }
}
