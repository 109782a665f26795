import Foundation
import Testing

@testable import SceneLogCore

/// The committed `baseline` and `history` fuzz corpora, replayed on every test run: each input
/// reads or is refused with an error naming the file, none traps.
@Suite("baseline and history fuzz corpora")
struct FuzzCorpusReplayTests {
    static func corpus(_ target: String) throws -> [URL] {
        let folder = samplesFolder().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/\(target)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        try #require(!names.isEmpty, "\(folder.path) holds no input")
        return names.map { folder.appendingPathComponent($0) }
    }

    @Test("every baseline input", arguments: try corpus("baseline"))
    func baseline(file: URL) throws {
        do {
            _ = try BaselineReport.load(path: file.path)
        } catch {
            #expect(error.path == file.path)
        }
    }

    @Test("every history input", arguments: try corpus("history"))
    func history(file: URL) throws {
        // A copy: SQLite may look for a journal next to the file.
        let folder = try TemporaryFolder()
        let path = folder.path("history.sqlite")
        try FileManager.default.copyItem(atPath: file.path, toPath: path)
        do {
            _ = try HistoryStore(readingFrom: path).runs()
        } catch {
            #expect(error.path == path)
        }
    }
}
