import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// A report that could not be written, and why (the caller reports it; nothing is left behind).
public struct ReportWriteError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// Writes a rendered report to standard output, or atomically to a file: a temporary file beside
/// it, renamed over it at the end.
public enum ReportDestination {
    /// A write that failed, with its `errno`.
    private struct WriteFailure: Error {
        let code: Int32
    }

    /// Renders `report` in `format` to `path` or to standard output, piece by piece as JSON and
    /// NDJSON are rendered (see ``write(to:producing:)``).
    public static func write(
        _ report: ScanReport, as format: ReportFormat, options: RenderOptions, to path: String?
    ) throws(ReportWriteError) {
        try write(to: path) { try format.render(report, options: options, to: $0) }
    }

    /// Writes `text` to `path` or to standard output (see ``write(to:producing:)``).
    public static func write(_ text: String, to path: String?) throws(ReportWriteError) {
        try write(to: path) { try $0(Array(text.utf8)) }
    }

    /// Writes `text` to standard output, all of it, retrying after interruptions.
    public static func writeStandardOutput(_ text: String) throws(ReportWriteError) {
        try write(text, to: nil)
    }

    /// Writes what `produce` hands its sink, as it hands it, to `path` (a temporary file beside it,
    /// renamed over it at the end) or to standard output when `path` is nil. A write that fails is
    /// thrown as a ``ReportWriteError``; a file's temporary is removed.
    private static func write(
        to path: String?, producing produce: (([UInt8]) throws -> Void) throws -> Void
    ) throws(ReportWriteError) {
        guard let path else {
            do {
                try produce { bytes in
                    if let failure = writeAll(bytes) { throw WriteFailure(code: failure) }
                }
            } catch {
                let reason = (error as? WriteFailure).map { String(cString: strerror($0.code)) } ?? "\(error)"
                throw ReportWriteError(description: "cannot write the report to standard output: \(reason)")
            }
            return
        }
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).\(getpid()).partial")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try produce { try handle.write(contentsOf: $0) }
            try handle.synchronize()
            guard rename(temporary.path, path) == 0 else { throw WriteFailure(code: errno) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            let reason = (error as? WriteFailure).map { String(cString: strerror($0.code)) } ?? error.localizedDescription
            throw ReportWriteError(description: "cannot write '\(path)': \(reason)")
        }
    }

    /// Writes all of `text` to `descriptor` (standard output unless told), retrying after
    /// interruptions (EINTR); the `errno` of a write that failed, `nil` when everything was written.
    public static func writeAll(_ text: some Collection<UInt8>, to descriptor: Int32 = STDOUT_FILENO) -> Int32? {
        var bytes = Array(text)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return written == 0 ? EIO : errno }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
