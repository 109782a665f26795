import Foundation
import Testing

@testable import SceneLogCore

/// Archives walked member by member, never extracted: what each member is handed over as.
@Suite("archive walker")
struct ArchiveWalkerTests {
    /// What the walk handed over, one line per entry: `text PATH: CONTENT`, `crash PATH: CONTENT`,
    /// `not read PATH`, `failure PATH: REASON`, or `text PATH stopped: REASON` for a member whose
    /// reading failed.
    static func walk(
        _ archive: String, in folder: TemporaryFolder, selection: PathSelection = PathSelection(),
        limits: ExpansionLimits = ExpansionLimits()
    ) throws -> [String] {
        var visited: [String] = []
        try ArchiveWalker(path: folder.path(archive), selection: selection, limits: limits).walk { entry in
            switch entry {
            case .text(let path, let source):
                var bytes: [UInt8] = []
                do throws(InputError) {
                    while case let chunk = try source.nextChunk(), !chunk.isEmpty { bytes += chunk }
                    visited.append("text \(relative(path, to: folder)): \(String(decoding: bytes, as: UTF8.self))")
                } catch {
                    visited.append("text \(relative(path, to: folder)) stopped: \(error.reason)")
                }
            case .crashReport(let path, let bytes):
                visited.append("crash \(relative(path, to: folder)): \(String(decoding: bytes, as: UTF8.self))")
            case .notRead(let path, _):
                visited.append("not read \(relative(path, to: folder))")
            case .failure(let error):
                visited.append("failure \(relative(error.path, to: folder)): \(error.reason)")
            }
        }
        return visited
    }

    static func relative(_ path: String, to folder: TemporaryFolder) -> String {
        path.hasPrefix(folder.url.path + "/") ? String(path.dropFirst(folder.url.path.count + 1)) : path
    }

