#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The open files a watch of several devices needs, checked before any idevicesyslog is started:
/// each takes pipes and descriptors of its own, and running out part-way would leave the devices
/// started so far without a reader.
public enum DescriptorBudget {
    /// The descriptors one spawned idevicesyslog takes, with room to start it: three held (its
    /// output, its error stream, its process's), and its pipes' other ends while it starts. Fewer
    /// than 8 is not always enough: 200 devices in a limit of 1,024 (5 each) may run out.
    static let perDevice: UInt64 = 8
    /// Those the rest of a watch takes (standard streams, the wake-up pipe, the report, the spool):
    /// 15 measured.
    static let shared: UInt64 = 16

    /// Makes room for watching `devices` devices: raises the limit of open files (`ulimit -n`)
    /// when it is too low and the hard limit allows it.
    /// - Throws: ``WatchError`` when even the hard limit is too low.
    public static func reserve(forDevices devices: Int) throws(WatchError) {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return }
        guard let raised = try softLimit(toWatch: devices, soft: UInt64(limit.rlim_cur), hard: UInt64(limit.rlim_max)) else { return }
        limit.rlim_cur = rlim_t(raised)
        guard setrlimit(resource, &limit) == 0 else {
            throw WatchError(
                "cannot watch \(devices) devices at once: they need about \(raised) open files and the limit (ulimit -n) could not be raised to that: \(String(cString: strerror(errno))); name fewer devices with --udid")
        }
    }

    /// The soft limit to set for `devices` devices; `nil` when `soft` is enough.
    /// - Throws: ``WatchError`` when `hard` is not enough either.
    static func softLimit(toWatch devices: Int, soft: UInt64, hard: UInt64) throws(WatchError) -> UInt64? {
        let needed = needed(devices)
        guard needed > soft else { return nil }
        guard needed <= hard else {
            throw WatchError(
                "cannot watch \(devices) devices at once: they need about \(needed) open files and this process may open \(hard) (ulimit -Hn); raise the limit or name fewer devices with --udid")
        }
        return needed
    }

    private static func needed(_ devices: Int) -> UInt64 { UInt64(max(devices, 0)) * perDevice + shared }

    #if os(Linux)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}
