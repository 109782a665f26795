import Foundation

/// What to say about a `.logarchive` (a binary unified log, tracev3), which is not read: how to
/// export it as text that scenelog reads.
///
/// The names in the suggested command come from the file system and from archives, so they are
/// untrusted: each is quoted for a POSIX shell (``Escaping/shellWord(_:asArgument:)``), and a name that holds a
/// control character, a newline or a bidirectional formatting character, which cannot be shown
/// safely on one line, gets no command at all but a note to extract it by hand.
enum LogarchiveHint {
    /// The note for the logarchive at `path`; `container` is the archive holding it, if any.
    static func note(for path: String, in container: String? = nil) -> String {
        let lead = "binary unified log (tracev3), not read; on a Mac, export it as text and scan that"
        let names = [path, exportName(path)] + (container.map { [$0] } ?? [])
        guard names.allSatisfy(Escaping.isShownSafely) else {
            let what = container == nil ? "it" : "the archive or the logarchive in it"
            return lead + " (\(what) has a name that cannot be quoted safely; extract it by hand and run "
                + "`log show --archive <logarchive> --style ndjson`)"
        }
        let export = "log show --archive \(Escaping.shellWord(path, asArgument: true)) --style ndjson > \(Escaping.shellWord(exportName(path)))"
        let extract = container.map { "tar -xf \(Escaping.shellWord($0, asArgument: true)) \(Escaping.shellWord(path)) && " } ?? ""
        return lead + ": " + extract + export
    }

    private static func exportName(_ path: String) -> String {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return (base.hasSuffix(".logarchive") ? String(base.dropLast(".logarchive".count)) : base) + ".ndjson"
    }

    /// The `.logarchive` folder a member path lies in (`sysdiagnose_…/system_logs.logarchive`).
    static func logarchiveRoot(of memberPath: String) -> String? {
        guard let range = memberPath.range(of: ".logarchive") else { return nil }
        let end = range.upperBound
        guard end == memberPath.endIndex || memberPath[end] == "/" else { return nil }
        return String(memberPath[..<end])
    }
}
