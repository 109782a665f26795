import CPCRE2

/// Per-worker PCRE2 match memory. Not `Sendable`: PCRE2 wants one match block per thread.
final class MatchScratch {
    private var matchData: OpaquePointer?
    private var capacity: Int = 0

    init() {}

    deinit {
        if let matchData { pcre2_match_data_free_8(matchData) }
    }

    func data(for pattern: CompiledPattern) throws(PCRE2Error) -> OpaquePointer {
        let needed = max(pattern.captureCount + 1, 10)
        if let matchData, capacity >= needed { return matchData }
        if let matchData {
            pcre2_match_data_free_8(matchData)
            self.matchData = nil
            capacity = 0
        }
        guard let created = pcre2_match_data_create_8(UInt32(needed), nil) else {
            throw PCRE2Error(code: PCRE2_ERROR_NOMEMORY)
        }
        matchData = created
        capacity = needed
        return created
    }
}

@available(*, unavailable)
extension MatchScratch: Sendable {}
