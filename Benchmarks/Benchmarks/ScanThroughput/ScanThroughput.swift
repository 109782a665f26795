import Benchmark
import BenchmarkCorpus
import MallocInterposerSwift
import SceneLogCore

// scenelog's scan of a generated corpus of each major format, at three stages: parse only, parse
// and every rule, and the whole scan with launch tracking. Each run checks the corpus's counts.

extension BenchmarkMetric {
    /// Corpus bytes scanned per second, in MB (10^6 bytes).
    static var megabytesPerSecond: Self { .custom("MB/s", polarity: .prefersLarger, useScalingFactor: false) }
    /// Allocations per thousand lines over the corpus's second half, once everything is set up.
    static var steadyStateMallocs: Self { .custom("mallocs per 1k lines, steady state", useScalingFactor: false) }
}

/// Corpus size: small enough for CI, large enough that set-up is a small part of a run.
private let corpusBytes = 2 << 20

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.megabytesPerSecond, .mallocCountTotal, .steadyStateMallocs, .peakMemoryResident],
        warmupIterations: 2,
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: 25,
        // Tolerances against the committed Thresholds/: allocations are nearly deterministic (a
        // stage's total differs by a few between runs: 123 or 127 for a parse stage), so their check
        // is tight; time on a shared 2-core machine varies by up to 2x between runs, so only a scan
        // at a third of the committed speed fails.
        thresholds: [
            .megabytesPerSecond: .init(relative: [.p90: 65]),
            .mallocCountTotal: .init(relative: [.p90: 5], absolute: [.p90: 50]),
            .steadyStateMallocs: .init(absolute: [.p90: 10]),
            .peakMemoryResident: .init(relative: [.p90: 25]),
        ])

    let ruleSet: RuleSet
    do {
        ruleSet = try RuleSet(rules: RuleCatalog.builtIn)
    } catch {
        fatalError("the built-in rules do not compile: \(error)")
    }
    // Each format's corpus, with a whole sample in every 20 blocks; and idevicesyslog's noise alone
    // (the sample once, at the top), where a line that matches no rule must not allocate.
    var corpora = CorpusPreset.all.map { (name: $0.format, preset: $0, every: 20) }
    if let idevicesyslog = CorpusPreset.named("idevicesyslog") {
        corpora.append((name: "idevicesyslog-noise", preset: idevicesyslog, every: .max))
    }
    for (name, preset, every) in corpora {
        let corpus: [UInt8]
        let expected: CorpusCounts
        do {
            (corpus, expected) = try CorpusGenerator(preset: preset, every: every).corpus(size: corpusBytes)
        } catch {
            fatalError("\(error)")
        }
        let steadyLines = CorpusScan.linesInSecondHalf(of: corpus)
        for stage in ScanStage.allCases {
            Benchmark("\(name).\(stage.rawValue)") { benchmark in
                let scan = CorpusScan(stage: stage, ruleSet: ruleSet)
                var mallocsAtHalf = 0
                var mallocsAtEnd = 0
                let clock = ContinuousClock()
                let start = clock.now
                let result = try scan.run(
                    corpus, atHalf: { mallocsAtHalf = MallocInterposerSwift.getStatistics().mallocCount },
                    atEnd: { mallocsAtEnd = MallocInterposerSwift.getStatistics().mallocCount })
                let elapsed = (clock.now - start) / .seconds(1)
                benchmark.measurement(.megabytesPerSecond, Int(Double(corpus.count) / elapsed / 1e6))
                benchmark.measurement(.steadyStateMallocs, (mallocsAtEnd - mallocsAtHalf) * 1000 / steadyLines)
                check(result, against: expected, stage: stage, corpus: name)
            }
        }
    }
}

/// Stops the run when a scan's counts are not the corpus's: a fast scan that finds the wrong
/// things is no result.
private func check(_ result: CorpusScanResult, against expected: CorpusCounts, stage: ScanStage, corpus: String) {
    var wrong: [String] = []
    if result.lines != expected.lines { wrong.append("\(result.lines) lines, not \(expected.lines)") }
    if stage == .launches {
        if result.findings != expected.findings { wrong.append("\(result.findings) findings, not \(expected.findings)") }
        if result.launches != expected.launches { wrong.append("\(result.launches) launches, not \(expected.launches)") }
    }
    guard wrong.isEmpty else { fatalError("\(corpus).\(stage.rawValue): \(wrong.joined(separator: ", "))") }
}
