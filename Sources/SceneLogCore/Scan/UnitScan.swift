import Foundation

/// Everything one named input gave: a log file, standard input, a crash report, or each member of
/// an archive. Launch ids are the unit's own (`L1`… across its members), shifted by the scanner.
struct UnitResult: Sendable {
    var summaries: [InputSummary] = []
    /// Findings kept by the options' filters.
    var findings = FindingLog()
    var launches = LaunchLog()
    /// Crash reports' findings, to be joined to the launch of their bundle and pid.
    var crashReportLinks: [CrashReportLink] = []
    /// Inputs or members that could not be read (reported, then the input-error status).
    var errors: [InputError] = []
    /// Whether an input named ``ScanOptions/app`` (as a process, a bundle or a launch's).
    var seesApp = false
    /// The rules of the findings kept, by the unit's launch ids (of those a crash report can be of).
    var rulesByLaunch = LaunchRuleMarks()

    /// Adds a stream's results, its launches numbered on from the unit's.
    mutating func add(_ stream: StreamScan.Result) {
        let numbering = LaunchNumbering(offset: launches.count)
        summaries.append(stream.summary)
        findings.append(stream.findings, launchShift: numbering.offset)
        rulesByLaunch.add(stream.rulesByLaunch, offset: numbering.offset)
        launches.append(stream.launches, launchShift: numbering.offset)
        if let error = stream.error { errors.append(error) }
        seesApp = seesApp || stream.seesApp
    }
}

/// A crash report's finding (the part of the findings that holds it, and its rule) and the process it names.
struct CrashReportLink: Sendable {
    var part: Int
    var rule: String
    var bundle: String
    var pid: Int
}

/// Where a named input's bytes are.
enum UnitSource {
    /// A file, a folder's file, or `-` for standard input.
    case path(String)
    /// Bytes in memory, named `name` in locations.
    case memory(name: String, bytes: [UInt8])

    /// The input's name: its path, or the name given to bytes in memory.
    var name: String {
        switch self {
        case .path(let path): path
        case .memory(let name, _): name
        }
    }
}

/// Scans one named input: a text log (or standard input), a crash report, an archive or
/// compressed file (each member in turn), or a `.logarchive` folder (named, with how to export it).
struct UnitScan {
    let stream: StreamScan
    /// Earlier results of inputs with the same bytes (``ScanOptions/cacheFolder``).
    var cache: ContentCache?

    private var options: ScanOptions { stream.options }
    private var observer: (any ScanObserver)? { stream.observer }

    /// - Parameters:
    ///   - pipelined: run the rules on a second thread (when a core is spare).
    ///   - liveOffset: with live events, how many launches the inputs before this one had.
    func scan(_ source: UnitSource, pipelined: Bool, liveOffset: Int?) -> UnitResult {
        defer { observer?.scanDidFinishInput() }
        var result = UnitResult()
        guard !options.isStopRequested() else { return result }  // inputs not begun are left out
        if let cache, liveOffset == nil, case .path(let path) = source, path != "-", let key = cache.key(of: path) {
            return scan(path: path, pipelined: pipelined, cache: cache, key: key)
        }
        switch source {
        case .memory(let name, let bytes):
            scan(memory: bytes, name: name, liveOffset: liveOffset, into: &result)
        case .path(let path):
            scan(path: path, pipelined: pipelined, liveOffset: liveOffset, into: &result)
        }
        return result
    }

    /// The input's result from `cache` when it holds one for `key`; otherwise scanned, and stored
    /// there when it was read whole and without error.
    private func scan(path: String, pipelined: Bool, cache: ContentCache, key: ContentCache.Key) -> UnitResult {
        let cached = cache.result(for: key, spool: stream.spool) { why in
            observer?.scanDidReport(
                ScanDiagnostic(.warning, "the cache entry of '\(Escaping.visible(path))' \(why): the input is scanned again"))
        }
        if let cached {
            ScannedFiles.shared.record(path, ScannedFiles.Scanned(identity: key.identity, size: key.size))
            observer?.scanDidRead(bytes: Int(key.size))
            return cached
        }
        var result = UnitResult()
        scan(path: path, pipelined: pipelined, liveOffset: nil, into: &result)
        if result.errors.isEmpty, !options.isStopRequested() { cache.store(result, for: key, path: path) }
        return result
    }

