@testable import SceneLogCore

/// The line findings `rules` produce on `text` (format detected; launches not tracked), and how
/// many lines went unparsed, as the one ``Scanner`` makes them.
func findings(
    in text: String, rules: [any Rule] = RuleCatalog.builtIn, configuration: RuleConfiguration = RuleConfiguration()
) throws -> (findings: [Finding], unparsedLines: Int) {
    var options = try testScanOptions(rules: rules, configuration: configuration)
    options.tracksLaunches = false
    let result = Scanner(options: options).scan(bytes: Array(text.utf8), name: "test.log")
    return (Array(result.findings), result.inputs.reduce(0) { $0 + $1.unparsedLines })
}
