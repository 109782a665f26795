import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `--output` and standard output may lead, and what scenelog does there: links written
/// through, modes and hard links kept, devices and FIFOs written straight, its own inputs refused,
/// write errors reported, a reader that went away ending every command alike.
@Suite("--output targets and closed pipes", .serialized)
struct OutputTargetTests {
    static let sample = "Samples/black-screen-scene-class-not-loaded.log"

    /// A fresh folder holding a copy of the sample as `input.log`.
    static func folder() throws -> URL {
        let folder = try CommandRunner.temporaryFolder()
        try FileManager.default.copyItem(
            at: CommandRunner.packageRoot.appendingPathComponent(sample), to: folder.appendingPathComponent("input.log"))
        return folder
    }

    static func scan(to output: String, in folder: URL) throws -> CommandResult {
        try CommandRunner.run(["scan", "--format", "json", "--fail-on", "never", "--output", output, "input.log"], in: folder)
    }

    static func isReport(_ url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url) else { return false }
        return (try? JSONSerialization.jsonObject(with: data)) is [String: Any]
    }

    static func status(of path: String) -> stat {
        var info = stat()
        lstat(path, &info)
        return info
    }

    @Test("a symbolic link is written through: the link stays, the file it names gets the report")
    func symlink() throws {
        let folder = try Self.folder()
        let target = folder.appendingPathComponent("real.json")
        try "old".write(to: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.json").path, withDestinationPath: "real.json")
        let result = try Self.scan(to: "link.json", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("link.json").path) == "real.json")
        #expect(Self.isReport(target))
        // A link that leads nowhere yet: the file is created where it points.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.json").path, withDestinationPath: "new.json")
        #expect(try Self.scan(to: "dangling.json", in: folder).status == 0)
        #expect(Self.isReport(folder.appendingPathComponent("new.json")))
        #expect((Self.status(of: folder.appendingPathComponent("dangling.json").path).st_mode & S_IFMT) == S_IFLNK)
    }

    @Test("a file's mode 600 is kept, and a hard link still names the written file")
    func modeAndHardLink() throws {
        let folder = try Self.folder()
        let secret = folder.appendingPathComponent("secret.json").path
        try "old".write(toFile: secret, atomically: false, encoding: .utf8)
        chmod(secret, 0o600)
        #expect(try Self.scan(to: "secret.json", in: folder).status == 0)
        #expect(Self.status(of: secret).st_mode & 0o7777 == 0o600)
        #expect(Self.isReport(URL(fileURLWithPath: secret)))

        let linked = folder.appendingPathComponent("a.json").path
        try "old".write(toFile: linked, atomically: false, encoding: .utf8)
        #expect(link(linked, folder.appendingPathComponent("b.json").path) == 0)
        let inode = Self.status(of: linked).st_ino
        #expect(try Self.scan(to: "a.json", in: folder).status == 0)
        #expect(Self.status(of: linked).st_ino == inode && Self.status(of: linked).st_nlink == 2)
        #expect(Self.isReport(folder.appendingPathComponent("b.json")))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty)
    }

    @Test("a name as long as names may be (255 bytes) is written, the file existing or not")
    func longestName() throws {
        let folder = try Self.folder()
        let name = String(repeating: "r", count: 250) + ".json"
        #expect(try Self.scan(to: name, in: folder).status == 0)
        #expect(try Self.scan(to: name, in: folder).status == 0)
        #expect(Self.isReport(folder.appendingPathComponent(name)))
    }

    @Test("a FIFO is written straight: its reader gets the report")
    func fifo() throws {
        let folder = try Self.folder()
        let path = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o600) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [path]
        let out = Pipe()
        reader.standardOutput = out
        try reader.run()
        let result = try Self.scan(to: path, in: folder)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: data)) is [String: Any])
        #expect((Self.status(of: path).st_mode & S_IFMT) == S_IFIFO)
    }

    @Test("a FIFO no process reads is given up after 10 seconds, with an error naming it, not waited for without end")
    func fifoWithoutAReader() throws {
        let folder = try Self.folder()
        let path = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o600) == 0)
        let result = try Self.scan(to: path, in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot write '\(path)': it is a FIFO that no process read for 10 seconds"), "\(result.stderr)")
    }

    @Test("/dev/null stays a character device (checked as root, where a rename could replace it)")
    func devNull() throws {
        let folder = try Self.folder()
        let result = try Self.scan(to: "/dev/null", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        guard geteuid() == 0 else {
            print("note: not root; /dev/null could not have been replaced anyway")
            return
        }
        #expect((Self.status(of: "/dev/null").st_mode & S_IFMT) == S_IFCHR)
    }

    @Test("/dev/stdout is the descriptor scenelog was given: a shell's `>>` still appends")
    func devStdout() throws {
        let folder = try Self.folder()
        let path = folder.appendingPathComponent("appended.json").path
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let descriptor = open(path, O_WRONLY | O_APPEND)
        #expect(descriptor >= 0)
        let result = try Self.run(
            ["scan", "--format", "json", "--fail-on", "never", "-o", "/dev/stdout", "input.log"],
            stdout: FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(written.starts(with: Data("old\n".utf8)))
        #expect((try? JSONSerialization.jsonObject(with: written.dropFirst(4))) is [String: Any])
    }

    @Test("/dev/full is a write error with its reason: exit 3, for reports, `rules`, --help and --version")
    func devFull() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let folder = try Self.folder()
        let result = try Self.scan(to: "/dev/full", in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("scenelog: error: cannot write '/dev/full': No space left on device"))
        for arguments in [["rules"], ["rules", "--explain", "scene-lifecycle-not-adopted"], ["--help"], ["scan", "--help"], ["--version"]] {
            let rules = try Self.run(arguments, stdout: FileHandle(forWritingAtPath: "/dev/full")!)
            #expect(rules.status == 3, "\(arguments)")
            #expect(rules.stderr.contains("No space left on device"), "\(arguments)")
        }
    }

    @Test("an output that is one of the inputs is refused before anything is read: exit 2")
    func outputIsInput() throws {
        let folder = try Self.folder()
        let before = try Data(contentsOf: folder.appendingPathComponent("input.log"))
        for command in ["scan", "timeline", "report"] {
            let result = try CommandRunner.run([command, "-o", "input.log", "input.log"], in: folder)
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.hasPrefix("scenelog: error: --output 'input.log' is also an input; "), "\(command)")
        }
        let inFolder = try CommandRunner.run(["scan", "-o", "logs/input.log", "logs"], in: try {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("logs"), withIntermediateDirectories: true)
            try before.write(to: folder.appendingPathComponent("logs/input.log"))
            return folder
        }())
        #expect(inFolder.status == 2)
        #expect(inFolder.stderr.contains("is also an input"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("input.log")) == before)
        let escaped = try CommandRunner.run(["scan", "-o", "in\u{1b}put", "in\u{1b}put"], in: try {
            try before.write(to: folder.appendingPathComponent("in\u{1b}put"))
            return folder
        }())
        #expect(escaped.status == 2)
        #expect(escaped.stderr.contains("--output 'in\\u{1b}put' is also an input"))
    }

    @Test("an output that is a file the command reads besides its logs (settings, rules, list, baseline, history) is refused: exit 2, the file kept")
    func outputIsAnotherFileRead() throws {
        let folder = try Self.folder()
        let files = ["cfg.yml": "fail_on: never\n", "rules.yml": "rules: []\n", "list.txt": "input.log\n", "base.json": "{}\n"]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let record = try CommandRunner.run(["report", "--record", "--history", "h.sqlite", "--fail-on", "never", "-o", "/dev/null", "input.log"], in: folder)
        #expect(record.status == 0, "\(record.stderr)")
        let history = try Data(contentsOf: folder.appendingPathComponent("h.sqlite"))
        let runs: [(arguments: [String], target: String)] = [
            (["scan", "--config", "cfg.yml", "-o", "cfg.yml", "input.log"], "cfg.yml"),
            (["timeline", "--rules", "rules.yml", "-o", "rules.yml", "input.log"], "rules.yml"),
            (["scan", "--inputs-from", "list.txt", "-o", "list.txt"], "list.txt"),
            (["report", "--baseline", "base.json", "-o", "base.json", "input.log"], "base.json"),
            (["report", "--record", "--history", "h.sqlite", "-o", "h.sqlite", "input.log"], "h.sqlite"),
        ]
        for run in runs {
            let result = try CommandRunner.run(run.arguments, in: folder)
            #expect(result.status == 2, "\(run.arguments)")
            #expect(result.stderr.hasPrefix("scenelog: error: --output '\(run.target)' is also an input; "), "\(run.arguments)")
            let kept = try Data(contentsOf: folder.appendingPathComponent(run.target))
            #expect(kept == (files[run.target].map { Data($0.utf8) } ?? history), "\(run.target)")
        }
    }

    @Test("ten parallel `report --record` runs on one history are all recorded")
    func parallelRecords() throws {
        let folder = try Self.folder()
        let errors = (0..<10).map { folder.appendingPathComponent("stderr-\($0).txt") }
        let runs = try errors.map { error in
            let process = Process()
            process.executableURL = CommandRunner.binary
            process.arguments = ["report", "--record", "--history", "h/history.sqlite", "--fail-on", "never", "--output", "/dev/null", "input.log"]
            process.currentDirectoryURL = folder
            try Data().write(to: error)
            process.standardError = try FileHandle(forWritingTo: error)
            return process
        }
        for run in runs { try run.run() }
        for run in runs { run.waitUntilExit() }
        let messages = try errors.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        #expect(runs.map(\.terminationStatus) == Array(repeating: 0, count: 10), "\(messages)")
        let table = try CommandRunner.run(["history", "--history", "h/history.sqlite", "--format", "text"], in: folder)
        #expect(table.historyRuns.count == 10, "\(table.stdout)")
        let overHistory = try CommandRunner.run(["history", "--history", "h/history.sqlite", "-o", "h/history.sqlite"], in: folder)
        #expect(overHistory.status == 2)
        #expect(overHistory.stderr.contains("--output 'h/history.sqlite' is also an input"))
    }

    @Test("a history that cannot be written still leaves the report written, then exits 3")
    func brokenHistory() throws {
        let folder = try Self.folder()
        try Data(repeating: 0x41, count: 4096).write(to: folder.appendingPathComponent("history.sqlite"))
        let result = try CommandRunner.run(
            ["report", "--record", "--history", "history.sqlite", "--fail-on", "never", "--format", "json", "-o", "out.json", "input.log"],
            in: folder)
        #expect(result.status == 3)
        #expect(result.stderr.contains("scenelog: error: history 'history.sqlite'"))
        #expect(Self.isReport(folder.appendingPathComponent("out.json")))
    }

    @Test("a reader that went away ends scan (json, text) and timeline quietly, with the status they would have had")
    func closedPipe() throws {
        let folder = try Self.folder()
        for arguments in [["scan", "--format", "json"], ["scan", "--format", "text"], ["timeline"], ["timeline", "--format", "json"], ["report", "--format", "html"]] {
            let expected = try CommandRunner.run(arguments + ["input.log"], in: folder).status
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            let result = try Self.run(arguments + ["input.log"], stdout: pipe.fileHandleForWriting, in: folder)
            #expect(result.status == expected, "\(arguments)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
        }
        // watch reads the log from standard input.
        let log = try Data(contentsOf: folder.appendingPathComponent("input.log"))
        let expected = try CommandRunner.run(["watch"], stdin: log, in: folder).status
        #expect(expected == 1)
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let result = try Self.run(["watch"], stdout: pipe.fileHandleForWriting, stdin: folder.appendingPathComponent("input.log").path, in: folder)
        #expect(result.status == expected)
    }

    @Test("a link another user put in a shared folder (sticky, world-writable) is not followed, dangling or not",
          .enabled(if: geteuid() == 0, "needs root to give a link to another user"))
    func foreignLinkInASharedFolder() throws {
        let folder = try Self.folder()
        let setUp = try CommandRunner.run(executable: "/bin/sh", ["-c", "mkdir shared && chmod 1777 shared && echo precious > kept.conf && "
            + "ln -s ../kept.conf shared/a.txt && ln -s ../new.conf shared/b.txt && chown -h nobody shared/a.txt shared/b.txt && "
            + "ln -s ../mine.txt shared/c.txt"], in: folder)
        try #require(setUp.status == 0, "\(setUp.stderr)")
        for name in ["a.txt", "b.txt"] {
            let result = try CommandRunner.run(["scan", "--fail-on", "never", "-o", "shared/\(name)", "input.log"], in: folder)
            #expect(result.status == 3)
            #expect(result.stderr.contains("'shared/\(name)' is a link of another user in a shared folder; it is not followed"))
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("kept.conf"), encoding: .utf8) == "precious\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.conf").path))
        #expect(try CommandRunner.run(["scan", "--fail-on", "never", "-o", "shared/c.txt", "input.log"], in: folder).status == 0, "one's own link")
        // Nor a folder on the way that is such a link (`shared/d` leads to `target/`).
        let through = try CommandRunner.run(
            executable: "/bin/sh", ["-c", "mkdir target && ln -s ../target shared/d && chown -h nobody shared/d && ln -s ../target shared/e"], in: folder)
        try #require(through.status == 0, "\(through.stderr)")
        for output in ["shared/d/report.json", "\(folder.path)/shared/d/report.json", "./shared/d/sub/report.json"] {
            let result = try CommandRunner.run(["scan", "--fail-on", "never", "-o", output, "input.log"], in: folder)
            #expect(result.status == 3 && result.stderr.contains("is a link of another user in a shared folder; it is not followed"), "\(output): \(result.stderr)")
        }
        // Nor one reached through one's own link to it (`mine` leads to `shared/d/…`).
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("mine").path, withDestinationPath: "shared/d")
        let throughMine = try CommandRunner.run(["scan", "--fail-on", "never", "-o", "mine/report.json", "input.log"], in: folder)
        #expect(throughMine.status == 3 && throughMine.stderr.contains("'shared/d' is a link of another user"), "\(throughMine.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("target").path).isEmpty)
        #expect(try CommandRunner.run(["scan", "--fail-on", "never", "-o", "shared/e/report.json", "input.log"], in: folder).status == 0, "one's own")
        let historyThrough = try CommandRunner.run(
            ["report", "--record", "--history", "shared/d/history.sqlite", "--fail-on", "never", "-o", "/dev/null", "input.log"], in: folder)
        #expect(historyThrough.status == 3 && historyThrough.stderr.contains("it is not followed"), "\(historyThrough.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("target/history.sqlite").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("mine.txt").path))
        // The history and the cache are not reached through such a link either.
        let history = try CommandRunner.run(
            ["report", "--record", "--history", "shared/a.txt", "--fail-on", "never", "-o", "/dev/null", "input.log"], in: folder)
        #expect(history.status == 3)
        #expect(history.stderr.contains("history 'shared/a.txt': is a link of another user in a shared folder; it is not followed"))
        #expect(try String(contentsOf: folder.appendingPathComponent("kept.conf"), encoding: .utf8) == "precious\n")
        let cache = try CommandRunner.run(["scan", "--cache", "shared/b.txt", "--fail-on", "never", "-o", "/dev/null", "input.log"], in: folder)
        #expect(cache.stderr.contains("a link of another user in a shared folder"), "\(cache.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.conf").path))
    }

    @Test("another user's .scenelog.yml in a shared folder is not read unless named",
          .enabled(if: geteuid() == 0, "needs root to give a file to another user"))
    func foreignSettingsFileInASharedFolder() throws {
        let folder = try Self.folder()
        let setUp = try CommandRunner.run(
            executable: "/bin/sh", ["-c", "mkdir shared && chmod 1777 shared && cp input.log shared/ && printf 'fail_on: never\\n' > shared/.scenelog.yml"],
            in: folder)
        try #require(setUp.status == 0, "\(setUp.stderr)")
        let shared = folder.appendingPathComponent("shared")
        #expect(try CommandRunner.run(["scan", "-o", "/dev/null", "input.log"], in: shared).status == 0, "one's own file is read")
        try #require(try CommandRunner.run(executable: "/bin/chown", ["nobody", ".scenelog.yml"], in: shared).status == 0)
        let refused = try CommandRunner.run(["scan", "-o", "/dev/null", "input.log"], in: shared)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("belongs to another user, in a folder everyone can write: it is not read"), "\(refused.stderr)")
        #expect(try CommandRunner.run(["scan", "--config", ".scenelog.yml", "-o", "/dev/null", "input.log"], in: shared).status == 0, "named")
    }

    @Test("the folders scenelog makes for itself are refused in words: a current folder removed, a file in the way")
    func folderErrorsInWords() throws {
        let folder = try Self.folder()
        let gone = try CommandRunner.run(
            executable: "/bin/sh",
            ["-c", "mkdir gone && cd gone && rmdir ../gone && exec '\(CommandRunner.binary.path)' report --record --fail-on never -o /dev/null ../input.log"],
            in: folder)
        #expect(gone.status == 3)
        #expect(gone.stderr.contains("history '.scenelog/history.sqlite': the current folder no longer exists"), "\(gone.stderr)")
        try Data("x".utf8).write(to: folder.appendingPathComponent("notafolder"))
        let cache = try CommandRunner.run(["scan", "--fail-on", "never", "--cache", "notafolder", "-o", "/dev/null", "input.log"], in: folder)
        #expect(cache.stderr.contains("cannot be used as a cache folder: 'notafolder' is a file, not a folder; scanning without a cache"))
    }

    @Test("a command started without standard input, output or error opens /dev/null there, not its own files")
    func closedStandardDescriptors() throws {
        let folder = try Self.folder()
        let watch = try CommandRunner.run(executable: "/bin/sh", ["-c", "exec '\(CommandRunner.binary.path)' watch <&- 2>&1"], in: folder)
        #expect(watch.status == 3, "spawns idevicesyslog, as with nothing piped in, not waits on its own pipe")
        let scan = try CommandRunner.run(
            executable: "/bin/sh", ["-c", "'\(CommandRunner.binary.path)' scan --format json -o out.json input.log >&- 2>&-; echo $?"], in: folder)
        #expect(scan.stdout.hasPrefix("1"))
        #expect(Self.isReport(folder.appendingPathComponent("out.json")))
        // `-` asks for standard input: one that was closed is an input that cannot be read, not an empty one.
        let dash = try CommandRunner.run(
            executable: "/bin/sh", ["-c", "'\(CommandRunner.binary.path)' scan --fail-on never -o /dev/null input.log - <&- 2>&1; echo \"exit $?\""], in: folder)
        #expect(dash.stdout.contains("standard input was closed when scenelog started"), "\(dash.stdout)")
        #expect(dash.stdout.contains("exit 3"), "\(dash.stdout)")
    }

    /// Runs scenelog with standard output going to `stdout`; its standard error and status.
    static func run(
        _ arguments: [String], stdout: FileHandle, stdin: String = "/dev/null", in directory: URL = CommandRunner.packageRoot
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let err = Pipe()
        process.standardOutput = stdout
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: stdin)
        try process.run()
        try? stdout.close()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(stdout: "", stderr: String(decoding: stderrData, as: UTF8.self), status: process.terminationStatus)
    }
}
