import Testing

@testable import SceneLogCore

/// The line numbers of a summary.
struct Counts: Equatable {
    var lines: Int
    var records: Int
    var continuationLines: Int
    var unparsedLines: Int
}

/// The line numbers of `summary`, after expecting every line to be a record, a continuation or unparsed.
func counts(_ summary: InputSummary) -> Counts {
    #expect(summary.lines == summary.records + summary.continuationLines + summary.unparsedLines)
    return Counts(
        lines: summary.lines, records: summary.records, continuationLines: summary.continuationLines,
        unparsedLines: summary.unparsedLines)
}

/// Expects `text` fed in chunks of each of `chunkSizes` bytes to give the same records and summary as in one piece.
func expectSameScanInChunks(
    of text: String, chunkSizes: [Int] = [1, 7, 4096], sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let whole = scan(text)
    for size in chunkSizes {
        let chunked = scan(text, chunkSize: size)
        #expect(chunked.records == whole.records, "chunk size \(size)", sourceLocation: sourceLocation)
        #expect(chunked.summary == whole.summary, "chunk size \(size)", sourceLocation: sourceLocation)
    }
}
