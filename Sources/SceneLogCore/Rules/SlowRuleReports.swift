import Foundation

/// The rules a run has already reported as slow, shared by its workers: each rule once.
final class SlowRuleReports: @unchecked Sendable {
    private let lock = NSLock()
    private var reported: Set<String> = []

    /// Whether `ruleID` is reported now: `true` the first time only.
    func claim(_ ruleID: String) -> Bool {
        lock.withLock { reported.insert(ruleID).inserted }
    }
}
