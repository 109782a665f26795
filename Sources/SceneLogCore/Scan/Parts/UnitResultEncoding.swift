/// A named input's whole result (``UnitResult``) as compact bytes (``CompactWriter``): what a
/// shard's report carries for `scenelog merge`, and what the content cache keeps.
///
/// The encoding holds the result as the scan left it, before crash reports were joined to launches
/// across inputs and before the app filter on launches, so that a merge of parts joins and filters
/// exactly as one scan of every input does. Findings keep their runs (a crash report's finding
/// stays held), launches their order.
enum UnitResultEncoding {
    /// The version of this encoding, checked on decoding.
    static let version = 1

    /// The bytes of `unit`, its findings and launches read back from its spool.
    static func encode(_ unit: UnitResult) -> [UInt8] {
        var bytes: [UInt8] = []
        CompactWriter.integer(version, into: &bytes)
        CompactWriter.integer(unit.summaries.count, into: &bytes)
        for summary in unit.summaries { encode(summary, into: &bytes) }
        CompactWriter.integer(unit.findings.parts.count, into: &bytes)
        for part in unit.findings.parts { encode(part, into: &bytes) }
        CompactWriter.integer(unit.launches.count, into: &bytes)
        for launch in unit.launches { LaunchEncoding.encode(launch, into: &bytes) }
        CompactWriter.integer(unit.crashReportLinks.count, into: &bytes)
        for link in unit.crashReportLinks {
            CompactWriter.integer(link.part, into: &bytes)
            CompactWriter.string(link.rule, into: &bytes)
            CompactWriter.string(link.bundle, into: &bytes)
            CompactWriter.integer(link.pid, into: &bytes)
        }
        CompactWriter.integer(unit.errors.count, into: &bytes)
        for error in unit.errors {
            CompactWriter.string(error.path, into: &bytes)
            CompactWriter.string(error.reason, into: &bytes)
            CompactWriter.byte(errorKindCode(error.kind), into: &bytes)
        }
        CompactWriter.bool(unit.seesApp, into: &bytes)
        let launches = unit.rulesByLaunch.entries
        CompactWriter.integer(launches.count, into: &bytes)
        for (launch, rules) in launches {
            CompactWriter.string(launch, into: &bytes)
            CompactWriter.integer(rules.count, into: &bytes)
            for rule in rules { CompactWriter.string(rule, into: &bytes) }
        }
        return bytes
    }

