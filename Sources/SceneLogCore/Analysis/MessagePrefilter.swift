/// One skipping pass over a message that finds both the rules' literals and the launch markers,
/// so that neither the rules nor the launch tracker scans a message of its own. Built once per
/// scan and shared, read-only, by every worker.
final class MessagePrefilter: Sendable {
    private let prefilter: LiteralPrefilter
    private let ruleLiteralCount: Int

    init(ruleSet: RuleSet) {
        ruleLiteralCount = ruleSet.literals.count
        prefilter = LiteralPrefilter(ruleSet.literals + LaunchSignalReader.literals.map { Array($0.utf8) })
    }

    /// Replaces `hits` with what `message` holds.
    func scan(_ message: UnsafeBufferPointer<UInt8>, into hits: inout MessageHits) {
        hits.removeAll()
        let ruleLiterals = ruleLiteralCount
        prefilter.forEachMatch(in: message) { literal in
            if literal < ruleLiterals {
                hits.ruleLiterals.append(literal)
            } else {
                hits.launchMarkers.append(literal - ruleLiterals)
            }
        }
    }
}

/// What the prefilter found in one message: candidates for the rules (indexes into
/// ``RuleSet/literals``) and for the launch tracker (indexes into ``LaunchSignalReader/literals``).
struct MessageHits {
    var ruleLiterals: [Int] = []
    var launchMarkers: [Int] = []

    /// Whether the message held no literal at all.
    var isEmpty: Bool { ruleLiterals.isEmpty && launchMarkers.isEmpty }

    mutating func removeAll() {
        if !ruleLiterals.isEmpty { ruleLiterals.removeAll(keepingCapacity: true) }
        if !launchMarkers.isEmpty { launchMarkers.removeAll(keepingCapacity: true) }
    }
}