    /// A folder holding `bundle/` with a log, a crash report, a file that is no log, and a logarchive
    /// of two files.
    static func bundle() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("device line\n", to: "bundle/logs/device.log")
        try folder.write("{\"bug_type\":\"309\"}\n", to: "bundle/crashes/App.ips")
        try folder.write("plist\n", to: "bundle/ps.plist")
        try folder.write("tracev3\n", to: "bundle/system_logs.logarchive/Persist/0001.tracev3")
        try folder.write("tracev3\n", to: "bundle/system_logs.logarchive/Special/0002.tracev3")
        return folder
    }

    static let bundleEntries = [
        "crash bundle/crashes/App.ips: {\"bug_type\":\"309\"}\n",
        "text bundle/logs/device.log: device line\n",
        "not read bundle/system_logs.logarchive",
    ]

    @Test("tar, tar.gz and zip: logs as text, crash reports as bytes, a logarchive named once, other files left out",
        arguments: [
            ("bundle.tar", "tar -cf bundle.tar bundle/crashes bundle/logs bundle/ps.plist bundle/system_logs.logarchive"),
            ("bundle.tar.gz", "tar -czf bundle.tar.gz bundle/crashes bundle/logs bundle/ps.plist bundle/system_logs.logarchive"),
            ("bundle.zip", "zip -q -r bundle.zip bundle/crashes bundle/logs bundle/ps.plist bundle/system_logs.logarchive"),
        ])
    func members(archive: String, command: String) throws {
        let folder = try Self.bundle()
        try folder.run(command)
        let prefix = archive + "!/"
        #expect(
            try Self.walk(archive, in: folder)
                == Self.bundleEntries.map { $0.replacingOccurrences(of: " bundle/", with: " " + prefix + "bundle/") })
    }

    @Test("zip members named beyond ASCII (flagged UTF-8) are read; one whose name cannot be read is said to be passed over")
    func utf8MemberNames() throws {
        let folder = try TemporaryFolder()
        // Python's zipfile flags any name beyond ASCII as UTF-8, as Java, Go, .NET and 7-Zip do; the
        // last member's flagged name is then made invalid UTF-8 (0xFF 0xFE in place of é).
        try folder.run(
            """
            python3 -c "
            import zipfile
            with zipfile.ZipFile('names.zip', 'w') as z:
                for name in ['before.log', 'caf\u{E9}.log', '\u{65E5}\u{672C}.log', 'bad\u{E9}.log']:
                    z.writestr(name, name + ' line\\n')
            data = open('names.zip', 'rb').read().replace('bad\u{E9}'.encode(), b'bad\\xff\\xfe')
            open('names.zip', 'wb').write(data)
            "
            """)
        let visited = try Self.walk("names.zip", in: folder)
        #expect(visited.count == 4, "\(visited)")
        #expect(visited.prefix(3) == ["text names.zip!/before.log: before.log line\n", "text names.zip!/caf\u{E9}.log: caf\u{E9}.log line\n",
            "text names.zip!/\u{65E5}\u{672C}.log: \u{65E5}\u{672C}.log line\n"])
        #expect(visited.last == "not read names.zip!/(member 1 without a readable name)")
    }

    /// A pax header may name a member with a megabyte: that name would be copied into each of its
    /// findings. One longer than a path can be is passed over, named by its start.
    @Test("a member whose name is longer than a path can be is passed over")
    func overlongMemberName() throws {
        let folder = try TemporaryFolder()
        try folder.run(
            """
            python3 -c "
            import io, tarfile
            with tarfile.open('long.tar', 'w', format=tarfile.PAX_FORMAT) as t:
                for name in ['a' * 5000 + '.log', 'short.log']:
                    data = b'line\\n'
                    info = tarfile.TarInfo(name); info.size = len(data)
                    t.addfile(info, io.BytesIO(data))
            "
            """)
        let visited = try Self.walk("long.tar", in: folder)
        #expect(visited == ["not read long.tar!/" + String(repeating: "a", count: ArchiveReader.shownNamePrefix) + "…", "text long.tar!/short.log: line\n"])
    }

    @Test("--include chooses the members")
    func selection() throws {
        let folder = try Self.bundle()
        try folder.run("tar -cf bundle.tar bundle/ps.plist bundle/system_logs.logarchive bundle/logs")
        #expect(
            try Self.walk("bundle.tar", in: folder, selection: PathSelection(include: ["*.plist"]))
                == ["text bundle.tar!/bundle/ps.plist: plist\n", "not read bundle.tar!/bundle/system_logs.logarchive"])
    }

    static let logLine = "Mar  3 09:41:47.193741 SpringBoard(FrontBoard)[52] <Notice>: again"

    @Test("a lone compressed log is one text member named by the file")
    func gzippedLog() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.logLine + "\n" + Self.logLine + "\n", to: "capture.log")
        try folder.run("gzip capture.log")
        let visited = try Self.walk("capture.log.gz", in: folder)
        #expect(visited == ["text capture.log.gz: \(Self.logLine)\n\(Self.logLine)\n"])
    }

    @Test("an archive inside the archive is walked; one inside that is refused; a broken one fails alone")
    func nesting() throws {
        let folder = try TemporaryFolder()
        try folder.write("inner line\n", to: "logs/inner.log")
        try folder.write("deepest line\n", to: "deep/deepest.log")
        try folder.write("after\n", to: "z-after.log")
        try folder.write("this is not gzip data", to: "broken.tar.gz")
        try folder.run(
            """
            tar -czf inner.tar.gz logs
            tar -czf deepest.tar.gz deep
            tar -cf middle.tar deepest.tar.gz
            tar -cf outer.tar inner.tar.gz middle.tar broken.tar.gz z-after.log
            """)
        let visited = try Self.walk("outer.tar", in: folder)
        #expect(visited.count == 4)
        #expect(visited.first == "text outer.tar!/inner.tar.gz!/logs/inner.log: inner line\n")
        #expect(
            visited.dropFirst().first
                == "failure outer.tar!/middle.tar!/deepest.tar.gz: is an archive inside an archive inside an archive; only one level of nesting is read")
        #expect(visited.dropFirst(2).first?.hasPrefix("failure outer.tar!/broken.tar.gz") == true)
        #expect(visited.last == "text outer.tar!/z-after.log: after\n")
    }

    @Test("a member that expands past the size limit stops there")
    func sizeLimit() throws {
        let folder = try TemporaryFolder()
        try folder.run("head -c 100000 /dev/zero | tr '\\0' 'a' > big.log && tar -czf big.tar.gz big.log")
        let limits = ExpansionLimits(maximumMemberBytes: 4_096)
        #expect(
            try Self.walk("big.tar.gz", in: folder, limits: limits) == [
                "text big.tar.gz!/big.log stopped: expands to more than 4096 bytes; stopped there as a possible decompression bomb (raise --max-expanded-size to read it)"
            ])
        #expect(try Self.walk("big.tar.gz", in: folder).first?.hasPrefix("text big.tar.gz!/big.log: aaaa") == true)
    }

    @Test("a bomb stops at the expansion ratio, a lone stream as well as a member")
    func ratioLimit() throws {
        let folder = try TemporaryFolder()
        try folder.run("yes '\(Self.logLine)' | head -c 8388608 > again.log && tar -czf bomb.tar.gz again.log && gzip again.log")
        let limits = ExpansionLimits(maximumRatio: 100, ratioFloorBytes: 1 << 20)
        let reason = "expands more than 100 times its compressed size; stopped as a possible decompression bomb (raise --max-expansion-ratio to read it)"
        let member = try Self.walk("bomb.tar.gz", in: folder, limits: limits)
        #expect(member == ["text bomb.tar.gz!/again.log stopped: \(reason)"])
        let stream = try Self.walk("again.log.gz", in: folder, limits: limits)
        #expect(stream == ["text again.log.gz stopped: \(reason)"])
    }

    @Test("a lone gzip file whose bytes were damaged, or with text after its last member, is an error once read; one of several members is sound")
    func gzipCheck() throws {
        let folder = try TemporaryFolder()
        try folder.run(
            "seq 1 100000 | awk '{ printf \"2025-06-04 10:18:00.%03d Df locationd[92:9b2] line %d\\n\", $1 % 1000, $1 }' > a.log"
                + " && gzip -c a.log > whole.log.gz && cat whole.log.gz whole.log.gz > twice.log.gz"
            // Text appended to a compressed file (gzip -d ignores it: "trailing garbage ignored"),
            // and a tape's zero padding, which gzip ignores too.
            + " && cp whole.log.gz appended.log.gz && printf 'a line appended to the file\\n' >> appended.log.gz"
            + " && cp whole.log.gz padded.log.gz && head -c 512 /dev/zero >> padded.log.gz")
        // Damaged in the middle, as the hostile campaign did: it still decompresses, to the wrong text.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path("whole.log.gz"))))
        for index in bytes.count / 2..<bytes.count / 2 + 100 { bytes[index] ^= 0xAA }
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path("damaged.log.gz")))

        func failures(_ name: String) throws -> [String] {
            var reasons: [String] = []
            try ArchiveWalker(path: folder.path(name), selection: PathSelection(), limits: ExpansionLimits()).walk { entry in
                guard case .text(_, let source) = entry else { return }
                do throws(InputError) {
                    while try !source.nextChunk().isEmpty {}
                } catch {
                    reasons.append("\(Self.relative(error.path, to: folder)): \(error.reason)")
                }
            }
            return reasons
        }
        #expect(try failures("damaged.log.gz").count == 1)
        #expect(try failures("damaged.log.gz").first?.hasPrefix("damaged.log.gz: is corrupt (") == true)
        #expect(try failures("whole.log.gz").isEmpty)
        #expect(try failures("twice.log.gz").isEmpty)
        #expect(
            try failures("appended.log.gz")
                == ["appended.log.gz: has 28 bytes after its last gzip member that are not gzip (text appended to the compressed file?): they are not read"])
        #expect(try failures("padded.log.gz").isEmpty)
    }

    @Test("a file that cannot be opened, and a truncated archive, are errors naming the file")
    func unreadable() throws {
        let folder = try TemporaryFolder()
        let missing = try #require(throws: InputError.self) { try Self.walk("missing.tar", in: folder) }
        #expect(missing.path == folder.path("missing.tar") && missing.kind == .open)

        try folder.write(String(repeating: "a line of the log\n", count: 2_000), to: "logs/a.log")
        try folder.run("tar -cf whole.tar logs && head -c 5000 whole.tar > cut.tar")
        let cut = try #require(throws: InputError.self) { try Self.walk("cut.tar", in: folder) }
        #expect(cut.path.hasPrefix(folder.path("cut.tar")))

        // A lone compressed stream cut short is named as the file, not as libarchive's `data` member.
        try folder.run("seq 1 100000 | awk '{ printf \"2025-06-04 10:18:00.%03d Df locationd[92:9b2] line %d\\n\", $1 % 1000, $1 }' | gzip -c > whole.log.gz && head -c 100000 whole.log.gz > cut.log.gz")
        var failures: [InputError] = []
        try ArchiveWalker(path: folder.path("cut.log.gz"), selection: PathSelection(), limits: ExpansionLimits()).walk { entry in
            switch entry {
            case .text(_, let source):
                do throws(InputError) {
                    while try !source.nextChunk().isEmpty {}
                } catch {
                    failures.append(error)
                }
            case .failure(let error): failures.append(error)
            case .crashReport, .notRead: break
            }
        }
        #expect(failures.map(\.path) == [folder.path("cut.log.gz")])
        #expect(failures.map(\.reason) == ["truncated gzip input"])
    }
}
