#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Set by the first SIGINT, SIGTERM or SIGHUP during a scan; read between chunks.
nonisolated(unsafe) private var interruptRequested: sig_atomic_t = 0

/// Ctrl-C (or SIGTERM, or SIGHUP: a closed terminal) during `scan`, `timeline` or `report`: the
/// first one stops reading (every input ends where it is) so that the report of what was read is
/// still written, marked interrupted, and the exit status is 3; a second one ends the process at once.
enum ScanInterruption {
    /// Routes SIGINT, SIGTERM and SIGHUP here.
    static func install() {
        SignalMask.unblock([SIGINT, SIGTERM, SIGHUP])
        for stop in [SIGINT, SIGTERM, SIGHUP] {
            signal(stop) { number in
                interruptRequested = 1
                signal(number, SIG_DFL)  // a second one ends the process
            }
        }
    }

    /// Whether a stop was asked for.
    static var requested: Bool { interruptRequested != 0 }
}
