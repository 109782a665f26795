import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import SceneLogCore

/// How the paths a user names become the inputs to scan.
@Suite("input discovery")
struct InputDiscoveryTests {
    /// A folder shaped like an unpacked sysdiagnose, with files that are not logs beside the logs.
    static func sysdiagnoseFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in [
            "top/logs/device.log", "top/logs/device.log.1", "top/logs/Console/export.txt", "top/ps.plist",
            "top/crashes_and_spins/App-2024-02-15-080505.ips", "top/old/device.log", "top/capture.tar.gz",
            "top/.hidden.log", "top/.cache/inside.log", "top/system_logs.logarchive/Persist/0001.tracev3",
        ] {
            try folder.write("x\n", to: name)
        }
        return folder
    }

    /// `paths` relative to `folder`.
    static func relative(_ paths: [String], to folder: TemporaryFolder) -> [String] {
        paths.map { $0.hasPrefix(folder.url.path + "/") ? String($0.dropFirst(folder.url.path.count + 1)) : $0 }
    }

    @Test("a folder is walked for log, crash-report and archive names, sorted; a logarchive is listed, not walked")
    func folderWalk() throws {
        let folder = try Self.sysdiagnoseFolder()
        let found = InputDiscovery.expand([folder.path("top")])
        #expect(
            Self.relative(found, to: folder) == [
                "top/capture.tar.gz", "top/crashes_and_spins/App-2024-02-15-080505.ips", "top/logs/Console/export.txt",
                "top/logs/device.log", "top/logs/device.log.1", "top/old/device.log", "top/system_logs.logarchive",
            ])
    }

    @Test("--include and --exclude globs choose among the files below the folder")
    func globs() throws {
        let folder = try Self.sysdiagnoseFolder()
        let onlyCrashes = InputDiscovery.expand([folder.path("top")], selection: PathSelection(include: ["*.ips"]))
        #expect(
            Self.relative(onlyCrashes, to: folder) == [
                "top/crashes_and_spins/App-2024-02-15-080505.ips", "top/system_logs.logarchive",
            ])
        let notOld = InputDiscovery.expand([folder.path("top")], selection: PathSelection(exclude: ["old/*", "*.gz", "*.1"]))
        #expect(
            Self.relative(notOld, to: folder) == [
                "top/crashes_and_spins/App-2024-02-15-080505.ips", "top/logs/Console/export.txt", "top/logs/device.log",
                "top/system_logs.logarchive",
            ])
        let plists = InputDiscovery.expand([folder.path("top")], selection: PathSelection(include: ["*.plist"]))
        #expect(Self.relative(plists, to: folder) == ["top/ps.plist", "top/system_logs.logarchive"])
    }

    @Test("files and - are kept as named, whatever their names, in the order given")
    func filesAsNamed() throws {
        let folder = try Self.sysdiagnoseFolder()
        let named = [folder.path("top/ps.plist"), "-", folder.path("missing.log"), folder.path("top/logs/device.log")]
        #expect(InputDiscovery.expand(named, selection: PathSelection(exclude: ["*.log"])) == named)
    }

    @Test("a folder with no file to scan is reported once; its siblings are still walked")
    func emptyFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("not a log\n", to: "empty/README")
        try folder.write("x\n", to: "full/a.log")
        var empty: [String] = []
        let found = InputDiscovery.expand([folder.path("empty"), folder.path("full")], onEmptyFolder: { empty.append($0) })
        #expect(empty == [folder.path("empty")])
        #expect(found == [folder.path("full/a.log")])
    }

    @Test("a folder that cannot be listed is reported with the reason, and the walk goes on",
        .enabled(if: getuid() != 0, "root lists a folder whatever its permissions: run as another user"))
    func unreadableFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write("x\n", to: "top/locked/a.log")
        try folder.write("x\n", to: "top/open/b.log")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.path("top/locked"))
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path("top/locked")) }
        var unreadable: [(path: String, reason: String)] = []
        let found = InputDiscovery.expand([folder.path("top")], onUnreadable: { unreadable.append(($0, $1)) })
        #expect(found == [folder.path("top/open/b.log")])
        #expect(unreadable.map(\.path) == [folder.path("top/locked")])
        #expect(unreadable.allSatisfy { !$0.reason.isEmpty })
    }

    @Test("entries named like logs that hold no file (links that lead nowhere or loop, a FIFO) are said, then passed over")
    func entriesWithoutAFileAreSaid() throws {
        let folder = try TemporaryFolder()
        try folder.write("x\n", to: "top/a.log")
        try FileManager.default.createSymbolicLink(atPath: folder.path("top/gone.log"), withDestinationPath: folder.path("nowhere"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("top/loop.log"), withDestinationPath: folder.path("top/loop.log"))
        try FileManager.default.createSymbolicLink(atPath: folder.path("top/gone.png"), withDestinationPath: folder.path("nowhere"))
        #expect(mkfifo(folder.path("top/fifo.log"), 0o600) == 0)
        var passedOver: [String] = []
        let found = InputDiscovery.discover([folder.path("top")], onPassedOver: { passedOver.append("\($0): \($1)") })
        #expect(found.map(\.path) == [folder.path("top/a.log")])
        #expect(passedOver == [
            folder.path("top/fifo.log") + ": a FIFO", folder.path("top/gone.log") + ": a link that leads nowhere",
            folder.path("top/loop.log") + ": a link that leads back to itself",
        ])
    }

    @Test("an entry whose path is too long for the system is reported, not left out unseen; a dangling link is passed over")
    func pathTooLong() throws {
        let folder = try TemporaryFolder()
        try folder.write("x\n", to: "top/a.log")
        try FileManager.default.createSymbolicLink(atPath: folder.path("top/gone.log"), withDestinationPath: folder.path("nowhere"))
        // Folders of 200 bytes each, one inside the other, made through descriptors (no path is
        // that long for the system): the last one's path passes PATH_MAX. Removed the same way.
        let name = String(repeating: "D", count: 200)
        var descriptors = [open(folder.path("top"), O_RDONLY | O_DIRECTORY)]
        defer {
            for (parent, _) in descriptors.enumerated().reversed().dropFirst() {
                _ = unlinkat(descriptors[parent], name, AT_REMOVEDIR)
            }
            descriptors.forEach { _ = close($0) }
        }
        for _ in 0...Int(PATH_MAX) / (name.count + 1) {
            let parent = try #require(descriptors.last)
            try #require(mkdirat(parent, name, 0o755) == 0)
            descriptors.append(openat(parent, name, O_RDONLY | O_DIRECTORY))
        }
        var unreadable: [(path: String, reason: String)] = []
        let found = InputDiscovery.expand([folder.path("top")], onUnreadable: { unreadable.append(($0, $1)) })
        #expect(found == [folder.path("top/a.log")])
        #expect(unreadable.count == 1)
        #expect(unreadable.first?.reason == "its entry '\(name)' cannot be looked at (File name too long)")
    }

    @Test("links to folders inside the named ones are followed, a link loop is walked once, links outside are skipped")
    func linkLoop() throws {
        let folder = try TemporaryFolder()
        try folder.write("x\n", to: "top/a/device.log")
        try folder.write("x\n", to: "elsewhere/other.log")
        try FileManager.default.createSymbolicLink(atPath: folder.path("top/a/back-to-top"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: folder.path("top/outside"), withDestinationPath: "../elsewhere")
        try FileManager.default.createSymbolicLink(atPath: folder.path("top/dangling.log"), withDestinationPath: "nowhere.log")
        var skipped: [String] = []
        let found = InputDiscovery.expand([folder.path("top")], onSkippedLink: { link, _ in skipped.append(link) })
        #expect(Self.relative(found, to: folder) == ["top/a/device.log"])
        #expect(Self.relative(skipped, to: folder) == ["top/outside"])
        let followed = InputDiscovery.expand([folder.path("top")], followsLinksOutsideRoots: true)
        #expect(Self.relative(followed, to: folder) == ["top/a/device.log", "top/outside/other.log"])
        // Named too, the other folder is inside the roots: the link into it is followed.
        let both = InputDiscovery.expand([folder.path("top"), folder.path("elsewhere")])
        #expect(Self.relative(both, to: folder) == ["top/a/device.log", "top/outside/other.log"])
    }

    @Test("a link to a file outside the named folders is skipped and reported once; named directly, it is read")
    func linkToAFileOutside() throws {
        let folder = try TemporaryFolder()
        try folder.write("x\n", to: "top/device.log")
        try folder.write("secret\n", to: "secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path("top/x.log"), withDestinationPath: folder.path("secret.txt"))
        var skipped: [(link: String, target: String)] = []
        let found = InputDiscovery.expand([folder.path("top")], onSkippedLink: { skipped.append(($0, $1)) })
        #expect(Self.relative(found, to: folder) == ["top/device.log"])
        #expect(skipped.map(\.link) == [folder.path("top/x.log")])
        #expect(skipped.map(\.target) == [FileSystem.realPath(folder.path("secret.txt"))])
        #expect(InputDiscovery.expand([folder.path("top/x.log")]) == [folder.path("top/x.log")])
    }

    @Test("a folder named twice, directly or through a link, is walked once")
    func folderNamedTwice() throws {
        let folder = try TemporaryFolder()
        try folder.write("x\n", to: "top/device.log")
        try FileManager.default.createSymbolicLink(atPath: folder.path("alias"), withDestinationPath: "top")
        #expect(InputDiscovery.expand([folder.path("top"), folder.path("alias")]) == [folder.path("top/device.log")])
    }
}
