import Foundation
import Testing

/// Binary data inside a log (NUL padding, the garbage a crash leaves at the end of a file being
/// written) is counted and skipped; only an input that is binary from its start is refused.
@Suite("binary data in logs", .serialized)
struct BinaryRegionTests {
    static let notAdopted = HostileInputTests.notAdopted

    /// Random bytes, as a crash leaves them.
    static func garbage(_ count: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    @Test("a log whose last 10 KB are NULs keeps its findings, and the NULs are reported")
    func nulTail() throws {
        var bytes = Data((Self.notAdopted + "\n" + Self.notAdopted + "\n").utf8)
        bytes.append(Data(count: 10_240))
        let (result, input, findings, _) = try HostileInputTests.scan(bytes)
        #expect(result.status == 0)
        #expect(findings.count == 2)
        #expect(input["records"] as? Int == 2 && input["unparsedLines"] as? Int == 1)
        #expect((input["note"] as? String)?.contains("10240 bytes of binary data skipped") == true)
        #expect(result.stderr.contains("'input.log' holds 10240 bytes of binary data"))
    }

    @Test("a log whose last line runs into NUL padding keeps that line")
    func lineCutByPadding() throws {
        var bytes = Data((Self.notAdopted + "\n" + Self.notAdopted).utf8)
        bytes.append(Data(count: 4_096))
        let (_, input, findings, _) = try HostileInputTests.scan(bytes)
        #expect(findings.map { $0["line"] as? Int } == [1, 2])
        #expect((input["note"] as? String)?.contains("4096 bytes of binary data skipped") == true)
    }

    @Test("a log whose last 10 KB are random bytes keeps its findings; the garbage lines are unparsed")
    func garbageTail() throws {
        var bytes = Data((Self.notAdopted + "\n").utf8)
        bytes.append(Self.garbage(10_240))
        let (result, input, findings, _) = try HostileInputTests.scan(bytes)
        #expect(result.status == 0)
        #expect(findings.count == 1)
        #expect(input["records"] as? Int == 1)
        #expect(result.stderr.contains("bytes of binary data"))
    }

    @Test("a small log with NULs here and there keeps its findings, and reports no binary data")
    func scatteredNuls() throws {
        let text = "a\0b\0\0c\n" + Self.notAdopted.replacingOccurrences(of: "UIScene", with: "UI\0Scene") + "\n\0\0x\n"
        let (result, input, findings, _) = try HostileInputTests.scan(Data(text.utf8))
        #expect(result.status == 0)
        #expect(findings.map { $0["rule"] as? String } == ["scene-lifecycle-not-adopted"])
        #expect(input["note"] is NSNull)
        #expect(!result.stderr.contains("binary"))
    }

    @Test("a file that is binary through and through is still refused", arguments: ["png", "executable"])
    func binaryFile(kind: String) throws {
        let folder = try CommandRunner.temporaryFolder()
        let file = folder.appendingPathComponent("capture.log")
        if kind == "png" {
            var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52])
            png.append(Self.garbage(2_048))
            try png.write(to: file)
        } else {
            try FileManager.default.copyItem(at: URL(fileURLWithPath: "/bin/ls").resolvingSymlinksInPath(), to: file)
        }
        let result = try CommandRunner.run(["scan", "--fail-on", "never", "capture.log"], in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("'capture.log' is not a text log (it holds binary data)"))
    }

    @Test("watch goes on through NULs in the stream")
    func watchThroughNuls() throws {
        var stream = Data((Self.notAdopted + "\n").utf8)
        stream.append(Data(count: 3_000))
        stream.append(Data(("\n" + Self.notAdopted.replacingOccurrences(of: "[1873]", with: "[1874]") + "\n").utf8))
        let result = try CommandRunner.run(["watch", "--format", "ndjson", "--fail-on", "never"], stdin: stream)
        #expect(result.status == 0)
        let findings = try WatchCommandTests.events(result.stdout).filter { $0["type"] as? String == "finding" }
        #expect(findings.compactMap { $0["line"] as? Int } == [1, 3])
        #expect(result.stderr.contains("'-' holds 3000 bytes of binary data"))
    }
}
