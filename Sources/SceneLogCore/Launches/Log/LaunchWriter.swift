/// Writes one stream's launches to a run: each encoded into blocks of about 64 KiB, stored in the
/// spool as they fill, and found again by its sequence number (the order it started). A launch
/// written again (it changed after it was written) replaces its earlier state in the run.
struct LaunchWriter {
    static let blockSize = 64 << 10

    private let spool: Spool
    private var blocks: [SpoolBlock] = []
    private var buffer: [UInt8] = []
    private var buffered = 0
    /// Where each launch's latest state is, by sequence number − 1.
    private var locators: [LaunchRun.Locator?] = []

    init(spool: Spool) {
        self.spool = spool
    }

    /// Writes `launch`, the `sequence`-th of the stream to start (from 1).
    mutating func write(_ launch: Launch, sequence: Int) {
        if locators.count < sequence { locators += repeatElement(nil, count: sequence - locators.count) }
        locators[sequence - 1] = LaunchRun.Locator(
            block: Int32(blocks.count), offset: Int32(buffer.count), figures: LaunchFigures(launch))
        LaunchEncoding.encode(launch, into: &buffer)
        buffered += 1
        if buffer.count >= Self.blockSize { flush() }
    }

    /// The run written, its launches in the order they started.
    mutating func finish() -> LaunchRun {
        flush()
        defer {
            blocks = []
            locators = []
        }
        return LaunchRun(blocks: blocks, locators: locators.compactMap(\.self))
    }

    private mutating func flush() {
        guard buffered > 0 else { return }
        blocks.append(spool.store(buffer, count: buffered))
        buffer.removeAll(keepingCapacity: true)
        buffered = 0
    }
}
