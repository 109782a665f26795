import Foundation
import Testing

@testable import SceneLogCore

/// `--context N`: the lines around a finding, read again from its file, and what is said where
/// they cannot be.
@Suite("log context")
struct LogContextTests {
    /// Ten lines, `line 1` to `line 10`, the fourth ending with CRLF, scanned; and the location of `line`.
    static func tenLines(in folder: TemporaryFolder) throws -> (path: String, at: (Int) -> SceneLogCore.SourceLocation) {
        let lines = (1...10).map { $0 == 4 ? "line 4\r" : "line \($0)" }
        let path = try scanned(folder.write(lines.joined(separator: "\n") + "\n", to: "device.log"))
        return (path, { number in
            SceneLogCore.SourceLocation(path: path, line: number, byteOffset: lines.prefix(number - 1).reduce(0) { $0 + $1.utf8.count + 1 })
        })
    }

    /// `path`, scanned: only the files this process scanned are read again.
    static func scanned(_ path: String) throws -> String {
        _ = Scanner(options: try testScanOptions()).scan([path])
        return path
    }

    @Test("N lines before and after, the finding's own marked; fewer at the file's ends; CR dropped")
    func lines() throws {
        let folder = try TemporaryFolder()
        let (_, at) = try Self.tenLines(in: folder)
        let context = LogContext(radius: 2)
        let middle = try context.lines(around: at(5)).get().lines
        #expect(middle.map(\.number) == [3, 4, 5, 6, 7])
        #expect(middle.map(\.text) == ["line 3", "line 4", "line 5", "line 6", "line 7"])
        #expect(middle.map(\.isFinding) == [false, false, true, false, false])
        #expect(try context.lines(around: at(1)).get().lines.map(\.number) == [1, 2, 3])
        #expect(try context.lines(around: at(10)).get().lines.map(\.number) == [8, 9, 10])
        #expect(try LogContext(radius: 0).lines(around: at(6)).get().lines.map(\.text) == ["line 6"])
        #expect(LogContext(radius: 99).radius == LogContext.maximumRadius)
    }

    @Test("a long line is cut to a readable length")
    func longLine() throws {
        let folder = try TemporaryFolder()
        let path = try Self.scanned(folder.write("first\n" + String(repeating: "é", count: 2_000) + "\nlast\n", to: "long.log"))
        let lines = try LogContext(radius: 1).lines(around: SceneLogCore.SourceLocation(path: path, line: 2, byteOffset: 6)).get().lines
        #expect(lines.map(\.number) == [1, 2, 3])
        #expect(lines[1].text == String(repeating: "é", count: LogContext.maximumLineLength) + "…")

        // A long line on either side is shown from its start, cut, and the lines past it still are.
        let huge = String(repeating: "x", count: 40_000)
        let past = try Self.scanned(folder.write("a\n\(huge)\nfinding\n\(huge)\nz\n", to: "huge.log"))
        let around = try LogContext(radius: 2).lines(around: SceneLogCore.SourceLocation(path: past, line: 3, byteOffset: 40_003)).get()
        #expect(!around.cutBefore && !around.cutAfter)
        let cut = String(repeating: "x", count: LogContext.maximumLineLength) + "…"
        #expect(around.lines.map(\.number) == [1, 2, 3, 4, 5])
        #expect(around.lines.map(\.text) == ["a", cut, "finding", cut, "z"])
        // Past a line longer than the scan reads whole, the lines beyond it are not looked for.
        let endless = String(repeating: "y", count: LogContext.longestLineWalked + 100_000)
        let far = try Self.scanned(folder.write("a\n\(endless)\nfinding\n", to: "endless.log"))
        let near = try LogContext(radius: 2).lines(
            around: SceneLogCore.SourceLocation(path: far, line: 3, byteOffset: endless.utf8.count + 3)).get()
        #expect(near.lines.map(\.number) == [3])
        #expect(near.cutBefore && !near.cutAfter, "the lines before stop at the long line; the file ends after")
        // The same after the finding, and the text report says where the context stops.
        let ahead = try Self.scanned(folder.write("finding\n\(endless)\nz\n", to: "ahead.log"))
        let window = try LogContext(radius: 2).lines(around: SceneLogCore.SourceLocation(path: ahead, line: 1, byteOffset: 0)).get()
        #expect(window.lines.map(\.number) == [1, 2])
        #expect(!window.cutBefore && window.cutAfter)
        let shown = ContextRenderer(context: LogContext(radius: 2), options: RenderOptions())
            .render(around: SceneLogCore.SourceLocation(path: ahead, line: 1, byteOffset: 0), indent: 2)
        #expect(shown.hasSuffix("  (later lines: past a line longer than 1 MiB)\n"), "\(shown.suffix(120))")
    }

