import ArgumentParser
import Foundation

/// Writes a rendered report to standard output, or atomically to a file.
enum ReportOutput {
    /// Writes `text` to `path` (temporary file, then rename) or to standard output when `path` is nil.
    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            Diagnostics.error("cannot write '\(path)': \(error.localizedDescription)")
            throw ExitStatus.inputError.exitCode
        }
    }
}
