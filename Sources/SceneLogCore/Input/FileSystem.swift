#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls on inputs' paths, with the paths' bytes restored (``PathBytes``), so that a
/// file whose name is not UTF-8 is found.
enum FileSystem {
    /// Opens `path` (`open(2)`); -1 with `errno` set when it cannot.
    static func open(_ path: String, _ flags: Int32) -> Int32 {
        PathBytes.withCString(path) { systemOpen($0, flags) }
    }

    /// Opens `path` for reading without waiting in `open(2)` for a FIFO's writer (which would hold
    /// the process deaf to Ctrl-C, a stop handler not interrupting it); reads then block as usual.
    /// -1 with `errno` set when it cannot be opened.
    static func openForReading(_ path: String) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
        return descriptor
    }

    /// Up to `count` first bytes of the file at `path` (fewer when it is shorter; none when it
    /// cannot be read), without waiting for a FIFO's writer.
    static func head(of path: String, count: Int) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: count)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return Array(head.prefix(max(count, 0)))
    }

    /// Up to `count` bytes of `descriptor` from `offset` (`pread(2)`, fewer at the file's end),
    /// without moving its position; `nil` when it cannot be read.
    static func bytes(of descriptor: Int32, at offset: Int64, count: Int) -> [UInt8]? {
        guard offset >= 0, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
            }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }

    /// The status of `path`, links followed (`stat(2)`), or `nil`.
    static func status(_ path: String) -> stat? {
        var status = stat()
        return PathBytes.withCString(path) { stat($0, &status) } == 0 ? status : nil
    }

    /// The status of `path` itself, a link not followed (`lstat(2)`), or `nil`.
    static func linkStatus(_ path: String) -> stat? {
        var status = stat()
        return PathBytes.withCString(path) { lstat($0, &status) } == 0 ? status : nil
    }

    /// Whether `path` is a folder or a link to one.
    static func isFolder(_ path: String) -> Bool {
        status(path).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false
    }

    /// Makes the folder `path` and the folders above it that are missing (`mkdir -p`); why it
    /// cannot, in words (`nil` when it is there): the system's reason, or that a file is in the way.
    static func makeFolders(_ path: String) -> String? {
        if isFolder(path) { return nil }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += component
            defer { prefix += "/" }
            if PathBytes.withCString(prefix, { mkdir($0, 0o755) }) == 0 { continue }
            let code = errno
            if code == EEXIST {
                if isFolder(prefix) { continue }
                return "'\(Escaping.visible(prefix))' is a file, not a folder"
            }
            if code == ENOENT, getcwd(nil, 0).map({ free($0) }) == nil, !path.hasPrefix("/") {
                return "the current folder no longer exists"
            }
            return "cannot make '\(Escaping.visible(prefix))': \(String(cString: strerror(code)))"
        }
        return nil
    }

    /// The path with every link resolved (`realpath(3)`), or `nil` for a dangling link.
    static func realPath(_ path: String) -> String? {
        guard let resolved = PathBytes.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathBytes.string(cString: resolved)
    }

    /// The names in the folder at `path`, but `.` and `..`, in the order the system gives them.
    ///
    /// - Throws: why the folder cannot be listed, in the words of the C library.
    static func names(inFolder path: String) throws(FolderError) -> [String] {
        guard let folder = PathBytes.withCString(path, { opendir($0) }) else {
            throw FolderError(reason: String(cString: strerror(errno)))
        }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            // d_name is read up to its NUL only: an entry may be shorter than the struct says.
            let name = withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
                field.withMemoryRebound(to: CChar.self, capacity: 1) { PathBytes.string(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// A folder that cannot be listed, and why.
    struct FolderError: Error {
        let reason: String
    }
}

/// `open(2)`, which ``FileSystem/open(_:_:)`` hides inside the enum.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}
