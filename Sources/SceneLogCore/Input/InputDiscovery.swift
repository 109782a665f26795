import Foundation

/// Expands the paths a user names into the inputs to scan.
public enum InputDiscovery {
    /// File name endings scanned when walking a folder.
    public static let scannedExtensions: Set<String> = ["log", "txt", "ndjson", "json"]

    /// `paths` with each folder (or link to one) replaced by the log files under it, recursively,
    /// sorted by path. Files and `-` are kept as given, even when their names have other endings.
    ///
    /// - Parameter onEmptyFolder: called with each named folder that holds no log file.
    public static func expand(_ paths: [String], onEmptyFolder: (String) -> Void = { _ in }) -> [String] {
        paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { return [path] }
            let files = logFiles(under: path)
            if files.isEmpty { onEmptyFolder(path) }
            return files
        }
    }

    private static func logFiles(under folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var found: [String] = []
        for case let url as URL in enumerator where scannedExtensions.contains(url.pathExtension.lowercased()) {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let relative = url.path.dropFirst(root.path.count).drop { $0 == "/" }
            found.append(folder.hasSuffix("/") ? folder + relative : folder + "/" + relative)
        }
        return found.sorted()
    }
}