    @Test("standard input, archive members, compressed files, offsets unknown and changed files: a note instead")
    func unavailable() throws {
        let folder = try TemporaryFolder()
        let (path, at) = try Self.tenLines(in: folder)
        let context = LogContext(radius: 2)
        func reason(_ location: SceneLogCore.SourceLocation) -> LogContext.Unavailable? {
            if case .failure(let reason) = context.lines(around: location) { return reason }
            return nil
        }
        #expect(reason(SceneLogCore.SourceLocation(path: "-", line: 3, byteOffset: 14)) == .standardInput)
        #expect(reason(SceneLogCore.SourceLocation(path: "capture.tar.gz!/device.log", line: 3, byteOffset: 14)) == .archiveMember)
        #expect(reason(SceneLogCore.SourceLocation(path: path, line: 3, byteOffset: -1)) == .offsetUnknown)
        #expect(reason(SceneLogCore.SourceLocation(path: path, line: 3, byteOffset: 15)) == .changed, "not the start of a line")
        #expect(reason(SceneLogCore.SourceLocation(path: path, line: 3, byteOffset: 1 << 20)) == .changed, "past the end")
        #expect(reason(SceneLogCore.SourceLocation(path: folder.path("missing.log"), line: 1, byteOffset: 0)) == .unreadable)
        #expect(reason(SceneLogCore.SourceLocation(path: folder.url.path, line: 1, byteOffset: 0)) == .notRegularFile)
        try folder.run("gzip -k device.log")
        #expect(reason(SceneLogCore.SourceLocation(path: path + ".gz", line: 3, byteOffset: 14)) == .compressed)
        #expect(reason(at(3)) == nil)
        // A file this process did not scan (a path a merged part names) is not read.
        let other = try folder.write("secret 1\nsecret 2\n", to: "other.log")
        #expect(reason(SceneLogCore.SourceLocation(path: other, line: 1, byteOffset: 0)) == .notScanned)
    }

    @Test("a path that names another file than the one scanned (a link put in its place) is not read; a grown file is")
    func swappedAfterTheScan() throws {
        let folder = try TemporaryFolder()
        let (path, at) = try Self.tenLines(in: folder)
        _ = Scanner(options: try testScanOptions()).scan([path])
        let context = LogContext(radius: 1)
        try folder.run("echo 'line 11' >> device.log")
        #expect(try context.lines(around: at(3)).get().lines.map(\.text) == ["line 2", "line 3", "line 4"])

        _ = try folder.write("secret 1\nsecret 2\nsecret 3\n", to: "secret")
        try folder.run("ln -s secret swap && mv -f swap device.log")
        if case .failure(let reason) = context.lines(around: at(1)) {
            #expect(reason == .changed)
        } else {
            Issue.record("the file put in the scanned one's place was read")
        }
        #expect(context.unavailability(of: path) == .changed)
    }

    @Test("the text report shows the lines under each finding, escaped, and a note once per file that cannot be read again")
    func inTheReport() throws {
        let folder = try TemporaryFolder()
        let path = try Self.scanned(folder.write("one\ntwo \u{1B}[2J\tthree\nfour\n", to: "device.log"))
        var report = smallReport()
        report.baseline = nil
        let finding = try #require(report.findings.first)
        var inFile = finding
        inFile.location = SceneLogCore.SourceLocation(path: path, line: 2, byteOffset: 4)
        var piped = finding
        piped.location = SceneLogCore.SourceLocation(path: "-", line: 2, byteOffset: 4)
        report.findings = [inFile, piped, piped]
        let text = ReportFormat.text.render(report, options: RenderOptions(context: LogContext(radius: 1)))
        #expect(text.contains("    fix: Fix `main-thread-io-at-launch`.\n      1- one\n      2: two \\u{1b}[2J three\n      3- four\n"))
        #expect(text.contains("-\nno context: standard input is not read twice\nnote main-thread-io-at-launch  Alpha  2× line 2\n"))
        #expect(!ReportFormat.text.render(report).contains("no context"))
        #expect(ReportFormat.json.render(report, options: RenderOptions(context: LogContext(radius: 1))) == ReportFormat.json.render(report))
    }

    @Test("the timeline shows the line that explains an ending: the first error, else the termination line; none for an active launch")
    func timeline() throws {
        let folder = try TemporaryFolder()
        let (path, at) = try Self.tenLines(in: folder)
        var launch = Launch(id: "L1", path: path)
        launch.process = "Beta"
        launch.phases[.requested] = LaunchMark(timestamp: nil, seconds: nil, location: at(1), process: "SpringBoard")
        launch.phases[.terminated] = LaunchMark(timestamp: nil, seconds: nil, location: at(8), process: "runningboardd")
        launch.termination = Termination(kind: .signal, detail: "SIGABRT(6)")
        let renderer = TimelineRenderer(options: RenderOptions(context: LogContext(radius: 1)))
        #expect(renderer.render(launch, findings: []).hasSuffix("  outcome: crashed (signal SIGABRT(6))\n    why: termination  \(path):8\n      7- line 7\n      8: line 8\n      9- line 9\n"))

        let exception = Finding(rule: "uncaught-exception", severity: .error, message: "Beta crashed", location: at(6), excerpt: "")
        let warning = Finding(rule: "main-thread-hang", severity: .warning, message: "hang", location: at(3), excerpt: "")
        #expect(renderer.renderChange(launch, findings: [warning, exception]).hasSuffix("    why: uncaught-exception  \(path):6\n      5- line 5\n      6: line 6\n      7- line 7\n"))

        launch.termination = nil
        launch.phases[.terminated] = nil
        launch.phases[.active] = LaunchMark(timestamp: nil, seconds: nil, location: at(4), process: "Beta")
        #expect(!renderer.render(launch, findings: [warning]).contains("why:"))
        #expect(!TimelineRenderer().render(launch, findings: [exception]).contains("why:"))
    }
}
