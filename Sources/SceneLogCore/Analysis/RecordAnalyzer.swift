/// Runs the rules and the launch tracker over one input's records: one prefilter pass over each
/// message serves both, and each finding is linked to the launch it belongs to.
public final class RecordAnalyzer {
    public let engine: RuleEngine
    public let tracker: LaunchTracker
    private let path: String

    /// - Parameter path: the input's name, as findings' locations give it.
    public init(engine: RuleEngine, tracker: LaunchTracker, path: String) {
        self.engine = engine
        self.tracker = tracker
        self.path = path
    }

    /// The findings of `record` (at most one per rule), each linked to its launch. The tracker has
    /// seen the record when this returns.
    public func analyze(_ record: RecordView) -> [Finding] {
        var found = engine.findings(in: record, path: path)
        tracker.observe(record, markers: engine.launchMarkers)
        guard !found.isEmpty else { return found }
        for index in found.indices { tracker.attach(&found[index], from: record) }
        return found
    }

    /// The findings of a line no parser understood (an Xcode 15 console copy, a pasted fragment),
    /// searched as a bare message.
    public func analyzeUnparsed(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> [Finding] {
        engine.findings(in: .bareLine(bytes, line: line), path: path)
    }
}

@available(*, unavailable)
extension RecordAnalyzer: Sendable {}
