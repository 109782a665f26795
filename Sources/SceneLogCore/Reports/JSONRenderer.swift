/// The JSON report (`--format json`), schema version 1 (DESIGN section 6). Keys are sorted and
/// absent values are `null`, so output is stable.
struct JSONRenderer {
    func render(_ digest: ReportDigest) -> String {
        var text: [UInt8] = []
        render(digest) { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// Renders `report` to `write` in pieces of about 64 KiB, so that a report of many findings
    /// and launches is never held whole.
    func render(_ digest: ReportDigest, to write: ([UInt8]) throws -> Void) rethrows {
        let report = digest.report
        var json = JSONWriter()
        json.beginObject()
        json.key("apps")
        json.beginArray()
        for app in digest.apps { self.write(app, to: &json) }
        json.endArray()
        if let baseline = report.baseline {
            json.key("baseline")
            try self.write(baseline, to: &json, draining: write)
        }
        json.key("findings")
        json.beginArray()
        for finding in report.findings {
            self.write(finding, to: &json)
            try json.drain(to: write)
        }
        json.endArray()
        if report.unreadableInputs > 0 {
            // Only when some could not be read (`unreadableInputs`, after `tool`): a clean run's
            // report keeps its shape.
            json.key("inputErrors")
            json.beginArray()
            for error in report.inputErrors { json.stringObject(["path": error.path, "reason": error.reason]) }
            json.endArray()
        }
        json.key("inputs")
        json.beginArray()
        for input in report.inputs { self.write(input, to: &json) }
        json.endArray()
        json.key("interrupted")
        json.bool(report.interrupted)
        json.key("launches")
        json.beginArray()
        for launch in report.launches {
            self.write(launch, to: &json)
            try json.drain(to: write)
        }
        json.endArray()
        if let part = report.part {
            json.key("part")
            try part.write(to: &json, draining: write)
        }
        json.key("schemaVersion")
        json.int(ScanReport.schemaVersion)
        json.key("summary")
        writeSummary(digest, to: &json)
        json.key("tool")
        json.stringObject(["name": report.tool.name, "version": report.tool.version])
        if report.unreadableInputs > 0 {
            json.key("unreadableInputs")
            json.int(report.unreadableInputs)
        }
        json.endObject()
        try write(Array(json.bytes) + [0x0A])
    }

    /// An app's launch statistics: `{ app, launches, outcomes, starts, timeToActive…Ms, timedLaunches }`.
    private func write(_ app: AppLaunchStatistics, to json: inout JSONWriter) {
        json.beginObject()
        json.key("app")
        json.string(app.app)
        json.key("launches")
        json.int(app.launches)
        json.key("outcomes")
        json.intObject(Dictionary(uniqueKeysWithValues: app.outcomes.map { ($0.key.rawValue, $0.value) }))
        json.key("starts")
        json.intObject(Dictionary(uniqueKeysWithValues: app.starts.map { ($0.key.rawValue, $0.value) }))
        json.key("timeToActiveMaxMs")
        json.int(app.timeToActiveMaxMs)
        json.key("timeToActiveP50Ms")
        json.int(app.timeToActiveP50Ms)
        json.key("timeToActiveP90Ms")
        json.int(app.timeToActiveP90Ms)
        json.key("timedLaunches")
        json.int(app.timedLaunches)
        json.endObject()
    }

    /// A finding's object; `leading` keys come first (an NDJSON event's `type`).
    func write(_ finding: Finding, to json: inout JSONWriter, leading: KeyValuePairs<String, String> = [:]) {
        json.beginObject()
        for (key, value) in leading {
            json.key(dynamic: key)
            json.string(value)
        }
        json.key("data")
        json.stringObject(finding.data)
        json.key("device")
        json.string(finding.device)
        json.key("evidence")
        json.beginArray()
        for location in finding.evidence {
            json.beginObject()
            json.key("line")
            json.int(location.line)
            json.key("path")
            json.string(location.path)
            json.endObject()
        }
        json.endArray()
        json.key("excerpt")
        json.string(finding.excerpt)
        json.key("launch")
        json.string(finding.launch)
        json.key("line")
        json.int(finding.location.line)
        json.key("message")
        json.string(finding.message)
        json.key("path")
        json.string(finding.location.path)
        json.key("pid")
        json.int(finding.pid)
        json.key("process")
        json.string(finding.process)
        json.key("rule")
        json.string(finding.rule)
        json.key("severity")
        json.string(finding.severity.rawValue)
        json.key("timestamp")
        json.string(finding.timestamp)
        json.endObject()
    }

    private func write(_ input: InputSummary, to json: inout JSONWriter) {
        json.beginObject()
        json.key("bytes")
        json.int(input.bytes)
        json.key("continuationLines")
        json.int(input.continuationLines)
        json.key("firstTimestamp")
        json.string(input.timeSpan?.first.iso8601)
        json.key("format")
        json.string(input.formatName)
        json.key("lastTimestamp")
        json.string(input.timeSpan?.last.iso8601)
        json.key("lines")
        json.int(input.lines)
        json.key("note")
        json.string(input.note)
        json.key("path")
        json.string(input.path)
        json.key("records")
        json.int(input.records)
        json.key("truncatedLines")
        json.int(input.truncatedLines)
        json.key("unparsedLines")
        json.int(input.unparsedLines)
        json.endObject()
    }

    /// A launch's object; `leading` keys come first (an NDJSON event's `type`).
    func write(_ launch: Launch, to json: inout JSONWriter, leading: KeyValuePairs<String, String> = [:]) {
        json.beginObject()
        for (key, value) in leading {
            json.key(dynamic: key)
            json.string(value)
        }
        json.key("appFirstLine")
        if let mark = launch.appFirstLine { write(mark, to: &json) } else { json.string(nil) }
        json.key("bundle")
        json.string(launch.bundle)
        json.key("callbacks")
        json.beginArray()
        for callback in launch.callbacks {
            json.beginObject()
            json.key("delegate")
            json.string(callback.delegate.rawValue)
            json.key("line")
            json.int(callback.mark.location.line)
            json.key("scene")
            json.string(callback.scene)
            json.key("step")
            json.string(callback.step.rawValue)
            json.key("text")
            json.string(callback.text)
            json.key("timestamp")
            json.string(callback.mark.timestamp)
            json.endObject()
        }
        json.endArray()
        json.key("device")
        json.string(launch.device)
        json.key("events")
        json.beginArray()
        for event in launch.events {
            json.beginObject()
            json.key("detail")
            json.string(event.detail)
            json.key("line")
            json.int(event.mark.location.line)
            json.key("name")
            json.string(event.name)
            json.key("timestamp")
            json.string(event.mark.timestamp)
            json.endObject()
        }
        json.endArray()
        json.key("evidence")
        json.string(launch.evidence.rawValue)
        json.key("findings")
        json.int(launch.findings)
        json.key("id")
        json.string(launch.id)
        json.key("intent")
        json.string(launch.intent)
        json.key("outcome")
        json.string(launch.outcome.rawValue)
        json.key("path")
        json.string(launch.path)
        json.key("phases")
        json.beginObject()
        for phase in Self.phasesByName {
            guard let mark = launch.phases[phase] else { continue }
            json.key(schema: phase.rawValue)
            write(mark, to: &json)
        }
        json.endObject()
        json.key("pid")
        json.int(launch.pid)
        json.key("process")
        json.string(launch.process)
        json.key("startSeen")
        json.bool(launch.startSeen)
        json.key("termination")
        if let termination = launch.termination {
            json.beginObject()
            json.key("detail")
            json.string(termination.detail)
            json.key("kind")
            json.string(termination.kind.rawValue)
            json.endObject()
        } else {
            json.string(nil)
        }
        let timing = launch.timing
        json.key("timeToActiveFrom")
        json.string(timing?.from)
        json.key("timeToActiveMs")
        json.int(timing?.milliseconds)
        json.key("timeToActivePrecisionMs")
        json.int(timing?.precisionMs)
        json.key("watchdogBudget")
        json.double(launch.watchdogBudget)
        json.endObject()
    }

    /// The phases in the order of their keys (JSON keys are sorted).
    private static let phasesByName = LaunchPhase.allCases.sorted { $0.rawValue < $1.rawValue }

    /// Where and when a phase (or the app's first line) was seen: `{ line, process, timestamp }`.
    private func write(_ mark: LaunchMark, to json: inout JSONWriter) {
        json.beginObject()
        json.key("line")
        json.int(mark.location.line)
        json.key("process")
        json.string(mark.process)
        json.key("timestamp")
        json.string(mark.timestamp)
        json.endObject()
    }

    /// The `baseline` object: the path compared with, new, fixed and not-seen findings, how many
    /// are unchanged, the launch regressions, and how many launches timed to the second stayed out
    /// of the medians.
    private func write(_ diff: BaselineDiff, to json: inout JSONWriter, draining drain: ([UInt8]) throws -> Void) rethrows {
        json.beginObject()
        json.key("fixedFindings")
        json.beginArray()
        for finding in diff.fixedFindings {
            write(finding, to: &json)
            try json.drain(to: drain)
        }
        json.endArray()
        json.key("launchRegressions")
        json.beginArray()
        for regression in diff.launchRegressions {
            json.beginObject()
            json.key("app")
            json.string(regression.app)
            switch regression.kind {
            case .slower(let before, let now):
                json.key("baselineMedianMs")
                json.int(before)
                json.key("currentMedianMs")
                json.int(now)
            case .slowerAtP90(let before, let now):
                json.key("baselineP90Ms")
                json.int(before)
                json.key("currentP90Ms")
                json.int(now)
            case .worseOutcome(let before, let now):
                json.key("baselineOutcome")
                json.string(before.rawValue)
                json.key("currentOutcome")
                json.string(now.rawValue)
            }
            json.key("kind")
            json.string(regression.kind.name)
            json.key("summary")
            json.string(regression.summary)
            json.endObject()
        }
        json.endArray()
        json.key("launchesTimedToTheSecond")
        json.int(diff.launchesTimedToTheSecond)
        json.key("newFindings")
        json.beginArray()
        for finding in diff.newFindings {
            write(finding, to: &json)
            try json.drain(to: drain)
        }
        json.endArray()
        json.key("notSeenFindings")
        json.beginArray()
        for finding in diff.notSeenFindings {
            write(finding, to: &json)
            try json.drain(to: drain)
        }
        json.endArray()
        json.key("path")
        json.string(diff.baselinePath)
        json.key("unchangedFindings")
        json.int(diff.unchangedFindingCount)
        json.endObject()
    }

    /// The `summary` object: findings by severity and by rule, and launches.
    private func writeSummary(_ digest: ReportDigest, to json: inout JSONWriter) {
        json.beginObject()
        writeFindingCounts(digest.tally, to: &json)
        json.key("launches")
        json.int(digest.report.launches.count)
        if digest.launchesOfAppsNotListed > 0 {
            json.key("launchesOfAppsNotListed")
            json.int(digest.launchesOfAppsNotListed)
        }
        json.endObject()
    }

    /// The `findings` (by severity, every severity) and `findingsByRule` members of a summary.
    func writeFindingCounts(_ tally: FindingTally, to json: inout JSONWriter) {
        json.key("findings")
        json.intObject(Dictionary(uniqueKeysWithValues: Severity.allCases.map { ($0.rawValue, tally.count(of: $0)) }))
        json.key("findingsByRule")
        json.intObject(tally.byRule)
    }
}
