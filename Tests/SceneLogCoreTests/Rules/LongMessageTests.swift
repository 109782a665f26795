import Testing

@testable import SceneLogCore

/// Built-in patterns cost the same whatever a message's length: each rule's examples still fire,
/// without hitting a PCRE2 limit, when their message is padded to a megabyte.
@Suite struct LongMessageTests {
    /// A megabyte of text with what the patterns look for around their literals: words, quotes,
    /// brackets, the start of keywords, digits.
    static let padding: String = {
        let piece = "lorem 'ipsum' \"dolor\" sit <amet> [app<x>:1] exit terminate watchdog code: aaaaaaaaaaaaaaaaaaaa 123.456 "
        return String(repeating: piece, count: 1_000_000 / piece.utf8.count + 1)
    }()

    @Test(arguments: RuleCatalog.builtInTypes.map { $0.description.id })
    func examplesFireWithAMegabyteContinuation(ruleID: String) throws {
        let rule = try #require(RuleCatalog.builtInRule(id: ruleID))
        for example in rule.description.triggeringExamples {
            let scan = try scanned(example.text + "\n" + Self.padding, rules: [rule])
            #expect(scan.diagnostics.isEmpty, "\(scan.diagnostics)", sourceLocation: example.sourceLocation)
            let finding = scan.findings.first { $0.rule == ruleID }
            #expect(finding != nil, "the padded example gave no finding", sourceLocation: example.sourceLocation)
            for (key, value) in example.data {
                #expect(finding?.data[key] == value, "data[\(key)]", sourceLocation: example.sourceLocation)
            }
        }
    }

    @Test(arguments: RuleCatalog.builtInTypes.map { $0.description.id })
    func examplesFireWithAMegabyteMoreOnTheirLine(ruleID: String) throws {
        let rule = try #require(RuleCatalog.builtInRule(id: ruleID))
        for example in rule.description.triggeringExamples {
            let scan = try scanned(example.text + " " + Self.padding, rules: [rule])
            #expect(scan.diagnostics.isEmpty, "\(scan.diagnostics)", sourceLocation: example.sourceLocation)
            let finding = try #require(
                scan.findings.first { $0.rule == ruleID }, "the padded example gave no finding",
                sourceLocation: example.sourceLocation)
            #expect(finding.excerpt.count <= Excerpt.length + 1, sourceLocation: example.sourceLocation)
            #expect(finding.message.utf8.count <= 8_192, sourceLocation: example.sourceLocation)
        }
    }

    @Test func aReasonOfAMegabyteIsCutToItsBound() throws {
        let line =
            "error\t23:30:44.812377-0500\tMyApp\t*** Terminating app due to uncaught exception 'NSGenericException', reason: '"
            + String(repeating: "x", count: 1_000_000) + "'"
        let finding = try #require(try scanned(line).findings.first { $0.rule == "uncaught-exception" })
        #expect(finding.data["exception"] == "NSGenericException")
        #expect(finding.data["reason"] == String(repeating: "x", count: 4_096))
    }

    @Test("a template that repeats a capture, or opens braces it never closes, fills in one pass to a bounded message")
    func hostileTemplates() throws {
        func message(_ template: String, _ data: [String: String] = [:]) -> String {
            RuleDescription(
                id: "t", severity: .warning, title: "t", explanation: "", fix: "", messageTemplate: template, patterns: [],
                triggeringExamples: [], nonTriggeringExamples: []
            ).message(with: data)
        }
        let copies = message(String(repeating: "{r}", count: 300_000), ["r": String(repeating: "é", count: 3_000)])
        #expect(copies.utf8.count <= RuleDescription.maximumMessageBytes + 3)
        #expect(copies.hasSuffix("é…"))
        let braces = message("a {r} " + String(repeating: "{", count: 900_000), ["r": "x"])
        #expect(braces.hasPrefix("a x {{{"))
        #expect(braces.utf8.count == RuleDescription.maximumMessageBytes + 3)
        #expect(message("{r} and {none} or {none|fallback} {", ["r": "x"]) == "x and {none} or fallback {")
    }

    @Test("an excerpt keeps 300 scalars: a letter with a hundred thousand combining marks is not kept whole")
    func combiningMarksAreCut() throws {
        let line = "error\t23:30:44.812377-0500\tMyApp\t*** Terminating app due to uncaught exception 'E', reason: 'a"
            + String(repeating: "\u{301}", count: 100_000) + "'"
        let finding = try #require(try scanned(line).findings.first { $0.rule == "uncaught-exception" })
        #expect(finding.excerpt.unicodeScalars.count == Excerpt.length + 1)
        #expect(finding.excerpt.hasPrefix("*** Terminating app due to uncaught exception 'E'"))
        #expect(finding.excerpt.hasSuffix("…"))
    }

    @Test("the match-limit warning counts records, not the patterns that gave up on them")
    func matchLimitWarningCountsRecords() throws {
        let stuck = "error\t10:00:00.000000+0000\tMyApp\tstuck " + String(repeating: "a", count: 40) + "!"
        let text = [stuck, "error\t10:00:00.000001+0000\tMyApp\tfine", stuck, stuck].joined(separator: "\n")
        let scan = try scanned(text, rules: [TwoRunawayPatterns()])
        #expect(scan.findings.isEmpty)
        let warnings = scan.diagnostics.filter { $0.contains("stopped matching") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("rule 'two-runaway-patterns' stopped matching on 3 record(s)") == true)
    }

    @Test("a rule that gave up on 100 records is not tried on the rest of the input, and the warning says so")
    func aRuleThatKeepsGivingUpIsStopped() throws {
        let stuck = "error\t10:00:00.000000+0000\tMyApp\tstuck " + String(repeating: "a", count: 40) + "!"
        let matching = "error\t10:00:00.000001+0000\tMyApp\tstuck " + String(repeating: "a", count: 40) + "! done"
        let text = (Array(repeating: stuck, count: RuleEngine.recordsBeforeStopping) + [matching]).joined(separator: "\n")
        let scan = try scanned(text, rules: [TwoRunawayPatterns(matchingFallback: true)])
        #expect(scan.findings.isEmpty, "the line after the hundredth give-up, which would match, is no longer tried")
        #expect(
            scan.diagnostics.contains {
                $0.contains("rule 'two-runaway-patterns' gave up on 100 records (") && $0.contains("was not tried on the rest of the input")
            })
        let fewer = (Array(repeating: stuck, count: RuleEngine.recordsBeforeStopping - 1) + [matching]).joined(separator: "\n")
        #expect(try scanned(fewer, rules: [TwoRunawayPatterns(matchingFallback: true)]).findings.count == 1)
    }

    @Test("a record one pattern gave up on but another matched was checked")
    func aMatchAfterAGiveUpIsNoFailure() throws {
        let text = "error\t10:00:00.000000+0000\tMyApp\tstuck " + String(repeating: "a", count: 40) + "! done"
        let scan = try scanned(text, rules: [TwoRunawayPatterns(matchingFallback: true)])
        #expect(scan.findings.map(\.rule) == ["two-runaway-patterns"])
        #expect(!scan.diagnostics.contains { $0.contains("stopped matching") })
    }

    /// The findings and the warnings of a scan of `text`.
    private func scanned(_ text: String, rules: [any Rule] = RuleCatalog.builtIn) throws -> (
        findings: [Finding], diagnostics: [String]
    ) {
        var options = try testScanOptions(rules: rules)
        options.tracksLaunches = false
        let recorder = DiagnosticRecorder()
        let result = Scanner(options: options, observer: recorder).scan(bytes: Array(text.utf8), name: "long.log")
        return (Array(result.findings), recorder.messages)
    }
}

