#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The end of a run that ran out of memory: one clear line and the input-error status, rather
/// than a crash report from inside whatever was allocating.
///
/// Swift stops the process when an allocation fails (the runtime's "failed to allocate", then
/// `abort()`); nothing can go on after it. The handler of the signals such a stop raises writes a
/// message made in advance with `write(2)`, allocating nothing, when memory is what ran out: the
/// failed call left `ENOMEM` in `errno`, or 16 MiB can no longer be mapped. Any other crash is handed
/// back to the handler that was there before (the runtime's backtracer), as if this one were not.
enum OutOfMemory {
    private static let message: StaticString = """
        scenelog: error: out of memory: the run stopped before it could finish (a memory or address-space \
        limit was reached: ulimit -v, a container's); give it more memory, or scan fewer inputs at once (--jobs 1)

        """

    /// The signals a failed allocation ends with: SIGABRT (Swift's runtime, C++'s `std::bad_alloc`),
    /// SIGILL and SIGTRAP (a Swift trap).
    private static let signals: [Int32] = [SIGABRT, SIGILL, SIGTRAP]

    /// The handlers that were installed before, by signal number: written once at start-up, before
    /// any other thread exists, and read only by the handler.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = .allocate(capacity: 64)

    /// Installs the handler; call it once, first thing.
    static func installHandler() {
        _ = message.utf8CodeUnitCount  // made now, not in the handler
        for number in signals {
            var action = SignalMask.action(handle)
            sigaction(number, &action, previous + Int(number))
        }
    }

    private static let handle: @convention(c) (Int32) -> Void = { number in
        if errno == ENOMEM || !OutOfMemory.memoryRemains() {
            _ = write(STDERR_FILENO, OutOfMemory.message.utf8Start, OutOfMemory.message.utf8CodeUnitCount)
            _exit(ExitStatus.inputError.rawValue)
        }
        sigaction(number, OutOfMemory.previous + Int(number), nil)
        raise(number)
    }

    /// Whether 16 MiB can still be mapped (`mmap` is safe in a signal handler; `malloc` is not).
    private static func memoryRemains() -> Bool {
        let size = 16 << 20
        guard let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapping != UnsafeMutableRawPointer(bitPattern: -1)
        else { return false }
        munmap(mapping, size)
        return true
    }
}
