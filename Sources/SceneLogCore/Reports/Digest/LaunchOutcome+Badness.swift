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
