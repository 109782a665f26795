import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `--output`: where a report goes, and in which format when it names one
/// (`--output json=night.json`); a plain path takes `--format`.
public struct ReportOutput: Sendable, Equatable {
    /// The format named before `=`; `nil` for a plain path.
    public var format: ReportFormat?
    /// Where the report is written (see ``ReportDestination``).
    public var path: String

    /// An output of `path` in `format` (`nil`: the run's `--format`).
    public init(format: ReportFormat?, path: String) {
        self.format = format
        self.path = path
    }

    /// Reads `FORMAT=PATH` when what comes before the first `=` is a format id (`html=night.html`),
    /// else a plain path (`./json=x` names a file called `json=x`; ``plan(_:defaultFormat:)``
    /// refuses a misspelt format, `jsno=x`). A path `-` is standard output.
    public init(parsing argument: String) {
        if let equals = argument.firstIndex(of: "="), let format = ReportFormat(rawValue: String(argument[..<equals])) {
            self.init(format: format, path: String(argument[argument.index(after: equals)...]))
        } else {
            self.init(format: nil, path: argument)
        }
    }

    /// The reports a run writes: each of `outputs` in its format (a plain path in `defaultFormat`),
    /// or, with no output named, one report in `defaultFormat` on standard output (a `nil` path).
    /// - Throws: a message for the user when a path is empty or named twice, or when more than
    ///   one output names no format.
    public static func plan(
        _ outputs: [ReportOutput], defaultFormat: ReportFormat
    ) throws(ReportOutputError) -> [(format: ReportFormat, path: String?)] {
        guard !outputs.isEmpty else { return [(defaultFormat, nil)] }
        if outputs.count(where: { $0.format == nil }) > 1 {
            throw ReportOutputError(description: "more than one --output names no format; name each FORMAT=PATH (json=night.json)")
        }
        var paths: Set<String> = []
        var files: [FileIdentity: String] = [:]
        for output in outputs {
            guard !output.path.isEmpty else {
                throw ReportOutputError(description: "--output \(output.format.map { "\($0.rawValue)=" } ?? "") names no file")
            }
            if output.format == nil, let word = misspeltFormat(in: output.path) {
                let suggestion = NearestName.suggestion(for: word, among: ReportFormat.allCases.map(\.rawValue))
                throw ReportOutputError(
                    description: "--output '\(Escaping.visible(output.path))': '\(Escaping.visible(word))' is no format"
                        + (suggestion.map { "; did you mean '\($0)'?" } ?? " (\(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))).")
                        + " For a file of that name, write ./\(Escaping.visible(output.path))")
            }
            guard paths.insert(URL(fileURLWithPath: output.path).standardizedFileURL.path).inserted else {
                throw ReportOutputError(description: "--output '\(Escaping.visible(output.path))' is named twice")
            }
            // The same regular file by another name (a link, a hard link): each report would replace the other.
            if let status = FileSystem.status(output.path), status.st_mode & S_IFMT == S_IFREG,
                let first = files.updateValue(output.path, forKey: FileIdentity(status))
            {
                throw ReportOutputError(
                    description: "--output '\(Escaping.visible(output.path))' is the file '\(Escaping.visible(first))' named again")
            }
        }
        // `-` is standard output, as for every other file a command reads or writes.
        return outputs.map { ($0.format ?? defaultFormat, $0.path == "-" ? nil : $0.path) }
    }

    /// The word before `=` in a plain path that reads as `FORMAT=PATH` with a format misspelt
    /// (`jsno=night.json`): a short lowercase word, nothing before it.
    private static func misspeltFormat(in path: String) -> String? {
        guard let equals = path.firstIndex(of: "="), equals > path.startIndex else { return nil }
        let word = path[..<equals]
        guard word.count <= 16, word.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }) else { return nil }
        return String(word)
    }
}

/// A set of `--output`s that cannot be written, and why.
public struct ReportOutputError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
