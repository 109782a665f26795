import Foundation

/// `scenelog rules`: the list of rules, one rule's explanation, or the rules' patterns for other tools.
public enum RuleListRenderer {
    /// One line per rule: id, severity and title, in columns, as `configuration` and `onlyRules`
    /// (a settings file's `only_rules`; empty: every rule) set them up: a changed severity shows
    /// the rule's own (`error (was warning)`), a disabled rule reads `off (disabled)`, and one
    /// `only_rules` leaves out `off (not in only_rules)`.
    public static func table(
        _ rules: [RuleDescription], configuration: RuleConfiguration = RuleConfiguration(), onlyRules: Set<String> = []
    ) -> String {
        let states = rules.map { rule in
            if configuration.disabledRules.contains(rule.id) { return "off (disabled)" }
            if !onlyRules.isEmpty, !onlyRules.contains(rule.id) { return "off (not in only_rules)" }
            guard let severity = configuration.severityOverrides[rule.id], severity != rule.severity else { return rule.severity.rawValue }
            return "\(severity.rawValue) (was \(rule.severity.rawValue))"
        }
        let idWidth = rules.map { Escaping.terminalLine($0.id).count }.max() ?? 0
        let stateWidth = max(states.map(\.count).max() ?? 0, 7)
        return zip(rules, states).map { rule, state in
            TerminalText.pad(Escaping.terminalLine(rule.id), idWidth) + "  " + TerminalText.pad(state, stateWidth) + "  "
                + Escaping.terminalLine(rule.title) + "\n"
        }.joined()
    }

    /// The explanation, fix, references and examples of `rule`, wrapped at 100 columns.
    public static func explanation(_ rule: RuleDescription) -> String {
        var text = "\(Escaping.terminalLine(rule.id)) (\(rule.severity.rawValue)): \(Escaping.terminalLine(rule.title))\n\n"
        text += wrap(rule.explanation) + "\n"
        if !rule.fix.isEmpty { text += "\nFix:\n" + wrap(rule.fix) + "\n" }
        if !rule.references.isEmpty {
            text += "\nReferences:\n" + rule.references.map { "  - \(Escaping.terminalLine($0))\n" }.joined()
        }
        if !rule.triggeringExamples.isEmpty {
            text += "\nMatches, for example:\n" + rule.triggeringExamples.map { "  \(Escaping.terminalLine($0.text))\n" }.joined()
        }
        if !rule.nonTriggeringExamples.isEmpty {
            text += "\nDoes not match:\n" + rule.nonTriggeringExamples.map { "  \(Escaping.terminalLine($0.text))\n" }.joined()
        }
        return text
    }

    /// What to say of a rule id that is not among `rules`, with the nearest id when one is close.
    public static func unknownRule(_ id: String, among rules: [RuleDescription]) -> String {
        var message = "unknown rule '\(Escaping.visible(id))'"
        if let suggestion = NearestName.suggestion(for: id, among: rules.map(\.id)) {
            message += "; did you mean '\(suggestion)'?"
        }
        return message + "; 'scenelog rules' lists them"
    }

    /// The literals a scan of `ruleSet` looks for before anything else (each rule's and each launch
    /// marker's), one per line as an extended regular expression that matches it exactly, for
    /// `rg -f` (ripgrep's default engine), `grep -E -f` and Hyperscan: what another tool must find
    /// to do the work of scenelog's prefilter.
    public static func literalPatterns(_ ruleSet: RuleSet) -> String {
        var seen: Set<[UInt8]> = []
        let literals = (ruleSet.literals + LaunchSignalReader.literals.map { Array($0.utf8) }).filter { seen.insert($0).inserted }
        return literals.map { literal in
            writingControlsAsEscapes(
                String(decoding: literal, as: UTF8.self).map { character in
                    "\\.^$|?*+()[]{}".contains(character) ? "\\" + String(character) : String(character)
                }.joined())
        }.joined(separator: "\n") + "\n"
    }

    /// Every pattern of `rules`, one per line, for `grep -P -f` and `rg -P -f`.
    public static func patterns(_ rules: [RuleDescription]) -> String {
        rules.flatMap(\.patterns).map { writingControlsAsEscapes(unnamingGroups($0.regex)) }.joined(separator: "\n") + "\n"
    }

    /// `pattern` with its control characters (a user rule's newline, escape or bell) written as
    /// `\x{1b}`, which PCRE2 and ripgrep read as the same character: one line per pattern, and no
    /// raw control reaches a terminal.
    static func writingControlsAsEscapes(_ pattern: String) -> String {
        var result = ""
        for scalar in pattern.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                result += "\\x{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `pattern` with named groups made plain, so that many patterns can be joined into one
    /// alternation (as `grep -P -f` and `rg -P -f` do) without clashing names.
    static func unnamingGroups(_ pattern: String) -> String {
        var result = ""
        var rest = pattern[...]
        while let open = rest.range(of: "(?<") {
            result += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            let name = afterOpen.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty, afterOpen.dropFirst(name.count).first == ">" {
                result += "("
                rest = afterOpen.dropFirst(name.count + 1)
            } else {
                result += "(?<"
                rest = afterOpen
            }
        }
        return result + rest
    }

    /// `text` wrapped at 100 columns, indented by two spaces.
    private static func wrap(_ text: String) -> String {
        var lines: [String] = []
        var current = ""
        for word in text.split(whereSeparator: \.isWhitespace) {
            if current.count + word.count + 1 > 98, !current.isEmpty {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map { "  " + Escaping.terminalLine($0) }.joined(separator: "\n")
    }
}
