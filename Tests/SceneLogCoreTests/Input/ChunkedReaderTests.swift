import Foundation
import Testing

@testable import SceneLogCore

/// A file is read to its end, or says why it was not: a log cut short while it is read (rotated
/// by truncation) is not taken for a whole one.
struct ChunkedReaderTests {
    @Test("a file read whole ends with an empty chunk; one truncated while it is read is a read error saying so")
    func truncatedWhileRead() throws {
        let folder = try TemporaryFolder()
        let line = String(repeating: "x", count: 99) + "\n"
        let path = try folder.write(String(repeating: line, count: 2_000), to: "device.log")
        let whole = try ChunkedReader(path: path, chunkSize: 64 << 10)
        var read = 0
        while true {
            let chunk = try whole.nextChunk()
            if chunk.isEmpty { break }
            read += chunk.count
        }
        #expect(read == 200_000)

        let cut = try ChunkedReader(path: path, chunkSize: 64 << 10)
        #expect(try cut.nextChunk().count == 64 << 10)
        #expect(truncate(path, 1_000) == 0)
        do {
            _ = try cut.nextChunk()
            Issue.record("a file cut short was read as if whole")
        } catch {
            #expect(error.kind == .read)
            #expect(error.description.contains("cut short while it was read: it ended after 65536 of the 200000 bytes"))
        }
    }

    @Test("a pseudo-file whose size says nothing of its content (sysfs: 4096) is read whole, not called cut short",
          .enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")))
    func pseudoFile() throws {
        let reader = try ChunkedReader(path: "/sys/kernel/mm/transparent_hugepage/enabled")
        var read = 0
        while true {
            let chunk = try reader.nextChunk()
            if chunk.isEmpty { break }
            read += chunk.count
        }
        #expect(read > 0 && read < 4_096)
    }

    @Test("a file that grows while it is read is read on to its new end")
    func grownWhileRead() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(String(repeating: "a\n", count: 50_000), to: "device.log")
        let reader = try ChunkedReader(path: path, chunkSize: 64 << 10)
        var read = try reader.nextChunk().count
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "b"), count: 10_000))
        try handle.close()
        while true {
            let chunk = try reader.nextChunk()
            if chunk.isEmpty { break }
            read += chunk.count
        }
        #expect(read == 110_000)
    }

    @Test("a file that grows without end while it is read stops after 64 MiB more, with a read error saying so")
    func growingWithoutEnd() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(String(repeating: "a\n", count: 512), to: "device.log")
        let reader = try ChunkedReader(path: path, chunkSize: 1 << 20)
        var read = try reader.nextChunk().count
        #expect(read == 1_024)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "b"), count: (64 << 20) + (2 << 20)))
        try handle.close()
        do {
            while true {
                let chunk = try reader.nextChunk()
                if chunk.isEmpty { break }
                read += chunk.count
            }
            Issue.record("a file that grew past the allowance was read on")
        } catch {
            #expect(error.kind == .read)
            #expect(error.description.contains("it grew by more than 64 MiB while it was read"))
            #expect(read <= 1_024 + (64 << 20))
        }
    }
}
