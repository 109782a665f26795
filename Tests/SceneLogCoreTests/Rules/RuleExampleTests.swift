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
            let location = SourceLocation(path: example.file, line: example.line, byteOffset: 0)
            let (alone, unparsed) = try findings(in: example.text, rules: [rule])
            #expect(unparsed == 0, "example at \(location) does not parse")
            #expect(alone.count == 1, "example at \(location) gave \(alone.count) findings")
            let finding = try #require(alone.first)
            #expect(finding.rule == ruleID)
            for (key, value) in example.data {
                #expect(finding.data[key] == value, "example at \(location): data[\(key)]")
            }
            #expect(!finding.message.contains("{"), "example at \(location): unfilled message '\(finding.message)'")
            let (all, _) = try findings(in: example.text)
            #expect(all.contains { $0.rule == ruleID }, "example at \(location) does not fire with the whole catalog")
        }
    }

    @Test(arguments: rules.map { $0.description.id })
    func nonTriggeringExamplesStaySilent(ruleID: String) throws {
        let rule = try #require(RuleCatalog.builtInRule(id: ruleID))
        for example in rule.description.nonTriggeringExamples {
            let (found, unparsed) = try findings(in: example.text, rules: [rule])
            #expect(unparsed == 0, "example at \(example.file):\(example.line) does not parse")
            #expect(found.isEmpty, "example at \(example.file):\(example.line) fired")
        }
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

    @Test func launchMarkerLiteralsKeepThePrefilterWindowWide() {
        #expect(LaunchSignalReader.literals.allSatisfy { $0.utf8.count >= 14 })
    }

    @Test func theCatalogCompiles() throws {
        let set = try RuleSet(rules: RuleCatalog.builtIn)
        #expect(set.descriptions.count == RuleCatalog.builtInTypes.count)
    }
}
