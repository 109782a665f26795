import Testing

@testable import SceneLogCore

@Suite("path selection")
struct PathSelectionTests {
    @Test("by default: logs (also rotated), crash reports and archives")
    func defaults() {
        let selection = PathSelection()
        for admitted in ["device.log", "logs/mobile_installation.log.1", "a/b/export.TXT", "x.ndjson", "c.json",
            "crashes_and_spins/App-2024-02-15-080505.ips", "capture.log.gz", "x.tar.gz", "ci.zip", "a.tgz",
            "Organizer/App 2021-12-03.crash", "x.CRASH"]
        {
            #expect(selection.admits(admitted), "\(admitted)")
        }
        for skipped in ["ps.plist", "TCC.db", "Persist/0000000000000001.tracev3", "README", "notes.md", "log"] {
            #expect(!selection.admits(skipped), "\(skipped)")
        }
        #expect(PathSelection.isCrashReportName("a.IPS") && !PathSelection.isCrashReportName("exports/App 2021-12-03.crash"))
    }

    @Test("--include replaces the default choice; --exclude removes from it")
    func includeAndExclude() {
        let onlyIPS = PathSelection(include: ["*.ips"])
        #expect(onlyIPS.admits("sysdiagnose_x/crashes_and_spins/App.ips"))
        #expect(!onlyIPS.admits("sysdiagnose_x/logs/device.log"))
        let noOld = PathSelection(exclude: ["*/old/*", "*.gz"])
        #expect(!noOld.admits("top/old/device.log"))
        #expect(!noOld.admits("old/device.log"), "a path glob may start at the top")
        #expect(!noOld.admits("capture.log.gz"))
        #expect(noOld.admits("top/new/device.log"))
        let plist = PathSelection(include: ["logs/*"])
        #expect(plist.admits("logs/SystemVersion/SystemVersion.plist"), "* crosses folders")
    }

    @Test("the logarchive a member lies in, and the hint to export it")
    func logarchive() {
        #expect(LogarchiveHint.logarchiveRoot(of: "sysdiagnose_x/system_logs.logarchive/Persist/1.tracev3")
            == "sysdiagnose_x/system_logs.logarchive")
        #expect(LogarchiveHint.logarchiveRoot(of: "logs/device.log") == nil)
        #expect(LogarchiveHint.logarchiveRoot(of: "a.logarchived/x") == nil)
        let note = LogarchiveHint.note(for: "sysdiagnose_x/system_logs.logarchive", in: "s.tar.gz")
        #expect(note.hasSuffix(
            "tar -xf 's.tar.gz' 'sysdiagnose_x/system_logs.logarchive' && log show --archive 'sysdiagnose_x/system_logs.logarchive' --style ndjson > 'system_logs.ndjson'"))
    }

    @Test("compressed streams are told by their first bytes")
    func sniffing() {
        func kind(_ bytes: [UInt8]) -> InputKind { bytes.withUnsafeBufferPointer { InputKind.sniff($0) } }
        #expect(kind([0x42, 0x5A, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0x00]) == .bzip2)
        #expect(kind([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00]) == .xz)
        #expect(kind([0x1F, 0x8B, 0x08]) == .gzip)
        #expect(kind(Array("BZh91 is how this line starts\n".utf8)) == .text)
        #expect(kind(Array("Jun  3 10:00:01 backboardd[68] <Notice>: msg\n".utf8)) == .text)
        #expect(InputKind.bzip2.isArchive && InputKind.xz.isArchive && !InputKind.crashReport.isArchive)
    }

    @Test("UTF-16 and UTF-32 without a byte-order mark are told by their zeros, in either byte order")
    func unmarkedWideText() {
        func kind(_ bytes: [UInt8]) -> InputKind { bytes.withUnsafeBufferPointer { InputKind.sniff($0) } }
        let line = "2025-10-07 14:03:26.880291+0200  localhost locationd[93]: hello 中文\n"
        let little16 = line.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let little32 = line.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) } }
        #expect(kind(little16) == .utf16)
        #expect(kind(line.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }) == .utf16)
        #expect(kind(little32) == .utf32)
        #expect(kind(Array(line.utf8)) == .text)
        #expect(kind(Array("a\0b\0".utf8)) == .text, "too short to tell")
    }
}
