import SceneLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals this process lets through.
enum SignalMask {
    /// Lets `signals` through: a parent may hand down a mask that blocks them (test runners do),
    /// and a command that stops on them must see them.
    static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Routes SIGINT, SIGTERM and SIGHUP to the live loop, which then ends with a summary.
    static func routeStopsToTheLiveLoop() {
        unblock([SIGINT, SIGTERM, SIGHUP])
        for stop in [SIGINT, SIGTERM, SIGHUP] { signal(stop) { _ in LiveLoop.requestStop() } }
    }
}
