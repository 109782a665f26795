import Foundation

/// Runs a job per item on a fixed number of threads and hands the results on in the items' order.
enum WorkerPool {
    /// Runs `job` on every item, on up to `workers` threads, and hands each result to `consume` on
    /// the calling thread in the items' order, as soon as it and those before it are done: a
    /// result is held only until it is consumed.
    static func forEachInOrder<Item: Sendable, Result>(
        _ items: [Item], workers: Int, _ job: @escaping (Item) -> Result, consume: (Result) -> Void
    ) {
        let state = PoolState<Result>(count: items.count)
        let box = UncheckedJob(job: job)
        for _ in 0..<max(1, min(workers, items.count)) {
            let thread = Thread {
                while let index = state.nextIndex() {
                    state.store(box.job(items[index]), at: index)
                }
            }
            thread.start()
        }
        for index in items.indices { consume(state.take(at: index)) }
    }
}

/// The next item to take and the results not yet consumed, shared by the workers and the
/// consumer under a lock.
private final class PoolState<Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private var next = 0
    private let count: Int
    private var slots: [Int: Result] = [:]

    init(count: Int) {
        self.count = count
    }

    func nextIndex() -> Int? {
        condition.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ result: Result, at index: Int) {
        condition.withLock {
            slots[index] = result
            condition.broadcast()
        }
    }

    /// The result of item `index`, once it is done; it is no longer held.
    func take(at index: Int) -> Result {
        condition.withLock {
            while true {
                if let result = slots.removeValue(forKey: index) { return result }
                condition.wait()
            }
        }
    }
}

/// The job closure, shared by the workers; what it touches is the caller's to keep thread-safe.
private struct UncheckedJob<Item, Result>: @unchecked Sendable {
    let job: (Item) -> Result
}
