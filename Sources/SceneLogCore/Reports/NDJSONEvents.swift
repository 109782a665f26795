/// One JSON object per line and per event (DESIGN section 6), for jq and other tools: what
/// `watch --format ndjson` streams and `scan --format ndjson` writes.
///
/// Every object starts with `type`: `finding` (a finding object as in the JSON report), `launch`
/// (a launch object, sent on each phase change with the phase or new outcome in `change`), or
/// `summary` (the counts at the end).
public enum NDJSONEvents {
    /// A `finding` event.
    public static func finding(_ finding: Finding) -> String {
        var json = JSONWriter(reservingCapacity: 1024, compact: true)
        JSONRenderer().write(finding, to: &json, leading: ["type": "finding"])
        return line(json)
    }

    /// A `launch` event: the launch as it stands after `change` (a phase such as `spawned`, or an
    /// outcome such as `crashed`).
    public static func launch(_ launch: Launch, change: String) -> String {
        var json = JSONWriter(reservingCapacity: 1024, compact: true)
        JSONRenderer().write(launch, to: &json, leading: ["type": "launch", "change": change])
        return line(json)
    }

    /// The `summary` event: lines read, findings by severity and by rule, launches by outcome.
    public static func summary(inputs: [InputSummary], tally: FindingTally, launches: [Launch]) -> String {
        let report = ScanReport(inputs: inputs, launches: launches)
        var json = JSONWriter(reservingCapacity: 1024, compact: true)
        json.beginObject()
        json.key("type")
        json.string("summary")
        json.key("findings")
        json.intObject(Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, tally.bySeverity[$0] ?? 0) }))
        json.key("findingsByRule")
        json.intObject(tally.byRule)
        json.key("launches")
        json.int(launches.count)
        json.key("launchesByOutcome")
        json.intObject(launches.reduce(into: [:]) { counts, launch in counts[launch.outcome.rawValue, default: 0] += 1 })
        json.key("lines")
        json.int(report.totals.lines)
        json.key("unparsedLines")
        json.int(report.totals.unparsedLines)
        json.endObject()
        return line(json)
    }

    /// A whole report as events: every finding, every launch (`change` is its outcome), the summary.
    static func render(_ report: ScanReport) -> String {
        var text = ""
        render(report) { text += $0 }
        return text
    }

    /// Renders `report` to `write` an event at a time.
    static func render(_ report: ScanReport, to write: (String) throws -> Void) rethrows {
        for item in report.findings { try write(finding(item)) }
        for item in report.launches { try write(launch(item, change: item.outcome.rawValue)) }
        try write(
            summary(inputs: report.inputs, tally: report.findings.reduce(into: FindingTally()) { $0.add($1) }, launches: report.launches))
    }

    private static func line(_ json: JSONWriter) -> String {
        String(decoding: json.bytes, as: UTF8.self) + "\n"
    }
}
