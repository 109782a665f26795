import Foundation

/// Expands the paths a user names into the inputs to scan.
enum InputDiscovery {
    /// `paths` with each folder (or link to one) replaced by the files under it that `selection`
    /// admits, recursively, sorted by path. Links to folders are followed, each folder only once
    /// (a link loop is not walked twice). A `.logarchive` folder is listed itself, not walked.
    /// Files and `-` are kept as given, whatever their names.
    ///
    /// - Parameters:
    ///   - onEmptyFolder: called with each named folder that holds no file to scan.
    ///   - onUnreadable: called with each folder that cannot be listed, and why.
    static func expand(
        _ paths: [String], selection: PathSelection = PathSelection(), onEmptyFolder: (String) -> Void = { _ in },
        onUnreadable: (String, String) -> Void = { _, _ in }
    ) -> [String] {
        var visited: Set<FolderIdentity> = []
        return paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { return [path] }
            var found: [String] = []
            walk(path, relative: "", selection: selection, visited: &visited, found: &found, onUnreadable: onUnreadable)
            if found.isEmpty { onEmptyFolder(path) }
            return found.sorted()
        }
    }

    /// A folder's device and inode, which tell a folder reached twice through links.
    private struct FolderIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private static func walk(
        _ folder: String, relative: String, selection: PathSelection, visited: inout Set<FolderIdentity>,
        found: inout [String], onUnreadable: (String, String) -> Void
    ) {
        var status = stat()
        guard stat(folder, &status) == 0 else { return }
        guard visited.insert(FolderIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))).inserted
        else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            onUnreadable(folder, (error as NSError).localizedFailureReason ?? "cannot be listed")
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var entry = stat()
            guard stat(path, &entry) == 0 else { continue }  // a dangling link
            switch entry.st_mode & S_IFMT {
            case S_IFDIR where name.hasSuffix(".logarchive"):
                found.append(path)  // a binary unified log: reported by name, not walked
            case S_IFDIR:
                walk(path, relative: relativePath, selection: selection, visited: &visited, found: &found, onUnreadable: onUnreadable)
            case S_IFREG where selection.admits(relativePath):
                found.append(path)
            default:
                continue
            }
        }
    }
}
