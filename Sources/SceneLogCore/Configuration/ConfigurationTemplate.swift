/// The commented `.scenelog.yml` that `scenelog init` writes: every setting the file takes, each
/// with what it does and its default, commented out so that the file changes nothing until a line
/// is uncommented, and the ids of the rules and diagnoses it can name.
public enum ConfigurationTemplate {
    /// The file's text, listing the built-in rules and the launch and crash-report diagnoses.
    public static var text: String {
        let rules = RuleCatalog.builtIn.map(\.description) + RuleCatalog.diagnoses
        let width = rules.map(\.id.count).max() ?? 0
        let list = rules.map { rule in
            let severity = rule.severity.rawValue
            return "#   " + rule.id + String(repeating: " ", count: width - rule.id.count) + "  " + severity
                + String(repeating: " ", count: 7 - severity.count) + "  " + rule.title
        }
        return """
            # scenelog settings, read from the current folder by scan, report, merge, timeline and watch
            # (another file: --config FILE). Every line below is commented out: uncomment what you need.
            # An unknown key, rule id or value is an error naming this file and its line.

            # Rules that do not run (their findings never appear):
            # disabled_rules:
            #   - unknown-interface-builder-class
            #   - main-thread-io-at-launch

            # Severities that replace a rule's own (error, warning or note); --fail-on and the
            # reports use the new one:
            # severity:
            #   window-created-before-activation: error
            #   scene-lifecycle-not-adopted: error

            # Thresholds, in seconds:
            # thresholds:
            #   hang_seconds: 1           # main-thread-hang fires at or above this hang
            #   launch_slow_seconds: 2    # launch-slow fires above this time to active

            # The defaults of the command's options; an option given on the command line wins:
            # since: 2h                     # --since: 90s, 10m, 2h, 1d back, or a date and time
            # until: 2026-11-24T18:00:00Z   # --until
            # only_rules:                   # --rule: only these rules' findings
            #   - scene-lifecycle-required
            # process: MyApp                # --process
            # device: QA-iPad               # --device
            # include: ['*.log']            # --include: the files of folders and archive members read
            # exclude: ['*/old/*']          # --exclude
            # fail_on: warning              # --fail-on: error (default), warning, note or never

            # Rules of the project's own, as in a --rules file:
            # rules:
            #   - id: login-token-missing
            #     severity: warning
            #     pattern: 'token (?<name>\\w+) is missing'
            #     message: 'Token {name} missing in {process}'

            # The rules and diagnoses, with their default severity (`scenelog rules --explain ID`
            # tells what each one means and how to fix it):
            \(list.joined(separator: "\n"))

            """
    }
}
