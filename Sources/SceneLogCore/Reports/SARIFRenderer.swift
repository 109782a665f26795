/// The SARIF 2.1.0 log (`--format sarif`), for GitHub code scanning and other static-analysis
/// dashboards. It validates against the OASIS SARIF 2.1.0 schema (errata 01), which a test checks.
///
/// One run, whose `tool.driver` is scenelog with every rule of the report (sorted by id): `id`,
/// a PascalCase `name` made from the id, the title as `shortDescription`, the explanation as
/// `fullDescription`, the fix and references as `help` (the first reference's URL as `helpUri`),
/// and the rule's severity as `defaultConfiguration.level`. Then one result per finding, in report
/// order, with:
/// - `ruleId`, `ruleIndex` (into `tool.driver.rules`; left out for a rule the report does not
///   describe), `level` (the finding's severity), `message.text`;
/// - one location: `physicalLocation.artifactLocation.uri` is the input's path as a relative URI
///   reference (percent-encoded), and `region.startLine` its line. **Archive members**: code
///   scanning can only point at files in the checkout, so for `capture.tar.gz!/logs/a.log` the
///   `uri` is the archive (`capture.tar.gz`); the member goes in the artifact location's property
///   bag (`properties.member`, `logs/a.log`) and in its `description.text`, and `startLine` is the
///   line within the member;
/// - `partialFingerprints["scenelogFinding/v1"]`: `rule|process|message` with numbers set aside
///   (``FindingGroup/normalized(_:)``), the same identity the baseline comparison uses, so an
///   alert survives line shifts and changing pids or addresses;
/// - `properties`: the finding's `data`, `excerpt`, `launch`, `pid`, `process` and `timestamp`
///   (those that are known).
///
/// With a baseline, each result has a `baselineState` (`new` or `unchanged`), each fixed finding
/// is added as an `absent` result, and the run's `properties.baseline` gives the baseline's path
/// and the launch regressions (SARIF has no place for them among results).
struct SARIFRenderer {
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    static let fingerprintKey = "scenelogFinding/v1"

