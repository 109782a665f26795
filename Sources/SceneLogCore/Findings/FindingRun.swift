/// One stream's findings: line findings encoded in blocks, in line order, and launch diagnoses
/// (which may point back at earlier lines) held as values, merged in by line when read.
struct FindingRun: Sendable {
    var blocks: [SpoolBlock] = []
    /// Launch diagnoses, in line order (or any findings, in their order, for a run of held findings only).
    var held: [Finding] = []
    /// The run's findings counted by severity and rule.
    private(set) var tally = FindingTally()

    /// How many findings the run has.
    var count: Int { tally.total }

    /// A run of `findings`, read in the order given.
    init(held findings: [Finding] = []) {
        held = findings
        for finding in findings { tally.add(finding) }
    }

    /// Counts `finding`, added to the run.
    mutating func count(_ finding: Finding) {
        tally.add(finding)
    }

    /// The findings that `isIncluded` keeps, in the same order (the held ones stay held).
    func filter(spool: Spool, _ isIncluded: (Finding) -> Bool) -> FindingRun {
        var writer = FindingWriter(spool: spool)
        var lineFindings = self
        lineFindings.held = []
        var reader = FindingRunReader(lineFindings)
        while let finding = reader.next() {
            if isIncluded(finding) { writer.append(finding) }
        }
        for diagnosis in held where isIncluded(diagnosis) { writer.hold(diagnosis) }
        return writer.finish()
    }
}

/// Writes one stream's findings to a run: encoded into blocks of about 64 KiB, each stored in the
/// spool as it fills.
struct FindingWriter {
    static let blockSize = 64 << 10

    private let spool: Spool
    private var buffer: [UInt8] = []
    private var buffered = 0
    private var run = FindingRun()

    init(spool: Spool) {
        self.spool = spool
    }

    /// Adds a line finding (line findings come in line order).
    mutating func append(_ finding: Finding) {
        FindingEncoding.encode(finding, into: &buffer)
        buffered += 1
        run.count(finding)
        if buffer.count >= Self.blockSize { flush() }
    }

    /// Adds a launch diagnosis: held, and merged in by line when the run is read.
    mutating func hold(_ diagnosis: Finding) {
        run.held.append(diagnosis)
        run.count(diagnosis)
    }

    /// The run written, its held diagnoses in line order.
    mutating func finish() -> FindingRun {
        flush()
        var finished = run
        if finished.held.count > 1 {
            // Stable: diagnoses of one line keep the order they were made in.
            finished.held = finished.held.enumerated()
                .sorted { ($0.element.location.line, $0.offset) < ($1.element.location.line, $1.offset) }.map(\.element)
        }
        run = FindingRun()
        return finished
    }

    private mutating func flush() {
        guard buffered > 0 else { return }
        run.blocks.append(spool.store(buffer, count: buffered))
        buffer.removeAll(keepingCapacity: true)
        buffered = 0
    }
}

/// Reads a run's findings in line order: the blocks' findings, with the held ones merged in
/// (a block's finding first where both have the same line).
struct FindingRunReader: IteratorProtocol {
    private let run: FindingRun
    private var blockIndex = 0
    private var bytes: [UInt8] = []
    private var position = 0
    private var peeked: Finding?
    private var heldIndex = 0

    init(_ run: FindingRun) {
        self.run = run
    }

    mutating func next() -> Finding? {
        if peeked == nil { peeked = nextEncoded() }
        if heldIndex < run.held.count, peeked.map({ run.held[heldIndex].location.line < $0.location.line }) ?? true {
            defer { heldIndex += 1 }
            return run.held[heldIndex]
        }
        defer { peeked = nil }
        return peeked
    }

    private mutating func nextEncoded() -> Finding? {
        while true {
            if position < bytes.count,
                let finding = bytes.withUnsafeBufferPointer({ FindingEncoding.decode($0, at: &position) })
            {
                return finding
            }
            guard blockIndex < run.blocks.count else { return nil }
            bytes = run.blocks[blockIndex].bytes
            position = 0
            blockIndex += 1
        }
    }
}
