import Foundation

/// A program scenelog starts (`idevicesyslog`, `idevice_id`, `git`), found on `PATH`.
enum InstalledProgram {
    /// The path of the executable file `name` in the first `PATH` folder that has one.
    ///
    /// Only PATH's absolute folders are searched: a relative one (`.`, `bin`) would let the folder
    /// scenelog runs in choose the program it starts.
    static func path(named name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").filter { $0.hasPrefix("/") }
        return folders.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
