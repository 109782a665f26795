import Foundation
import Testing

/// `scenelog rules`, user rules, `.scenelog.yml` and the finding filters, run as a binary.
@Suite struct RuleCommandTests {
    static let nonAdoptedLine =
        "2020-07-25 11:28:19.786360+0200 MobileJarvisNative[1766:7241000] CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.\n"
    static let delegateLine =
        "2020-07-25 11:28:20.366917+0200 SVGInteraction[24551:7241636] [SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key, but could not load class with name \"SVGInteraction.SceneDelegate\".\n"

    private func findings(_ json: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return try #require(object?["findings"] as? [[String: Any]])
    }

    @Test func listsEveryRule() throws {
        let result = try CommandRunner.run(["rules"])
        #expect(result.status == 0)
        for id in ["scene-lifecycle-not-adopted", "scene-delegate-class-not-loaded", "launch-watchdog-termination"] {
            #expect(result.stdout.contains(id))
        }
    }

    @Test func explainsARule() throws {
        let result = try CommandRunner.run(["rules", "--explain", "scene-lifecycle-not-adopted"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Fix:"))
        #expect(result.stdout.contains("TN3187"))
        #expect(result.stdout.contains("Transitioning to the UIKit scene-based life cycle"))
        #expect(result.stdout.contains("Matches, for example:"))
    }

    @Test func explainsARuleNamedWithoutTheOption() throws {
        let named = try CommandRunner.run(["rules", "scene-lifecycle-not-adopted"])
        #expect(named.status == 0)
        #expect(named.stdout == (try CommandRunner.run(["rules", "--explain", "scene-lifecycle-not-adopted"])).stdout)
        let both = try CommandRunner.run(["rules", "scene-lifecycle-not-adopted", "--explain", "scene-lifecycle-required"])
        #expect(both.status == 2 && both.stderr.contains("name one rule to explain: an id or --explain, not both"))
    }

    @Test func unknownRuleSuggestsTheNearestID() throws {
        let result = try CommandRunner.run(["rules", "--explain", "scene-lifecycle-not-adoptd"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean 'scene-lifecycle-not-adopted'?"))
    }

    @Test func findingsCarryDataAndFailOnDecidesTheExitCode() throws {
        let input = Data((Self.nonAdoptedLine + Self.delegateLine).utf8)
        let result = try CommandRunner.run(["scan", "--format", "json", "-"], stdin: input)
        #expect(result.status == 1)
        let found = try findings(result.stdout)
        #expect(found.map { $0["rule"] as? String } == ["scene-lifecycle-not-adopted", "scene-delegate-class-not-loaded"])
        let data = try #require(found[1]["data"] as? [String: String])
        #expect(data["className"] == "SVGInteraction.SceneDelegate")
        #expect(data["configuration"] == "Default Configuration")
        #expect(found[1]["line"] as? Int == 2 && found[1]["pid"] as? Int == 24551)

        let warningsOnly = try CommandRunner.run(["scan", "--format", "json", "-"], stdin: Data(Self.nonAdoptedLine.utf8))
        #expect(warningsOnly.status == 0)
        let failOnWarning = try CommandRunner.run(["scan", "--fail-on", "warning", "-"], stdin: Data(Self.nonAdoptedLine.utf8))
        #expect(failOnWarning.status == 1)
        let never = try CommandRunner.run(["scan", "--fail-on", "never", "-"], stdin: input)
        #expect(never.status == 0)
    }

    @Test func freeTextThatFitsNoFormatIsStillSearched() throws {
        // An Xcode 15 console copy: messages only, no prefix. It is read as a plain Xcode console,
        // each line a record; the debugger's line is a record that no rule looks at.
        let text = "Some app output\nThere is no scene delegate set. A scene delegate class must be specified to use a main storyboard file.\n"
            + "Message from debugger: Terminated due to signal 9\n"
        let result = try CommandRunner.run(["scan", "--format", "json", "-"], stdin: Data(text.utf8))
        #expect(result.status == 1)
        let found = try findings(result.stdout)
        #expect(found.map { $0["rule"] as? String } == ["no-scene-delegate-for-storyboard"])
        #expect(found.first?["line"] as? Int == 2)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let input = try #require((object?["inputs"] as? [[String: Any]])?.first)
        #expect(input["format"] as? String == "xcode-console")
        #expect(input["note"] as? String == "plain Xcode console (no metadata): each line is a record of the app's process")
        #expect(input["records"] as? Int == 3 && input["unparsedLines"] as? Int == 0)
    }

    @Test func minSeverityAndAppFilterFindings() throws {
        let input = Data((Self.nonAdoptedLine + Self.delegateLine).utf8)
        let errorsOnly = try CommandRunner.run(["scan", "--format", "json", "--min-severity", "error", "-"], stdin: input)
        #expect(try findings(errorsOnly.stdout).map { $0["rule"] as? String } == ["scene-delegate-class-not-loaded"])
        let oneApp = try CommandRunner.run(["scan", "--format", "json", "--app", "MobileJarvisNative", "-"], stdin: input)
        #expect(try findings(oneApp.stdout).map { $0["process"] as? String } == ["MobileJarvisNative"])
    }

    @Test func appFilterTakesABundleIDLearnedFromSystemLines() throws {
        let log = """
            Jun 20 13:42:50 iPhone runningboardd[33] <Notice>: Now tracking process: [app<com.example.jarvis(4B3F1C2A-1111-2222-3333-444455556666)>:1766]
            Jun 20 13:42:52 iPhone Jarvis[1766] <Error>: CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.
            Jun 20 13:42:53 iPhone Other[1800] <Error>: CLIENT OF UIKIT REQUIRES UPDATE: This process does not adopt UIScene lifecycle. This will become an assert in a future version.

            """
        let result = try CommandRunner.run(["scan", "--format", "json", "--app", "com.example.jarvis", "-"], stdin: Data(log.utf8))
        #expect(try findings(result.stdout).map { $0["process"] as? String } == ["Jarvis"])
    }

    @Test func appThatNamesNothingIsSaidOnStderr() throws {
        let input = Data((Self.nonAdoptedLine + Self.delegateLine).utf8)
        let result = try CommandRunner.run(["scan", "--format", "json", "--app", "com.example.nowhere\u{1B}[31m", "-"], stdin: input)
        #expect(result.stderr.contains("--app 'com.example.nowhere\\u{1b}[31m' matched no process, bundle id or launch in the inputs"))
        #expect(try findings(result.stdout).isEmpty)
    }

    @Test func textOutputGroupsRepeats() throws {
        let repeated = String(repeating: Self.nonAdoptedLine, count: 3)
        let result = try CommandRunner.run(["scan", "-"], stdin: Data(repeated.utf8))
        #expect(result.stdout.hasPrefix("-\n") && result.stdout.contains("3× lines 1 … 3"))
        #expect(result.stdout.contains("data: variant=ios18.4"))
        #expect(result.stdout.contains("Findings: 0 errors, 3 warnings, 0 notes."))
    }

    @Test func userRulesAddFindings() throws {
        let folder = try CommandRunner.temporaryFolder()
        try """
            rules:
              - id: token-missing
                severity: error
                pattern: 'token (?<name>\\w+) is missing'
                literal: 'is missing'
                message: 'Token {name} missing in {process}'
                process: Jarvis
            """.write(to: folder.appendingPathComponent("rules.yml"), atomically: true, encoding: .utf8)
        let log = "Jun 20 13:42:52 iPhone Jarvis[1766] <Error>: token abc is missing\nJun 20 13:42:52 iPhone Other[1] <Error>: token def is missing\n"
        let result = try CommandRunner.run(["scan", "--format", "json", "--rules", "rules.yml", "-"], stdin: Data(log.utf8), in: folder)
        #expect(result.status == 1)
        let found = try findings(result.stdout)
        #expect(found.count == 1)
        #expect(found.first?["message"] as? String == "Token abc missing in Jarvis")
        #expect((found.first?["data"] as? [String: String])?["name"] == "abc")
    }

    @Test func yamlErrorsNameFileLineAndColumn() throws {
        let folder = try CommandRunner.temporaryFolder()
        try "rules:\n  - id: x\n    pattern: [unclosed\n".write(to: folder.appendingPathComponent("bad.yml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["scan", "--rules", "bad.yml", "-"], stdin: Data(), in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.yml:4:1: YAML error"))
    }

    @Test func badPatternNamesTheRuleAndOffset() throws {
        let folder = try CommandRunner.temporaryFolder()
        try "rules:\n  - id: broken\n    severity: note\n    pattern: 'abc(def'\n    message: m\n"
            .write(to: folder.appendingPathComponent("rules.yml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["scan", "--rules", "rules.yml", "-"], stdin: Data(), in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("rules.yml:2:5: rule 'broken': bad pattern: missing closing parenthesis at offset 7"))
    }

    @Test func catastrophicUserPatternWarnsAndTheScanGoesOn() throws {
        let folder = try CommandRunner.temporaryFolder()
        try "rules:\n  - id: runaway\n    severity: note\n    pattern: '(a+)+$'\n    message: m\n"
            .write(to: folder.appendingPathComponent("rules.yml"), atomically: true, encoding: .utf8)
        let line = "2020-07-25 11:28:19.000001+0200 Jarvis[1766:1] " + String(repeating: "a", count: 1_000_000) + "b\n"
        let log = line + Self.nonAdoptedLine
        let result = try CommandRunner.run(["scan", "--format", "json", "--rules", "rules.yml", "-"], stdin: Data(log.utf8), in: folder)
        #expect(result.stderr.contains("rule 'runaway' stopped matching on 1 record(s): match limit exceeded"))
        #expect(try findings(result.stdout).map { $0["rule"] as? String } == ["scene-lifecycle-not-adopted"])
    }

    @Test func projectConfigurationDisablesOverridesAndSetsThresholds() throws {
        let folder = try CommandRunner.temporaryFolder()
        try """
            disabled_rules:
              - scene-lifecycle-not-adopted
            severity:
              scene-delegate-class-not-loaded: warning
            """.write(to: folder.appendingPathComponent(".scenelog.yml"), atomically: true, encoding: .utf8)
        let input = Data((Self.nonAdoptedLine + Self.delegateLine).utf8)
        let result = try CommandRunner.run(["scan", "--format", "json", "-"], stdin: input, in: folder)
        #expect(result.status == 0)
        let found = try findings(result.stdout)
        #expect(found.map { $0["rule"] as? String } == ["scene-delegate-class-not-loaded"])
        #expect(found.first?["severity"] as? String == "warning")
    }

    @Test func unknownRuleInConfigurationIsAnError() throws {
        let folder = try CommandRunner.temporaryFolder()
        try "disabled_rules:\n  - scene-lifecycle-not-adoptd\n".write(
            to: folder.appendingPathComponent("custom.yml"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["scan", "--config", "custom.yml", "-"], stdin: Data(), in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("custom.yml:2:5: unknown rule 'scene-lifecycle-not-adoptd'; did you mean 'scene-lifecycle-not-adopted'?"))
    }
}

/// `scenelog rules --export-patterns`: one pattern per line, without named groups.
@Suite struct ExportPatternsTests {
    @Test func exportsEveryPatternWithPlainGroups() throws {
        let result = try CommandRunner.run(["rules", "--export-patterns"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count >= 18)
        #expect(!result.stdout.contains("(?<configuration>"))
        #expect(result.stdout.contains("This process does not adopt UIScene lifecycle"))
    }
}

/// `scenelog rules --export-literals`: the prefilter's literals as extended regular expressions
/// that match themselves, for rg's default engine, grep -E and Hyperscan.
@Suite struct ExportLiteralsTests {
    /// A rules file holding `text`, in a folder of its own.
    static func rulesFile(_ text: String, named name: String = "rules.yml") throws -> URL {
        let file = try CommandRunner.temporaryFolder().appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func everyLiteralIsARegexMatchingItself() throws {
        let result = try CommandRunner.run(["rules", "--export-literals"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count >= 40 && Set(lines).count == lines.count, "no literal twice")
        #expect(lines.contains("Terminating app due to uncaught exception"))
        #expect(lines.contains("Bootstrapping "), "launch markers too")
        for line in lines {
            let literal = line.replacingOccurrences(of: #"\\(.)"#, with: "$1", options: .regularExpression)
            let regex = try NSRegularExpression(pattern: line)
            #expect(regex.firstMatch(in: literal, range: NSRange(literal.startIndex..., in: literal)) != nil, "\(line)")
        }
    }

    @Test func aUserRuleFileAddsItsLiterals() throws {
        let rules = try Self.rulesFile(
            """
            rules:
              - id: token-missing
                severity: warning
                pattern: 'auth token (?<name>\\w+) missing [(]retry'
                literal: 'missing (retry'
                message: m
            """)
        let result = try CommandRunner.run(["rules", "--export-literals", "--rules", rules.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").contains(#"missing \(retry"#), "its literal, escaped")
    }

    @Test("a user rule's control characters are written as escapes: one line per pattern, none raw on a terminal")
    func controlCharactersAreEscaped() throws {
        let rules = try Self.rulesFile(
            """
            rules:
              - id: controls
                severity: error
                pattern: "never-A\\nB|\\e]0;title\\a"
                literal: "never-A\\nxx"
                message: m
            """)
        let patterns = try CommandRunner.run(["rules", "--export-patterns", "--rules", rules.path])
        #expect(patterns.stdout.split(separator: "\n").contains(#"never-A\x{a}B|\x{1b}]0;title\x{7}"#), "\(patterns.stdout.suffix(200))")
        let literals = try CommandRunner.run(["rules", "--export-literals", "--rules", rules.path])
        #expect(literals.stdout.split(separator: "\n").contains(#"never-A\x{a}xx"#))
        #expect(!patterns.stdout.contains("\u{1B}") && !literals.stdout.contains("\u{1B}"))
    }

    @Test func aBrokenRuleFileIsAConfigurationError() throws {
        let rules = try Self.rulesFile(
            "rules:\n  - id: broken\n    severity: warning\n    pattern: 'unclosed ('\n    message: m\n", named: "bad\nrules.yml")
        let result = try CommandRunner.run(["rules", "--export-literals", "--rules", rules.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("broken") && !result.stderr.contains("bad\nrules"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}

