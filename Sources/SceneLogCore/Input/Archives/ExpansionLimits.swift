/// Limits on how far a compressed input may expand, against decompression bombs: an absolute
/// size per member, and a ratio of expanded to compressed bytes.
public struct ExpansionLimits: Sendable, Equatable {
    /// The most bytes one member (or one compressed file) may expand to.
    public var maximumMemberBytes: Int64
    /// The most expanded bytes per compressed byte.
    public var maximumRatio: Double
    /// The ratio is only checked past this many expanded bytes: small repetitive files compress
    /// very well without being bombs.
    public var ratioFloorBytes: Int64

    public init(maximumMemberBytes: Int64 = 16 << 30, maximumRatio: Double = 1_000, ratioFloorBytes: Int64 = 16 << 20) {
        self.maximumMemberBytes = maximumMemberBytes
        self.maximumRatio = maximumRatio
        self.ratioFloorBytes = ratioFloorBytes
    }
}
