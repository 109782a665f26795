import Foundation
import Testing

@testable import SceneLogCore

/// The folders scenelog makes for itself (a cache, a history's), and why it cannot, in words.
@Suite("making folders")
struct FileSystemTests {
    @Test("missing folders are made, an existing one is kept, and a file in the way is named")
    func makeFolders() throws {
        let folder = try TemporaryFolder()
        #expect(FileSystem.makeFolders(folder.path("a/b/c")) == nil)
        #expect(FileSystem.isFolder(folder.path("a/b/c")))
        #expect(FileSystem.makeFolders(folder.path("a/b")) == nil)
        _ = try folder.write("x", to: "file")
        #expect(FileSystem.makeFolders(folder.path("file/d")) == "'\(folder.path("file"))' is a file, not a folder")
        try folder.run("chmod 500 a")
        defer { _ = try? folder.run("chmod 700 a") }
        if geteuid() != 0 {
            #expect(FileSystem.makeFolders(folder.path("a/e")) == "cannot make '\(folder.path("a/e"))': Permission denied")
        }
    }
}
