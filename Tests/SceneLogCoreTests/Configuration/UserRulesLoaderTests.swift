import Testing

@testable import SceneLogCore

/// `--rules FILE.yml`: a team's own rules, checked whole before any is used.
@Suite("user rules")
struct UserRulesLoaderTests {
    static let reservedIDs = Set(RuleCatalog.builtInTypes.map { $0.description.id })

    static let file = YAMLFixture(name: "rules.yml") { try UserRulesLoader.load(path: $0, reservedIDs: reservedIDs) }

    @Test("a valid rule is read with every field, and finds what its pattern says")
    func validRule() throws {
        let rules = try Self.file.load(
            """
            rules:
              - id: login-token-missing
                severity: warning
                pattern: 'token (?<name>\\w+) is missing'
                literal: 'is missing'
                message: 'Token {name} missing in {process}'
                explanation: 'The login screen cannot start without it.'
                fix: 'Add the token to the keychain.'
                process: Harbor
            """)
        let rule = try #require(rules.first)
        #expect(rules.count == 1)
        let description = rule.description
        #expect(description.id == "login-token-missing")
        #expect(description.severity == .warning)
        #expect(description.messageTemplate == "Token {name} missing in {process}")
        #expect(description.explanation == "The login screen cannot start without it.")
        #expect(description.fix == "Add the token to the keychain.")
        #expect(description.patterns.map(\.regex) == [#"token (?<name>\w+) is missing"#])
        #expect(description.patterns.map(\.literal) == ["is missing"])
        #expect(rule.recordFilter == RecordFilter(process: "Harbor"))

        let line = "Mar  3 09:41:47.193741 Harbor(UIKitCore)[812] <Error>: token session is missing\n"
        let other = "Mar  3 09:41:47.193741 Dock(UIKitCore)[813] <Error>: token session is missing\n"
        let found = try findings(in: line + other, rules: rules).findings
        #expect(found.map(\.message) == ["Token session missing in Harbor"])
        #expect(found.map(\.data["name"]) == ["session"])
    }

    @Test("without optional fields: no filter, and an explanation naming the file")
    func minimalRule() throws {
        let rules = try Self.file.load("rules:\n  - id: x.y_z-1\n    severity: note\n    pattern: 'boom'\n    message: 'Boom'\n")
        let rule = try #require(rules.first)
        #expect(rule.recordFilter == nil)
        #expect(rule.description.patterns.map(\.literal) == [""])
        #expect(rule.description.explanation.hasPrefix("A rule from /") && rule.description.explanation.hasSuffix("/rules.yml."))
    }

    @Test("an empty file has no rules")
    func emptyFile() throws {
        #expect(try Self.file.load("").isEmpty)
    }

    @Test(
        "mistakes are reported at the rule's line and column",
        arguments: [
            (
                "rules:\n  - id: a\n    severity: error\n    pattern: 'a(b'\n    message: 'm'\n", 2, 5,
                "rule 'a': bad pattern: missing closing parenthesis at offset 3\n    a(b\n       ^"
            ),
            (
                "rules:\n  - id: main-thread-hang\n    severity: error\n    pattern: 'x'\n    message: 'm'\n", 2, 5,
                "rule id 'main-thread-hang' is already used"
            ),
            (
                "rules:\n  - id: twice\n    severity: error\n    pattern: 'x'\n    message: 'm'\n"
                    + "  - id: twice\n    severity: note\n    pattern: 'y'\n    message: 'n'\n", 6, 5,
                "rule id 'twice' is already used"
            ),
            ("rules:\n  - id: a\n    severity: error\n    message: 'm'\n", 2, 5, "a rule needs 'pattern'"),
            ("rules:\n  - severity: error\n    pattern: 'x'\n    message: 'm'\n", 2, 5, "a rule needs 'id'"),
            ("rules:\n  - id: a\n    severity: error\n    pattern: 'x'\n", 2, 5, "a rule needs 'message'"),
            (
                "rules:\n  - id: a\n    severity: fatal\n    pattern: 'x'\n    message: 'm'\n", 2, 5,
                "rule 'a': severity must be error, warning or note"
            ),
            (
                "rules:\n  - id: 'a b'\n    severity: error\n    pattern: 'x'\n    message: 'm'\n", 2, 5,
                "rule id 'a b' may hold only letters, digits, '-', '_' and '.'"
            ),
            (
                "rules:\n  - id: a\n    severity: error\n    pattern: 'x'\n    literal: 'ab'\n    message: 'm'\n", 2, 5,
                "rule 'a': literal must be at least \(LiteralPrefilter.minimumLiteralLength) bytes long"
            ),
            (
                "rules:\n  - id: a\n    severity: error\n    pattern: 'x'\n    mesage: 'm'\n", 5, 5,
                "unknown key 'mesage'; did you mean 'message'? (known keys: \(UserRulesLoader.ruleKeys.joined(separator: ", ")))"
            ),
            ("rule:\n  - id: a\n", 1, 1, "unknown key 'rule'; did you mean 'rules'? (known keys: rules)"),
            ("rules:\n  id: a\n", 2, 3, "'rules' must be a list"),
            ("rules:\n  - just a line\n", 2, 5, "a rule must be a mapping of keys to values"),
        ])
    func located(yaml: String, line: Int, column: Int, message: String) throws {
        #expect(try Self.file.error(loading: yaml) == ConfigurationError(path: "", line: line, column: column, message: message))
    }

    @Test("one bad rule fails the whole file")
    func nothingHalfLoaded() throws {
        let error = try Self.file.error(
            loading: "rules:\n  - id: good\n    severity: note\n    pattern: 'ok'\n    message: 'm'\n"
                + "  - id: bad\n    severity: note\n    pattern: '('\n    message: 'm'\n")
        #expect(error.line == 6)
        #expect(error.message.hasPrefix("rule 'bad': bad pattern: "))
    }
}
