/// One JSON object per line and per event (DESIGN section 6), for jq and other tools: what
/// `watch --format ndjson` streams and `scan --format ndjson` writes.
///
/// Every object starts with `type`: `finding` (a finding object as in the JSON report), `launch`
/// (a launch object, sent on each phase change with the phase or new outcome in `change`), or
/// `summary` (the counts at the end).
enum NDJSONEvents {
    /// A `finding` event.
    static func finding(_ finding: Finding) -> String {
        var json = JSONWriter(reservingCapacity: 1024, compact: true)
        JSONRenderer().write(finding, to: &json, leading: ["type": "finding"])
        return line(json)
    }

    /// A `launch` event: the launch as it stands after `change` (a phase such as `spawned`, or an
    /// outcome such as `crashed`).
    static func launch(_ launch: Launch, change: String) -> String {
        var json = JSONWriter(reservingCapacity: 1024, compact: true)
        JSONRenderer().write(launch, to: &json, leading: ["type": "launch", "change": change])
        return line(json)
    }

    /// The `summary` event: lines read, findings by severity and by rule, launches by outcome,
    /// whether the run was interrupted.
    /// `released`: the outcomes of launches a live watch no longer keeps, counted with the others.
    static func summary(
        inputs: [InputSummary], tally: FindingTally, launches: some Sequence<Launch>, released: [LaunchOutcome: Int] = [:], interrupted: Bool = false
    ) -> String {
        summary(
            tally: tally, outcomes: OutcomeCounts(launches, plus: released), totals: ScanReport(inputs: inputs).totals,
            interrupted: interrupted)
    }

    private static func summary(tally: FindingTally, outcomes: OutcomeCounts, totals: LineCounts, interrupted: Bool) -> String {
        var json = JSONWriter(reservingCapacity: 1024, compact: true)
        json.beginObject()
        json.key("type")
        json.string("summary")
        JSONRenderer().writeFindingCounts(tally, to: &json)
        json.key("interrupted")
        json.bool(interrupted)
        json.key("launches")
        json.int(outcomes.total)
        json.key("launchesByOutcome")
        json.intObject(outcomes.byName)
        json.key("lines")
        json.int(totals.lines)
        json.key("unparsedLines")
        json.int(totals.unparsedLines)
        json.endObject()
        return line(json)
    }

    /// A whole report as events: every finding, every launch (`change` is its outcome), the summary.
    static func render(_ digest: ReportDigest) -> String {
        var text: [UInt8] = []
        render(digest) { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// Renders the digested report to `write` in pieces of about 64 KiB, whole events each.
    static func render(_ digest: ReportDigest, to write: ([UInt8]) throws -> Void) rethrows {
        var pending: [UInt8] = []
        func add(_ event: String) throws {
            pending += event.utf8
            guard pending.count >= 1 << 16 else { return }
            try write(pending)
            pending.removeAll(keepingCapacity: true)
        }
        for item in digest.report.findings { try add(finding(item)) }
        for item in digest.report.launches { try add(launch(item, change: item.outcome.rawValue)) }
        try add(summary(tally: digest.tally, outcomes: digest.outcomeCounts, totals: digest.totals, interrupted: digest.report.interrupted))
        try write(pending)
    }

    private static func line(_ json: borrowing JSONWriter) -> String {
        String(decoding: json.bytes, as: UTF8.self) + "\n"
    }
}
