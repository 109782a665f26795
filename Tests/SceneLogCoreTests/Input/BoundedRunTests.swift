import Foundation
import Testing

@testable import SceneLogCore

/// The programs scenelog asks something of are bounded in time and in what they print.
@Suite struct BoundedRunTests {
    @Test("a program that does not finish in time is ended, and says so")
    func deadline() throws {
        let start = Date()
        let run = try BoundedRun("/bin/sleep", ["600"], doing: "sleeping", deadlineSeconds: 0.3, outputLimit: 1024)
        #expect(!run.succeeded && run.problem == "did not finish sleeping within 0 s")
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test("what it prints is read up to the limit; a clean exit succeeds")
    func output() throws {
        let run = try BoundedRun("/bin/sh", ["-c", "echo 0123456789abcdef"], doing: "answering", deadlineSeconds: 5, outputLimit: 1024)
        #expect(run.succeeded && run.output == Array("0123456789abcdef\n".utf8))
        let flood = try BoundedRun("/bin/sh", ["-c", "yes"], doing: "answering", deadlineSeconds: 5, outputLimit: 1024)
        #expect(!flood.succeeded && flood.problem == "printed more than 1 KiB")
    }
}
