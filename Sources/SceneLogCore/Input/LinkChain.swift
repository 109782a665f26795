#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A chain of symbolic links, followed one link at a time to where it ends, without following a
/// link that another user put in a shared folder (world-writable and sticky, as `/tmp`): one that
/// belongs neither to this user nor to the folder's owner, as the last component of a path or as
/// a folder on the way to it. Following it to write would let them
/// choose the file written (a report, the history, the cache); Linux's `fs.protected_symlinks`
/// refuses that, and scenelog does where the system does not (macOS).
enum LinkChain {
    /// Where a chain leads.
    enum End: Equatable {
        /// The path it ends at: the one given when it is no link; where a file that does not exist
        /// yet would be created.
        case path(String)
        /// The first link on it that another user put in a shared folder.
        case foreignLink(String)
        /// A link that could not be read (`errno`), or a chain longer than ``maximumLinks`` (`ELOOP`).
        case failure(errno: Int32)
    }

    /// The longest chain followed.
    static let maximumLinks = 40

    /// Where the chain of links from `path` ends.
    static func end(from path: String) -> End {
        var current = path
        for _ in 0..<maximumLinks {
            // A folder on the way is such a link too (`/tmp/theirs/report.json`, `theirs` a link to
            // where they choose).
            if let folder = foreignFolderLink(on: current) { return .foreignLink(folder) }
            var link = stat()
            guard lstat(current, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK else { return .path(current) }
            let folder = current.lastIndex(of: "/").map { $0 == current.startIndex ? "/" : String(current[..<$0]) } ?? "."
            if isForeignLink(link, inSharedFolder: folder) { return .foreignLink(current) }
            guard let destination = target(of: current) else { return .failure(errno: errno) }
            current = destination.hasPrefix("/") ? destination : folder + "/" + destination
        }
        return .failure(errno: ELOOP)
    }

    /// What the link at `path` holds, or `nil` (`errno` set) when it cannot be read.
    private static func target(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first of the folders `path` names before its last component that is a link another user
    /// put in a shared folder, or `nil`; through one's own folder links too (`~/out` a link to
    /// `/tmp/theirs/dir`), the folders they lead to checked in turn.
    private static func foreignFolderLink(on path: String, links: Int = 0) -> String? {
        let components = path.split(separator: "/")
        var reached = path.hasPrefix("/") ? "" : "."
        for (index, component) in components.dropLast().enumerated() {
            let next = reached == "." ? String(component) : reached + "/" + component
            var link = stat()
            if lstat(next, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
                let folder = reached.isEmpty ? "/" : reached
                if isForeignLink(link, inSharedFolder: folder) { return next }
                guard links < maximumLinks, let destination = target(of: next) else { return nil }
                let rest = components[(index + 1)...].joined(separator: "/")
                return foreignFolderLink(on: (destination.hasPrefix("/") ? destination : folder + "/" + destination) + "/" + rest, links: links + 1)
            }
            reached = next
        }
        return nil
    }

    /// The first link on the chain from `path` that another user put in a shared folder, or `nil`.
    static func foreignLink(from path: String) -> String? {
        if case .foreignLink(let link) = end(from: path) { return link }
        return nil
    }

    /// Whether `link` (its `lstat`), in `folderPath`, is another user's in a shared folder.
    private static func isForeignLink(_ link: stat, inSharedFolder folderPath: String) -> Bool {
        var folder = stat()
        return stat(folderPath, &folder) == 0 && folder.st_mode & S_ISVTX != 0 && folder.st_mode & S_IWOTH != 0
            && link.st_uid != geteuid() && link.st_uid != folder.st_uid
    }

    /// Whether the entry `name` of the folder `folderPath` (a file or a link, not followed) is
    /// another user's in a shared folder: one whose contents someone else chose.
    static func isForeignEntry(_ name: String, inSharedFolder folderPath: String) -> Bool {
        var entry = stat()
        return lstat(folderPath + "/" + name, &entry) == 0 && isForeignLink(entry, inSharedFolder: folderPath)
    }
}
