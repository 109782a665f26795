import Foundation

/// The commit and branch a run was made on: from the CI's environment, else from git.
struct SourceRevision: Sendable {
    var commit: String?
    var branch: String?

    /// The revision of the current folder: `GITHUB_SHA`/`GITHUB_REF_NAME` and their GitLab and
    /// Buildkite equivalents, else what git says.
    static var current: SourceRevision {
        let environment = ProcessInfo.processInfo.environment
        var commit = environment["GITHUB_SHA"] ?? environment["CI_COMMIT_SHA"] ?? environment["BUILDKITE_COMMIT"]
        var branch = environment["GITHUB_HEAD_REF"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["GITHUB_REF_NAME"]
            ?? environment["CI_COMMIT_REF_NAME"] ?? environment["BUILDKITE_BRANCH"]
        if commit == nil || branch == nil {
            // One question for both, so that a git that does not answer costs one deadline.
            let answer = git(["rev-parse", "HEAD", "--abbrev-ref", "HEAD"])?.split(separator: "\n").map(String.init) ?? []
            commit = commit ?? answer.first
            branch = branch ?? (answer.count > 1 ? answer[1] : nil)
        }
        // The environment is outside the tool's hands: its values are kept to what a history reads back.
        return SourceRevision(commit: commit.map { String($0.prefix(HistoryStore.textLimit)) }, branch: branch.map { String($0.prefix(HistoryStore.textLimit)) })
    }

    /// `git arguments` in the current folder, or nil outside a repository or without git. The
    /// git is one of PATH's absolute folders (``InstalledProgram``), the folder's own configuration
    /// names no program for git to start (`core.fsmonitor`), and what git prints is read up to
    /// 4 KiB, for at most ``gitDeadlineSeconds`` (``current`` keeps ``HistoryStore/textLimit`` of it).
    private static func git(_ arguments: [String]) -> String? {
        guard let git = InstalledProgram.path(named: "git"),
            let run = try? BoundedRun(
                git, ["-c", "core.fsmonitor=false"] + arguments, doing: "answering", deadlineSeconds: gitDeadlineSeconds,
                outputLimit: 4096, discardingErrors: true),
            run.succeeded
        else { return nil }
        let text = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// How long git may take to answer (a folder's `.git/HEAD` may be a FIFO, which it would wait
    /// on forever); past it, the run's revision is unknown.
    static let gitDeadlineSeconds = 10.0
}

extension HistoryRun {
    /// The run of `report`, recorded now, on the current revision (``SourceRevision/current``).
    public static func recordedNow(_ report: ScanReport) -> HistoryRun {
        let revision = SourceRevision.current
        return HistoryRun(
            report: report, recordedAt: ISO8601DateFormatter().string(from: Date()), commit: revision.commit,
            branch: revision.branch)
    }
}