    private func scan(path: String, pipelined: Bool, liveOffset: Int?, into result: inout UnitResult) {
        if path.hasSuffix(".logarchive"), FileSystem.isFolder(path) {
            result.summaries.append(notRead(path, note: LogarchiveHint.note(for: path)))
            return
        }
        switch path == "-" ? .text : kind(of: path) {
        case .scenelogReport:
            // A baseline or an earlier report kept beside the logs: its findings are not found again.
            result.summaries.append(notRead(path, note: "a report scenelog wrote, not a log: not read"))
        case .crashReport:
            do {
                let bytes = try Array(BoundedFile.read(path: path, limit: BoundedFile.crashReportLimit, what: "crash reports"))
                observer?.scanDidRead(bytes: bytes.count)
                add(crashReport: bytes, path: path, liveOffset: liveOffset, to: &result)
            } catch {
                result.errors.append(InputError(path: path, reason: error.reason, kind: .notText))
            }
        case let kind where kind.isArchive:
            scanArchive(path, liveOffset: liveOffset, into: &result)
        default:
            do {
                let reader = try ChunkedReader(path: path)
                reader.isStopRequested = options.isStopRequested
                result.add(
                    try stream.scan(
                        reader, path: path, modificationTime: reader.modificationTime,
                        pipelined: pipelined && reader.isRegularFile, liveNumbering: numbering(liveOffset, result)))
            } catch {
                result.errors.append(error)
            }
        }
    }

    private func scan(memory bytes: [UInt8], name: String, liveOffset: Int?, into result: inout UnitResult) {
        let kind = bytes.withUnsafeBufferPointer { InputKind.sniff(UnsafeBufferPointer(rebasing: $0.prefix(4096))) }
        if kind == .crashReport {
            observer?.scanDidRead(bytes: bytes.count)
            return add(crashReport: bytes, path: name, liveOffset: liveOffset, to: &result)
        }
        bytes.withUnsafeBufferPointer { buffer in
            do throws(InputError) {
                result.add(
                    try stream.scan(
                        MemorySource(buffer), path: name, modificationTime: nil, pipelined: false,
                        liveNumbering: numbering(liveOffset, result)))
            } catch {
                result.errors.append(error)
            }
        }
    }

    private func scanArchive(_ path: String, liveOffset: Int?, into result: inout UnitResult) {
        let walker = ArchiveWalker(path: path, selection: options.selection, limits: options.expansionLimits)
        let modificationTime = ChunkedReader.modificationTime(of: path)
        var reported: Int64 = 0
        do throws(InputError) {
            try walker.walk { entry in
                switch entry {
                case .text(let memberPath, let source):
                    do throws(InputError) {
                        result.add(
                            try stream.scan(
                                source, path: memberPath, modificationTime: modificationTime, pipelined: false,
                                countsBytes: false, liveNumbering: numbering(liveOffset, result)))
                    } catch {
                        result.errors.append(error)
                    }
                case .crashReport(let memberPath, let bytes):
                    add(crashReport: bytes, path: memberPath, liveOffset: liveOffset, to: &result)
                case .notRead(let memberPath, let note):
                    result.summaries.append(notRead(memberPath, note: note))
                case .failure(let error):
                    result.errors.append(error)
                }
                let read = walker.compressedBytesRead
                observer?.scanDidRead(bytes: Int(read - reported))
                reported = read
            }
        } catch {
            result.errors.append(error)
        }
    }

    /// A file named or made like a crash report that does not read as one (a bug report's excerpt
    /// of its JSON, hard-wrapped): text whose lines give a finding or a launch is read as a log,
    /// with a note saying so; anything else is counted as unparsed, with an error naming it.
    private func addUnreadableReport(_ bytes: [UInt8], lines: Int, path: String, liveOffset: Int?, to result: inout UnitResult) {
        let kind = bytes.withUnsafeBufferPointer { InputKind.sniff(UnsafeBufferPointer(rebasing: $0.prefix(4096))) }
        if kind == .text || kind == .crashReport, var scanned = bytes.withUnsafeBufferPointer({ buffer in
            try? stream.scan(
                MemorySource(buffer), path: path, modificationTime: nil, pipelined: false, countsBytes: false,
                liveNumbering: numbering(liveOffset, result))
        }), scanned.findings.count + scanned.launches.count > 0 {
            let note = "not a crash report that can be read: read as a log"
            scanned.summary.note = scanned.summary.note.map { note + "; " + $0 } ?? note
            result.add(scanned)
            return
        }
        // Counted, not lost: every line of it is unparsed.
        result.summaries.append(
            InputSummary(path: path, format: nil, bytes: bytes.count, counts: LineCounts(unparsedLines: lines), truncatedLines: 0))
        // A metadata line past the parser's bound is said to be one: the rest of it may be whole.
        let limit = CrashReportParser.maximumMetadataBytes
        let firstLineEnd = bytes.prefix(limit + 1).firstIndex(of: ASCII.newline) ?? min(bytes.count, limit + 1)
        let why = bytes.first == ASCII.openBrace && firstLineEnd > limit
            ? ": its first line, the report's metadata, is over \(limit >> 10) KiB (Apple's hold a few hundred bytes)" : ""
        result.errors.append(InputError(path: path, reason: "is not a crash report that can be read" + why, kind: .notText))
    }

