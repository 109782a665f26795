/// Passes one source's live events on to the watch's observer, each finding and launch whose
/// lines name no device labelled with the source's (a UDID given with `--udid`, a followed file),
/// so that the events of several sources tell where they come from.
final class LabelledObserver: ScanObserver {
    private let label: String
    private let observer: any ScanObserver

    init(label: String, observer: any ScanObserver) {
        self.label = label
        self.observer = observer
    }

    var wantsLiveEvents: Bool { observer.wantsLiveEvents }

    func scanDidReport(_ diagnostic: ScanDiagnostic) {
        observer.scanDidReport(diagnostic)
    }

    func scanDidFind(_ finding: Finding) {
        var finding = finding
        if finding.device == nil { finding.device = label }
        observer.scanDidFind(finding)
    }

    func scanLaunch(_ launch: Launch, didReach phase: LaunchPhase) {
        observer.scanLaunch(launch.labelled(label), didReach: phase)
    }

    func scanLaunchDidChange(_ launch: Launch, findings: [Finding]) {
        observer.scanLaunchDidChange(launch.labelled(label), findings: findings)
    }

    func scanDidSeeBanner(_ text: String, line: Int) {
        observer.scanDidSeeBanner(text, line: line)
    }
}

extension Launch {
    /// The launch with `label` as its device when its lines named none.
    func labelled(_ label: String) -> Launch {
        guard device == nil else { return self }
        var launch = self
        launch.device = label
        return launch
    }
}
