import ArgumentParser
import BenchmarkCorpus
import Foundation

@main
struct ScenelogBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenelog-bench",
        abstract: "Tools for measuring scenelog.",
        subcommands: [Generate.self])
}

/// `scenelog-bench generate`: a large realistic log with findings at a known rate.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a large device log from a sample, with findings and launches at a known rate.",
        discussion: """
            The corpus repeats the sample's system noise (its records that do not name the app); one \
            block in --every is the whole sample, with its app launch and its findings. What the \
            corpus holds is written beside it, to OUTPUT.expected.json, for checking a scan's counts.

            Formats: \(CorpusPreset.all.map(\.format).joined(separator: ", ")).

            Examples:
              scenelog-bench generate --size-mib 1024 /tmp/corpus.log
              scenelog-bench generate --format log-ndjson --size-mib 64 /tmp/corpus.ndjson
            """)

    @Option(help: "The corpus's format (its sample).")
    var format = "idevicesyslog"

    @Option(name: .customLong("size-mib"), help: "At least this many MiB.")
    var sizeMiB = 1024

    @Option(help: "One whole-sample block in this many.")
    var every = 200

    @Option(help: "The folder of samples (default: the repository's Samples/).")
    var samples: String?

    @Argument(help: "Where to write the corpus.")
    var output: String

    func validate() throws {
        guard CorpusPreset.named(format) != nil else {
            throw ValidationError(
                "unknown format '\(format)'; one of: \(CorpusPreset.all.map(\.format).joined(separator: ", "))")
        }
        guard sizeMiB > 0 else { throw ValidationError("--size-mib must be at least 1") }
        guard every > 0 else { throw ValidationError("--every must be at least 1") }
    }

    func run() throws {
        let preset = CorpusPreset.named(format)!
        let generator = try CorpusGenerator(
            preset: preset, samplesFolder: samples ?? CorpusPreset.samplesFolder, every: every)
        guard FileManager.default.createFile(atPath: output, contents: nil),
            let handle = FileHandle(forWritingAtPath: output)
        else { throw ValidationError("\(output): cannot be written") }
        defer { try? handle.close() }
        var pending: [UInt8] = []
        let counts = try generator.generate(size: sizeMiB << 20) { bytes in
            pending += bytes
            if pending.count >= 4 << 20 {
                try handle.write(contentsOf: pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: pending)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(counts).write(to: URL(fileURLWithPath: output + ".expected.json"))
        print(
            "\(output): \(counts.bytes) bytes, \(counts.lines) lines, \(counts.launches) launches, \(counts.findings) planted findings")
    }
}
