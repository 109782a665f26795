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
        routeStops { number in SignalMask.stopTheLiveLoop(number) }
    }

    /// Lets SIGINT, SIGTERM and SIGHUP through and routes them to `handler`, one at a time, with
    /// calls not restarted after it (no `SA_RESTART`).
    static func routeStops(to handler: @escaping @convention(c) (Int32) -> Void) {
        let stops = [SIGINT, SIGTERM, SIGHUP]
        unblock(stops)
        for stop in stops {
            var action = action(handler, blocking: stops)  // one handler at a time
            sigaction(stop, &action, nil)
        }
    }

    /// A `sigaction` that runs `handler` with the signals `blocked` held meanwhile, and does not
    /// restart interrupted calls after it.
    static func action(_ handler: @escaping @convention(c) (Int32) -> Void, blocking blocked: [Int32] = []) -> sigaction {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        for number in blocked { sigaddset(&action.sa_mask, number) }
        action.sa_flags = 0
        return action
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
