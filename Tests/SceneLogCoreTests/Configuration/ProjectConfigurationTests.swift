import Testing

@testable import SceneLogCore

/// `.scenelog.yml`: what it turns on and off, and errors that point at the offending line and column.
@Suite("project configuration")
struct ProjectConfigurationTests {
    static let knownRuleIDs = RuleCatalog.builtInTypes.map { $0.description.id }

    static let file = YAMLFixture(name: ProjectConfiguration.defaultFileName) {
        try ProjectConfiguration.load(path: $0, knownRuleIDs: knownRuleIDs).rules
    }

    @Test("disabled rules, severity overrides and thresholds are read")
    func everySetting() throws {
        let configuration = try Self.file.load(
            """
            disabled_rules:
              - unknown-interface-builder-class
              - main-thread-io-at-launch
            severity:
              window-created-before-activation: error
              uncaught-exception: note
            thresholds:
              hang_seconds: 2.5
              launch_slow_seconds: 3
            """)
        #expect(
            configuration
                == RuleConfiguration(
                    disabledRules: ["unknown-interface-builder-class", "main-thread-io-at-launch"],
                    severityOverrides: ["window-created-before-activation": .error, "uncaught-exception": .note],
                    hangThresholdSeconds: 2.5, slowLaunchSeconds: 3))
    }

    @Test("an empty file and a file of comments keep every default")
    func emptyFile() throws {
        #expect(try Self.file.load("") == RuleConfiguration())
        #expect(try Self.file.load("# nothing to change yet\n") == RuleConfiguration())
    }

    @Test("a setting left out keeps its default")
    func partialFile() throws {
        let configuration = try Self.file.load("thresholds:\n  hang_seconds: 4\n")
        #expect(configuration == RuleConfiguration(hangThresholdSeconds: 4))
    }

    @Test(
        "mistakes are reported at their line and column, with the nearest known name",
        arguments: [
            (
                "disabled_rule:\n  - main-thread-hang\n", 1, 1,
                "unknown key 'disabled_rule'; did you mean 'disabled_rules'? (known keys: disabled_rules, severity, thresholds, rules, since, until, only_rules, rule, process, device, include, exclude, fail_on)"
            ),
            (
                "severity:\n  main-thread-hang: warning\nsettings: []\n", 3, 1,
                "unknown key 'settings' (known keys: disabled_rules, severity, thresholds, rules, since, until, only_rules, rule, process, device, include, exclude, fail_on)"
            ),
            (
                "disabled_rules:\n  - main-thread-hang\n  - uncaught-exceptoin\n", 3, 5,
                "unknown rule 'uncaught-exceptoin'; did you mean 'uncaught-exception'?"
            ),
            ("disabled_rules:\n  - no-such-thing-at-all\n", 2, 5, "unknown rule 'no-such-thing-at-all'"),
            ("disabled_rules: main-thread-hang\n", 1, 17, "'disabled_rules' must be a list"),
            (
                "severity:\n  main-thread-hang: fatal\n", 2, 21,
                "severity of 'main-thread-hang' must be error, warning or note"
            ),
            ("severity:\n  main-thred-hang: error\n", 2, 3, "unknown rule 'main-thred-hang'; did you mean 'main-thread-hang'?"),
            (
                "thresholds:\n  hang_second: 2\n", 2, 3,
                "unknown key 'hang_second'; did you mean 'hang_seconds'? (known keys: hang_seconds, launch_slow_seconds)"
            ),
            ("thresholds:\n  hang_seconds: soon\n", 2, 17, "'hang_seconds' must be a number"),
            ("thresholds:\n  launch_slow_seconds: 0\n", 2, 24, "'launch_slow_seconds' must be above 0"),
            ("thresholds: 2\n", 1, 13, "'thresholds' must be a mapping of keys to values"),
            ("- disabled_rules\n", 1, 1, "the top level must be a mapping of keys to values"),
        ])
    func located(yaml: String, line: Int, column: Int, message: String) throws {
        #expect(try Self.file.error(loading: yaml) == ConfigurationError(path: "", line: line, column: column, message: message))
    }

    @Test("a YAML syntax error names the file, line and column")
    func syntaxError() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("severity:\n  main-thread-hang: [error\n", to: ".scenelog.yml")
        let error = try #require(throws: ConfigurationError.self) {
            try ProjectConfiguration.load(path: path, knownRuleIDs: Self.knownRuleIDs)
        }
        #expect(error.path == path)
        #expect(error.line == 3 && error.column == 1)
        #expect(error.message.hasPrefix("YAML error: "))
        #expect(error.description.hasPrefix("\(path):3:1: YAML error: "))
    }

    @Test("a key given twice is named with the place of its mapping, not the mapping's whole text")
    func duplicatedKey() throws {
        let folder = try TemporaryFolder()
        let filler = String(repeating: "A", count: 5_000)
        let path = try folder.write(
            "severity:\n  main-thread-hang: error\nnote: \(filler)\nseverity:\n  main-thread-hang: warning\n", to: ".scenelog.yml")
        let error = try #require(throws: ConfigurationError.self) {
            try ProjectConfiguration.load(path: path, knownRuleIDs: Self.knownRuleIDs)
        }
        #expect(error.line == 1 && error.column == 1)
        #expect(error.message == "YAML error: the mapping that starts here has a key that appears more than once: 'severity'")
    }

    @Test("a byte order mark before the first key is no part of the document")
    func byteOrderMark() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("\u{FEFF}fail_on: never\ndisabled_rules:\n  - main-thread-hang\n", to: ".scenelog.yml")
        let contents = try ProjectConfiguration.load(path: path, knownRuleIDs: Self.knownRuleIDs)
        #expect(contents.failOn != nil)
    }

    @Test("a missing file is an error naming it")
    func missingFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("absent.yml")
        let error = try #require(throws: ConfigurationError.self) {
            try ProjectConfiguration.load(path: path, knownRuleIDs: Self.knownRuleIDs)
        }
        #expect(error.path == path && error.line == nil)
        #expect(error.description == "\(path): cannot be opened: No such file or directory")
    }
}
