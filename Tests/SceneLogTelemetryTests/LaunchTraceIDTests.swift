import SceneLogCore
import SceneLogTelemetry
import Testing

/// Trace ids come from the launch, so that sending a report again reuses them.
@Suite("Launch trace ids")
struct LaunchTraceIDTests {
    static func launch(id: String = "L1", path: String = "night/a.log", pid: Int = 812, device: String? = "QA-iPad") -> Launch {
        var launch = Launch(id: id, path: path)
        launch.bundle = "io.kestrel.shiftboard"
        launch.process = "Shiftboard"
        launch.pid = pid
        launch.device = device
        launch.phases[.requested] = LaunchMark(
            timestamp: "Apr 14 15:22:07", seconds: 1_776_180_127, location: SourceLocation(path: path, line: 42, byteOffset: 0), process: nil)
        return launch
    }

    @Test("the same launch gets the same ids, whatever its number in the report; 32 and 16 hex digits")
    func stable() {
        let first = LaunchTraceID(Self.launch())
        let again = LaunchTraceID(Self.launch(id: "L7"))
        #expect(first == again, "the report's launch number depends on the other inputs; the id must not")
        #expect(first.traceID.count == 32 && first.captureSpanID.count == 16)
        #expect(first.traceID.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(first.traceID != String(repeating: "0", count: 32))
    }

    @Test("launches that differ by input, pid or device get different ids")
    func distinct() {
        let ids = [
            LaunchTraceID(Self.launch()), LaunchTraceID(Self.launch(path: "night/b.log")), LaunchTraceID(Self.launch(pid: 813)),
            LaunchTraceID(Self.launch(device: "Anas-iPhone")), LaunchTraceID(Self.launch(device: nil)),
        ]
        #expect(Set(ids.map(\.traceID)).count == ids.count)
        #expect(Set(ids.map(\.captureSpanID)).count == ids.count)
    }

    @Test("two captures piped in on standard input (one path) are told apart by their first line's stamp")
    func standardInput() {
        var later = Self.launch(path: "-")
        later.phases[.requested]?.timestamp = "Apr 15 09:01:12"
        #expect(LaunchTraceID(Self.launch(path: "-")) != LaunchTraceID(later))
    }

    @Test("the trace carries the ids")
    func trace() {
        let trace = LaunchTrace(Self.launch(), findings: [], sentAt: 0)
        #expect(trace.traceID == LaunchTraceID(Self.launch()).traceID)
        #expect(trace.captureSpanID == LaunchTraceID(Self.launch()).captureSpanID)
    }
}
