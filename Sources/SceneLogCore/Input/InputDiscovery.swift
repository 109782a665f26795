import Foundation

/// Expands the paths a user names into the inputs to scan.
enum InputDiscovery {
    /// `paths` with each folder (or link to one) replaced by the files under it that `selection`
    /// admits, recursively, sorted by path. Links to folders are followed, each folder only once
    /// (a link loop is not walked twice). A `.logarchive` folder is listed itself, not walked.
    /// Files and `-` are kept as given, whatever their names. An input reached twice (named twice,
    /// named and inside a named folder, or through a link) is kept once, where it first comes.
    ///
    /// Inside a folder, a link (to a file or a folder) whose real path is outside every folder
    /// named in `paths` is skipped, unless `followsLinksOutsideRoots`: a folder of logs must not
    /// hand over `/etc/shadow`.
    ///
    /// - Parameters:
    ///   - onEmptyFolder: called with each named folder that holds no file to scan.
    ///   - onUnreadable: called with each folder that cannot be listed, or holds an entry that
    ///     cannot be looked at, and why.
    ///   - onSkippedLink: called with each link skipped as leading outside, and its real path.
    static func expand(
        _ paths: [String], selection: PathSelection = PathSelection(), followsLinksOutsideRoots: Bool = false,
        onEmptyFolder: (String) -> Void = { _ in }, onUnreadable: @escaping (String, String) -> Void = { _, _ in },
        onSkippedLink: @escaping (String, String) -> Void = { _, _ in }
    ) -> [String] {
        discover(
            paths, selection: selection, followsLinksOutsideRoots: followsLinksOutsideRoots, onEmptyFolder: onEmptyFolder,
            onUnreadable: onUnreadable, onSkippedLink: onSkippedLink
        ).map(\.path)
    }

    /// The inputs of ``expand(_:selection:followsLinksOutsideRoots:onEmptyFolder:onUnreadable:onSkippedLink:)``,
    /// each with its path below the root it was named under (``DiscoveredInput/relativePath``).
    ///
    /// - Parameter onPassedOver: called with each entry whose name `selection` admits but that
    ///   holds no file (a link that leads nowhere or back to itself, a FIFO, a socket, a device),
    ///   and what it is.
    static func discover(
        _ paths: [String], selection: PathSelection = PathSelection(), followsLinksOutsideRoots: Bool = false,
        onEmptyFolder: (String) -> Void = { _ in }, onUnreadable: @escaping (String, String) -> Void = { _, _ in },
        onSkippedLink: @escaping (String, String) -> Void = { _, _ in },
        onPassedOver: @escaping (String, String) -> Void = { _, _ in }
    ) -> [DiscoveredInput] {
        var visited: Set<FileIdentity> = []
        let folders = paths.filter { $0 != "-" && FileSystem.isFolder($0) }
        let walk = Walk(
            selection: selection, roots: followsLinksOutsideRoots ? nil : folders.compactMap(FileSystem.realPath),
            onUnreadable: onUnreadable, onSkippedLink: onSkippedLink, onPassedOver: onPassedOver)
        let expanded = paths.flatMap { path -> [DiscoveredInput] in
            guard folders.contains(path) else { return [DiscoveredInput(path: path, relativePath: Self.name(of: path))] }
            var found: [DiscoveredInput] = []
            walk.walk(path, relative: "", visited: &visited, found: &found)
            if found.isEmpty { onEmptyFolder(path) }
            return found.sorted { $0.path < $1.path }
        }
        return firstOccurrences(expanded)
    }

    /// The last component of `path` (`-` for standard input).
    private static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `inputs` without the ones that are a file already in them: the same device and inode (a
    /// link, a hard link, another spelling of its path), or, when it cannot be looked at, the
    /// same path. `-` is kept each time.
    private static func firstOccurrences(_ inputs: [DiscoveredInput]) -> [DiscoveredInput] {
        var seenFiles: Set<FileIdentity> = []
        var seenPaths: Set<String> = []
        return inputs.filter { input in
            guard input.path != "-" else { return true }
            guard let status = FileSystem.status(input.path) else { return seenPaths.insert(input.path).inserted }
            return seenFiles.insert(FileIdentity(status)).inserted
        }
    }

    /// One expansion's settings.
    fileprivate struct Walk {
        let selection: PathSelection
        /// The real paths of the named folders, inside which links are followed; `nil`: follow all.
        let roots: [String]?
        let onUnreadable: (String, String) -> Void
        let onSkippedLink: (String, String) -> Void
        let onPassedOver: (String, String) -> Void

        /// Whether `path`, when it is a link, leads outside the roots (then reported and skipped).
        func skipsLink(_ path: String) -> Bool {
            guard let roots else { return false }
            guard let link = FileSystem.linkStatus(path), (link.st_mode & S_IFMT) == S_IFLNK else { return false }
            guard let target = FileSystem.realPath(path) else { return false }  // dangling: skipped below
            let inside = roots.contains { root in
                target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/")
            }
            if !inside { onSkippedLink(path, target) }
            return !inside
        }

        func walk(_ folder: String, relative: String, visited: inout Set<FileIdentity>, found: inout [DiscoveredInput]) {
            guard let status = FileSystem.status(folder) else { return }
            guard visited.insert(FileIdentity(status)).inserted
            else { return }
            let names: [String]
            do {
                names = try FileSystem.names(inFolder: folder)
            } catch {
                onUnreadable(folder, error.reason)
                return
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                let relativePath = relative.isEmpty ? name : relative + "/" + name
                guard !skipsLink(path) else { continue }
                guard let entry = FileSystem.status(path) else {
                    // A dangling link (or one that leads back to itself) holds no file and is passed
                    // over; anything else (a path too long for the system) is said, so that no file
                    // is left out unseen.
                    let reason = errno
                    if reason != ENOENT, reason != ELOOP {
                        onUnreadable(folder, "its entry '\(Escaping.visible(name))' cannot be looked at (\(String(cString: strerror(reason))))")
                    } else if selection.admits(relativePath) {
                        onPassedOver(path, reason == ELOOP ? "a link that leads back to itself" : "a link that leads nowhere")
                    }
                    continue
                }
                switch entry.st_mode & S_IFMT {
                case S_IFDIR where name.hasSuffix(".logarchive"):
                    // A binary unified log: reported by name, not walked.
                    found.append(DiscoveredInput(path: path, relativePath: relativePath))
                case S_IFDIR:
                    walk(path, relative: relativePath, visited: &visited, found: &found)
                case S_IFREG where selection.admits(relativePath):
                    found.append(DiscoveredInput(path: path, relativePath: relativePath))
                case S_IFIFO where selection.admits(relativePath): onPassedOver(path, "a FIFO")
                case S_IFSOCK where selection.admits(relativePath): onPassedOver(path, "a socket")
                case S_IFCHR where selection.admits(relativePath), S_IFBLK where selection.admits(relativePath):
                    onPassedOver(path, "a device")
                default:
                    continue
                }
            }
        }
    }
}

/// An input ``InputDiscovery`` found: its path, and its path below the root it was named under
/// (a file named as such: its name), which is the same on every machine that names the same root.
struct DiscoveredInput: Equatable {
    let path: String
    let relativePath: String
}
