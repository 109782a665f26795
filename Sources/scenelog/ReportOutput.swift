import ArgumentParser
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

/// Writes a rendered report to standard output, or atomically to a file.
enum ReportOutput {
    /// Writes `text` to `path` (temporary file, then rename) or to standard output when `path` is nil.
    /// A write that fails is reported once and ends the command with exit code 3.
    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            try writeStandardOutput(text)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Diagnostics.error("cannot write '\(path)': \(error.localizedDescription)")
            throw ExitStatus.inputError.exitCode
        }
    }

    /// Writes `text` to standard output, all of it, retrying after interruptions.
    static func writeStandardOutput(_ text: String) throws {
        if let failure = writeAll(text) {
            Diagnostics.error("cannot write the report to standard output: \(String(cString: strerror(failure)))")
            throw ExitStatus.inputError.exitCode
        }
    }

    /// Writes all of `text` to standard output, retrying after interruptions; the `errno` of a
    /// write that failed, `nil` when everything was written.
    static func writeAll(_ text: String) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return errno }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
