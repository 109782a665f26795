import Foundation
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

    func run() throws {
        var rules = RuleCatalog.builtIn.map(\.description) + RuleCatalog.diagnoses
        if let rulesFile {
            do {
                rules += try UserRulesLoader.load(path: rulesFile, reservedIDs: Set(rules.map(\.id))).map(\.description)
            } catch {
                throw ValidationError(error.description)
            }
        }
        if exportPatterns {
            print(rules.flatMap(\.patterns).map { Self.unnamingGroups($0.regex) }.joined(separator: "\n"))
            return
        }
        guard let explain else {
            print(Self.table(rules), terminator: "")
            return
        }
        guard let rule = rules.first(where: { $0.id == explain }) else {
            var message = "unknown rule '\(explain)'"
            if let suggestion = NearestName.suggestion(for: explain, among: rules.map(\.id)) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw ValidationError(message + " Run 'scenelog rules' for the list.")
        }
        print(Self.explanation(rule), terminator: "")
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

    static func table(_ rules: [RuleDescription]) -> String {
        let idWidth = rules.map(\.id.count).max() ?? 0
        return rules.map { rule in
            rule.id.padding(idWidth) + "  " + rule.severity.rawValue.padding(7) + "  " + rule.title + "\n"
        }.joined()
    }

    static func explanation(_ rule: RuleDescription) -> String {
        var text = "\(rule.id) (\(rule.severity.rawValue)): \(rule.title)\n\n"
        text += wrap(rule.explanation) + "\n"
        if !rule.fix.isEmpty { text += "\nFix:\n" + wrap(rule.fix) + "\n" }
        if !rule.references.isEmpty {
            text += "\nReferences:\n" + rule.references.map { "  - \($0)\n" }.joined()
        }
        if !rule.triggeringExamples.isEmpty {
            text += "\nMatches, for example:\n" + rule.triggeringExamples.map { "  \($0.text)\n" }.joined()
        }
        if !rule.nonTriggeringExamples.isEmpty {
            text += "\nDoes not match:\n" + rule.nonTriggeringExamples.map { "  \($0.text)\n" }.joined()
        }
        return text
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
        return lines.map { "  " + $0 }.joined(separator: "\n")
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
