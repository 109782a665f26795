import SceneLogCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Set by the first SIGINT, SIGTERM or SIGHUP during a scan; read between chunks.
nonisolated(unsafe) private var interruptRequested: sig_atomic_t = 0
/// Set once the inputs are read: a stop asked for then ends the process at once.
nonisolated(unsafe) private var readingEnded: sig_atomic_t = 0

/// Ctrl-C (or SIGTERM, or SIGHUP: a closed terminal) during `scan`, `timeline` or `report`: the
/// first one stops reading (every input ends where it is) so that the report of what was read is
/// still written, marked interrupted, and the exit status is 3; a second one, of any of the three,
/// ends the process at once, removing the temporary file of a report being written. So does the
/// first one once the inputs are read (``readingIsOver()``): a report blocked on a pipe or FIFO
/// whose reader stalled would otherwise wait for a second.
///
/// The handler does not restart an interrupted system call (no `SA_RESTART`): a read that blocks
/// on a file that never ends (`/proc/kmsg`, a hung network mount) returns, and the input ends.
enum ScanInterruption {
    /// Routes SIGINT, SIGTERM and SIGHUP here.
    static func install() {
        SignalMask.routeStops { number in
            if interruptRequested != 0 || readingEnded != 0 { ScanInterruption.end(number) }
            interruptRequested = 1
        }
    }

    /// Ends the process by the signal `number`, as if it were not handled, after removing the
    /// temporary file of a report being written. Async-signal-safe.
    private static func end(_ number: Int32) {
        ReportDestination.removePartialReport()
        signal(number, SIG_DFL)
        raise(number)
    }

    /// Says that the inputs are read: a stop asked for from now on ends the process at once.
    static func readingIsOver() {
        readingEnded = 1
    }

    /// Whether a stop was asked for.
    static var requested: Bool { interruptRequested != 0 }
}
