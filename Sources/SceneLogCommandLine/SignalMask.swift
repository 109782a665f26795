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

    /// Routes SIGINT, SIGTERM and SIGHUP to the live loop, which then ends with a summary; a
    /// second one, of any of the three, ends the process at once (the summary may be blocked on
    /// an output nobody reads). Calls are not restarted after the handler (no `SA_RESTART`): a
    /// write to a standard error whose reader stalled (idevicesyslog's messages passed on)
    /// returns, and the loop sees the stop.
    static func routeStopsToTheLiveLoop() {
        unblock([SIGINT, SIGTERM, SIGHUP])
        for stop in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { number in SignalMask.stopTheLiveLoop(number) }
            #else
            action.__sigaction_u.__sa_handler = { number in SignalMask.stopTheLiveLoop(number) }
            #endif
            sigemptyset(&action.sa_mask)
            for other in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&action.sa_mask, other) }  // one handler at a time
            action.sa_flags = 0
            sigaction(stop, &action, nil)
        }
    }

    /// The live loop's handler: the first stop asks the loop to end, a second ends the process
    /// by that signal (after removing the temporary file of a report being written). Async-signal-safe.
    private static func stopTheLiveLoop(_ number: Int32) {
        if liveStopRequested != 0 {
            ReportDestination.removePartialReport()
            signal(number, SIG_DFL)
            raise(number)
        }
        liveStopRequested = 1
        LiveLoop.requestStop()
    }
}

/// Set by the first SIGINT, SIGTERM or SIGHUP of a watch.
nonisolated(unsafe) private var liveStopRequested: sig_atomic_t = 0
