import Foundation

/// The regular files this process scanned, by path: which file each path named then, and how
/// long it was. A file read again later (the lines around a finding, `--context`) must still be
/// that file, no shorter: a path swapped since for a link to another file is not read.
///
/// Bounded: past ``maximumCount`` paths, the earliest ones are forgotten. A path not recorded is
/// not read again: a report read back from JSON (a part that `merge` joins, which anyone may have
/// written) names paths of another machine, and reading them here would show this one's files.
final class ScannedFiles: @unchecked Sendable {
    /// The one record of the process: scans add to it, the text report reads it.
    static let shared = ScannedFiles()

    /// The most paths remembered.
    static let maximumCount = 1 << 16

    /// What a path named when it was scanned.
    struct Scanned: Equatable, Sendable {
        var identity: FileIdentity
        var size: Int64
    }

    private let lock = NSLock()
    private var byPath: [String: Scanned] = [:]
    private var order: [String] = []

    /// Records that `path` was scanned as the regular file `status` describes.
    func record(_ path: String, _ status: stat) {
        record(path, Scanned(identity: FileIdentity(status), size: Int64(status.st_size)))
    }

    /// Records that `path` was scanned as `scanned`.
    func record(_ path: String, _ scanned: Scanned) {
        lock.withLock {
            if byPath.updateValue(scanned, forKey: path) == nil { order.append(path) }
            if order.count > Self.maximumCount {
                let forgotten = order.count - Self.maximumCount / 2
                for path in order.prefix(forgotten) { byPath[path] = nil }
                order.removeFirst(forgotten)
            }
        }
    }

    /// Whether `path` was scanned by this process (and is still remembered).
    func wasScanned(_ path: String) -> Bool {
        lock.withLock { byPath[path] != nil }
    }

    /// Whether the file `status` describes, opened again by `path`, is not the one scanned under
    /// that path, or is shorter than it was then; false when the path was not recorded.
    func hasChanged(_ path: String, to status: stat) -> Bool {
        guard let scanned = lock.withLock({ byPath[path] }) else { return false }
        return scanned.identity != FileIdentity(status) || Int64(status.st_size) < scanned.size
    }
}
