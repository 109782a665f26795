import Crypto

/// One part of a run's inputs, for running a scan as the map of a distributed job: `--shard K/N`
/// takes the K-th of N parts (1-based, as test runners count shards).
///
/// An input belongs to the part chosen by the SHA-256 of its path relative to the root it was
/// named under (a file inside a named folder: its path below the folder; a file named as such:
/// its name), so that workers that see the same inputs under different mount points split them
/// the same way. With the same inputs on every worker, the N parts are disjoint and their union is
/// every input. Archives are inputs like files: an archive's members stay together.
///
/// ```swift
/// var options = ScanOptions(ruleSet: try RuleSet(rules: RuleCatalog.builtIn))
/// options.shard = InputShard(parsing: "2/8")
/// let result = Scanner(options: options).scan(["night/"])
/// ```
public struct InputShard: Sendable, Equatable, CustomStringConvertible {
    /// Which part, from 1 to ``count``.
    public let index: Int
    /// How many parts the inputs are split into.
    public let count: Int

    /// The most parts a run may be split into.
    public static let maximumCount = 100_000

    /// `K/N`, with 1 ≤ K ≤ N ≤ ``maximumCount``; `nil` for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(ASCII.isDigit) && $0.utf8.count <= 6 }),
            let index = Int(parts[0]), let count = Int(parts[1])
        else { return nil }
        self.init(index: index, count: count)
    }

    /// Part `index` of `count`; `nil` unless 1 ≤ `index` ≤ `count` ≤ ``maximumCount``.
    public init?(index: Int, count: Int) {
        guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the input at `relativePath` (below the root it was named under) belongs to this part.
    public func admits(relativePath: String) -> Bool {
        Self.part(of: relativePath, among: count) == index
    }

    /// The part (1-based) that `relativePath` falls in when the inputs are split into `count`:
    /// the first eight bytes of its SHA-256, as a big-endian number, modulo `count`.
    static func part(of relativePath: String, among count: Int) -> Int {
        let digest = SHA256.hash(data: PathBytes.bytes(relativePath))
        let number = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int(number % UInt64(count)) + 1
    }
}
