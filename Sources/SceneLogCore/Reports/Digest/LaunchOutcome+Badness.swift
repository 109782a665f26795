extension LaunchOutcome {
    /// How bad the outcome is for a user: 0 for a launch that became active (or was cut off by
    /// the end of the log), up to 5 for a launch that failed outright.
    var badness: Int {
        switch self {
        case .active, .incomplete: 0
        case .exited: 1
        case .blackScreenSuspected: 2
        case .killed: 3
        case .crashed: 4
        case .launchFailed: 5
        }
    }
}

extension Sequence<Launch> {
    /// The `limit` worst launches, the worst first: by outcome (failed, crashed, killed…), then the
    /// slowest to become active, then in the order given. Read in one pass, holding no more than
    /// twice `limit` launches at a time.
    func worst(_ limit: Int) -> [Launch] {
        var kept: [(offset: Int, element: Launch)] = []
        for (offset, launch) in enumerated() {
            kept.append((offset, launch))
            if kept.count >= 2 * Swift.max(limit, 1) { kept = Array(kept.sorted(by: isWorse).prefix(limit)) }
        }
        return kept.sorted(by: isWorse).prefix(limit).map(\.element)
    }

    /// The `perApp` worst launches of each app (``AppLaunchStatistics/appName(of:)``), at most
    /// `limit` of them (the worst), in the order given. Read in one pass, holding no more than
    /// twice `perApp` launches of each app at a time, of the first
    /// ``AppLaunchStatistics/Gathering/maximumApps`` apps (those the statistics list).
    func worstOfEachApp(_ perApp: Int, limit: Int) -> [Launch] {
        var kept: [String: [(offset: Int, element: Launch)]] = [:]
        for (offset, launch) in enumerated() {
            let app = AppLaunchStatistics.appName(of: launch)
            guard kept.count < AppLaunchStatistics.Gathering.maximumApps || kept[app] != nil else { continue }
            kept[app, default: []].append((offset, launch))
            if let launches = kept[app], launches.count >= 2 * Swift.max(perApp, 1) {
                kept[app] = Array(launches.sorted(by: isWorse).prefix(perApp))
            }
        }
        let worst = kept.values.flatMap { $0.sorted(by: isWorse).prefix(perApp) }.sorted(by: isWorse).prefix(limit)
        return worst.sorted { $0.offset < $1.offset }.map(\.element)
    }
}

/// Whether `left` is a worse launch than `right`, the earlier of two alike.
private func isWorse(_ left: (offset: Int, element: Launch), _ right: (offset: Int, element: Launch)) -> Bool {
    let (a, b) = (left.element, right.element)
    if a.outcome.badness != b.outcome.badness { return a.outcome.badness > b.outcome.badness }
    if (a.timeToActiveMs ?? -1) != (b.timeToActiveMs ?? -1) { return (a.timeToActiveMs ?? -1) > (b.timeToActiveMs ?? -1) }
    return left.offset < right.offset
}
