import Yams

/// `.scenelog.yml`: which rules run, their severities and thresholds.
///
/// ```yaml
/// disabled_rules:
///   - unknown-interface-builder-class
/// severity:
///   window-created-before-activation: error
/// thresholds:
///   hang_seconds: 2
///   launch_slow_seconds: 3
/// ```
enum ProjectConfiguration {
    /// The file read from the current folder when `--config` is not given.
    static let defaultFileName = ".scenelog.yml"

    static let topKeys = ["disabled_rules", "severity", "thresholds"]
    static let thresholdKeys = ["hang_seconds", "launch_slow_seconds"]

    /// Reads `path`; rule ids must be among `knownRuleIDs`.
    static func load(path: String, knownRuleIDs: [String]) throws(ConfigurationError) -> RuleConfiguration {
        let file = try YAMLFile(path: path)
        var configuration = RuleConfiguration()
        func ruleID(_ node: Node, key: String) throws(ConfigurationError) -> String {
            let id = try file.string(node, key: key)
            guard knownRuleIDs.contains(id) else {
                var message = "unknown rule '\(id)'"
                if let suggestion = NearestName.suggestion(for: id, among: knownRuleIDs) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw file.error(message, at: node)
            }
            return id
        }
        for entry in try file.topMapping() {
            switch entry.key {
            case "disabled_rules":
                for item in try file.sequence(entry.value, key: entry.key) {
                    configuration.disabledRules.insert(try ruleID(item, key: entry.key))
                }
            case "severity":
                for override in try file.mapping(entry.value, what: "'severity'") {
                    let id = try ruleID(override.keyNode, key: "severity")
                    guard let severity = Severity(rawValue: try file.string(override.value, key: id)) else {
                        throw file.error("severity of '\(id)' must be error, warning or note", at: override.value)
                    }
                    configuration.severityOverrides[id] = severity
                }
            case "thresholds":
                for threshold in try file.mapping(entry.value, what: "'thresholds'") {
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
            default:
                throw file.rejectUnknown(entry.key, at: entry.keyNode, known: topKeys)
            }
        }
        return configuration
    }
}
