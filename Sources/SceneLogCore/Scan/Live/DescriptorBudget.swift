#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The open files a watch of several devices or followed files needs, checked before any is
/// opened: each device's idevicesyslog takes pipes and descriptors of its own, each followed file
/// one (two while it is reopened after a rotation), and running out part-way would leave the
/// sources opened so far without a reader.
public enum DescriptorBudget {
    /// What a watch reads several of.
    public enum Sources: Sendable {
        case devices, followedFiles

        /// The descriptors one of them takes.
        var each: UInt64 { self == .devices ? DescriptorBudget.perDevice : DescriptorBudget.perFollowedFile }

        func counted(_ count: Int) -> String { self == .devices ? "\(count) devices" : "\(count) files" }

        var verb: String { self == .devices ? "watch" : "follow" }

        var fewer: String { self == .devices ? "name fewer devices with --udid" : "follow fewer files" }
    }

    /// The descriptors one followed file takes: the file, and the one it is reopened as after a
    /// rotation before the old one is closed.
    static let perFollowedFile: UInt64 = 2
    /// The descriptors one spawned idevicesyslog takes, with room to start it: three held (its
    /// output, its error stream, its process's), and its pipes' other ends while it starts. Fewer
    /// than 8 is not always enough: 200 devices in a limit of 1,024 (5 each) may run out.
    static let perDevice: UInt64 = 8
    /// Those the rest of a watch takes (standard streams, the wake-up pipe, the report, the spool):
    /// 15 measured.
    static let shared: UInt64 = 16

    /// Makes room for watching `count` devices or followed files: raises the limit of open files
    /// (`ulimit -n`) when it is too low and the hard limit allows it.
    /// - Throws: ``WatchError`` when even the hard limit is too low.
    public static func reserve(for count: Int, _ sources: Sources) throws(WatchError) {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return }
        guard let raised = try softLimit(for: count, sources, soft: UInt64(limit.rlim_cur), hard: UInt64(limit.rlim_max)) else {
            return
        }
        limit.rlim_cur = rlim_t(raised)
        guard setrlimit(resource, &limit) == 0 else {
            throw WatchError(
                "cannot \(sources.verb) \(sources.counted(count)) at once: they need about \(raised) open files and the limit (ulimit -n) could not be raised to that: \(String(cString: strerror(errno))); \(sources.fewer)")
        }
    }

    /// The soft limit to set for `count` of `sources`; `nil` when `soft` is enough.
    /// - Throws: ``WatchError`` when `hard` is not enough either.
    static func softLimit(for count: Int, _ sources: Sources, soft: UInt64, hard: UInt64) throws(WatchError) -> UInt64? {
        let needed = UInt64(max(count, 0)) * sources.each + shared
        guard needed > soft else { return nil }
        guard needed <= hard else {
            throw WatchError(
                "cannot \(sources.verb) \(sources.counted(count)) at once: they need about \(needed) open files and this process may open \(hard) (ulimit -Hn); raise the limit or \(sources.fewer)")
        }
        return needed
    }

    #if os(Linux)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif
}
