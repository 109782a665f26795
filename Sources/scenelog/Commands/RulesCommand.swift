import ArgumentParser
import SceneLogCore

/// `scenelog rules [--explain ID]`: lists the rules, or explains one.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the detection rules, or explain one.",
        discussion: """
            Examples:
              scenelog rules
              scenelog rules --explain scene-delegate-class-not-loaded
              scenelog rules --rules team-rules.yml
              scenelog rules --export-patterns > patterns.txt; rg -P -c -f patterns.txt device.log
            """
    )

    @Option(help: ArgumentHelp("Print the explanation, fix, references and examples of this rule.", valueName: "id"))
    var explain: String?

    @Option(name: .customLong("rules"), help: ArgumentHelp("Also list the rules of this YAML file.", valueName: "file"))
    var rulesFile: String?

    @Flag(
        name: .customLong("export-patterns"),
        help: "Print every rule's PCRE2 patterns, one per line (for grep -P, rg -P and the like).")
    var exportPatterns = false

    @Flag(
        name: .customLong("export-literals"),
        help: "Print the literals a scan looks for first (rules and launch markers), one per line, escaped as extended regular expressions (for rg -f, grep -E -f, Hyperscan).")
    var exportLiterals = false

    func run() throws {
        var rules = RuleCatalog.builtIn.map(\.description) + RuleCatalog.diagnoses
        var userRules: [any Rule] = []
        if let rulesFile {
            do {
                userRules = try UserRulesLoader.load(path: rulesFile, reservedIDs: Set(rules.map(\.id)))
                rules += userRules.map(\.description)
            } catch {
                throw Diagnostics.usageError(error.description)
            }
        }
        if exportPatterns { return try Diagnostics.write(RuleListRenderer.patterns(rules), to: nil) }
        if exportLiterals {
            let ruleSet: RuleSet
            do {
                ruleSet = try RuleSet(rules: RuleCatalog.builtIn + userRules)
            } catch {
                throw Diagnostics.usageError(error.description)
            }
            return try Diagnostics.write(RuleListRenderer.literalPatterns(ruleSet), to: nil)
        }
        guard let explain else { return try Diagnostics.write(RuleListRenderer.table(rules), to: nil) }
        guard let rule = rules.first(where: { $0.id == explain }) else {
            throw Diagnostics.usageError(RuleListRenderer.unknownRule(explain, among: rules))
        }
        try Diagnostics.write(RuleListRenderer.explanation(rule), to: nil)
    }
}