/// A user-style rule whose two patterns both run away on `stuck aaa…!`; with `matchingFallback`,
/// a third one matches it.
private struct TwoRunawayPatterns: Rule {
    var matchingFallback = false

    var description: RuleDescription {
        RuleDescription(
            id: "two-runaway-patterns", severity: .warning, title: "t", explanation: "e", fix: "",
            messageTemplate: "m",
            patterns: [
                RulePattern(literal: "stuck ", regex: "stuck (a|aa)*$"),
                RulePattern(literal: "stuck ", regex: "stuck (?:a|a?)+$"),
            ] + (matchingFallback ? [RulePattern(literal: "stuck ", regex: "! done")] : []),
            triggeringExamples: [], nonTriggeringExamples: [])
    }
}

/// Keeps the scan's diagnostics.
final class DiagnosticRecorder: ScanObserver {
    var messages: [String] = []

    func scanDidReport(_ diagnostic: ScanDiagnostic) {
        messages.append(diagnostic.message)
    }
}

/// A rule that is not built in and averages more than 1 ms per line gets one warning per run.
@Suite struct SlowUserRuleTests {
    @Test func aQuadraticPatternIsReportedOncePerRun() throws {
        // `\w*\w*!` tries every split of each run of letters: quadratic, but under the match limit.
        let rule = try #require(
            try UserRulesLoaderTests.file.load(
                "rules:\n  - id: slow-split\n    severity: warning\n    pattern: '^\\w*\\w*!'\n    message: m\n"
            ).first)
        var options = try testScanOptions(rules: RuleCatalog.builtIn + [rule])
        options.tracksLaunches = false
        let line = "error\t10:00:00.000000+0000\tMyApp\t" + String(repeating: "a", count: 12_000) + "-!"
        let input = Array(Array(repeating: line, count: 5).joined(separator: "\n").utf8)
        let recorder = DiagnosticRecorder()
        _ = Scanner(options: options, observer: recorder).scan(inMemory: [("one.log", input), ("two.log", input)])
        let warnings = recorder.messages.filter { $0.contains("per line on average") }
        #expect(warnings.count == 1, "\(recorder.messages)")
        #expect(warnings.first?.hasPrefix("one.log: rule 'slow-split' took ") == true, "\(warnings)")
    }

    /// A slow rule that took more than its time budget on an input is not tried on the rest of it,
    /// and a warning says from which line (the budget is 10 s; 1 ms here).
    @Test func aSlowRulePastItsBudgetIsStoppedWithAWarning() throws {
        let rule = try #require(
            try UserRulesLoaderTests.file.load(
                "rules:\n  - id: slow-split\n    severity: warning\n    pattern: '^\\w*\\w*!'\n    message: m\n"
            ).first)
        var options = try testScanOptions()
        options.ruleSet = try RuleSet(
            rules: RuleCatalog.builtIn + [rule], configuration: RuleConfiguration(), limits: .default,
            slowRuleBudgetNanoseconds: 1_000_000)
        options.tracksLaunches = false
        let line = "error\t10:00:00.000000+0000\tMyApp\t" + String(repeating: "a", count: 12_000) + "-!"
        let input = Array(Array(repeating: line, count: 5).joined(separator: "\n").utf8)
        let recorder = DiagnosticRecorder()
        _ = Scanner(options: options, observer: recorder).scan(inMemory: [("one.log", input)])
        let warnings = recorder.messages.filter { $0.contains("on this input and was not tried") }
        #expect(
            warnings == [
                "one.log: rule 'slow-split' took more than 1 ms on this input and was not tried after line 1: the rest of the "
                    + "input was not checked by it; look for nested or unbounded repeats in its pattern, or give it a literal"
            ], "\(recorder.messages)")
    }

    /// Many rules, none slow on its own, that together take more than three budgets (and over 1 ms
    /// a line) are no longer tried on the rest of the input, nor on the run's later inputs, with one
    /// warning for each.
    @Test func manyRulesPastTheirBudgetTogetherAreStopped() throws {
        let yaml = "rules:\n" + (1...60).map { "  - id: r\($0)\n    severity: warning\n    pattern: '(.*a){3}(?:b|c{\($0)}|d)'\n    message: m\n" }.joined()
        let rules = try UserRulesLoaderTests.file.load(yaml)
        var options = try testScanOptions()
        options.ruleSet = try RuleSet(
            rules: RuleCatalog.builtIn + rules, configuration: RuleConfiguration(), limits: .default, slowRuleBudgetNanoseconds: 1_000_000)
        options.tracksLaunches = false
        let line = "error\t10:00:00.000000+0000\tMyApp\tb" + String(repeating: "a", count: 170)
        let input = Array(Array(repeating: line, count: 40).joined(separator: "\n").utf8)
        let recorder = DiagnosticRecorder()
        _ = Scanner(options: options, observer: recorder).scan(inMemory: [("many.log", input), ("more.log", input)])
        let warnings = recorder.messages.filter { $0.contains("the rules that are not built in") }
        #expect(warnings.count == 2, "\(recorder.messages)")
        #expect(warnings.first?.hasPrefix("many.log: the rules that are not built in took more than 3 ms together on this input, over 1 ms a line, and none was tried after line ") == true, "\(warnings)")
        // A later input of the run is not tried by them at all: N logs do not cost N budgets.
        #expect(warnings.last == "more.log: the rules that are not built in were not tried on this input: they took more than 3 ms together on an earlier input of this run; give them literals, or fewer rules")
    }

    @Test func aFastPatternIsNotReported() throws {
        let rule = try #require(
            try UserRulesLoaderTests.file.load("rules:\n  - id: quick\n    severity: warning\n    pattern: 'token \\w+ missing'\n    message: m\n")
                .first)
        var options = try testScanOptions(rules: [rule])
        options.tracksLaunches = false
        let line = "error\t10:00:00.000000+0000\tMyApp\ttoken abc missing " + String(repeating: "a", count: 12_000)
        let recorder = DiagnosticRecorder()
        let result = Scanner(options: options, observer: recorder).scan(
            bytes: Array(Array(repeating: line, count: 50).joined(separator: "\n").utf8), name: "quick.log")
        #expect(result.findings.count == 50)
        #expect(recorder.messages.isEmpty)
    }
}

/// The launch markers and the process names read from system lines cost no more than a message's length.
@Suite struct LongMarkerMessageTests {
    @Test func manyOpenIdentitiesInAMegabyteMessage() throws {
        // Every launch marker's literal, then `app<` a quarter of a million times without a `>`.
        let message = LaunchSignalReader.literals.joined(separator: " ") + " [" + String(repeating: "app<", count: 250_000)
        let line = "Oct  7 21:14:05 iPhone SpringBoard(FrontBoard)[52] <Notice>: " + message + "\n"
        let text = String(repeating: line, count: 10)
            + "Oct  7 21:14:06 iPhone SpringBoard(FrontBoard)[52] <Notice>: Process exited: <" + String(repeating: "app<", count: 250_000)
        var options = try testScanOptions()
        options.app = "com.example.app"
        let clock = ContinuousClock()
        let start = clock.now
        let result = Scanner(options: options).scan(bytes: Array(text.utf8), name: "markers.log")
        #expect(result.inputs.first?.records == 11)
        // Linear: about a second in a debug build; a search to the message's end from each `app<` takes 20.
        #expect(clock.now - start < .seconds(8), "quadratic in the message's length")
    }
}
