import Foundation

extension RuleSet {
    /// The built-in rules plus those of the YAML file `userRules`, set up by the settings file
    /// `configuration` (default: `./.scenelog.yml` when there is one): what every command runs.
    ///
    /// - Throws: a ``ConfigurationError`` for a settings or user-rules file that cannot be used
    ///   (naming the file, line and column), a ``RuleError`` for a rule that cannot be compiled.
    public static func load(userRules: String?, configuration: String?) throws -> RuleSet {
        let builtIn = RuleCatalog.builtIn
        let user = try userRules.map {
            try UserRulesLoader.load(path: $0, reservedIDs: Set(builtIn.map(\.description.id)))
        } ?? []
        let rules = builtIn + user
        let knownIDs = rules.map(\.description.id) + RuleCatalog.diagnoses.map(\.id)
        return try RuleSet(rules: rules, configuration: try loadConfiguration(configuration, knownRuleIDs: knownIDs))
    }

    private static func loadConfiguration(_ path: String?, knownRuleIDs: [String]) throws(ConfigurationError)
        -> RuleConfiguration
    {
        if let path {
            guard FileManager.default.fileExists(atPath: path) else {
                throw ConfigurationError(path: path, message: "no such file")
            }
            return try ProjectConfiguration.load(path: path, knownRuleIDs: knownRuleIDs)
        }
        guard FileManager.default.fileExists(atPath: ProjectConfiguration.defaultFileName) else { return RuleConfiguration() }
        return try ProjectConfiguration.load(path: ProjectConfiguration.defaultFileName, knownRuleIDs: knownRuleIDs)
    }
}
