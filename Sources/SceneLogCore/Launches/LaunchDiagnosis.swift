/// Findings about a whole launch rather than one line, made by the ``LaunchTracker``.
enum LaunchDiagnosis: CaseIterable, Sendable {
    case blackScreenSuspected
    case launchSlow
    case launchNeverActive
    case sceneNeverConnected
    case lifecycleOrderUnexpected
    case urlOpenOnAppDelegate

    /// What each diagnosis means and what to do; listed by `scenelog rules` with the line rules.
    var description: RuleDescription {
        switch self {
        case .blackScreenSuspected: BlackScreenSuspectedDiagnosis.description
        case .launchSlow: LaunchSlowDiagnosis.description
        case .launchNeverActive: LaunchNeverActiveDiagnosis.description
        case .sceneNeverConnected: SceneNeverConnectedDiagnosis.description
        case .lifecycleOrderUnexpected: LifecycleOrderUnexpectedDiagnosis.description
        case .urlOpenOnAppDelegate: URLOpenOnAppDelegateDiagnosis.description
        }
    }

    /// A finding of this diagnosis for `launch`, located at `mark`.
    func finding(for launch: Launch, at mark: LaunchMark, data: [String: String]) -> Finding {
        let description = self.description
        var context = data
        context["process"] = launch.process ?? launch.bundle ?? "the app"
        if let time = launch.timeToActiveText { context["timeToActive"] = time }
        return Finding(
            rule: description.id, severity: description.severity,
            message: description.message(with: context), location: mark.location,
            timestamp: mark.timestamp, process: launch.process, pid: launch.pid, device: launch.device,
            launch: launch.id,
            excerpt: description.title, data: data)
    }
}
