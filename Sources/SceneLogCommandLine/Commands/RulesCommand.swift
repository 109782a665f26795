import ArgumentParser
import SceneLogCore

/// `scenelog rules [ID | --explain ID]`: lists the rules as the settings file sets them up, or explains one.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the detection rules, or explain one.",
        discussion: """
            Examples:
              scenelog rules
              scenelog rules scene-delegate-class-not-loaded    # as --explain
              scenelog rules --rules team-rules.yml
              scenelog rules --config ci/.scenelog.yml    # disabled rules, changed severities, only_rules
              scenelog rules --export-patterns > patterns.txt; rg -P -c -f patterns.txt device.log
            """
    )

    @Option(help: ArgumentHelp("Print the explanation, fix, references and examples of this rule.", valueName: "id"))
    var explain: String?

    @Argument(help: ArgumentHelp("A rule to explain, as --explain does.", valueName: "id"))
    var rule: String?

    @Option(name: .customLong("rules"), help: ArgumentHelp("Also list the rules of this YAML file.", valueName: "file"))
    var rulesFile: String?

    @Option(name: .customLong("config"), help: ArgumentHelp("Read settings from this file instead of ./.scenelog.yml.", valueName: "file"))
    var configFile: String?

    @Flag(
        name: .customLong("export-patterns"),
        help: "Print every rule's PCRE2 patterns, one per line (for grep -P, rg -P and the like).")
    var exportPatterns = false

    @Flag(
        name: .customLong("export-literals"),
        help: "Print the literals a scan looks for first (rules and launch markers), one per line, escaped as extended regular expressions (for rg -f, grep -E -f, Hyperscan).")
    var exportLiterals = false

    func validate() throws {
        if let rule, let explain, rule != explain { throw ValidationError("name one rule to explain: an id or --explain, not both") }
    }

    func run() throws {
        let settings = try RuleOptions.loadSettings(rulesFile: rulesFile, configFile: configFile)
        let rules = settings.rules
        if exportPatterns { return try Diagnostics.write(RuleListRenderer.patterns(rules), to: nil) }
        if exportLiterals { return try Diagnostics.write(RuleListRenderer.literalPatterns(settings.ruleSet), to: nil) }
        guard let explain = explain ?? rule else {
            let table = RuleListRenderer.table(rules, configuration: settings.ruleSet.configuration, onlyRules: settings.filters.rules)
            return try Diagnostics.write(table, to: nil)
        }
        guard let rule = rules.first(where: { $0.id == explain }) else {
            throw Diagnostics.usageError(RuleListRenderer.unknownRule(explain, among: rules))
        }
        try Diagnostics.write(RuleListRenderer.explanation(rule), to: nil)
    }
}
