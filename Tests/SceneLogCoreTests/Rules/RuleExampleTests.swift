import Foundation
import Testing

@testable import SceneLogCore

/// Every built-in rule's examples run as tests: each triggering example yields exactly one finding of
/// that rule (carrying the example's data), each near miss yields none.
@Suite struct RuleExampleTests {
    static let rules: [any BuiltInRule.Type] = RuleCatalog.builtInTypes

    @Test(arguments: rules.map { $0.description.id })
    func triggeringExamplesFire(ruleID: String) throws {
        let rule = try #require(RuleCatalog.builtInRule(id: ruleID))
        for example in rule.description.triggeringExamples {
            let location = example.sourceLocation
            let (alone, unparsed) = try findings(in: example.text, rules: [rule])
            #expect(unparsed == 0, "the example does not parse", sourceLocation: location)
            #expect(alone.count == 1, "the example gave \(alone.count) findings", sourceLocation: location)
            guard let finding = alone.first else { continue }
            #expect(finding.rule == ruleID, sourceLocation: location)
            for (key, value) in example.data {
                #expect(finding.data[key] == value, "data[\(key)]", sourceLocation: location)
            }
            #expect(!finding.message.contains("{"), "unfilled message '\(finding.message)'", sourceLocation: location)
            let (all, _) = try findings(in: example.text)
            // An uncaught exception whose reason another rule names is that rule's finding.
            let folded = rule.description.launchEffect == .endsProcess && all.contains { $0.severity >= finding.severity }
            #expect(
                all.contains { $0.rule == ruleID } || folded, "the example does not fire with the whole catalog",
                sourceLocation: location)
        }
    }

    @Test(arguments: rules.map { $0.description.id })
    func nonTriggeringExamplesStaySilent(ruleID: String) throws {
        let rule = try #require(RuleCatalog.builtInRule(id: ruleID))
        for example in rule.description.nonTriggeringExamples {
            let (found, unparsed) = try findings(in: example.text, rules: [rule])
            #expect(unparsed == 0, "the example does not parse", sourceLocation: example.sourceLocation)
            #expect(found.isEmpty, "the near miss fired", sourceLocation: example.sourceLocation)
        }
    }

    @Test("an example records where it is written, for failures to point there")
    func exampleLocation() {
        let line = #line + 1
        let example = RuleExample("a line")
        let location = example.sourceLocation
        #expect(location.fileID == #fileID && location.filePath == #filePath)
        #expect(location.line == line)
        #expect(location.column == 34, "the column of the call's opening parenthesis")
    }

    @Test(arguments: rules.map { $0.description.id })
    func descriptionIsComplete(ruleID: String) throws {
        let description = try #require(RuleCatalog.builtInRule(id: ruleID)).description
        #expect(description.id.allSatisfy { $0.isLowercase || $0 == "-" })
        #expect(!description.title.isEmpty && !description.explanation.isEmpty && !description.fix.isEmpty)
        #expect(!description.patterns.isEmpty)
        #expect(description.patterns.allSatisfy { $0.literal.utf8.count >= 10 }, "literals short enough to slow the prefilter")
        #expect(!description.triggeringExamples.isEmpty && !description.nonTriggeringExamples.isEmpty)
    }
}

/// The registry lists every rule file, and every listed rule has a file of its own.
@Suite struct RuleCatalogTests {
    @Test func everyRuleFileIsRegistered() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/SceneLogCore/Rules/BuiltIn")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix("Rule.swift") }
            .map { String($0.dropLast(".swift".count)) }
        let registered = RuleCatalog.builtInTypes.map { String(describing: $0) }
        #expect(Set(files) == Set(registered))
        #expect(files.count == registered.count)
    }

    @Test func idsAreUnique() {
        let ids = RuleCatalog.builtInTypes.map { $0.description.id }
        #expect(Set(ids).count == ids.count)
    }

    /// The shared prefilter skips by its shortest literal: the launch markers (the callbacks'
    /// among them) keep it at 13 bytes or more.
    @Test func launchMarkerLiteralsKeepThePrefilterWindowWide() {
        #expect(LaunchSignalReader.literals.allSatisfy { $0.utf8.count >= 13 })
    }

    @Test func theCatalogCompiles() throws {
        let set = try RuleSet(rules: RuleCatalog.builtIn)
        #expect(set.descriptions.count == RuleCatalog.builtInTypes.count)
    }
}

extension RuleExample {
    /// Where the example is written in its rule's file: issues about it are reported there.
    var sourceLocation: Testing.SourceLocation {
        Testing.SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