    /// The numbering of live events for the unit's next stream.
    private func numbering(_ liveOffset: Int?, _ result: UnitResult) -> LaunchNumbering? {
        liveOffset.map { LaunchNumbering(offset: $0 + result.launches.count) }
    }

    /// A crash report is one record (its metadata line, the body as continuation lines) and one finding.
    private func add(crashReport bytes: [UInt8], path: String, liveOffset: Int?, to result: inout UnitResult) {
        let newline = UInt8(ascii: "\n")
        let lines = bytes.isEmpty ? 0 : bytes.reduce(0) { $0 + ($1 == newline ? 1 : 0) } + (bytes.last == newline ? 0 : 1)
        guard let report = CrashReportParser.parse(bytes) else {
            return addUnreadableReport(bytes, lines: lines, path: path, liveOffset: liveOffset, to: &result)
        }
        var summary = InputSummary(
            path: path, format: nil, bytes: bytes.count,
            counts: LineCounts(records: 1, continuationLines: max(lines - 1, 0)), truncatedLines: 0)
        summary.isCrashReport = true
        guard report.tellsACrash else {
            // A diagnostic report (CPU usage, JetsamEvent…): read, but no crash of its process. A
            // crash report's header pasted without the rest says nothing of how it ended.
            summary.note =
                report.isDiagnostic
                ? "diagnostic report" + (report.bugType.map { " (bug_type \($0))" } ?? "") + ", not a crash: no finding"
                : "a crash report's header, cut before it says how the process ended: no finding"
            return result.summaries.append(summary)
        }
        let configuration = options.ruleSet?.configuration
        // Where the line that tells the end starts: the file's bytes, whose lines a quoted report's keep.
        var lineStart = 0
        for _ in 1..<max(report.tellingLine, 1) {
            guard let newline = bytes[lineStart...].firstIndex(of: newline) else { break }
            lineStart = newline + 1
        }
        let finding = CrashReportDiagnosis.finding(
            for: report, path: path, byteOffset: lineStart, severityOverrides: configuration?.severityOverrides ?? [:])
        summary.note = finding.message
        result.summaries.append(summary)
        guard let configuration, !configuration.disabledRules.contains(finding.rule),
            options.admits(finding, identities: ProcessIdentities()), admits(crashReport: report, finding)
        else { return }
        result.seesApp = true
        result.findings.append(FindingRun(held: [finding]))
        if let bundle = report.bundleID, let pid = report.pid {
            result.crashReportLinks.append(
                CrashReportLink(part: result.findings.parts.count - 1, rule: finding.rule, bundle: bundle, pid: pid))
        }
    }

    /// Whether ``ScanOptions/filters`` keep a crash report's finding: its rule, process and time.
    /// Its device is that of the launch it joins: one that can join none is left out by `--device`,
    /// the others once joined (``ScanResult/init(merging:keepingCrashReportsOf:)``).
    private func admits(crashReport report: CrashReport, _ finding: Finding) -> Bool {
        var filters = options.filters
        if filters.device != nil, report.bundleID == nil || report.pid == nil { return false }
        filters.device = nil
        var timestamps = TimestampContext(year: nil, referenceTime: Date().timeIntervalSince1970)
        return filters.admits(finding) && filters.window.admits(finding.timestamp, timestamps: &timestamps)
    }

    private func notRead(_ path: String, note: String) -> InputSummary {
        var summary = InputSummary(path: path, format: nil, bytes: 0, counts: LineCounts(), truncatedLines: 0)
        summary.note = note
        return summary
    }

    /// What the file at `path` holds, by its first bytes; a `.ips` file whose bytes look like
    /// text is taken for the crash report its name says (one whose header was damaged is then an
    /// error naming it, as in an archive, rather than a log with nothing in it).
    private func kind(of path: String) -> InputKind {
        let kind = sniff(path)
        guard kind == .text, PathSelection.isCrashReportName(path) else { return kind }
        return .crashReport
    }

    /// What the input's first bytes say it is (a file that cannot be read sniffs as text: the scan
    /// reports why).
    private func sniff(_ path: String) -> InputKind {
        FileSystem.head(of: path, count: 4096).withUnsafeBufferPointer { InputKind.sniff($0) }
    }
}

/// Bytes in memory, handed out in chunks as a file would be; valid while `bytes` is.
final class MemorySource: ChunkSource {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func nextChunk() throws(InputError) -> UnsafeBufferPointer<UInt8> {
        let end = min(offset + ChunkedReader.defaultChunkSize, bytes.count)
        defer { offset = end }
        return UnsafeBufferPointer(rebasing: bytes[offset..<end])
    }
}
