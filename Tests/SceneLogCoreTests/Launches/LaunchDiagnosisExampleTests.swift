import Foundation
import Testing

@testable import SceneLogCore

/// The launch diagnoses' examples run as tests, through the one Scanner: a triggering example (a
/// whole capture) yields exactly one finding of the diagnosis, with its data; a near miss yields none.
@Suite struct LaunchDiagnosisExampleTests {
    /// The diagnoses made from the app's own callbacks, which carry examples.
    static let withExamples = LaunchDiagnosis.allCases.filter { !$0.description.triggeringExamples.isEmpty }

    @Test(arguments: withExamples.map(\.description.id))
    func triggeringExamplesFire(id: String) throws {
        let description = try #require(LaunchDiagnosis.allCases.first { $0.description.id == id }).description
        for example in description.triggeringExamples {
            let location = example.sourceLocation
            let found = try launches(in: example.text).findings.filter { $0.rule == id }
            #expect(found.count == 1, "the example gave \(found.count) findings", sourceLocation: location)
            guard let finding = found.first else { continue }
            #expect(finding.launch != nil, "the finding belongs to a launch", sourceLocation: location)
            for (key, value) in example.data {
                #expect(finding.data[key] == value, "data[\(key)] is \(finding.data[key] ?? "nil")", sourceLocation: location)
            }
            #expect(!finding.message.contains("{"), "unfilled message '\(finding.message)'", sourceLocation: location)
        }
    }

    @Test(arguments: withExamples.map(\.description.id))
    func nonTriggeringExamplesStaySilent(id: String) throws {
        let description = try #require(LaunchDiagnosis.allCases.first { $0.description.id == id }).description
        for example in description.nonTriggeringExamples {
            let found = try launches(in: example.text).findings.filter { $0.rule == id }
            #expect(found.isEmpty, "the near miss fired: \(found.map(\.message))", sourceLocation: example.sourceLocation)
        }
    }

    @Test("every diagnosis is described, and those read from callbacks have examples both ways")
    func descriptionsAreComplete() {
        for diagnosis in LaunchDiagnosis.allCases {
            let description = diagnosis.description
            #expect(!description.title.isEmpty && !description.explanation.isEmpty && !description.fix.isEmpty)
            #expect(!description.references.isEmpty)
        }
        let fromCallbacks: Set<String> = ["scene-never-connected", "lifecycle-order-unexpected", "url-open-on-app-delegate"]
        #expect(Set(Self.withExamples.map(\.description.id)).isSuperset(of: fromCallbacks))
        for diagnosis in Self.withExamples {
            #expect(!diagnosis.description.nonTriggeringExamples.isEmpty, "\(diagnosis.description.id) has no near miss")
        }
    }
}
