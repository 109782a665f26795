/// Why a live scan cannot start or go on: its source cannot be opened, read or started.
public struct WatchError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
