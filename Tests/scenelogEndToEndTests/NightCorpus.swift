import Foundation

/// A device farm's night in miniature, for the distributed run and the cache: the Samples/ logs
/// and crash reports copied under new names into device folders, some packed into `.tar.gz`
/// archives and some gzipped, `files` files in all.
enum NightCorpus {
    /// The folder `night/` made in `folder`, with `files` files (archives counted as one each).
    @discardableResult
    static func make(in folder: URL, files: Int = 200) throws -> URL {
        let samples = CommandRunner.packageRoot.appendingPathComponent("Samples")
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path)
            .filter { [".log", ".txt", ".json", ".ndjson", ".ips"].contains(where: $0.hasSuffix) }.sorted()
        let night = folder.appendingPathComponent("night")
        let staging = folder.appendingPathComponent("staging")
        for made in 0..<files {
            let device = night.appendingPathComponent("device-\(made % 9)")
            try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
            let name = names[made % names.count]
            let source = samples.appendingPathComponent(name)
            let renamed = "\(made)-\(name)"
            switch made % 20 {
            case 7:
                // A tar.gz of three logs, as a sysdiagnose holds several.
                let members = staging.appendingPathComponent("\(made)")
                try FileManager.default.createDirectory(at: members, withIntermediateDirectories: true)
                for offset in 0..<3 {
                    let member = names[(made + offset * 5) % names.count]
                    try FileManager.default.copyItem(at: samples.appendingPathComponent(member), to: members.appendingPathComponent(member))
                }
                try run("/usr/bin/tar", ["-czf", device.appendingPathComponent("\(made)-logs.tar.gz").path, "-C", members.path, "."])
            case 13 where !name.hasSuffix(".ips"):
                try FileManager.default.copyItem(at: source, to: device.appendingPathComponent(renamed))
                try run("/usr/bin/gzip", ["-n", device.appendingPathComponent(renamed).path])
            default:
                try FileManager.default.copyItem(at: source, to: device.appendingPathComponent(renamed))
            }
        }
        try? FileManager.default.removeItem(at: staging)
        return night
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CorpusError(command: ([executable] + arguments).joined(separator: " ")) }
    }

    struct CorpusError: Error, CustomStringConvertible {
        var command: String
        var description: String { "failed: \(command)" }
    }
}
