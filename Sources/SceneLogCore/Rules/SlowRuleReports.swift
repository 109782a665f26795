import Foundation

/// The rules a run has already reported as slow, shared by its workers: each rule once; and
/// whether the rules that are not built in ran out of time together on one of its inputs, after
/// which they are not tried on the run's later inputs (a folder of N logs would cost N times the
/// budget).
final class SlowRuleReports: @unchecked Sendable {
    private let lock = NSLock()
    private var reported: Set<String> = []
    private var userRulesOutOfTime = false

    /// Whether `ruleID` is reported now: `true` the first time only.
    func claim(_ ruleID: String) -> Bool {
        lock.withLock { reported.insert(ruleID).inserted }
    }

    /// The rules that are not built in went past their budget together on an input.
    func noteUserRulesOutOfTime() {
        lock.withLock { userRulesOutOfTime = true }
    }

    /// Whether they did, on an input of the run.
    var areUserRulesOutOfTime: Bool {
        lock.withLock { userRulesOutOfTime }
    }
}
