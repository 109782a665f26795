#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error, as the process finds them.
enum StandardDescriptors {
    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that the process was started without
    /// (`<&-`, `>&-`, some supervisors): otherwise the first file or pipe it makes takes that
    /// number, and `watch` would wait on its own pipe as if a log were piped in, or a report be
    /// written into a file opened for something else. A closed standard input is then nothing
    /// piped in. Each is marked close-on-exec, which no descriptor a process is started with can
    /// be: a report for a standard output that was closed is then refused, not lost
    /// (``ReportDestination/wasClosedAtStart(_:)``).
    static func openTheClosedOnes() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
    }
}
