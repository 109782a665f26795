import SceneLogCore

/// What a command shows of a scan on the terminal: its diagnostics on standard error, the
/// progress bar, and, for `timeline`, each launch as soon as its outcome is known.
///
/// `@unchecked Sendable`: workers call it concurrently only for progress (``ProgressMeter`` locks)
/// and diagnostics (each one a single write to standard error).
final class ScanConsole: ScanObserver, @unchecked Sendable {
    private let showsProgress: Bool
    private let onLaunch: ((Launch, [Finding]) -> Void)?
    private var progress: ProgressMeter?

    init(showsProgress: Bool, onLaunch: ((Launch, [Finding]) -> Void)?) {
        self.showsProgress = showsProgress
        self.onLaunch = onLaunch
    }

    var wantsLiveEvents: Bool { onLaunch != nil }

    func scanWillRead(_ inputs: [String]) {
        guard showsProgress, !inputs.isEmpty else { return }
        progress = ProgressMeter.start(files: inputs)
    }

    func scanDidRead(bytes: Int) { progress?.add(bytes: bytes) }

    func scanDidFinishInput() { progress?.fileDone() }

    func scanDidReport(_ diagnostic: ScanDiagnostic) { Diagnostics.report(diagnostic) }

    func scanLaunchDidChange(_ launch: Launch, findings: [Finding]) { onLaunch?(launch, findings) }

    /// Clears the progress bar.
    func finish() { progress?.finish() }
}
