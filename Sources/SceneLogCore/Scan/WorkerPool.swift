import Foundation

/// Runs a job per item on a fixed number of threads and returns the results in the items' order.
enum WorkerPool {
    static func map<Item: Sendable, Result>(_ items: [Item], workers: Int, _ job: @escaping (Item) -> Result) -> [Result] {
        let state = PoolState<Result>(count: items.count)
        let box = UncheckedJob(job: job)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, items.count)) {
            group.enter()
            let thread = Thread {
                while let index = state.nextIndex() {
                    state.store(box.job(items[index]), at: index)
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return state.results
    }
}

/// The next item to take and the results so far, shared by the workers under a lock.
private final class PoolState<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private let count: Int
    private var slots: [Result?]

    init(count: Int) {
        self.count = count
        slots = Array(repeating: nil, count: count)
    }

    func nextIndex() -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ result: Result, at index: Int) {
        lock.withLock { slots[index] = result }
    }

    var results: [Result] { lock.withLock { slots.compactMap { $0 } } }
}

/// The job closure, shared by the workers; what it touches is the caller's to keep thread-safe.
private struct UncheckedJob<Item, Result>: @unchecked Sendable {
    let job: (Item) -> Result
}
