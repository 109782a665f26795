@testable import SceneLogCore

/// Runs a rule engine over every record of a scan.
final class FindingSink: RecordSink {
    let engine: RuleEngine
    var findings: [Finding] = []
    var unparsedLines = 0

    init(engine: RuleEngine) {
        self.engine = engine
    }

    func receive(_ record: RecordView) {
        findings += engine.findings(in: record, path: "test.log")
    }

    func unparsed(line: Int, bytes: UnsafeBufferPointer<UInt8>) {
        unparsedLines += 1
    }

    func truncated(line: Int, keptBytes: Int) {}
}

/// The findings `rules` produce on `text` (format detected), and how many lines went unparsed.
func findings(
    in text: String, rules: [any Rule] = RuleCatalog.builtIn, configuration: RuleConfiguration = RuleConfiguration()
) throws -> (findings: [Finding], unparsedLines: Int) {
    let engine = RuleEngine(ruleSet: try RuleSet(rules: rules, configuration: configuration))
    let sink = FindingSink(engine: engine)
    let scanner = InputScanner(path: "test.log", sink: sink)
    Array(text.utf8).withUnsafeBufferPointer { scanner.feed($0) }
    _ = scanner.finish()
    return (sink.findings, sink.unparsedLines)
}
