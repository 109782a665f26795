import Foundation
import Testing

@testable import SceneLogCore

/// The one reader of whole small files: regular files only, never past a cap.
@Suite("bounded file")
struct BoundedFileTests {
    @Test("a regular file within the cap is read whole; one byte over is refused, naming the cap")
    func cap() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("0123456789", to: "ten.txt")
        #expect(try BoundedFile.read(path: path, limit: 10, what: "tests") == Data("0123456789".utf8))
        let error = try #require(throws: BoundedFile.Failure.self) { try BoundedFile.read(path: path, limit: 9, what: "tests") }
        #expect(error.kind == .tooLarge)
        #expect(error.description == "'\(path)' is 10 bytes; tests are read up to 9 bytes")
    }

    @Test("devices, folders and missing files are refused with why")
    func notRegular() throws {
        let folder = try TemporaryFolder()
        let device = try #require(throws: BoundedFile.Failure.self) { try BoundedFile.read(path: "/dev/zero", limit: 10, what: "tests") }
        #expect(device.reason == "is not a regular file (a device)")
        let directory = try #require(throws: BoundedFile.Failure.self) { try BoundedFile.read(path: folder.path(""), limit: 10, what: "tests") }
        #expect(directory.reason == "is not a regular file (a folder)")
        let missing = try #require(throws: BoundedFile.Failure.self) {
            try BoundedFile.read(path: folder.path("absent\u{1B}[2J"), limit: 10, what: "tests")
        }
        #expect(missing.kind == .unreadable && missing.description.contains("absent\\u{1b}[2J' cannot be opened: No such file"))
    }

    @Test("sizes are shown rounded, and never as the cap itself when over it")
    func sizes() {
        #expect(BoundedFile.describe(16 << 20) == "16 MiB")
        #expect(BoundedFile.describe(135_000_000, limit: 16 << 20) == "129 MiB")
        #expect(BoundedFile.describe((1 << 20) + 3, limit: 1 << 20) == "more than 1 MiB")
        #expect(BoundedFile.describe(2048) == "2 KiB")
    }
}
