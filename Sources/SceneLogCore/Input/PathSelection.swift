#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which files of a folder, and which members of an archive, are scanned: by default the log,
/// crash-report and archive names; `--include` globs replace that choice and `--exclude` globs
/// remove from it. A glob with a `/` is matched against the whole relative path, one without
/// against the file name alone.
public struct PathSelection: Sendable, Equatable {
    /// Log files, by ending (`device.log`, `device.log.1` after rotation).
    public static let logExtensions: Set<String> = ["log", "txt", "ndjson", "json"]
    /// Archives and compressed files.
    public static let archiveExtensions: Set<String> = ["gz", "tgz", "tar", "zip", "bz2", "tbz2", "xz", "txz"]
    /// Crash reports: `.ips` as the device writes them, `.crash` as Xcode's Organizer and crash
    /// services export them.
    public static let crashReportExtensions: Set<String> = ["ips", "crash"]

    public var include: [String]
    public var exclude: [String]

    public init(include: [String] = [], exclude: [String] = []) {
        self.include = include
        self.exclude = exclude
    }

    /// Whether to scan the file at `relativePath` (relative to the folder or archive it is in).
    public func admits(_ relativePath: String) -> Bool {
        if exclude.contains(where: { Self.matches($0, relativePath) }) { return false }
        if !include.isEmpty { return include.contains { Self.matches($0, relativePath) } }
        return Self.hasScannedName(relativePath)
    }

    /// A log, crash-report or archive name (`.log`, `.log.3`, `.ips`, `.tar.gz`…).
    static func hasScannedName(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var parts = name.lowercased().split(separator: ".").dropFirst().map(String.init)
        if let last = parts.last, last.allSatisfy(\.isNumber) { parts.removeLast() }  // rotated: .log.1
        guard let ending = parts.last else { return false }
        return logExtensions.contains(ending) || archiveExtensions.contains(ending) || crashReportExtensions.contains(ending)
    }

    /// Whether `name` is an archive or compressed file by its ending.
    public static func isArchiveName(_ name: String) -> Bool {
        name.split(separator: ".").last.map { archiveExtensions.contains($0.lowercased()) } ?? false
    }

    /// Whether `name` is an `.ips` crash report's by its ending. A `.crash` file is read as what
    /// its first bytes say: exports and pastes named so are often a report's text among other lines.
    static func isCrashReportName(_ name: String) -> Bool {
        name.lowercased().hasSuffix(".ips")
    }

    /// `*` also matches `/`; a path glob may start at the top (`crashes_and_spins/*`) or below
    /// some folder (`*/crashes_and_spins/*`).
    private static func matches(_ pattern: String, _ path: String) -> Bool {
        guard pattern.contains("/") else {
            return fnmatch(pattern, path.split(separator: "/").last.map(String.init) ?? path, 0) == 0
        }
        return fnmatch(pattern, path, 0) == 0 || fnmatch(pattern, "/" + path, 0) == 0
    }
}
