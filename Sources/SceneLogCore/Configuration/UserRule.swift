import Yams

/// A rule from a user's rules file (`--rules FILE.yml`).
struct UserRule: Rule {
    let description: RuleDescription
    let recordFilter: RecordFilter?
}

/// Reads a rules file:
///
/// ```yaml
/// rules:
///   - id: login-token-missing
///     severity: warning            # error | warning | note
///     pattern: 'token (?<name>\w+) is missing'
///     literal: 'is missing'        # optional: text every match contains, checked before the pattern
///     message: 'Token {name} missing in {process}'
///     explanation: 'Why it matters.'
///     process: MyApp               # optional filters: process, subsystem, category
/// ```
///
/// The whole file is checked before any rule is used: a YAML error, a wrong key or a pattern PCRE2
/// rejects fails the load, so nothing is half-loaded.
public enum UserRulesLoader {
    static let ruleKeys = ["id", "severity", "pattern", "literal", "message", "explanation", "fix", "process", "subsystem", "category"]

    /// The rules in `path`. Ids must not repeat each other or `reservedIDs` (the built-in rules'
    /// and diagnoses' ids).
    public static func load(path: String, reservedIDs: Set<String>) throws(ConfigurationError) -> [any Rule] {
        let file = try YAMLFile(path: path)
        var rules: [any Rule] = []
        var seen = reservedIDs
        for entry in try file.topMapping() {
            guard entry.key == "rules" else { throw file.rejectUnknown(entry.key, at: entry.keyNode, known: ["rules"]) }
            rules += try self.rules(in: entry.value, of: file, reservedIDs: &seen)
        }
        return rules
    }

    /// The rules of a `rules:` list in `file`; each id must not be in `reservedIDs`, and is added to it.
    static func rules(in node: Node, of file: YAMLFile, reservedIDs: inout Set<String>) throws(ConfigurationError) -> [any Rule] {
        var rules: [any Rule] = []
        for item in try file.sequence(node, key: "rules") {
            let rule = try rule(from: item, in: file)
            guard reservedIDs.insert(rule.description.id).inserted else {
                throw file.error("rule id '\(rule.description.id)' is already used", at: item)
            }
            rules.append(rule)
        }
        return rules
    }

    private static func rule(from node: Node, in file: YAMLFile) throws(ConfigurationError) -> UserRule {
        var values: [String: String] = [:]
        for entry in try file.mapping(node, what: "a rule") {
            guard ruleKeys.contains(entry.key) else { throw file.rejectUnknown(entry.key, at: entry.keyNode, known: ruleKeys) }
            values[entry.key] = try file.string(entry.value, key: entry.key)
        }
        for required in ["id", "severity", "pattern", "message"] where values[required]?.isEmpty ?? true {
            throw file.error("a rule needs '\(required)'", at: node)
        }
        let id = values["id"] ?? ""
        guard RuleDescription.isWellFormedID(id) else {
            throw file.error("rule id '\(id)' may hold only letters, digits, '-', '_' and '.'", at: node)
        }
        guard let severity = Severity(rawValue: values["severity"] ?? "") else {
            throw file.error("rule '\(id)': severity must be error, warning or note", at: node)
        }
        let pattern = values["pattern"] ?? ""
        do {
            _ = try CompiledPattern(pattern)
        } catch {
            var message = "rule '\(id)': bad pattern: \(error.message)"
            if let offset = error.offset { message += " at offset \(offset)\n    \(pattern)\n    \(String(repeating: " ", count: offset))^" }
            throw file.error(message, at: node)
        }
        let literal = values["literal"] ?? ""
        guard literal.isEmpty || literal.utf8.count >= LiteralPrefilter.minimumLiteralLength else {
            throw file.error(
                "rule '\(id)': literal must be at least \(LiteralPrefilter.minimumLiteralLength) bytes long", at: node)
        }
        let filter = RecordFilter(process: values["process"], subsystem: values["subsystem"], category: values["category"])
        let description = RuleDescription(
            id: id, severity: severity, title: values["message"] ?? id,
            explanation: values["explanation"] ?? "A rule from \(file.path).", fix: values["fix"] ?? "",
            messageTemplate: values["message"] ?? id,
            patterns: [RulePattern(literal: literal, regex: pattern)],
            triggeringExamples: [], nonTriggeringExamples: [])
        return UserRule(description: description, recordFilter: filter == RecordFilter() ? nil : filter)
    }
}
