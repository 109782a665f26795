import Foundation
import Subprocess

#if canImport(System)
import System
#else
import SystemPackage
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `idevicesyslog` started for a live scan (through swift-subprocess), its standard output
/// and standard error on pipes the watch loop reads: the first is the log, the second is passed
/// on to the user (``ErrorRelay``).
///
/// `@unchecked Sendable`: the state the subprocess task writes is guarded by `lock`.
final class IdevicesyslogProcess: @unchecked Sendable {
    static let executableName = "idevicesyslog"

    /// The read end of the pipe carrying idevicesyslog's output.
    let output: Int32
    /// Its standard error.
    let errors: ErrorRelay
    /// How its messages name it: `idevicesyslog`, or `idevicesyslog -u UDID` for a device given.
    private let title: String
    private let lock = NSLock()
    private var processIdentifier: pid_t?
    private var exited = false
    private var failureText: String?
    /// Signalled once idevicesyslog has exited or could not start.
    private let ended = DispatchSemaphore(value: 0)

    /// Starts `idevicesyslog [-u udid]`; `onFailure` is called (from another thread) when it cannot start.
    /// - Throws: ``WatchError`` when idevicesyslog is not installed (naming the package to install
    ///   and the alternatives) or no pipe can be made.
    init(udid: String?, onFailure: @escaping @Sendable () -> Void) throws(WatchError) {
        // Started from the path found here, not looked up again by name: that lookup would take
        // PATH's relative folders too.
        guard let executable = InstalledProgram.path(named: Self.executableName) else { throw WatchError(Self.notInstalledMessage) }
        let ends = try Self.makePipe()
        let errorEnds = try Self.makePipe()
        output = ends[0]
        errors = ErrorRelay(descriptor: errorEnds[0])
        title = Self.executableName + (udid.map { " -u \(Escaping.visible($0))" } ?? "")
        let writeEnd = FileDescriptor(rawValue: ends[1])
        let errorWriteEnd = FileDescriptor(rawValue: errorEnds[1])
        let arguments = Arguments(udid.map { ["-u", $0] } ?? [])
        Task.detached { [self] in
            do {
                let result = try await Subprocess.run(
                    .path(FilePath(executable)), arguments: arguments, input: .none,
                    output: .fileDescriptor(writeEnd, closeAfterSpawningProcess: true),
                    error: .fileDescriptor(errorWriteEnd, closeAfterSpawningProcess: true)
                ) { execution in
                    self.started(execution.processIdentifier.value)
                }
                self.finished(result.terminationStatus)
            } catch {
                self.failed("cannot start \(self.title): \(error)")
                onFailure()
            }
        }
    }

    /// A pipe, its read end closed on exec (the write end is the child's).
    private static func makePipe() throws(WatchError) -> [Int32] {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw WatchError("cannot create a pipe: \(String(cString: strerror(errno)))") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        return ends
    }

    /// Asks idevicesyslog to stop (SIGTERM), if it still runs, and kills it (SIGKILL) when it has
    /// not ended `grace` seconds later: one stuck in a USB read, or a wrapper that ignores SIGTERM,
    /// is not left running after the watch, holding the device's syslog relay.
    func stop(grace: Double = 2) {
        guard let identifier = lock.withLock({ exited ? nil : processIdentifier }) else { return }
        kill(identifier, SIGTERM)
        if hasEnded(waitingUpTo: grace) { return }
        lock.withLock {
            if !exited { kill(identifier, SIGKILL) }
        }
        _ = hasEnded(waitingUpTo: grace)
    }

    /// Whether idevicesyslog has ended, waiting at most `timeout` seconds for that.
    private func hasEnded(waitingUpTo timeout: Double) -> Bool {
        guard ended.wait(timeout: .now() + timeout) == .success else { return false }
        ended.signal()
        return true
    }

    /// Why idevicesyslog ended, when it could not start or exited with an error.
    var failure: String? {
        lock.withLock { failureText }
    }

    /// ``failure``, once idevicesyslog has ended (its exit follows the end of its output closely),
    /// waiting at most `timeout` seconds for that.
    func failure(waitingUpTo timeout: Double) -> String? {
        _ = hasEnded(waitingUpTo: timeout)
        return failure
    }

    private func started(_ identifier: pid_t) {
        lock.withLock { processIdentifier = identifier }
    }

    private func finished(_ status: TerminationStatus) {
        lock.withLock {
            exited = true
            if case .exited(let code) = status, code != 0 {
                failureText = "\(title) exited with status \(code)"
            }
        }
        ended.signal()
    }

    private func failed(_ text: String) {
        lock.withLock {
            exited = true
            failureText = text
        }
        ended.signal()
    }

    static let notInstalledMessage = """
        \(executableName) is not installed (or not on PATH).
          Debian/Ubuntu: sudo apt-get install libimobiledevice-utils
          macOS:         brew install libimobiledevice
        Or pipe another live source into scenelog:
          pymobiledevice3 syslog live | scenelog watch
          ios syslog | scenelog watch            (go-ios)
        """
}
