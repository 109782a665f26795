import Testing

@testable import SceneLogCore

/// The keys of `.scenelog.yml` beyond the rules' set-up: filters, file selection, `fail_on` and
/// rules of the project's own, each checked at its line.
@Suite("project settings")
struct ProjectSettingsTests {
    static let knownRuleIDs = RuleCatalog.builtInTypes.map { $0.description.id } + RuleCatalog.diagnoses.map(\.id)

    static let file = YAMLFixture(name: ProjectConfiguration.defaultFileName) {
        try ProjectConfiguration.load(path: $0, knownRuleIDs: knownRuleIDs, now: TimeWindowTests.now)
    }

    @Test("filters, globs, fail_on and inline rules are read")
    func everyKey() throws {
        let contents = try Self.file.load(
            """
            since: 2h
            until: 2026-11-24T12:00:00Z
            only_rules: [uncaught-exception, token-missing]
            rule: launch-slow
            process: MyApp
            device: QA-iPad
            include: '*.log'
            exclude: ['*/old/*', '*.gz']
            fail_on: never
            rules:
              - id: token-missing
                severity: note
                pattern: 'token \\w+ is missing'
                message: 'Token missing'
            """)
        #expect(contents.filters.window.since?.instant == TimeWindowTests.now - 7200)
        #expect(contents.filters.window.until?.instant == TimeWindowTests.now)
        #expect(contents.filters.rules == ["uncaught-exception", "token-missing", "launch-slow"])
        #expect(contents.filters.process == "MyApp" && contents.filters.device == "QA-iPad")
        #expect(contents.include == ["*.log"] && contents.exclude == ["*/old/*", "*.gz"])
        #expect(contents.failOn == .never)
        #expect(contents.userRules.map(\.description.id) == ["token-missing"])
    }

    @Test(
        "bad values are reported at their line and column",
        arguments: [
            ("fail_on: warning\nsince: yesterday\n", 2, 8, "'since': 'yesterday' is not a time"),
            ("fail_on: sometimes\n", 1, 10, "'fail_on' must be note, warning, error or never"),
            ("only_rules:\n  - uncaught-exceptoin\n", 2, 5, "unknown rule 'uncaught-exceptoin'; did you mean 'uncaught-exception'?"),
            ("process: ''\n", 1, 10, "'process' must not be empty"),
            ("device: [a, b]\n", 1, 9, "'device' must be a string"),
            ("include: {a: b}\n", 1, 10, "'include' must be a list"),
            ("since: 2026-11-24T12:00:00Z\nuntil: 2026-11-24T11:00:00Z\n", 2, 8, "'until' is before 'since'"),
            ("rules:\n  - id: x\n    severity: warning\n    pattern: '(('\n    message: m\n", 2, 5, "rule 'x': bad pattern"),
            ("rules:\n  - id: uncaught-exception\n    severity: warning\n    pattern: 'x'\n    message: m\n", 2, 5,
             "rule id 'uncaught-exception' is already used"),
        ])
    func located(yaml: String, line: Int, column: Int, message: String) throws {
        let error = try Self.file.error(loading: yaml)
        #expect(error.line == line && error.column == column)
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test("a --rules file may not take the id of a launch diagnosis or of crash reports", arguments: [
        "black-screen-suspected", "launch-slow", "scene-never-connected", "crash-report",
    ])
    func diagnosisIDsAreTaken(id: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("rules:\n  - id: \(id)\n    severity: note\n    pattern: 'x'\n    message: m\n", to: "rules.yml")
        let error = try #require(throws: ConfigurationError.self) { try RunSettings.load(userRules: path, configuration: nil) }
        #expect(error.message == "rule id '\(id)' is already used")
    }

    @Test("RunSettings puts the file's rules beside the built-in ones, disabled ones listed too")
    func runSettings() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "disabled_rules: [main-thread-hang]\nrules:\n  - id: token-missing\n    severity: note\n    pattern: 'token'\n    message: m\n",
            to: "settings.yml")
        let settings = try RunSettings.load(userRules: nil, configuration: path)
        #expect(settings.rules.contains { $0.id == "main-thread-hang" })
        #expect(settings.rules.contains { $0.id == "token-missing" })
        #expect(!settings.ruleSet.descriptions.contains { $0.id == "main-thread-hang" })
        #expect(settings.ruleSet.descriptions.contains { $0.id == "token-missing" })
    }
}
