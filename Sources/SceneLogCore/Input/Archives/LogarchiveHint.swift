import Foundation

/// What to say about a `.logarchive` (a binary unified log, tracev3), which is not read: how to
/// export it as text that scenelog reads.
enum LogarchiveHint {
    /// The note for the logarchive at `path`; `container` is the archive holding it, if any.
    static func note(for path: String, in container: String? = nil) -> String {
        let export = "log show --archive '\(path)' --style ndjson > '\(exportName(path))'"
        let extract = container.map { "tar -xf '\($0)' '\(path)' && " } ?? ""
        return "binary unified log (tracev3), not read; on a Mac, export it as text and scan that: "
            + extract + export
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
