import Foundation
import SceneLogCore

/// Everything one named input gave: a log file, a crash report, or each member of an archive.
struct UnitResult {
    var summaries: [InputSummary] = []
    /// Findings already filtered by `--app` and `--min-severity`.
    var findings: [Finding] = []
    /// Inputs or members that could not be read (reported, then exit code 3).
    var errors: [InputError] = []
}

/// Scans one named input: a text log (or standard input), a crash report, an archive or
/// compressed file (each member in turn), or a `.logarchive` folder (named, with how to export it).
struct UnitScan {
    let run: InputRun
    let selection: PathSelection
    let limits: ExpansionLimits
    let options: RuleOptions
    let progress: ProgressMeter?

    /// - Parameters:
    ///   - pipelined: run the rules on a second thread (when a core is spare).
    ///   - launches: collects the launches, numbered on from the ones before.
    func scan(
        _ path: String, pipelined: Bool, launches: LaunchCollector, onLaunch: ((Launch, ScanSink) -> Void)?
    ) -> UnitResult {
        defer { progress?.fileDone() }
        var result = UnitResult()
        guard !ScanInterruption.requested else { return result }  // Ctrl-C: inputs not begun are left out
        if path.hasSuffix(".logarchive"), isFolder(path) {
            result.summaries.append(notRead(path, note: LogarchiveHint.note(for: path)))
            return result
        }
        switch path == "-" ? .text : sniff(path) {
        case .crashReport:
            do {
                let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
                progress?.add(bytes: bytes.count)
                add(crashReport: bytes, path: path, to: &result)
            } catch {
                result.errors.append(InputError(path: path, reason: error.localizedDescription, kind: .open))
            }
        case let kind where kind.isArchive:
            scanArchive(path, launches: launches, onLaunch: onLaunch, into: &result)
        default:
            do {
                let reader = try ChunkedReader(path: path)
                let source = ScanSource(reader, progress: progress)
                add(
                    try run.scan(
                        source, path: path, modificationTime: reader.modificationTime,
                        pipelined: pipelined && reader.isRegularFile, launches: launches, onLaunch: onLaunch),
                    to: &result)
            } catch {
                result.errors.append(error)
            }
        }
        return result
    }

    private func scanArchive(
        _ path: String, launches: LaunchCollector, onLaunch: ((Launch, ScanSink) -> Void)?, into result: inout UnitResult
    ) {
        let walker = ArchiveWalker(path: path, selection: selection, limits: limits)
        let modificationTime = ChunkedReader.modificationTime(of: path)
        var reported: Int64 = 0
        do throws(InputError) {
            try walker.walk { entry in
                switch entry {
                case .text(let memberPath, let source):
                    do throws(InputError) {
                        add(
                            try run.scan(
                                ScanSource(source, progress: nil), path: memberPath, modificationTime: modificationTime, pipelined: false,
                                launches: launches, onLaunch: onLaunch),
                            to: &result)
                    } catch {
                        result.errors.append(error)
                    }
                case .crashReport(let memberPath, let bytes):
                    add(crashReport: bytes, path: memberPath, to: &result)
                case .logarchive(let memberPath, let note):
                    result.summaries.append(notRead(memberPath, note: note))
                case .failure(let error):
                    result.errors.append(error)
                }
                let read = walker.compressedBytesRead
                progress?.add(bytes: Int(read - reported))
                reported = read
            }
        } catch {
            result.errors.append(error)
        }
    }

    private func add(_ scanned: InputRun.Result, to result: inout UnitResult) {
        result.summaries.append(scanned.summary)
        result.findings += options.filter(scanned.findings, identities: scanned.identities)
        if let error = scanned.error { result.errors.append(error) }
    }

    private func add(crashReport bytes: [UInt8], path: String, to result: inout UnitResult) {
        let newline = UInt8(ascii: "\n")
        let lines = bytes.isEmpty ? 0 : bytes.reduce(0) { $0 + ($1 == newline ? 1 : 0) } + (bytes.last == newline ? 0 : 1)
        guard let report = CrashReportParser.parse(bytes) else {
            // Counted, not lost: every line of it is unparsed.
            result.summaries.append(
                InputSummary(path: path, format: nil, bytes: bytes.count, counts: LineCounts(unparsedLines: lines), truncatedLines: 0))
            result.errors.append(InputError(path: path, reason: "is not a crash report that can be read", kind: .notText))
            return
        }
        // The report is one record: its metadata line, and the body as continuation lines.
        var summary = InputSummary(
            path: path, format: nil, bytes: bytes.count,
            counts: LineCounts(records: 1, continuationLines: max(lines - 1, 0)), truncatedLines: 0)
        summary.isCrashReport = true
        let configuration = run.ruleSet?.configuration
        let finding = CrashReportDiagnosis.finding(
            for: report, path: path, severityOverrides: configuration?.severityOverrides ?? [:])
        summary.note = finding.message
        result.summaries.append(summary)
        guard let configuration, !configuration.disabledRules.contains(finding.rule) else { return }
        result.findings += options.filter([finding], identities: ProcessIdentities())
    }

    private func notRead(_ path: String, note: String) -> InputSummary {
        var summary = InputSummary(path: path, format: nil, bytes: 0, counts: LineCounts(), truncatedLines: 0)
        summary.note = note
        return summary
    }

    /// What the input's first bytes say it is.
    private func sniff(_ path: String) -> InputKind {
        guard let handle = FileHandle(forReadingAtPath: path) else { return .text }  // the scan reports why
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        return Array(head).withUnsafeBufferPointer { InputKind.sniff($0) }
    }

    private func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// A chunk source that adds what it reads to the progress meter, and ends early when the scan is
/// interrupted (so that what was read is still reported).
private final class ScanSource: ChunkSource {
    private let source: any ChunkSource
    private let progress: ProgressMeter?

    init(_ source: any ChunkSource, progress: ProgressMeter?) {
        self.source = source
        self.progress = progress
    }

    func nextChunk() throws(InputError) -> UnsafeBufferPointer<UInt8> {
        guard !ScanInterruption.requested else { return UnsafeBufferPointer(start: nil, count: 0) }
        let chunk = try source.nextChunk()
        progress?.add(bytes: chunk.count)
        return chunk
    }
}
