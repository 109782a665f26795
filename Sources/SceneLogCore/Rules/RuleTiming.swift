#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long one engine's confirmations of the timed rules (those not built in: user rules) took,
/// per rule, on a monotonic clock. Built-in patterns are bounded and are not timed.
struct RuleTiming {
    /// A rule averaging more than this per record it was confirmed on is slow: 1 ms.
    static let slowAverageNanoseconds: UInt64 = 1_000_000
    /// How long a slow rule may take on one input in all before it is not tried on the rest: 10 s
    /// (a pattern that takes 10 ms on each of a million lines would hold a scan for hours).
    static let slowRuleBudgetNanoseconds: UInt64 = 10_000_000_000

    private var nanoseconds: [UInt64]
    private var records: [Int]
    /// All timed rules together: their time, and the records at least one of them was confirmed on.
    private var totalNanoseconds: UInt64 = 0
    private var totalRecords = 0
    private var lastTotalRecord = -1
    /// The record being checked, and the last one each rule was counted on: a rule with several
    /// patterns counts a record once.
    private var record = 0
    private var lastRecords: [Int]

    init(ruleCount: Int) {
        nanoseconds = [UInt64](repeating: 0, count: ruleCount)
        records = [Int](repeating: 0, count: ruleCount)
        lastRecords = [Int](repeating: -1, count: ruleCount)
    }

    /// Starts the next record.
    mutating func nextRecord() {
        record &+= 1
    }

    /// The monotonic clock, in nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Notes one confirmation of rule `rule` that started at `start`.
    mutating func add(rule: Int, since start: UInt64) {
        let spent = Self.now() &- start
        nanoseconds[rule] &+= spent
        totalNanoseconds &+= spent
        if lastTotalRecord != record {
            lastTotalRecord = record
            totalRecords += 1
        }
        if lastRecords[rule] != record {
            lastRecords[rule] = record
            records[rule] += 1
        }
    }

    /// Whether rule `rule` is slow (``slowAverageNanoseconds`` per record on average) and took
    /// more than `budget` nanoseconds in all.
    func isOverBudget(rule: Int, budget: UInt64) -> Bool {
        Self.isSlow(nanoseconds[rule], over: records[rule], beyond: budget)
    }

    /// Whether the timed rules together are slow (``slowAverageNanoseconds`` per record on
    /// average) and took more than `budget` nanoseconds in all: many rules, each quick, that add
    /// up to what one slow rule would cost.
    func areAllOverBudget(_ budget: UInt64) -> Bool {
        Self.isSlow(totalNanoseconds, over: totalRecords, beyond: budget)
    }

    /// Whether `nanoseconds` spent on `records` records average more than
    /// ``slowAverageNanoseconds`` and add up to more than `budget`.
    private static func isSlow(_ nanoseconds: UInt64, over records: Int, beyond budget: UInt64) -> Bool {
        nanoseconds > budget && records > 0 && nanoseconds / UInt64(records) > slowAverageNanoseconds
    }

    /// The rules slower than ``slowAverageNanoseconds`` per record on average, with that average
    /// (nanoseconds) and the records it is taken over.
    var slowRules: [(rule: Int, averageNanoseconds: UInt64, records: Int)] {
        records.indices.compactMap { rule in
            guard records[rule] > 0 else { return nil }
            let average = nanoseconds[rule] / UInt64(records[rule])
            return average > Self.slowAverageNanoseconds ? (rule, average, records[rule]) : nil
        }
    }
}
