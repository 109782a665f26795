/// A dictionary that keeps at most `capacity` keys: adding one more lets the oldest added go, so
/// that a watch running all night keeps what it remembers of recent findings and launches only.
struct RecentTable<Key: Hashable, Value> {
    private let capacity: Int
    private var values: [Key: Value] = [:]
    /// The keys in the order they were added, as a ring of `capacity` slots.
    private var arrival: [Key] = []
    private var oldest = 0

    init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    subscript(key: Key) -> Value? {
        get { values[key] }
        set {
            guard let newValue else { return }
            if values.updateValue(newValue, forKey: key) == nil { noteArrival(of: key) }
        }
    }

    var count: Int { values.count }

    private mutating func noteArrival(of key: Key) {
        guard arrival.count == capacity else { return arrival.append(key) }
        values.removeValue(forKey: arrival[oldest])
        arrival[oldest] = key
        oldest = (oldest + 1) % capacity
    }
}
