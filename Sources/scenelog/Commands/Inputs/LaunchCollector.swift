import SceneLogCore

/// Keeps the latest state of every launch the trackers hand out, in the order they started.
final class LaunchCollector {
    @exclusivity(unchecked) private var stored: [Launch] = []
    @exclusivity(unchecked) private var positions: [String: Int] = [:]
    /// The id number the next input's first launch takes.
    @exclusivity(unchecked) private(set) var nextNumber: Int

    /// - Parameter firstNumber: the number of the first launch's id (`L<n>`).
    init(firstNumber: Int = 1) {
        nextNumber = firstNumber
    }

    /// The launches by id number (the order they started).
    var launches: [Launch] {
        stored.sorted { (Int($0.id.dropFirst()) ?? 0) < (Int($1.id.dropFirst()) ?? 0) }
    }

    func update(_ launch: Launch) {
        if let position = positions[launch.id] {
            stored[position] = launch
        } else {
            positions[launch.id] = stored.count
            stored.append(launch)
        }
        if let number = Int(launch.id.dropFirst()), number >= nextNumber { nextNumber = number + 1 }
    }
}
