import Foundation

@testable import SceneLogCore

/// Options for a test scan of in-memory text: the built-in rules, timestamps dated as in June 2025.
func testScanOptions(
    rules: [any Rule] = RuleCatalog.builtIn, configuration: RuleConfiguration = RuleConfiguration()
) throws -> ScanOptions {
    var options = ScanOptions(ruleSet: try RuleSet(rules: rules, configuration: configuration))
    options.year = 2025
    // 2025-06-15 12:00:00 UTC dates the timestamps that print no date.
    options.referenceTime = 1_749_988_800
    options.jobs = 1
    return options
}

/// The launches (latest state of each, in the order they started) and findings of `text`, as
/// the one ``Scanner`` makes them.
func launches(in text: String, options: ScanOptions? = nil) throws -> (launches: [Launch], findings: [Finding]) {
    let result = Scanner(options: try options ?? testScanOptions()).scan(bytes: Array(text.utf8), name: "test.log")
    return (Array(result.launches), Array(result.findings))
}

/// The names of the sample logs and crash reports in Samples/ (not its README, the screenshot or
/// the nightly workflow folder), sorted.
func sampleNames() throws -> [String] {
    let folder = samplesFolder()
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { name in
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
        return exists && !isDirectory.boolValue && name != "README.md" && !name.hasSuffix(".png")
    }.sorted()
}

/// The package's Samples/ folder.
func samplesFolder() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
}

/// The path of a file in Samples/.
func samplePath(_ name: String) -> String {
    samplesFolder().appendingPathComponent(name).path
}

/// The text of a file in Samples/.
func sample(_ name: String) throws -> String {
    try String(contentsOf: samplesFolder().appendingPathComponent(name), encoding: .utf8)
}
