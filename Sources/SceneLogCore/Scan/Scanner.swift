/// The one entry point of a scan: inputs in; findings, launches and input summaries out, and,
/// for an observer that asks, each finding and launch as it happens.
///
/// Everything a scan does is here, for the command line, the tests, the benchmarks and the fuzz
/// targets alike: folders walked, archives and compressed files read member by member, crash
/// reports read and joined to their launches, inputs spread over worker threads, launch ids
/// numbered in input order, the app, severity, time, rule, process and device filters applied.
///
/// ```swift
/// var options = ScanOptions(ruleSet: try RuleSet(rules: RuleCatalog.builtIn))
/// options.app = "com.example.app"
/// let result = Scanner(options: options).scan(["device.log", "crashes/"])
/// let report = ScanReport(result, ruleSet: options.ruleSet)
/// ```
public struct Scanner {
    public let options: ScanOptions
    private let observer: (any ScanObserver)?
    private let prefilter: MessagePrefilter?

    /// A scanner with `options`, telling `observer` (if any) how the scan goes.
    public init(options: ScanOptions, observer: (any ScanObserver)? = nil) {
        self.options = options
        self.observer = observer
        self.prefilter = options.ruleSet.map(MessagePrefilter.init)
    }

    /// Scans `paths`: files, folders (walked for logs, archives and crash reports), archives, and
    /// `-` for standard input. An input reached twice (named twice, named and in a named folder, or
    /// through a link) is scanned once, where it first comes; a name that is not UTF-8 is given as
    /// ``PathBytes`` makes it. Inputs that cannot be read are reported to the observer and counted
    /// in ``ScanResult/unreadableInputs``; the others are scanned all the same.
    ///
    /// With ``ScanOptions/shard``, only the inputs of that part are scanned (standard input is
    /// not split: it belongs to every part).
    public func scan(_ paths: [String]) -> ScanResult {
        /// The folders, or their entries, that could not be read: unreadable inputs too.
        final class Failures {
            var errors: [InputError] = []
        }
        let unreadableFolders = Failures()
        let discovered = InputDiscovery.discover(
            paths, selection: options.selection, followsLinksOutsideRoots: options.followsLinksOutsideRoots,
            onEmptyFolder: { folder in
                observer?.scanDidReport(
                    ScanDiagnostic(.warning, "'\(Escaping.visible(folder))' holds no log, archive or crash report to scan"))
            },
            onUnreadable: { folder, reason in
                unreadableFolders.errors.append(InputError(path: folder, reason: reason, kind: .open))
                observer?.scanDidReport(ScanDiagnostic(.error, "cannot read folder '\(Escaping.visible(folder))': \(reason)"))
            },
            onSkippedLink: { link, target in
                observer?.scanDidReport(
                    ScanDiagnostic(
                        .warning,
                        "'\(Escaping.visible(link))' links outside the scanned folders (to '\(Escaping.visible(target))'); not read (--follow-links reads it)"
                    ))
            },
            onPassedOver: { path, what in
                observer?.scanDidReport(ScanDiagnostic(.note, "'\(Escaping.visible(path))' is \(what), not a file; not read"))
            })
        let inputs = discovered.enumerated().filter { _, input in
            input.path == "-" || options.shard.map { $0.admits(relativePath: input.relativePath) } ?? true
        }
        observer?.scanWillRead(inputs.map(\.element.path).filter { $0 != "-" })
        var result = scan(units: inputs.map { (order: $0.offset, source: UnitSource.path($0.element.path)) })
        result.note(unreadable: unreadableFolders.errors)
        return result
    }

    /// Scans `bytes` as one input named `name` (a log or a crash report).
    public func scan(bytes: [UInt8], name: String) -> ScanResult {
        scan(units: [(order: 0, source: .memory(name: name, bytes: bytes))])
    }

    /// Scans inputs held in memory, each a log or a crash report named as given, as one run.
    public func scan(inMemory inputs: [(name: String, bytes: [UInt8])]) -> ScanResult {
        scan(units: inputs.enumerated().map { (order: $0.offset, source: .memory(name: $0.element.name, bytes: $0.element.bytes)) })
    }