    func render(_ digest: ReportDigest) -> String {
        var text: [UInt8] = []
        render(digest) { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// Renders the log to `write` in pieces of about 64 KiB, so that a log of many results is
    /// never held whole.
    func render(_ digest: ReportDigest, to emit: ([UInt8]) throws -> Void) rethrows {
        let report = digest.report
        let rules = report.rules.values.sorted { $0.id < $1.id }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var json = JSONWriter()
        json.beginObject()
        json.key("$schema")
        json.string(Self.schemaURI)
        json.key("version")
        json.string("2.1.0")
        json.key("runs")
        json.beginArray()
        json.beginObject()
        json.key("tool")
        json.beginObject()
        json.key("driver")
        json.beginObject()
        json.key("name")
        json.string(report.tool.name)
        json.key("version")
        json.string(report.tool.version)
        json.key("semanticVersion")
        json.string(report.tool.version)
        json.key("rules")
        json.beginArray()
        for rule in rules { write(rule, to: &json) }
        json.endArray()
        json.endObject()
        json.endObject()
        json.key("results")
        json.beginArray()
        for finding in report.findings {
            write(finding, ruleIndex: ruleIndex[finding.rule], baselineState: digest.baseline?.state(of: finding), to: &json)
            try json.drain(to: emit)
        }
        for finding in digest.baseline?.diff.fixedFindings ?? [] {
            write(finding, ruleIndex: ruleIndex[finding.rule], baselineState: .absent, to: &json)
            try json.drain(to: emit)
        }
        json.endArray()
        let notes = [
            report.readNothing ? ScanReport.nothingReadNote : nil, report.interrupted ? ScanReport.interruptedNote : nil,
            report.unreadableNote,
        ]
            .compactMap(\.self)
        if !notes.isEmpty {
            // The run stopped early, read nothing or left inputs out: SARIF's place for that is an
            // invocation that did not succeed (so that no empty result list reads as "everything fixed").
            json.key("invocations")
            json.beginArray()
            json.beginObject()
            json.key("executionSuccessful")
            json.bool(false)
            json.key("toolExecutionNotifications")
            json.beginArray()
            for note in notes {
                json.beginObject()
                json.key("level")
                json.string("warning")
                json.key("message")
                json.stringObject(["text": note])
                json.endObject()
            }
            json.endArray()
            json.endObject()
            json.endArray()
        }
        if let diff = digest.baseline?.diff {
            json.key("properties")
            json.beginObject()
            json.key("baseline")
            writeBaseline(diff, to: &json)
            json.endObject()
        }
        json.endObject()
        json.endArray()
        json.endObject()
        try emit(Array(json.bytes) + [0x0A])
    }

    /// A `reportingDescriptor`.
    private func write(_ rule: RuleDescription, to json: inout JSONWriter) {
        json.beginObject()
        json.key("id")
        json.string(rule.id)
        json.key("name")
        json.string(Self.pascalCase(rule.id))
        json.key("shortDescription")
        json.stringObject(["text": rule.title])
        json.key("fullDescription")
        json.stringObject(["text": rule.explanation])
        json.key("help")
        var help = rule.fix
        if !rule.references.isEmpty {
            help += "\n\nReferences:\n" + rule.references.map { "- \($0)" }.joined(separator: "\n")
        }
        json.stringObject(["text": help])
        if let url = rule.references.lazy.compactMap(Self.url(inReference:)).first {
            json.key("helpUri")
            json.string(url)
        }
        json.key("defaultConfiguration")
        json.stringObject(["level": Self.level(rule.severity)])
        json.endObject()
    }

    /// A `result`.
    private func write(_ finding: Finding, ruleIndex: Int?, baselineState: BaselineState?, to json: inout JSONWriter) {
        json.beginObject()
        json.key("ruleId")
        json.string(finding.rule)
        if let ruleIndex {
            json.key("ruleIndex")
            json.int(ruleIndex)
        }
        json.key("level")
        json.string(Self.level(finding.severity))
        json.key("message")
        json.stringObject(["text": finding.message])
        json.key("locations")
        json.beginArray()
        json.beginObject()
        json.key("physicalLocation")
        json.beginObject()
        json.key("artifactLocation")
        writeArtifactLocation(finding.location.path, to: &json)
        if finding.location.line >= 1 {
            json.key("region")
            json.intObject(["startLine": finding.location.line])
        }
        json.endObject()
        json.endObject()
        json.endArray()
        json.key("partialFingerprints")
        json.stringObject([Self.fingerprintKey: Self.fingerprint(of: finding)])
        if let baselineState {
            json.key("baselineState")
            json.string(baselineState.rawValue)
        }
        json.key("properties")
        json.beginObject()
        json.key("data")
        json.stringObject(finding.data)
        if let device = finding.device {
            json.key("device")
            json.string(device)
        }
        json.key("excerpt")
        json.string(finding.excerpt)
        if let launch = finding.launch {
            json.key("launch")
            json.string(launch)
        }
        if let pid = finding.pid {
            json.key("pid")
            json.int(pid)
        }
        if let process = finding.process {
            json.key("process")
            json.string(process)
        }
        if let timestamp = finding.timestamp {
            json.key("timestamp")
            json.string(timestamp)
        }
        json.endObject()
        json.endObject()
    }

    /// An `artifactLocation`: the file's URI; for an archive member, the archive's, with the
    /// member in `description` and `properties.member`.
    private func writeArtifactLocation(_ path: String, to json: inout JSONWriter) {
        let split = ArchiveMemberPath(path)
        json.beginObject()
        json.key("uri")
        json.string(Self.uriReference(split.file))
        if let member = split.member {
            json.key("description")
            json.stringObject(["text": "member \(member) of \(split.file)"])
            json.key("properties")
            json.stringObject(["member": member])
        }
        json.endObject()
    }

    /// The run's `properties.baseline`: path, counts (launches timed to the second, left out of the
    /// medians, among them) and launch regressions. The findings not seen (their input or app
    /// absent from this run) are counted here, never listed as `absent` results.
    private func writeBaseline(_ diff: BaselineDiff, to json: inout JSONWriter) {
        json.beginObject()
        json.key("path")
        json.string(diff.baselinePath)
        json.key("newFindings")
        json.int(diff.newFindingCount)
        json.key("fixedFindings")
        json.int(diff.fixedFindings.count)
        json.key("notSeenFindings")
        json.int(diff.notSeenFindings.count)
        json.key("unchangedFindings")
        json.int(diff.unchangedFindingCount)
        json.key("launchesTimedToTheSecond")
        json.int(diff.launchesTimedToTheSecond)
        json.key("launchRegressions")
        json.beginArray()
        for regression in diff.launchRegressions {
            json.beginObject()
            json.key("app")
            json.string(regression.app)
            json.key("kind")
            json.string(regression.kind.name)
            json.key("summary")
            json.string(regression.summary)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    // MARK: - Values

    /// SARIF's `level` for a severity: the names are the same.
    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// `scenelogFinding/v1`: rule, process and normalised message, joined by `|`.
    static func fingerprint(of finding: Finding) -> String {
        finding.rule + "|" + (finding.process ?? "") + "|" + FindingGroup.normalized(finding.message)
    }

    /// `scene-lifecycle-not-adopted` → `SceneLifecycleNotAdopted`.
    static func pascalCase(_ id: String) -> String {
        id.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The URL of a reference written `Title — https://…`, or a bare URL.
    static func url(inReference reference: String) -> String? {
        let candidate = reference.firstRange(of: " — ").map { String(reference[$0.upperBound...]) } ?? reference
        return candidate.hasPrefix("https://") || candidate.hasPrefix("http://") ? candidate : nil
    }

    /// `path` as a relative URI reference: bytes other than unreserved characters, `/` and the
    /// sub-delimiters are percent-encoded (`:` too, so that `a:b.log` is not read as a scheme),
    /// the bytes of a file name that is not UTF-8 as they are in the name (``PathBytes``).
    static func uriReference(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in PathBytes.bytes(path) {
            if ASCII.isDigit(byte) || ASCII.isUpper(byte) || ASCII.isLower(byte)
                || "-._~/!$&'()*+,;=@".utf8.contains(byte)
            {
                bytes.append(byte)
            } else {
                bytes += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
