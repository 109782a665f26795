import SceneLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program installed beside this one, which a run hands itself over to: `scenelog-otlp`, the
/// same commands with OTLP export, which `scenelog` leaves out to keep its own start-up small.
///
/// The program is looked for only in the folder of this process's own executable (links
/// resolved), never on `PATH` or anywhere the environment names, so that nothing from outside
/// chooses what runs.
enum CompanionProgram {
    /// Replaces this process with the program `name` beside this executable, with the same
    /// arguments (as given, byte for byte), environment and open files. Returns only when it could
    /// not be run, with why.
    static func replaceProcess(with name: String) -> String {
        guard var path = executableFolder() else { return "the folder of this program is not known" }
        path.append(contentsOf: "/\(name)".utf8CString.map { $0 })  // ends with its NUL
        // Diagnostics show the path's control characters, and PathBytes its bytes that are not UTF-8.
        let shown = PathBytes.string(path.dropLast().map { UInt8(bitPattern: $0) })
        // The marker holds the pid, which exec keeps: a value inherited from outside is no hand-back.
        let pid = String(getpid())
        if let marker = getenv(handOverMarker), String(cString: marker) == pid {
            unsetenv(handOverMarker)
            return "'\(shown)' handed the run back: it is not \(name)"
        }
        setenv(handOverMarker, pid, 1)
        execv(path, CommandLine.unsafeArgv)
        let reason = String(cString: strerror(errno))
        unsetenv(handOverMarker)
        return "'\(shown)' could not be run (\(reason))"
    }

    /// Set in the environment of the program a run is handed over to, to the process's pid (which
    /// the hand-over keeps), and removed by it (``forgetHandOver()``): a program in its place that
    /// is not it (a copy or a link of `scenelog` under its name) would hand the run back, and back
    /// again, for ever. The same variable inherited from outside, with another value, is ignored.
    static let handOverMarker = "SCENELOG_HANDED_OVER"

    /// Removes the marker, in the program handed over to: the programs it starts do not see it.
    static func forgetHandOver() {
        unsetenv(handOverMarker)
    }

    /// The folder of this process's executable, links resolved, as the bytes of its path (no NUL).
    private static func executableFolder() -> [CChar]? {
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        #if os(Linux)
        guard realpath("/proc/self/exe", &resolved) != nil else { return nil }
        #else
        var size = UInt32(PATH_MAX)
        var given = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&given, &size) == 0, realpath(given, &resolved) != nil else { return nil }
        #endif
        let path = resolved.prefix { $0 != 0 }
        guard let slash = path.lastIndex(of: CChar(UInt8(ascii: "/"))) else { return nil }
        return Array(path[..<slash])
    }
}