    /// The unit `bytes` hold, its findings and launches stored in `spool`; `nil` when the bytes
    /// are not a whole unit of this encoding's version (cut, damaged, or of another version).
    static func decode(_ bytes: [UInt8], spool: Spool) -> UnitResult? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CompactReader(bytes: buffer, position: 0)
            guard let unit = decode(from: &reader, spool: spool), reader.position == buffer.count else { return nil }
            return unit
        }
    }

    private static func decode(from reader: inout CompactReader, spool: Spool) -> UnitResult? {
        guard reader.integer() == version, let summaryCount = reader.itemCount() else { return nil }
        var unit = UnitResult()
        for _ in 0..<summaryCount {
            guard let summary = summary(from: &reader) else { return nil }
            unit.summaries.append(summary)
        }
        guard let partCount = reader.itemCount() else { return nil }
        for _ in 0..<partCount {
            guard let run = findingRun(from: &reader, spool: spool) else { return nil }
            unit.findings.append(run)
        }
        guard let launchCount = reader.itemCount() else { return nil }
        var writer = LaunchWriter(spool: spool)
        for sequence in stride(from: 1, through: launchCount, by: 1) {
            guard let launch = LaunchEncoding.decode(reader.bytes, at: &reader.position) else { return nil }
            writer.write(launch, sequence: sequence)
        }
        unit.launches.append(writer.finish())
        guard let linkCount = reader.itemCount() else { return nil }
        for _ in 0..<linkCount {
            guard let part = reader.count(), part < unit.findings.parts.count, let rule = reader.string(),
                let bundle = reader.string(), let pid = reader.integer()
            else { return nil }
            unit.crashReportLinks.append(CrashReportLink(part: part, rule: rule, bundle: bundle, pid: pid))
        }
        guard let errorCount = reader.itemCount() else { return nil }
        for _ in 0..<errorCount {
            guard let path = reader.string(), let reason = reader.string(), let kind = reader.byte().flatMap(errorKind) else {
                return nil
            }
            unit.errors.append(InputError(path: path, reason: reason, kind: kind))
        }
        guard let seesApp = reader.bool(), let launchesWithRules = reader.itemCount() else { return nil }
        unit.seesApp = seesApp
        for _ in 0..<launchesWithRules {
            guard let launch = reader.string(), let ruleCount = reader.itemCount() else { return nil }
            for _ in 0..<ruleCount {
                guard let rule = reader.string() else { return nil }
                unit.rulesByLaunch.note(rule, launch: launch)
            }
        }
        return unit
    }

    // MARK: Findings

    /// A run of findings: its encoded ones (ids as the unit numbers them), then its held ones.
    private static func encode(_ part: FindingLog.Part, into bytes: inout [UInt8]) {
        let numbering = LaunchNumbering(offset: part.launchShift)
        var lineFindings = part.run
        lineFindings.held = []
        var reader = FindingRunReader(lineFindings)
        var count = 0
        var body: [UInt8] = []
        while let finding = reader.next() {
            FindingEncoding.encode(numbering.apply(to: finding), into: &body)
            count += 1
        }
        CompactWriter.integer(count, into: &bytes)
        bytes += body
        CompactWriter.integer(part.run.held.count, into: &bytes)
        for finding in part.run.held { FindingEncoding.encode(numbering.apply(to: finding), into: &bytes) }
    }

    private static func findingRun(from reader: inout CompactReader, spool: Spool) -> FindingRun? {
        guard let encodedCount = reader.itemCount() else { return nil }
        var writer = FindingWriter(spool: spool)
        for _ in 0..<encodedCount {
            guard let finding = FindingEncoding.decode(reader.bytes, at: &reader.position) else { return nil }
            writer.append(finding)
        }
        guard let heldCount = reader.itemCount() else { return nil }
        for _ in 0..<heldCount {
            guard let finding = FindingEncoding.decode(reader.bytes, at: &reader.position) else { return nil }
            writer.hold(finding)
        }
        return writer.finish()
    }

    // MARK: Inputs

    private static func encode(_ summary: InputSummary, into bytes: inout [UInt8]) {
        CompactWriter.string(summary.path, into: &bytes)
        CompactWriter.optionalString(summary.format?.rawValue, into: &bytes)
        CompactWriter.integer(summary.bytes, into: &bytes)
        CompactWriter.integer(summary.records, into: &bytes)
        CompactWriter.integer(summary.continuationLines, into: &bytes)
        CompactWriter.integer(summary.unparsedLines, into: &bytes)
        CompactWriter.integer(summary.truncatedLines, into: &bytes)
        CompactWriter.integer(summary.binaryBytes, into: &bytes)
        CompactWriter.bool(summary.timeSpan != nil, into: &bytes)
        if let span = summary.timeSpan {
            encode(span.first, into: &bytes)
            encode(span.last, into: &bytes)
        }
        CompactWriter.bool(summary.isCrashReport, into: &bytes)
        CompactWriter.optionalString(summary.note, into: &bytes)
    }

    private static func summary(from reader: inout CompactReader) -> InputSummary? {
        guard let path = reader.string(), let format = reader.optionalString(), let size = reader.count(),
            let records = reader.count(), let continuationLines = reader.count(), let unparsedLines = reader.count(),
            let truncatedLines = reader.count(), let binaryBytes = reader.count(), let hasSpan = reader.bool()
        else { return nil }
        var logFormat: LogFormat?
        if let format {
            guard let known = LogFormat(rawValue: format) else { return nil }
            logFormat = known
        }
        var summary = InputSummary(
            path: path, format: logFormat, bytes: size,
            counts: LineCounts(records: records, continuationLines: continuationLines, unparsedLines: unparsedLines),
            truncatedLines: truncatedLines)
        summary.binaryBytes = binaryBytes
        if hasSpan {
            guard let first = timestamp(from: &reader), let last = timestamp(from: &reader) else { return nil }
            summary.timeSpan = TimeSpan(first: first, last: last)
        }
        guard let isCrashReport = reader.bool(), let note = reader.optionalString() else { return nil }
        summary.isCrashReport = isCrashReport
        summary.note = note
        return summary
    }

    private static func encode(_ timestamp: Timestamp, into bytes: inout [UInt8]) {
        CompactWriter.string(timestamp.text, into: &bytes)
        CompactWriter.optionalDouble(timestamp.wallClockSeconds, into: &bytes)
        CompactWriter.optionalInteger(timestamp.utcOffsetSeconds, into: &bytes)
        CompactWriter.optionalInteger(timestamp.precisionMs, into: &bytes)
    }

    private static func timestamp(from reader: inout CompactReader) -> Timestamp? {
        guard let text = reader.string(), let seconds = reader.optionalDouble(), let offset = reader.optionalInteger(),
            let precision = reader.optionalInteger()
        else { return nil }
        let timestamp = Timestamp(text: text, wallClockSeconds: seconds, utcOffsetSeconds: offset, precisionMs: precision)
        return timestamp.isPossible ? timestamp : nil
    }

    // MARK: Errors

    private static let errorKinds: [InputError.Kind] = [.open, .read, .notText]

    private static func errorKindCode(_ kind: InputError.Kind) -> UInt8 {
        UInt8(errorKinds.firstIndex(of: kind) ?? 0)
    }

    private static func errorKind(_ code: UInt8) -> InputError.Kind? {
        Int(code) < errorKinds.count ? errorKinds[Int(code)] : nil
    }
}
