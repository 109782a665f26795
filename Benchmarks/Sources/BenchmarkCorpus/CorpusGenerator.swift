import Foundation

/// What a generated corpus holds, for checking a scan's counts.
public struct CorpusCounts: Sendable, Equatable, Codable {
    public var bytes = 0
    public var lines = 0
    /// Whole copies of the sample, each with its app launch and its findings.
    public var launches = 0
    public var findings = 0
}

/// Writes a large log from one sample: the sample's system noise (its records that do not name
/// the app) repeated, and one block in ``every`` the whole sample, launch and findings included.
/// That is a realistic mix in which most lines match no rule, with findings at a known rate.
public struct CorpusGenerator: Sendable {
    public let preset: CorpusPreset
    /// One whole-sample block in this many blocks (the first block is always whole).
    public let every: Int
    private let header: [UInt8]
    private let wholeBlock: [UInt8]
    private let noiseBlock: [UInt8]
    private let wholeLines: Int
    private let noiseLines: Int

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads the preset's sample from `samplesFolder`.
    public init(preset: CorpusPreset, samplesFolder: String = CorpusPreset.samplesFolder, every: Int = 200) throws {
        let path = (samplesFolder as NSString).appendingPathComponent(preset.sample)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "\(path): cannot be read")
        }
        self.preset = preset
        self.every = max(every, 1)
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).map(Array.init)
        let headerLines = lines.prefix(preset.headerLines)
        lines.removeFirst(min(preset.headerLines, lines.count))
        // A record is a line and the indented continuation lines after it.
        var records: [[UInt8]] = []
        for line in lines {
            if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"), !records.isEmpty {
                records[records.count - 1] += [UInt8(ascii: "\n")] + line
            } else {
                records.append(line)
            }
        }
        let words = preset.appWords.map { Array($0.utf8) }
        let noise = records.filter { record in !words.contains { record.contains($0) } }
        func joined(_ lines: some Sequence<[UInt8]>) -> [UInt8] { lines.flatMap { $0 + [UInt8(ascii: "\n")] } }
        header = joined(headerLines)
        wholeBlock = joined(records)
        noiseBlock = joined(noise)
        wholeLines = Self.lineCount(wholeBlock)
        noiseLines = Self.lineCount(noiseBlock)
        guard !noiseBlock.isEmpty, noise.count < records.count else {
            throw Failure(description: "\(path): the app words split no noise from the app's records")
        }
    }

    /// Writes at least `size` bytes (whole blocks) through `write`, and says what they hold.
    public func generate(size: Int, write: ([UInt8]) throws -> Void) rethrows -> CorpusCounts {
        var counts = CorpusCounts()
        try write(header)
        counts.bytes = header.count
        counts.lines = Self.lineCount(header)
        var block = 0
        while counts.bytes < size {
            let whole = block % every == 0
            let bytes = whole ? wholeBlock : noiseBlock
            try write(bytes)
            counts.bytes += bytes.count
            counts.lines += whole ? wholeLines : noiseLines
            if whole {
                counts.launches += 1
                counts.findings += preset.findingsPerSample
            }
            block += 1
        }
        return counts
    }

    /// A corpus of at least `size` bytes, in memory.
    public func corpus(size: Int) -> (bytes: [UInt8], counts: CorpusCounts) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size + wholeBlock.count)
        let counts = generate(size: size) { bytes += $0 }
        return (bytes, counts)
    }

    private static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}
