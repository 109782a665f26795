import ArgumentParser
import SceneLogCore

/// `scenelog merge PART.json…`: the reduce of a run spread over machines, joining the JSON reports
/// of its parts into the report one machine would have written.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the JSON reports of a run's parts (--shard K/N) into one report, as one machine would have written it.",
        discussion: """
            Each part is the JSON report of one worker: scenelog report --shard K/N --format json (or \
            --part, for a worker given a list of its own with --inputs-from). merge puts the parts' inputs back in the run's input \
            order, numbers the launches on in that order and joins crash reports to launches across \
            parts: every format is byte for byte what `scenelog report` of all the inputs on one machine \
            writes, whatever the order of the parts. --baseline, --record and the exit codes are those \
            of `report`. A folder argument stands for its *.json files. Parts are refused (exit 2, \
            naming the file) when one is cut short or not a report, of another schema or scenelog \
            version, made with other rules, settings, --app or --min-severity than the merge, lacks its \
            part data, holds an input another part holds, or when a shard is missing or given twice.

            Examples:
              scenelog merge --format markdown parts/ >> "$GITHUB_STEP_SUMMARY"
              scenelog merge --baseline yesterday.json --output json=night.json --output sarif=night.sarif parts/*.json
              scenelog merge --format ndjson parts/ > night.ndjson
              scenelog merge --baseline yesterday.json --record --format html --output night.html parts/
              scenelog merge --otlp-endpoint http://localhost:4318 --format json --output night.json parts/
            """
    )

    @Argument(help: ArgumentHelp("The parts' JSON reports, or folders of them.", valueName: "part"))
    var parts: [String] = []

    @OptionGroup var common: CommonOptions

    @OptionGroup var nightly: NightlyOptions

    @OptionGroup(title: "OpenTelemetry") var telemetry: TelemetryOptions

    mutating func run() throws {
        let export = try telemetry.export()
        let paths = try partPaths()
        for output in common.output {
            guard let refusal = ReportDestination.refusal(ofOutput: output.path, among: paths) else { continue }
            Diagnostics.error(refusal)
            throw ExitStatus.usage.exitCode
        }
        let ruleSet = try common.rules.loadSettings().ruleSet
        let earlier = try nightly.loadBaseline()
        var merge = PartMerge(ruleSet: ruleSet)
        merge.app = common.rules.app
        merge.minimumSeverity = common.rules.minSeverity
        merge.onDiagnostic = Diagnostics.report
        let result: ScanResult
        do {
            result = try merge.merge(paths)
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.usage.exitCode
        }
        try nightly.finish(result, ruleSet: ruleSet, comparedWith: earlier, common: common, telemetry: telemetry, export: export)
    }

    private func partPaths() throws -> [String] {
        do {
            return try PartMerge.partPaths(parts)
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.usage.exitCode
        }
    }
}
