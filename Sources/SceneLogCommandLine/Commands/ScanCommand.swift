import ArgumentParser
import SceneLogCore

/// `scenelog scan PATH… | -`: scans log files, folders or standard input and prints a report.
struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Scan console logs for UIScene, black-screen and launch-failure findings.",
        discussion: """
            Each input's format is detected from its first lines (see --input-format for the list). \
            Folders are walked for logs (*.log, *.log.N, *.txt, *.ndjson, *.json), archives and \
            compressed files (.gz, .tar.gz, .zip, .bz2, .xz; sysdiagnose tarballs) and .ips crash \
            reports; archives are read in place, member by member. Every line is accounted for as a \
            record, a continuation line of a multi-line record, or an unparsed line. The built-in \
            rules (`scenelog rules`) run on every record; .scenelog.yml in the current folder (or \
            --config) can disable rules, change severities and thresholds, add rules, and set the \
            defaults of --since, --until, --rule, --process, --device, --include, --exclude and \
            --fail-on. --since and --until leave out the findings of lines stamped outside the \
            window and the launches wholly outside it (stamps without an offset are compared in \
            this machine's time zone); every line is still counted. Ctrl-C (or SIGTERM, \
            SIGHUP) stops reading, still reports what was read, marked interrupted, and exits with 3. \
            Inputs that hold no record (an empty folder) are no success: "no logs were read", exit 3 \
            (--allow-empty: as usual). The text report lists each file's findings under its path, \
            errors first, wrapped to the terminal's width (COLUMNS when set; never in a pipe).

            Examples:
              scenelog scan device.log
              scenelog scan -C 2 device.log
              scenelog scan --format xcode --fail-on never logs/
              scenelog scan --color always device.log | less -R
              idevicesyslog > capture.log; scenelog scan --format json capture.log
              log show --style ndjson --last 5m | scenelog scan -
              scenelog scan --app com.example.app --min-severity warning logs/
              scenelog scan --since 10m --process MyApp capture.log
              scenelog scan --since 2026-11-24T09:00:00+01:00 --until 2026-11-24T10:00 --device QA-iPad logs/
              scenelog scan --rule scene-lifecycle-required --rule launch-watchdog-termination logs/
              scenelog scan --rules team-rules.yml --fail-on warning logs/
              scenelog scan --jobs 4 --exclude '*/old/*' sysdiagnose_2025.06.03_10-00-00-0700_iPhone-OS_iPhone_22F76.tar.gz
              scenelog scan --format sarif --output scenelog.sarif crashes/ captures.zip
              scenelog scan --output json=scan.json --output html=scan.html logs/
              scenelog scan --shard 3/8 --allow-empty --format json --output part-3.json night/
              find night/ -name '*.log' -print0 | scenelog scan --inputs-from - --format json
              scenelog scan --otlp-endpoint http://localhost:4318 logs/
              OTEL_EXPORTER_OTLP_PROTOCOL=grpc scenelog scan --otlp-endpoint http://localhost:4317 --otlp-required logs/
            """ + "\n\n" + ExitStatus.help
    )

    @OptionGroup var input: InputOptions

    @OptionGroup var common: CommonOptions

    @Flag(name: .customLong("parse-only"), help: "Only parse and count lines: run no rules.")
    var parseOnly = false

    @OptionGroup(title: "OpenTelemetry") var telemetry: TelemetryOptions

    mutating func run() throws {
        let export = try telemetry.export()
        let prepared = try input.prepare(try common.rules.loadSettings(), writing: common.output, alsoReading: common.rules.filesRead)
        let result = input.scan(prepared, parseOnly: parseOnly, common: common)
        try common.write(ScanReport(result, ruleSet: parseOnly ? nil : prepared.settings.ruleSet))
        try telemetry.send(result, with: export) { try ExitStatus.check(result, by: common.failurePolicy) }
    }
}