    /// A scan of one live stream, fed as its bytes arrive (``LiveScan``).
    public func live(name: String) -> LiveScan {
        LiveScan(name: name, stream: StreamScan(options: options, prefilter: prefilter, observer: observer, spool: Spool()))
    }

    /// Scans `units`, each with its place among every input named (before ``ScanOptions/shard``).
    private func scan(units: [(order: Int, source: UnitSource)]) -> ScanResult {
        let live = observer?.wantsLiveEvents ?? false
        let workers = live ? 1 : min(options.jobs, max(units.count, 1))
        // Threads left over once each worker has its input: a second one per input runs its rules.
        let pipelined = options.jobs >= 2 * workers
        let spool = Spool()
        let cache = live ? nil : openCache()
        let unitScan = UnitScan(
            stream: StreamScan(options: options, prefilter: prefilter, observer: observer, spool: spool), cache: cache)
        // Each unit's result is joined to the others as soon as those before it are; a run that
        // reports as a part keeps them all besides, for its `part` member.
        var merger = UnitMerger()
        var kept: [UnitResult] = []
        let add = { (result: UnitResult) in
            report(result.errors)
            merger.add(result)
            if options.reportsAsPart { kept.append(result) }
        }
        if workers == 1 {
            var launchesSoFar = 0
            for (_, unit) in units {
                let result = unitScan.scan(unit, pipelined: pipelined, liveOffset: live ? launchesSoFar : nil)
                launchesSoFar += result.launches.count
                add(result)
            }
        } else {
            WorkerPool.forEachInOrder(units.map(\.source), workers: workers, { unitScan.scan($0, pipelined: pipelined, liveOffset: nil) }, consume: add)
        }
        if let app = options.app, !merger.seesApp, merger.readSomething {
            observer?.scanDidReport(.appMatchedNothing(app))
        }
        if let cache { observer?.scanDidReport(ScanDiagnostic(.note, Self.describe(cache.statistics, folder: options.cacheFolder ?? ""))) }
        let interrupted = options.isStopRequested()
        if interrupted {
            observer?.scanDidReport(ScanDiagnostic(.warning, "interrupted: the report covers what was read until then"))
        }
        var merged = merger.finish(keepingCrashReportsOf: options.filters.device)
        merged.spool = spool
        if !options.admitsEveryLaunch { merged.launches = merged.launches.filter(spool: spool, options.admits) }
        merged.interrupted = interrupted
        if options.reportsAsPart {
            merged.part = ReportPart(
                options: options, units: zip(units, kept).map { ScannedUnit(order: $0.order, path: $0.source.name, result: $1) })
        }
        return merged
    }

    /// The cache of ``ScanOptions/cacheFolder``; `nil` (with a warning) when it cannot be used.
    private func openCache() -> ContentCache? {
        guard let folder = options.cacheFolder else { return nil }
        do {
            return try ContentCache(folder: folder, options: options)
        } catch {
            observer?.scanDidReport(ScanDiagnostic(.warning, "\(error.description); scanning without a cache"))
            return nil
        }
    }

    /// `cache '…': 195 inputs read from the cache, 5 scanned (1 damaged entry replaced)`.
    private static func describe(_ counts: ContentCache.Counts, folder: String) -> String {
        var text = "cache '\(Escaping.visible(folder))': \(counts.hits) input\(counts.hits == 1 ? "" : "s") read from the cache, \(counts.misses) scanned"
        var notes: [String] = []
        if counts.damaged > 0 { notes.append("\(counts.damaged) damaged entr\(counts.damaged == 1 ? "y" : "ies") scanned again") }
        if counts.unwritable > 0 { notes.append("\(counts.unwritable) entr\(counts.unwritable == 1 ? "y" : "ies") could not be written") }
        if !notes.isEmpty { text += " (" + notes.joined(separator: ", ") + ")" }
        return text
    }

    private func report(_ errors: [InputError]) {
        for error in errors { observer?.scanDidReport(ScanDiagnostic(.error, error.description)) }
    }
}

@available(*, unavailable)
extension Scanner: Sendable {}
