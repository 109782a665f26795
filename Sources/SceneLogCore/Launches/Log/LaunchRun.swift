/// One stream's launches, in the order they started: encoded in blocks (``LaunchWriter``), found
/// through a small index, or held as values (launches given by hand, or a live scan's latest).
struct LaunchRun: Sendable {
    /// Where an encoded launch is: its block, and its offset in the block; with its figures, so
    /// that a report's counts need not read it back.
    struct Locator: Sendable {
        var block: Int32
        var offset: Int32
        var figures: LaunchFigures
    }

    var blocks: [SpoolBlock] = []
    /// The encoded launches, in the order they started (the blocks hold them in the order they
    /// were written, which may differ, and may hold earlier states of a launch that changed again).
    var locators: [Locator] = []
    /// Launches held as values, read after the encoded ones.
    var held: [Launch] = []

    /// How many launches the run has.
    var count: Int { locators.count + held.count }

    /// A run of `launches`, read in the order given.
    init(held launches: [Launch] = []) {
        held = launches
    }

    init(blocks: [SpoolBlock], locators: [Locator]) {
        self.blocks = blocks
        self.locators = locators
    }
}

/// Reads a run's launches in the order they started, decoding each from its block. The few
/// latest blocks read are kept, so that launches written a little out of order cost no re-read.
struct LaunchRunReader: IteratorProtocol {
    private static let keptBlocks = 4

    private let run: LaunchRun
    private var index = 0
    private var blocks: [(index: Int32, bytes: [UInt8])] = []

    init(_ run: LaunchRun) {
        self.run = run
    }

    mutating func next() -> Launch? {
        read { bytes, locator in
            var position = Int(locator.offset)
            return LaunchEncoding.decode(bytes, at: &position)
        } held: { $0 }
    }

    /// The next launch's summary: its figures from its locator, its app and device from the start
    /// of its encoding (the rest is not read).
    mutating func nextSummary() -> LaunchSummary? {
        read { bytes, locator in
            LaunchEncoding.identity(bytes, at: Int(locator.offset)).map {
                LaunchSummary(bundle: $0.bundle, process: $0.process, device: $0.device, figures: locator.figures)
            }
        } held: { LaunchSummary($0) }
    }

    /// The next launch read by `encoded` from its block's bytes, or by `held` from its value.
    private mutating func read<Value>(
        encoded: (UnsafeBufferPointer<UInt8>, LaunchRun.Locator) -> Value?, held: (Launch) -> Value
    ) -> Value? {
        if index < run.locators.count {
            let locator = run.locators[index]
            index += 1
            return bytes(of: locator.block).withUnsafeBufferPointer { encoded($0, locator) }
        }
        let heldIndex = index - run.locators.count
        guard heldIndex < run.held.count else { return nil }
        index += 1
        return held(run.held[heldIndex])
    }

    private mutating func bytes(of block: Int32) -> [UInt8] {
        if let kept = blocks.firstIndex(where: { $0.index == block }) { return blocks[kept].bytes }
        if blocks.count == Self.keptBlocks { blocks.removeFirst() }
        blocks.append((block, run.blocks[Int(block)].bytes))
        return blocks[blocks.count - 1].bytes
    }
}
