import SceneLogCore

extension ScanResult {
    /// The trace of each launch of the result, in launch order, each with the findings that
    /// belong to it. The findings are read once and grouped by launch; the launches are read as
    /// they are sent (they may be spilled to disk).
    ///
    /// - Parameters:
    ///   - sentAt: the time (nanoseconds since 1970) of a launch without a readable time.
    ///   - isIncluded: which launches to trace (each is read anyway; only those are mapped).
    public func launchTraces(sentAt: UInt64, where isIncluded: @escaping (Launch) -> Bool = { _ in true }) -> some Sequence<LaunchTrace> {
        var findingsByLaunch: [String: [Finding]] = [:]
        for finding in findings {
            guard let launch = finding.launch else { continue }
            findingsByLaunch[launch, default: []].append(finding)
        }
        return launches.lazy.filter(isIncluded).map { launch in LaunchTrace(launch, findings: findingsByLaunch[launch.id] ?? [], sentAt: sentAt) }
    }
}
