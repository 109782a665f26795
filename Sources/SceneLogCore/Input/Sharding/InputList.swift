import Foundation

/// A list of inputs handed over in a file (`--inputs-from`): what a scheduler gives each worker of
/// a distributed scan, or `find … -print0` writes. One path per line, or paths separated by NULs
/// (then a newline is part of a name); blank lines are skipped, a `\r` before a newline is dropped.
/// Names that are not UTF-8 are kept as their bytes (``PathBytes``).
///
/// The list is untrusted like any input: it is read up to ``maximumBytes``, and a path longer than
/// ``maximumPathBytes`` or a list of more than ``maximumPaths`` paths is refused, naming the line.
public enum InputList {
    /// The largest list read: 64 MiB.
    public static let maximumBytes = 64 << 20
    /// The longest path taken (Linux's `PATH_MAX`).
    public static let maximumPathBytes = 4096
    /// The most paths in one list.
    public static let maximumPaths = 1_000_000

    /// Why a list could not be used: the message names the list, and the line when one is at fault.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The paths listed in the file at `path` (`-`, `/dev/stdin`: standard input; a FIFO is read
    /// as a pipe).
    public static func read(path given: String) throws(Failure) -> [String] {
        // Standard input by another of its names reads as `-` does: a pipe is no regular file.
        let path = ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"].contains(given) ? "-" : given
        let name = path == "-" ? "standard input" : "'\(Escaping.visible(path))'"
        let bytes: [UInt8]
        if path == "-" || FileSystem.status(path).map({ $0.st_mode & S_IFMT == S_IFIFO }) == true {
            // A pipe (standard input, a shell's `<(…)`) is read to its end, as far as a list may go.
            bytes = try readStream(path, name: name)
        } else {
            do {
                bytes = [UInt8](try BoundedFile.read(path: path, limit: maximumBytes, what: "input lists"))
            } catch {
                throw Failure(description: "input list \(error.description)")
            }
        }
        return try paths(in: bytes, name: name, readFromStandardInput: path == "-")
    }

    /// The paths in `bytes`, a list called `name` in messages; one read from standard input
    /// cannot name it (`-`) again, which it has read to its end.
    static func paths(in bytes: [UInt8], name: String, readFromStandardInput: Bool = false) throws(Failure) -> [String] {
        let separator: UInt8 = bytes.contains(0) ? 0 : ASCII.newline
        var paths: [String] = []
        var line = 0
        for entry in bytes.split(separator: separator, omittingEmptySubsequences: false) {
            line += 1
            var entry = entry
            if separator == ASCII.newline, entry.last == ASCII.carriageReturn { entry = entry.dropLast() }
            guard !entry.isEmpty else { continue }
            guard entry.count <= maximumPathBytes else {
                throw Failure(
                    description: "input list \(name), \(separator == 0 ? "entry" : "line") \(line): a path of "
                        + "\(entry.count) bytes; paths are taken up to \(maximumPathBytes)")
            }
            guard !(readFromStandardInput && entry.elementsEqual([UInt8(ascii: "-")])) else {
                throw Failure(
                    description: "input list \(name), \(separator == 0 ? "entry" : "line") \(line): '-' names standard input, "
                        + "which is the list itself; write ./- for a file called '-'")
            }
            guard paths.count < maximumPaths else {
                throw Failure(description: "input list \(name) names more than \(maximumPaths) paths; split it")
            }
            paths.append(PathBytes.string(entry))
        }
        return paths
    }

    /// Standard input, up to ``maximumBytes``.
    private static func readStream(_ path: String, name: String) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        do throws(InputError) {
            let reader = try ChunkedReader(path: path)
            while bytes.count <= maximumBytes {
                let chunk = try reader.nextChunk()
                if chunk.isEmpty { return bytes }
                bytes += chunk
            }
        } catch {
            throw Failure(description: "input list on \(name) cannot be read: \(Escaping.visible(error.reason))")
        }
        throw Failure(description: "input list on \(name) is longer than \(maximumBytes >> 20) MiB; split it")
    }
}
