import Testing

@testable import SceneLogCore

/// What idevice_id prints is untrusted: only lines shaped like UDIDs reach idevicesyslog's `-u`.
struct AttachedDevicesTests {
    @Test("UDIDs of both shapes are taken, one a line, blank lines and spaces passed over")
    func takesUDIDs() throws {
        let listed = Array("00008110-001A2B3C4D5E801E\n\n  4f2c1e0b9a8d7c6b5a4f3e2d1c0b9a8d7c6b5a4f \n".utf8)
        #expect(try AttachedDevices.udids(in: listed) == ["00008110-001A2B3C4D5E801E", "4f2c1e0b9a8d7c6b5a4f3e2d1c0b9a8d7c6b5a4f"])
        #expect(try AttachedDevices.udids(in: []) == [])
    }

    @Test("a line that is no UDID (an option, a path, escapes, a very long one) is an error naming it")
    func refusesOtherLines() {
        for line in ["--network", "-x", "../../etc", "UDID;rm -rf", "\u{1B}]0;title\u{07}", String(repeating: "A", count: 65)] {
            #expect(!AttachedDevices.isUDID(line), "\(line)")
            do {
                _ = try AttachedDevices.udids(in: Array("00008110-001A2B3C4D5E801E\n\(line)\n".utf8))
                Issue.record("\(line) was taken")
            } catch {
                #expect(error.description.contains("line 2"))
                #expect(!error.description.contains("\u{1B}"))
            }
        }
        #expect(AttachedDevices.isUDID(String(repeating: "A", count: 64)))
    }
}
