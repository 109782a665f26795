import Foundation
import Yams

/// `.scenelog.yml`: which rules run, their severities and thresholds, rules of the project's own,
/// and the defaults of the scan's filters, file selection and failure threshold.
///
/// ```yaml
/// disabled_rules:
///   - unknown-interface-builder-class
/// severity:
///   window-created-before-activation: error
/// thresholds:
///   hang_seconds: 2
///   launch_slow_seconds: 3
/// since: 2h                 # like --since; until: likewise
/// only_rules: [scene-lifecycle-required, uncaught-exception]   # like --rule (also: rule)
/// process: MyApp            # like --process
/// device: QA-iPad           # like --device
/// include: ['*.log']        # like --include; exclude: likewise
/// fail_on: warning          # like --fail-on
/// rules:                    # rules of the project's own, as in a --rules file
///   - id: login-token-missing
///     severity: warning
///     pattern: 'token (?<name>\w+) is missing'
///     message: 'Token {name} missing in {process}'
/// ```
enum ProjectConfiguration {
    /// The file read from the current folder when `--config` is not given.
    static let defaultFileName = ".scenelog.yml"

    static let topKeys = [
        "disabled_rules", "severity", "thresholds", "rules", "since", "until", "only_rules", "rule", "process", "device",
        "include", "exclude", "fail_on",
    ]
    static let thresholdKeys = ["hang_seconds", "launch_slow_seconds"]

    /// What a settings file holds.
    struct Contents {
        var rules = RuleConfiguration()
        /// The rules of its `rules:` key.
        var userRules: [any Rule] = []
        var filters = ScanFilters()
        var include: [String] = []
        var exclude: [String] = []
        var failOn: FailThreshold?
    }

    /// Reads `path`. Rule ids must be among `knownRuleIDs` or the file's own rules, whose ids must
    /// not be among `knownRuleIDs`; relative times count back from `now`.
    static func load(path: String, knownRuleIDs: [String], now: Double = Date().timeIntervalSince1970) throws(ConfigurationError)
        -> Contents
    {
        let file = try YAMLFile(path: path)
        let entries = try file.topMapping()
        var contents = Contents()
        var reserved = Set(knownRuleIDs)
        // The file's own rules first: the other keys may name them.
        for entry in entries where entry.key == "rules" {
            contents.userRules = try UserRulesLoader.rules(in: entry.value, of: file, reservedIDs: &reserved)
        }
        let known = knownRuleIDs + contents.userRules.map(\.description.id)
        func ruleID(_ node: Node, key: String) throws(ConfigurationError) -> String {
            let id = try file.string(node, key: key)
            guard known.contains(id) else {
                var message = "unknown rule '\(id)'"
                if let suggestion = NearestName.suggestion(for: id, among: known) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw file.error(message, at: node)
            }
            return id
        }
        for entry in entries {
            switch entry.key {
            case "rules": break
            case "disabled_rules":
                for item in try file.sequence(entry.value, key: entry.key) {
                    contents.rules.disabledRules.insert(try ruleID(item, key: entry.key))
                }
            case "severity":
                for override in try file.mapping(entry.value, what: "'severity'") {
                    let id = try ruleID(override.keyNode, key: "severity")
                    guard let severity = Severity(rawValue: try file.string(override.value, key: id)) else {
                        throw file.error("severity of '\(id)' must be error, warning or note", at: override.value)
                    }
                    contents.rules.severityOverrides[id] = severity
                }
            case "thresholds":
                try readThresholds(entry.value, of: file, into: &contents.rules)
            case "since", "until":
                let text = try file.string(entry.value, key: entry.key)
                let bound: TimeBound
                do {
                    bound = try TimeBound(parsing: text, now: now)
                } catch {
                    throw file.error("'\(entry.key)': \(error.description)", at: entry.value)
                }
                if entry.key == "since" { contents.filters.window.since = bound } else { contents.filters.window.until = bound }
            case "only_rules", "rule":
                for item in try file.strings(entry.value, key: entry.key) {
                    contents.filters.rules.insert(try ruleID(item, key: entry.key))
                }
            case "process", "device":
                let name = try file.string(entry.value, key: entry.key)
                guard !name.isEmpty else { throw file.error("'\(entry.key)' must not be empty", at: entry.value) }
                if entry.key == "process" { contents.filters.process = name } else { contents.filters.device = name }
            case "include", "exclude":
                var globs: [String] = []
                for item in try file.strings(entry.value, key: entry.key) {
                    let glob = try file.string(item, key: entry.key)
                    guard !glob.isEmpty else { throw file.error("'\(entry.key)' globs must not be empty", at: item) }
                    globs.append(glob)
                }
                if entry.key == "include" { contents.include = globs } else { contents.exclude = globs }
            case "fail_on":
                let text = try file.string(entry.value, key: entry.key)
                guard let threshold = FailThreshold(rawValue: text) else {
                    throw file.error("'fail_on' must be note, warning, error or never", at: entry.value)
                }
                contents.failOn = threshold
            default:
                throw file.rejectUnknown(entry.key, at: entry.keyNode, known: topKeys)
            }
        }
        if let since = contents.filters.window.since, let until = contents.filters.window.until, since.instant > until.instant,
            let node = entries.last(where: { $0.key == "until" })?.value
        {
            throw file.error("'until' is before 'since'", at: node)
        }
        return contents
    }

    private static func readThresholds(_ node: Node, of file: YAMLFile, into configuration: inout RuleConfiguration)
        throws(ConfigurationError)
    {
        for threshold in try file.mapping(node, what: "'thresholds'") {
            guard thresholdKeys.contains(threshold.key) else {
                throw file.rejectUnknown(threshold.key, at: threshold.keyNode, known: thresholdKeys)
            }
            let seconds = try file.number(threshold.value, key: threshold.key)
            guard seconds > 0 else { throw file.error("'\(threshold.key)' must be above 0", at: threshold.value) }
            if threshold.key == "hang_seconds" {
                configuration.hangThresholdSeconds = seconds
            } else {
                configuration.slowLaunchSeconds = seconds
            }
        }
    }
}
