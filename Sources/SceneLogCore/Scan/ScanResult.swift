/// What a scan found, in input order: the model a ``ScanReport`` is made of.
public struct ScanResult: Sendable {
    /// One entry per input read (each archive member, each crash report).
    public var inputs: [InputSummary] = []
    /// The findings kept by the options' filters, input by input, each in line order.
    public var findings = FindingLog()
    /// The launches (of ``ScanOptions/app`` only, when set), numbered `L1`, `L2`… in input order.
    public var launches = LaunchLog()
    /// How many inputs or archive members could not be read (each reported to the observer).
    public var unreadableInputs = 0
    /// The first ``keptInputErrors`` of those, with why, for the reports to name.
    public var inputErrors: [InputError] = []
    /// How many unreadable inputs ``inputErrors`` names at most (a list of a million missing paths
    /// would hold the report's memory).
    static let keptInputErrors = 100
    /// A live scan keeps its latest ``LiveScan/keptLaunches`` launches: the outcomes of the
    /// earlier ones (of every app), as they stood when they were let go.
    public var releasedLaunchOutcomes: [LaunchOutcome: Int] = [:]
    /// Whether a stop was requested before every input was read.
    public var interrupted = false
    /// Where the findings and launches were spilled.
    var spool: Spool?
    /// With ``ScanOptions/reportsAsPart``: each input's own result, for the JSON report's `part`.
    var part: ReportPart?

    /// Whether some findings or launches could not be read back from the temporary file they were
    /// spilled to (an I/O error): a report made from this result, read after that, is incomplete.
    public var readBackFailed: Bool { spool?.failedToReadBack ?? false }

    /// Whether no input yielded a record or a finding: an empty folder, only empty files, or
    /// nothing that could be read (see ``ScanReport/readNothing``).
    public var readNothing: Bool { findings.isEmpty && !inputs.contains { $0.records > 0 } }

    /// What is said when findings or launches could not be read back (``readBackFailed``).
    public static let readBackFailedMessage =
        "some findings or launches could not be read back from the temporary file they were spilled to (an I/O error): the report is incomplete"

    /// What is said of a run that read nothing.
    public static let nothingReadMessage = "no logs were read: the inputs held no record (an empty folder, empty files, or nothing readable)"

    init() {}

    /// Counts `errors` as unreadable inputs, keeping the first ``keptInputErrors`` of them.
    mutating func note(unreadable errors: [InputError]) {
        unreadableInputs += errors.count
        inputErrors += errors.prefix(max(Self.keptInputErrors - inputErrors.count, 0))
    }

    /// Joins the units' results in order (``UnitMerger``).
    init(merging units: [UnitResult], keepingCrashReportsOf device: String? = nil) {
        var merger = UnitMerger()
        for unit in units { merger.add(unit) }
        self = merger.finish(keepingCrashReportsOf: device)
    }

    /// Joins each crash report of `links` to the latest launch of the same bundle and pid: into
    /// that launch's finding of the same rule (`rulesByLaunch`), else as a finding of its own.
    /// With `device` (``ScanFilters/device``), a crash report whose launch is not of that device
    /// is left out.
    fileprivate mutating func join(_ links: [CrashReportLink], rulesByLaunch: LaunchRuleMarks, keepingCrashReportsOf device: String?) {
        guard !links.isEmpty else { return }
        let latest = latestLaunches(of: Set(links.map { LaunchKey(bundle: $0.bundle, pid: $0.pid) }))
        for link in links {
            guard let launch = latest[LaunchKey(bundle: link.bundle, pid: link.pid)], device.map({ $0 == launch.device }) ?? true else {
                if device != nil { findings.leaveOut(part: link.part) }
                continue
            }
            if rulesByLaunch.contains(link.rule, launch: launch.id) {
                // The log told the same problem: the crash report is that finding's evidence.
                findings.fold(part: link.part, intoFindingOf: link.rule, launch: launch.id)
            } else {
                findings.link(part: link.part, toLaunch: launch.id, device: launch.device)
                launches.addFinding(toLaunch: launch.id)
            }
        }
    }

    /// A crash report's process: its bundle and pid.
    private struct LaunchKey: Hashable {
        var bundle: String
        var pid: Int
    }

    /// The id and device of the latest launch of each of `keys`, read in one pass.
    private func latestLaunches(of keys: Set<LaunchKey>) -> [LaunchKey: (id: String, device: String?)] {
        var latest: [LaunchKey: (id: String, device: String?)] = [:]
        for launch in launches {
            guard let bundle = launch.bundle, let pid = launch.pid else { continue }
            let key = LaunchKey(bundle: bundle, pid: pid)
            if keys.contains(key) { latest[key] = (launch.id, launch.device) }
        }
        return latest
    }
}

/// The units' results joined in order, one at a time as each is done, so that a run of many
/// inputs holds each unit's result only until it is added: launch ids are shifted past the units
/// before, and, at the end, each crash report's finding joins the latest launch of the same bundle
/// and pid.
struct UnitMerger {
    private var result = ScanResult()
    private var links: [CrashReportLink] = []
    private var rulesByLaunch = LaunchRuleMarks()
    /// Whether a unit saw ``ScanOptions/app``, and whether one read anything.
    private(set) var seesApp = false
    private(set) var readSomething = false

    mutating func add(_ unit: UnitResult) {
        let numbering = LaunchNumbering(offset: result.launches.count)
        links += unit.crashReportLinks.map { link in
            CrashReportLink(part: result.findings.parts.count + link.part, rule: link.rule, bundle: link.bundle, pid: link.pid)
        }
        rulesByLaunch.add(unit.rulesByLaunch, offset: numbering.offset)
        result.inputs += unit.summaries
        result.findings.append(contentsOf: unit.findings, launchShift: numbering.offset)
        result.launches.append(contentsOf: unit.launches, launchShift: numbering.offset)
        result.note(unreadable: unit.errors)
        seesApp = seesApp || unit.seesApp
        readSomething = readSomething || !unit.summaries.isEmpty
    }

    /// The joined result; with `device`, crash reports of launches of other devices are left out.
    consuming func finish(keepingCrashReportsOf device: String?) -> ScanResult {
        result.join(links, rulesByLaunch: rulesByLaunch, keepingCrashReportsOf: device)
        return result
    }
}

extension ScanReport {
    /// The report of `result`, with the descriptions of the rules of `ruleSet` and of the launch
    /// and crash-report diagnoses.
    public init(_ result: ScanResult, ruleSet: RuleSet?) {
        self.init(
            inputs: result.inputs, findings: result.findings, launches: result.launches,
            rules: (ruleSet?.descriptions ?? []) + RuleCatalog.diagnoses, interrupted: result.interrupted)
        part = result.part
        unreadableInputs = result.unreadableInputs
        inputErrors = result.inputErrors
    }
}
