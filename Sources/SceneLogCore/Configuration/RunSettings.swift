import Foundation

/// What a run is set up with: its rules, set up by the settings file, and the file's defaults for
/// the filters, the file selection and the failure threshold (which the command line overrides).
public struct RunSettings: Sendable {
    /// The rules that run.
    public let ruleSet: RuleSet
    /// Every rule and diagnosis, disabled ones too, with their own severities (before overrides).
    public let rules: [RuleDescription]
    /// The settings file's filters (`since`, `until`, `only_rules`, `process`, `device`).
    public var filters: ScanFilters
    /// The settings file's `include` globs (``PathSelection/include``).
    public var include: [String]
    /// The settings file's `exclude` globs (``PathSelection/exclude``).
    public var exclude: [String]
    /// The settings file's `fail_on`, when it has one.
    public var failOn: FailThreshold?

    /// The built-in rules plus those of the YAML file `userRules` and of the settings file's
    /// `rules:`, set up by the settings file `configuration` (default: `./.scenelog.yml` when there
    /// is one); relative times (`since: 2h`) count back from `now`.
    ///
    /// - Throws: a ``ConfigurationError`` for a settings or user-rules file that cannot be used
    ///   (naming the file, line and column), a ``RuleError`` for a rule that cannot be compiled.
    public static func load(userRules: String?, configuration: String?, now: Double = Date().timeIntervalSince1970) throws
        -> RunSettings
    {
        let builtIn = RuleCatalog.builtIn
        let user = try userRules.map {
            // The launch diagnoses' ids are taken too: a user rule must not pass for one.
            try UserRulesLoader.load(path: $0, reservedIDs: Set(builtIn.map(\.description.id) + RuleCatalog.diagnoses.map(\.id)))
        } ?? []
        var rules = builtIn + user
        let knownIDs = rules.map(\.description.id) + RuleCatalog.diagnoses.map(\.id)
        let contents = try settingsFile(configuration).map { path throws(ConfigurationError) in
            try ProjectConfiguration.load(path: path, knownRuleIDs: knownIDs, now: now)
        } ?? ProjectConfiguration.Contents()
        rules += contents.userRules
        return RunSettings(
            ruleSet: try RuleSet(rules: rules, configuration: contents.rules),
            rules: rules.map(\.description) + RuleCatalog.diagnoses, filters: contents.filters, include: contents.include,
            exclude: contents.exclude, failOn: contents.failOn)
    }

    /// The settings file read when none is named, when it exists: `.scenelog.yml` in the current folder.
    public static let defaultConfigurationPath = ProjectConfiguration.defaultFileName

    /// The settings file to read: `path`, which must exist, or `./.scenelog.yml` when there is one
    /// that this user, or the folder's owner, put there.
    private static func settingsFile(_ path: String?) throws(ConfigurationError) -> String? {
        if let path {
            guard FileManager.default.fileExists(atPath: path) else {
                throw ConfigurationError(path: path, message: "no such file")
            }
            return path
        }
        let found = ProjectConfiguration.defaultFileName
        guard FileManager.default.fileExists(atPath: found) else { return nil }
        // Another user's file in a shared folder (`/tmp`, a shared workspace) would choose the
        // rules, the severities and the exit code of this run: it is not read unless named.
        if LinkChain.isForeignEntry(found, inSharedFolder: ".") {
            throw ConfigurationError(
                path: found,
                message: "belongs to another user, in a folder everyone can write: it is not read; name it with --config to use it, or run elsewhere")
        }
        return found
    }
}

extension RuleSet {
    /// The built-in rules plus those of the YAML file `userRules` and the settings file's, set up by
    /// the settings file `configuration` (default: `./.scenelog.yml` when there is one): what every
    /// command runs (``RunSettings/load(userRules:configuration:now:)`` gives the rest of the file).
    ///
    /// - Throws: a ``ConfigurationError`` for a settings or user-rules file that cannot be used
    ///   (naming the file, line and column), a ``RuleError`` for a rule that cannot be compiled.
    public static func load(userRules: String?, configuration: String?) throws -> RuleSet {
        try RunSettings.load(userRules: userRules, configuration: configuration).ruleSet
    }
}
