import ArgumentParser
import Foundation
import SceneLogCore

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

/// Writes a rendered report to standard output, or atomically to a file.
enum ReportOutput {
    /// A write that failed, with its `errno`.
    private struct WriteFailure: Error {
        let code: Int32
    }

    /// Renders `report` in `format` to `path` or to standard output, piece by piece as JSON and
    /// NDJSON are rendered (see ``write(to:producing:)``).
    static func write(_ report: ScanReport, as format: ReportFormat, options: RenderOptions, to path: String?) throws {
        try write(to: path) { try format.render(report, options: options, to: $0) }
    }

    /// Writes `text` to `path` or to standard output (see ``write(to:producing:)``).
    static func write(_ text: String, to path: String?) throws {
        try write(to: path) { try $0(Array(text.utf8)) }
    }

    /// Writes `text` to standard output, all of it, retrying after interruptions.
    static func writeStandardOutput(_ text: String) throws {
        try write(text, to: nil)
    }

    /// Writes what `produce` hands its sink, as it hands it, to `path` (a temporary file beside it,
    /// renamed over it at the end) or to standard output when `path` is nil. A write that fails is
    /// reported once and ends the command with exit code 3; a file's temporary is removed.
    private static func write(to path: String?, producing produce: (([UInt8]) throws -> Void) throws -> Void) throws {
        guard let path else {
            do {
                try produce { bytes in
                    if let failure = writeAll(bytes) { throw WriteFailure(code: failure) }
                }
            } catch let failure as WriteFailure {
                Diagnostics.error("cannot write the report to standard output: \(String(cString: strerror(failure.code)))")
                throw ExitStatus.inputError.exitCode
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
            Diagnostics.error("cannot write '\(path)': \(reason)")
            throw ExitStatus.inputError.exitCode
        }
    }

    /// Writes all of `text` to standard output, retrying after interruptions; the `errno` of a
    /// write that failed, `nil` when everything was written.
    static func writeAll(_ text: String) -> Int32? {
        writeAll(Array(text.utf8))
    }

    /// Writes all of `bytes` to standard output, retrying after interruptions; the `errno` of a
    /// write that failed, `nil` when everything was written.
    static func writeAll(_ text: [UInt8]) -> Int32? {
        var bytes = text[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return errno }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
